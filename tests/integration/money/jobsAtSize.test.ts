/**
 * The jobs at more than one batch's size, each due set drained in one jobs round (POST /sandbox/clock): renewal
 * attempts (claimed 200 at a time), the bot's reminders and failed-renewal messages and removals from a private
 * channel (100 at a time, once capped at 100 a round), each exactly once; and renewals charged with several charges in
 * flight and two runners at once, each membership charged once at Smart Glocal's double. The followers and their
 * memberships are rows written in SQL (hundreds through the API would take minutes).
 */
import { sql } from 'drizzle-orm';
import {
  RENEWAL_REMINDER_LEAD_MS,
  type RenewalNoticeKind,
  dueNotices,
} from '../../../server/modules/payments/renewalNotices';
import { RENEWAL_LEAD_MS, runRenewals } from '../../../server/modules/payments/renewals';
import { rowsOf } from '../../../server/platform/db/db';
import { type TestServer, botApiCalls, newUser, startTestServer } from '../support/testServer';
import { type Shop, advanceTo, expectBalancesMatchLedger, openShop, payWithNewCard, userId } from './support/money';

jest.setTimeout(600_000);

const FOLLOWERS = 250; // three batches of notices and removals, two of renewal claims
const TELEGRAM_BASE = 710_000_000;
const HOUR_MS = 3_600_000;

let server: TestServer;
beforeAll(async () => {
  // Hundreds of charges through the in-process double on a busy machine: a provider call may take longer than the
  // production default; a slow answer here is load, not the behaviour under test.
  server = await startTestServer({ config: { providerTimeoutMs: 120_000 } });
}, 300_000);
afterAll(() => server.close());

async function rows<T>(query: string): Promise<T[]> {
  return rowsOf<T>(await server.database.db.execute(sql.raw(query)));
}

const calledFor = async (method: string, key: 'chat_id' | 'user_id') =>
  (await botApiCalls<Record<string, number>>(server, method))
    .map((call) => call.params[key]!)
    .filter((id) => id > TELEGRAM_BASE && id <= TELEGRAM_BASE + FOLLOWERS);

/**
 * Memberships the claim of `kind`'s notices reads at now (rows returned or dropped by a filter, over every scan of
 * subscription_members in its plan): the claim's own statement under EXPLAIN ANALYZE. A few hundred rows fit in a
 * few pages, where a sequential scan is cheapest; with 100k (bench:scale) the planner takes an index, so the test
 * asks for the plan PostgreSQL takes when it does.
 */
async function membershipsReadByClaim(kind: RenewalNoticeKind): Promise<number> {
  const [row] = await server.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return rowsOf<{ 'QUERY PLAN': unknown }>(
      await tx.execute(sql`explain (analyze, format json) ${dueNotices(tx, kind, server.clock.now(), null)}`),
    );
  });
  type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
  const raw = row!['QUERY PLAN'];
  const [{ Plan: plan }] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  const read = (node: PlanNode): number =>
    (node['Relation Name'] === 'subscription_members'
      ? Number(node['Actual Rows'] ?? 0) * Number(node['Actual Loops'] ?? 1) +
        Number(node['Rows Removed by Filter'] ?? 0) +
        Number(node['Rows Removed by Index Recheck'] ?? 0)
      : 0) + (node.Plans ?? []).reduce((sum, child) => sum + read(child), 0);
  return read(plan);
}

describe(`${FOLLOWERS} memberships of a private channel due at once, none with a saved card`, () => {
  let shop: Shop;
  let expiry: number;

  beforeAll(async () => {
    shop = await openShop(server, { private: true });
    const now = server.clock.now();
    // Inside the reminder lead, outside the renewal lead: the first round only reminds.
    expiry = now + RENEWAL_REMINDER_LEAD_MS - HOUR_MS;
    const at = new Date(now).toISOString();
    await server.database.db.execute(
      sql.raw(`
      insert into users (telegram_id, first_name, language_code, created_at, updated_at)
      select ${TELEGRAM_BASE} + j, 'Follower ' || j, 'en', '${at}', '${at}' from generate_series(1, ${FOLLOWERS}) j`),
    );
    await server.database.db.execute(
      sql.raw(`
      insert into subscription_members (subscription_id, user_id, status, period, activated_at, expires_at,
        payment_method, price_minor, currency, invite_link, created_at, updated_at)
      select ${shop.subscriptions.monthly}, id, 'active', 'monthly', '${at}', '${new Date(expiry).toISOString()}',
        'bank_card', 1000, 'eur', 'https://t.me/+member' || id, '${at}', '${at}'
      from users where telegram_id > ${TELEGRAM_BASE} and telegram_id <= ${TELEGRAM_BASE + FOLLOWERS}`),
    );
  }, 300_000);

  it('one round sends every reminder, once', async () => {
    await advanceTo(server, server.clock.now() + 60_000);
    const reminded = await calledFor('sendMessage', 'chat_id');
    expect(reminded).toHaveLength(FOLLOWERS);
    expect(new Set(reminded).size).toBe(FOLLOWERS);
    await advanceTo(server, server.clock.now() + 60_000);
    expect(await calledFor('sendMessage', 'chat_id')).toHaveLength(FOLLOWERS);
  });

  it("the next rounds' claim reads none of the reminded memberships (migration 0066: an index of those still owed one)", async () => {
    expect(await membershipsReadByClaim('reminder')).toBe(0);
  });

  it('one round makes every early attempt and sends every failed-renewal message, once', async () => {
    await advanceTo(server, expiry - RENEWAL_LEAD_MS + 60_000);
    const attempts = await rows<{ member_id: string; attempts: string; failed: string; renewal_failed: boolean }>(`
      select m.id as member_id, count(p.id) as attempts, count(p.id) filter (where p.error_code = 'no_saved_card') as failed,
        m.renewal_failed
      from subscription_members m left join payments p on p.member_id = m.id and p.purpose = 'renewal'
      where m.subscription_id = ${shop.subscriptions.monthly} group by m.id`);
    expect(attempts).toHaveLength(FOLLOWERS);
    expect(attempts.filter((row) => Number(row.attempts) !== 1 || Number(row.failed) !== 1)).toEqual([]);
    expect(attempts.filter((row) => !row.renewal_failed)).toEqual([]);
    // Each follower: the reminder, then the failed renewal's message.
    const messages = await calledFor('sendMessage', 'chat_id');
    expect(messages).toHaveLength(2 * FOLLOWERS);
    expect(new Set(messages).size).toBe(FOLLOWERS);
  });

  it("the next rounds' claim reads none of the failed memberships sent their message", async () => {
    expect(await membershipsReadByClaim('failed')).toBe(0);
    expect(await membershipsReadByClaim('reminder')).toBe(0);
  });

  it('at expiry one round makes every final attempt and removes every member from the channel, once', async () => {
    await advanceTo(server, expiry + 60_000);
    const attempts = await rows<{ keys: string }>(`
      select string_agg(split_part(p.renewal_key, ':', 4), ',' order by p.renewal_key) as keys
      from subscription_members m join payments p on p.member_id = m.id and p.purpose = 'renewal'
      where m.subscription_id = ${shop.subscriptions.monthly} group by m.id`);
    expect(attempts).toHaveLength(FOLLOWERS);
    expect(attempts.filter((row) => row.keys !== 'early,final')).toEqual([]);
    const removed = await calledFor('banChatMember', 'user_id');
    expect(removed).toHaveLength(FOLLOWERS);
    expect(new Set(removed).size).toBe(FOLLOWERS);
    const [left] = await rows<{ left: string }>(`
      select count(*) as left from subscription_members
      where subscription_id = ${shop.subscriptions.monthly} and access_removed_at is null`);
    expect(Number(left!.left)).toBe(0);
    // Nothing is removed twice.
    await advanceTo(server, server.clock.now() + 60_000);
    expect(await calledFor('banChatMember', 'user_id')).toHaveLength(FOLLOWERS);
  });
});

describe('renewals with saved cards, several in flight and two runners at once', () => {
  const EXTRA = 210; // with the paid one, two claim batches

  it('charges each due membership once at the provider, and the ledger holds', async () => {
    const shop = await openShop(server);
    const follower = newUser('Loyal');
    const paid = await payWithNewCard(
      server,
      follower,
      'subscription',
      shop.subscriptions.monthly,
      '4242424242424242',
      {
        saveCard: true,
      },
    );
    const memberId = paid.subscriptionMemberId!;
    // The same follower in EXTRA more subscriptions of the channel, paid by the same saved card, due together.
    await server.database.db.execute(
      sql.raw(`
      insert into subscriptions (channel_id, name, description, period, price_minor, currency, button_text, created_at, updated_at)
      select channel_id, name || ' ' || g, description, period, price_minor + g, currency, button_text, created_at, updated_at
      from subscriptions, generate_series(1, ${EXTRA}) g where id = ${shop.subscriptions.monthly}`),
    );
    await server.database.db.execute(
      sql.raw(`
      insert into subscription_members (subscription_id, user_id, status, period, activated_at, expires_at,
        payment_method, price_minor, currency, card_id, created_at, updated_at)
      select s.id, m.user_id, m.status, m.period, m.activated_at, m.expires_at, m.payment_method, s.price_minor,
        m.currency, m.card_id, m.created_at, m.updated_at
      from subscription_members m join subscriptions s on s.channel_id = ${shop.channelId} and s.id <> m.subscription_id
        and s.period = 'monthly'
      where m.id = ${memberId}`),
    );
    const [{ expires } = { expires: '' }] = await rows<{ expires: string }>(
      `select extract(epoch from expires_at) * 1000 as expires from subscription_members where id = ${memberId}`,
    );
    server.clock.set(Number(expires) - RENEWAL_LEAD_MS + 1000);
    const context = {
      db: server.database.db,
      clock: server.clock,
      config: { ...server.config, renewalConcurrency: 8 },
      nowMs: server.clock.now(),
    };
    const engine = server.app.deps.money;
    const runs = await Promise.all([runRenewals(context, engine), runRenewals(context, engine)]);
    expect(runs.reduce((sum, run) => sum + run.renewed, 0)).toBe(EXTRA + 1);

    const followerId = await userId(server, follower);
    const perMember = await rows<{ member_id: string; price: string; attempts: string; paid: string; sales: string }>(`
      select m.id as member_id, m.price_minor as price,
        (select count(*) from payments p where p.member_id = m.id and p.purpose = 'renewal') as attempts,
        (select count(*) from payments p where p.member_id = m.id and p.purpose = 'renewal' and p.status = 'paid'
          and p.amount = m.price_minor) as paid,
        (select count(*) from transactions t join payments p on p.id = t.payment_id
          where p.member_id = m.id and p.purpose = 'renewal' and t.type = 'sell_subscription') as sales
      from subscription_members m where m.user_id = ${followerId}`);
    expect(perMember).toHaveLength(EXTRA + 1);
    expect(
      perMember.filter((row) => Number(row.attempts) !== 1 || Number(row.paid) !== 1 || Number(row.sales) !== 1),
    ).toEqual([]);
    // At Smart Glocal's double: one session per renewal payment, none charged twice.
    const sessions = await rows<{ reference: string; sessions: string }>(`
      select s.reference, count(*) as sessions from provider_sessions s
      join payments p on p.id = s.reference and p.purpose = 'renewal' and p.user_id = ${followerId}
      group by s.reference`);
    expect(sessions).toHaveLength(EXTRA + 1);
    expect(sessions.filter((row) => Number(row.sessions) !== 1)).toEqual([]);
    await expectBalancesMatchLedger(server, shop.creatorId);
  });
});
