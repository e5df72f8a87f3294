/**
 * A payout run over more creators than one batch (server/modules/payouts/job.ts reads and pays PAYOUT_BATCH = 500
 * creators at a time and sends the transfers as it goes): every creator due is paid exactly once, and every transfer
 * reaches Smart Glocal's double in that run, none left requested for a later one; the batch's withdrawals (written
 * together) each take their own creator's earnings, and the ledger's totals equal its lines. The creators, their payout accounts
 * and their earnings are rows written in SQL (hundreds of creators through the API would take minutes); the ledger's
 * triggers keep the balance totals the run reads.
 */
import { sql } from 'drizzle-orm';
import { runPayouts } from '../../../server/modules/payouts/job';
import { rowsOf } from '../../../server/platform/db/db';
import { type TestServer, startTestServer } from '../support/testServer';

jest.setTimeout(300_000);

const CREATORS = 520; // two batches, the last one partial
const TELEGRAM_BASE = 700_000_000;
const DAY_MS = 86_400_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const now = server.clock.now();
  const long = new Date(now - 400 * DAY_MS).toISOString();
  // Earned three months ago: before the cutoff of any payout day since.
  const earned = new Date(now - 90 * DAY_MS).toISOString();
  await server.database.db.execute(
    sql.raw(`
    insert into users (telegram_id, first_name, language_code, verification_status, country, created_at, updated_at)
    select ${TELEGRAM_BASE} + j, 'Payee ' || j, 'en', 'approved', 'DE', '${long}', '${long}'
    from generate_series(1, ${CREATORS}) j`),
  );
  await server.database.db.execute(
    sql.raw(`
    insert into payout_accounts (user_id, country_iso2, country_iso3, method_type, currency, params, created_at, updated_at)
    select id, 'DE', 'DEU', 'swift', 'eur', '{"city": "Berlin", "address": "Unter den Linden 1", "postal_code": "10117",
      "iban": "DE89370400440532013000"}'::jsonb, created_at, created_at
    from users where telegram_id > ${TELEGRAM_BASE}`),
  );
  await server.database.db.execute(
    sql.raw(`
    insert into transactions (type, user_id, currency, price, amount, provider_fee, service_fee, payout_amount,
      payment_method, payment_id, created_at)
    select 'sell_subscription', id, 'eur', 25000, 21750 + (telegram_id - ${TELEGRAM_BASE}), 750, 2500,
      21750 + (telegram_id - ${TELEGRAM_BASE}), 'smart_glocal', 'payee-' || id, '${earned}'
    from users where telegram_id > ${TELEGRAM_BASE}`),
  );
}, 300_000);
afterAll(() => server.close());

test(`a run over ${CREATORS} creators pays each once and sends every transfer in the run`, async () => {
  const context = { db: server.database.db, clock: server.clock, config: server.config, nowMs: server.clock.now() };
  const result = await runPayouts(context, server.app.deps.money);
  expect(result.paid).toHaveLength(CREATORS);
  expect(new Set(result.paid.map((payout) => payout.userId)).size).toBe(CREATORS);
  const [runs] = rowsOf<{ creators: string; runs: string; requested: string; withdrawals: string }>(
    await server.database.db.execute(
      sql.raw(`
      select count(distinct r.user_id) as creators, count(*) as runs,
        count(*) filter (where r.status = 'requested') as requested,
        (select count(*) from transactions t join users w on w.id = t.user_id
          where t.type = 'withdrawal' and w.telegram_id > ${TELEGRAM_BASE}) as withdrawals
      from payout_runs r join users u on u.id = r.user_id where u.telegram_id > ${TELEGRAM_BASE}`),
    ),
  );
  expect({
    creators: Number(runs!.creators),
    runs: Number(runs!.runs),
    requested: Number(runs!.requested),
    withdrawals: Number(runs!.withdrawals),
  }).toEqual({ creators: CREATORS, runs: CREATORS, requested: 0, withdrawals: CREATORS });
  // A second run the same day pays nothing more.
  expect((await runPayouts(context, server.app.deps.money)).paid).toEqual([]);
});

test("each creator's run and withdrawal are that creator's earnings, and the totals equal the ledger", async () => {
  // Every creator earned a different sum: a withdrawal or a run given another creator's would show.
  const wrong = rowsOf<{ telegram_id: string; earned: string; run: string; withdrawn: string; sent: string }>(
    await server.database.db.execute(
      sql.raw(`
      select u.telegram_id, e.amount as earned, r.amount as run, w.amount as withdrawn, p.amount as sent
      from users u
      join transactions e on e.user_id = u.id and e.type = 'sell_subscription'
      join payout_runs r on r.user_id = u.id
      join transactions w on w.id = r.transaction_id and w.type = 'withdrawal' and w.user_id = u.id
      left join provider_payouts p on p.reference = 'payout:' || u.id || ':eur:' || r.payout_date
      where u.telegram_id > ${TELEGRAM_BASE}
        and not (e.amount = r.amount and r.amount = w.amount and p.amount = w.amount and w.currency = 'eur')`),
    ),
  );
  expect(wrong).toEqual([]);
  const [sums] = rowsOf<{ earned: string; withdrawn: string; runs: string; totals_withdrawn: string; due: string }>(
    await server.database.db.execute(
      sql.raw(`
      select
        (select sum(t.amount) from transactions t join users u on u.id = t.user_id
          where u.telegram_id > ${TELEGRAM_BASE} and t.type = 'sell_subscription') as earned,
        (select sum(t.amount) from transactions t join users u on u.id = t.user_id
          where u.telegram_id > ${TELEGRAM_BASE} and t.type = 'withdrawal') as withdrawn,
        (select sum(r.amount) from payout_runs r join users u on u.id = r.user_id where u.telegram_id > ${TELEGRAM_BASE}) as runs,
        (select sum(b.withdrawn) from ledger_balance_totals b join users u on u.id = b.user_id
          where u.telegram_id > ${TELEGRAM_BASE}) as totals_withdrawn,
        (select sum(b.earned) - sum(b.withdrawn) from ledger_balance_totals b join users u on u.id = b.user_id
          where u.telegram_id > ${TELEGRAM_BASE}) as due`),
    ),
  );
  const expected = CREATORS * 21750 + (CREATORS * (CREATORS + 1)) / 2;
  expect({
    earned: Number(sums!.earned),
    withdrawn: Number(sums!.withdrawn),
    runs: Number(sums!.runs),
    totalsWithdrawn: Number(sums!.totals_withdrawn),
    due: Number(sums!.due),
  }).toEqual({ earned: expected, withdrawn: expected, runs: expected, totalsWithdrawn: expected, due: 0 });
});
