/**
 * The two functions every ledger line's deferred triggers call (migrations 0003, 0004, 0009; PL/pgSQL since 0022, so
 * their statements are planned once per connection): what each ledger type adds to its user's balance totals, in the
 * earnings window of its date, and the dashboard version bump; and the revenue slot, day and month of an earnings
 * line (0060, 0061, 0067; inlined since 0063). On the real database, both embedded and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/platform/db/db';
import { type TestServer, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(async () => server.close());

let nextUser = 9_870_000;
const someUser = () => (nextUser += 1);

const add = (user: number, currency: string, at: string, type: string, amount: number) =>
  server.database.db.execute(
    sql`select ledger_balance_totals_add(${user}::bigint, ${currency}, ${at}::timestamptz, ${type}, ${amount}::bigint)`,
  );

async function totalsOf(user: number): Promise<string[]> {
  const rows = rowsOf<{ currency: string; window_start: string; earned: string | number; withdrawn: string | number }>(
    await server.database.db.execute(sql`
    select currency, to_char(window_start at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as window_start, earned, withdrawn
    from ledger_balance_totals where user_id = ${user} order by window_start, currency`),
  );
  return rows.map(
    (row) => `${row.currency} ${row.window_start} earned ${Number(row.earned)} withdrawn ${Number(row.withdrawn)}`,
  );
}

async function versionOf(user: number): Promise<number | null> {
  const [row] = rowsOf<{ version: string | number }>(
    await server.database.db.execute(sql`select version from dashboard_versions where user_id = ${user}`),
  );
  return row === undefined ? null : Number(row.version);
}

describe('ledger_balance_totals_add', () => {
  it('adds sales and donations to earnings, takes refunds off them and counts withdrawals, in the window of the line (1st or 16th, UTC)', async () => {
    const user = someUser();
    await add(user, 'usd', '2026-03-05T10:00:00Z', 'sell_subscription', 500);
    await add(user, 'usd', '2026-03-20T23:59:00Z', 'get_donation', 300);
    await add(user, 'usd', '2026-03-06T00:00:00Z', 'refund_issued', 200);
    await add(user, 'usd', '2026-03-15T23:59:59Z', 'withdrawal', 100);
    await add(user, 'eur', '2026-03-16T00:00:00Z', 'get_donation', 70);
    expect(await totalsOf(user)).toEqual([
      'usd 2026-03-01 00:00 earned 300 withdrawn 100',
      'eur 2026-03-16 00:00 earned 70 withdrawn 0',
      'usd 2026-03-16 00:00 earned 300 withdrawn 0',
    ]);
  });

  it("leaves a payer's lines out (purchases, donations sent, refunds received)", async () => {
    const user = someUser();
    for (const type of ['buy_subscription', 'send_donation', 'refund_received'])
      await add(user, 'usd', '2026-03-05T10:00:00Z', type, 500);
    expect(await totalsOf(user)).toEqual([]);
  });

  it('takes a line back with its negative amount, as the trigger does when a line is updated or deleted', async () => {
    const user = someUser();
    await add(user, 'usd', '2026-03-05T10:00:00Z', 'sell_subscription', 500);
    await add(user, 'usd', '2026-03-05T10:00:00Z', 'sell_subscription', -500);
    await add(user, 'usd', '2026-03-05T10:00:00Z', 'withdrawal', 40);
    await add(user, 'usd', '2026-03-05T10:00:00Z', 'withdrawal', -40);
    expect(await totalsOf(user)).toEqual(['usd 2026-03-01 00:00 earned 0 withdrawn 0']);
  });
});

describe('dashboard_bump', () => {
  it('starts a user at version 1 and adds one at each bump; no user, no row', async () => {
    const user = someUser();
    const bump = (id: number | null) => server.database.db.execute(sql`select dashboard_bump(${id}::bigint)`);
    const rows = async () =>
      Number(
        rowsOf<{ count: string | number }>(
          await server.database.db.execute(sql`select count(*) as count from dashboard_versions`),
        )[0]!.count,
      );
    const before = await rows();
    await bump(null);
    expect(await rows()).toBe(before);
    await bump(user);
    expect(await versionOf(user)).toBe(1);
    await bump(user);
    await bump(user);
    expect(await versionOf(user)).toBe(3);
  });
});

describe('revenue_slot, revenue_day and revenue_month', () => {
  // Instants before and after 1970, on and off the boundaries, with milliseconds.
  const instants = [
    '1969-12-31T23:52:29.999Z',
    '1970-01-01T00:00:00.000Z',
    '2024-02-29T23:59:59.999Z',
    '2026-03-29T00:44:59.500Z',
    '2026-03-29T00:45:00.000Z',
    '2026-10-25T01:30:00.001Z',
    '2026-12-31T23:59:59.999Z',
    '2027-01-01T00:00:00.000Z',
  ];
  const floorTo = (at: string, ms: number) => new Date(Math.floor(Date.parse(at) / ms) * ms).toISOString();

  const monthOf = (at: string) => {
    const date = new Date(at);
    return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)).toISOString();
  };

  it('answer the quarter hour, the UTC day and the UTC month holding an instant, whatever the session time zone', async () => {
    const answers = await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kathmandu'`);
      const found: { slot: string; day: string; month: string }[] = [];
      for (const at of instants) {
        const [row] = rowsOf<{ slot: string; day: string; month: string }>(
          await tx.execute(sql`
          select to_char(revenue_slot(${at}::timestamptz) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as slot,
            to_char(revenue_day(${at}::timestamptz) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as day,
            to_char(revenue_month(${at}::timestamptz) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as month`),
        );
        found.push(row!);
      }
      return found;
    });
    expect(answers).toEqual(
      instants.map((at) => ({ slot: floorTo(at, 900_000), day: floorTo(at, 24 * 3600_000), month: monthOf(at) })),
    );
  });

  it('are inlined into the statements that call them, so their bodies are not parsed and planned at each call', async () => {
    // A LANGUAGE sql function the planner cannot inline (it would be: IMMUTABLE calling a STABLE function) shows by
    // name in the plan and runs through the SQL-function executor, which parses and plans its body at every call.
    const plan = rowsOf<Record<string, string>>(
      await server.database.db.execute(
        sql`explain verbose select revenue_slot(now()::timestamptz) as slot, revenue_day(now()::timestamptz) as day,
          revenue_month(now()::timestamptz) as month`,
      ),
    )
      .map((row) => Object.values(row).join(' '))
      .join('\n');
    expect(plan).toContain('to_timestamp');
    expect(plan).toContain('date_trunc');
    expect(plan).not.toMatch(/revenue_(slot|day|month)\(/);
  });
});
