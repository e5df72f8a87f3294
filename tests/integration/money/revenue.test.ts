/**
 * Revenue at a glance over real HTTP: the earnings series and the CSV export are checked against the ledger's own
 * figures (sum of the CSV = sum of the series = the ledger's sum for the period), with a refund counting against its
 * sale, members gained and lost, the creator's time zone, and the signed link's limits.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RevenueExportResponse, RevenueResponse } from '../../../src/contract/revenue';
import { transactions } from '../../../server/platform/db/schema';
import { type TestServer, creatorWithChannel, newUser, startTestServer } from '../support/testServer';
import { type Shop, advanceTo, openShop, payWithNewCard, userId } from './support/money';

const DAY = 24 * 3600_000;
const MOSCOW = { timezone: '180' };

let server: TestServer;
let shop: Shop;
beforeAll(async () => {
  server = await startTestServer();
  shop = await openShop(server);
}, 180_000);
afterAll(() => server.close());

/** The ledger's own figure: the creator's sales and donations minus refunds issued, by when they count. */
async function ledgerEarnings(fromMs: number, toMs: number): Promise<number> {
  const rows = await server.database.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, shop.creatorId),
        inArray(transactions.type, ['sell_subscription', 'get_donation', 'refund_issued']),
        eq(transactions.currency, 'eur'),
      ),
    );
  return rows
    .filter((row) => {
      const at = (row.windowAt ?? row.createdAt).getTime();
      return at >= fromMs && at < toMs;
    })
    .reduce((sum, row) => sum + (row.type === 'refund_issued' ? -row.amount : row.amount), 0);
}

/**
 * `count` earnings lines of 4.35 EUR written in SQL (j = 1..count in `createdAt` and `windowAt`, SQL expressions), for
 * exports longer than the few lines payments make.
 */
function line(owner: number, channelId: number, type: string, count: number, createdAt: string, windowAt: string) {
  return sql`insert into transactions (type, user_id, channel_id, currency, price, amount, payment_method, payment_id,
      created_at, window_at)
    select ${type}, ${owner}, ${channelId}, 'eur', 500, 435, 'card', ${`${type}-${owner}-${channelId}-${createdAt}-`} || j,
      ${sql.raw(createdAt)}, ${sql.raw(windowAt)}
    from generate_series(1, ${count}) j`;
}

/** RFC 4180 rows (quoted fields with doubled quotes and commas inside). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  return rows;
}

describe('revenue at a glance', () => {
  it('the series and the CSV add up to the ledger, a refund counting against its sale', async () => {
    const first = newUser('Monthly');
    const paid = await payWithNewCard(server, first, 'subscription', shop.subscriptions.monthly, '4242424242424242');
    expect(paid.status).toBe('paid');
    await payWithNewCard(server, newUser('Tipper'), 'donation', shop.donationId, '4242424242424242');
    await advanceTo(server, server.clock.now() + 2 * DAY);
    await payWithNewCard(server, newUser('Weekly'), 'subscription', shop.subscriptions.weekly, '4242424242424242');
    const refunded = await server.request('POST', `/sandbox/payments/${paid.paymentId}/refund`, { reason: 'Asked' });
    expect(refunded.status).toBe(200);

    const answer = await server.api<RevenueResponse>(
      shop.creator,
      'GET',
      `/revenue?period=day&channelId=${shop.channelId}`,
      undefined,
      MOSCOW,
    );
    expect(answer.status).toBe(200);
    const series = answer.body;
    expect(series).toMatchObject({ period: 'day', currency: 'eur', currencies: ['eur'], offsetMinutes: 180 });
    expect(series.buckets).toHaveLength(30);
    const from = series.buckets[0]!.start * 1000;
    const to = series.buckets.at(-1)!.end * 1000;
    // Buckets start at midnight in Moscow.
    expect(new Date(from + 180 * 60_000).toISOString()).toMatch(/T00:00:00/);

    const seriesTotal = series.buckets.reduce((sum, bucket) => sum + bucket.totalMinor, 0);
    const ledger = await ledgerEarnings(from, to);
    expect(seriesTotal).toBe(ledger);
    // What is left: the donation and the weekly sale (the refunded monthly sale nets to zero on its own day).
    const nonEmpty = series.buckets.filter((bucket) => bucket.totalMinor !== 0);
    expect(
      nonEmpty.map((bucket) => ({
        donations: bucket.donationsMinor > 0,
        subscriptions: bucket.subscriptionsMinor > 0,
      })),
    ).toEqual([
      { donations: true, subscriptions: false },
      { donations: false, subscriptions: true },
    ]);
    expect(series.buckets.reduce((sum, bucket) => sum + bucket.newMembers, 0)).toBe(2);
    // The refunded member's access ended now: lost today.
    expect(series.buckets.at(-1)!.lostMembers).toBe(1);

    // The dashboard's series (every channel) says the same here.
    const all = await server.api<RevenueResponse>(shop.creator, 'GET', '/revenue?period=month', undefined, MOSCOW);
    expect(all.body.buckets.reduce((sum, bucket) => sum + bucket.totalMinor, 0)).toBe(seriesTotal);

    // The CSV of the same period, through its signed link, with no Authorization.
    const link = await server.api<RevenueExportResponse>(
      shop.creator,
      'POST',
      '/revenue/export',
      { from: from / 1000, to: to / 1000, channelId: shop.channelId },
      MOSCOW,
    );
    expect(link.status).toBe(200);
    expect(link.body.fileName).toMatch(/^backers-transactions-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await server.request<string>('GET', new URL(link.body.url).pathname);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${link.body.fileName}"`);
    const [header, ...rows] = parseCsv(file.body);
    expect(header).toEqual([
      'id',
      'created_at',
      'counts_on',
      'type',
      'source',
      'channel',
      'title',
      'amount',
      'currency',
    ]);
    expect(rows.map((row) => row[3]).sort()).toEqual([
      'get_donation',
      'refund_issued',
      'sell_subscription',
      'sell_subscription',
    ]);
    expect(rows.every((row) => row[8] === 'EUR' && /^-?\d+\.\d{2}$/.test(row[7]!))).toBe(true);
    const csvTotal = rows.reduce((sum, row) => sum + Math.round(Number(row[7]) * 100), 0);
    expect(csvTotal).toBe(seriesTotal);
  });

  it('neutralises a spreadsheet formula in a name a creator chose (OWASP CSV injection)', async () => {
    const formula = '=HYPERLINK("https://evil.ex")';
    const created = await server.api<{ subscription: { id: number } }>(shop.creator, 'POST', '/subscription/new', {
      channelId: shop.channelId,
      name: formula,
      description: 'Support the channel',
      period: 'monthly',
      currency: 'eur',
      amount: 10,
      buttonText: 'Subscribe',
    });
    expect(created.status).toBe(200);
    const paid = await payWithNewCard(
      server,
      newUser('Formula'),
      'subscription',
      created.body.subscription.id,
      '4242424242424242',
    );
    expect(paid.status).toBe('paid');
    const series = await server.api<RevenueResponse>(
      shop.creator,
      'GET',
      `/revenue?period=day&channelId=${shop.channelId}`,
    );
    const link = await server.api<RevenueExportResponse>(shop.creator, 'POST', '/revenue/export', {
      from: series.body.buckets[0]!.start,
      to: series.body.buckets.at(-1)!.end,
      channelId: shop.channelId,
    });
    expect(link.status).toBe(200);
    const file = await server.request<string>('GET', new URL(link.body.url).pathname);
    const titles = parseCsv(file.body).map((row) => row[6]);
    expect(titles).toContain(`'${formula}`);
    expect(titles.filter((title) => /^[=+\-@\t\r]/.test(title ?? ''))).toEqual([]);
  });

  it("refuses a forged or expired link, another creator's channel and a bad period", async () => {
    const now = Math.floor(server.clock.now() / 1000);
    const link = await server.api<RevenueExportResponse>(shop.creator, 'POST', '/revenue/export', {
      from: now - 86400,
      to: now,
    });
    const path = new URL(link.body.url).pathname;
    const forged = path.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await server.request('GET', forged)).status).toBe(404);
    await server.request('POST', '/sandbox/clock', { advanceSeconds: 6 * 60 });
    expect((await server.request('GET', path)).body).toMatchObject({ code: 'not_found' });

    const stranger = await creatorWithChannel(server);
    expect((await server.api(stranger.user, 'GET', `/revenue?period=week&channelId=${shop.channelId}`)).status).toBe(
      404,
    );
    expect((await server.api(stranger.user, 'POST', '/revenue/export', { from: now, to: now - 1 })).body).toMatchObject(
      { code: 'validation_error' },
    );
    expect((await server.api(stranger.user, 'GET', '/revenue?period=year')).status).toBe(400);
  });

  it('streams an export longer than a page in order, each line once, with ties and microseconds apart', async () => {
    const first = await creatorWithChannel(server);
    const second = await creatorWithChannel(server, { user: first.user, chatId: first.chatId - 1 });
    const other = await creatorWithChannel(server);
    const creatorId = await userId(server, first.user);
    const otherId = await userId(server, other.user);
    const now = server.clock.now();
    const from = Math.floor((now - 20 * DAY) / 1000);
    // A period that ended a day ago: the refunds below are written after it (and before the export).
    const to = Math.floor((now - DAY) / 1000);
    const base = new Date((from + 3600) * 1000).toISOString();
    const t0 = `'${base}'::timestamptz`;
    for (const statement of [
      // Four lines at each second: ties broken by id, across page edges.
      line(creatorId, first.channelId, 'sell_subscription', 1200, `${t0} + (j / 4) * interval '1 second'`, 'null'),
      // A microsecond apart, within one millisecond: a cursor cut to milliseconds would repeat or skip them.
      line(
        creatorId,
        second.channelId,
        'get_donation',
        900,
        `${t0} + interval '2 hours' + j * interval '1 microsecond'`,
        'null',
      ),
      // Refunds written after the period, counting in their sales' window inside it.
      line(
        creatorId,
        first.channelId,
        'refund_issued',
        150,
        `'${new Date(now - 3600_000).toISOString()}'::timestamptz`,
        `${t0} + (j * 7) * interval '1 second'`,
      ),
      // Not in the export: a withdrawal, lines before and after the period, and another creator's.
      line(creatorId, first.channelId, 'withdrawal', 30, `${t0} + j * interval '1 second'`, 'null'),
      line(creatorId, first.channelId, 'sell_subscription', 20, `${t0} - interval '2 hours'`, 'null'),
      line(
        creatorId,
        first.channelId,
        'sell_subscription',
        20,
        `'${new Date(to * 1000).toISOString()}'::timestamptz`,
        'null',
      ),
      line(otherId, other.channelId, 'sell_subscription', 40, `${t0} + j * interval '1 second'`, 'null'),
    ])
      await server.database.db.execute(statement);
    // The order the export promises, read in one statement: when each counts, then id.
    const expected = async (channelId: number | null) =>
      (
        await server.database.db
          .select({ id: transactions.id })
          .from(transactions)
          .where(
            and(
              eq(transactions.userId, creatorId),
              inArray(transactions.type, ['sell_subscription', 'get_donation', 'refund_issued']),
              channelId === null ? undefined : eq(transactions.channelId, channelId),
              sql`coalesce(window_at, created_at) >= ${new Date(from * 1000).toISOString()}::timestamptz`,
              sql`coalesce(window_at, created_at) < ${new Date(to * 1000).toISOString()}::timestamptz`,
            ),
          )
          .orderBy(sql`coalesce(window_at, created_at)`, transactions.id)
      ).map((row) => String(row.id));
    for (const channelId of [undefined, first.channelId]) {
      const link = await server.api<RevenueExportResponse>(first.user, 'POST', '/revenue/export', {
        from,
        to,
        ...(channelId === undefined ? {} : { channelId }),
      });
      expect(link.status).toBe(200);
      const file = await server.request<string>('GET', new URL(link.body.url).pathname);
      expect(file.status).toBe(200);
      const [header, ...rows] = parseCsv(file.body);
      expect(header![0]).toBe('id');
      const ids = rows.map((row) => row[0]!);
      const want = await expected(channelId ?? null);
      expect(want.length).toBe(channelId === undefined ? 2250 : 1350);
      expect(ids).toEqual(want);
      // The refunds read negative, dated by their sales' window.
      const refunds = rows.filter((row) => row[3] === 'refund_issued');
      expect(refunds).toHaveLength(150);
      expect(refunds.every((row) => row[7] === '-4.35' && row[2]! < row[1]!.slice(0, 10))).toBe(true);
    }
  }, 180_000);

  it('sends the ledger as it stood when the download began, without lines written during it', async () => {
    const { user, channelId } = await creatorWithChannel(server);
    const creatorId = await userId(server, user);
    const now = server.clock.now();
    const from = now - 10 * DAY;
    const at = (ms: number) => `'${new Date(ms).toISOString()}'::timestamptz`;
    // Two pages of sales written before the download.
    const sales = `${at(from + 3_600_000)} + j * interval '1 second'`;
    await server.database.db.execute(line(creatorId, channelId, 'sell_subscription', 1500, sales, 'null'));
    // Written while it is sent, that is after it began on the server's clock: a refund counting on the first page's
    // day (already sent by then) and a sale counting at the end (not yet read).
    const later = at(now + 60_000);
    await server.database.db.execute(line(creatorId, channelId, 'refund_issued', 1, later, at(from + 3_600_000)));
    await server.database.db.execute(line(creatorId, channelId, 'sell_subscription', 1, later, 'null'));
    const link = await server.api<RevenueExportResponse>(user, 'POST', '/revenue/export', {
      from: Math.floor(from / 1000),
      to: Math.floor((now + 3_600_000) / 1000),
    });
    expect(link.status).toBe(200);
    const file = await server.request<string>('GET', new URL(link.body.url).pathname);
    expect(file.status).toBe(200);
    const rows = parseCsv(file.body).slice(1);
    expect(rows).toHaveLength(1500);
    expect(new Set(rows.map((row) => row[3]))).toEqual(new Set(['sell_subscription']));
  }, 120_000);

  it('ends a download that fails midway as failed, never as a shorter file', async () => {
    const now = server.clock.now();
    const from = Math.floor((now - 10 * DAY) / 1000);
    const base = `'${new Date((from + 3600) * 1000).toISOString()}'::timestamptz`;
    /**
     * A creator with 1,500 lines a second apart, line `bad`'s amount beyond what the server reads as a number (db.ts
     * refuses an int8 past 2^53): the page holding it throws while the file is being sent.
     */
    const exportFailingAt = async (bad: number): Promise<string> => {
      const { user, channelId } = await creatorWithChannel(server);
      const creatorId = await userId(server, user);
      await server.database.db.execute(sql`insert into transactions (type, user_id, channel_id, currency, price, amount,
          payment_method, payment_id, created_at)
        select 'sell_subscription', ${creatorId}, ${channelId}, 'eur', 500,
          case when j = ${bad} then 1152921504606846976 else 435 end, 'card', 'midway-' || ${creatorId} || '-' || j,
          ${sql.raw(base)} + j * interval '1 second'
        from generate_series(1, 1500) j`);
      const link = await server.api<RevenueExportResponse>(user, 'POST', '/revenue/export', {
        from,
        to: Math.floor(now / 1000),
      });
      expect(link.status).toBe(200);
      return new URL(link.body.url).pathname;
    };
    /**
     * A file the client takes for whole is a 200 whose transfer ended cleanly: that must not happen. Once the file's
     * headers are set the connection breaks: before the first byte left (a compressor may hold the header row and the
     * first page) the request fails, after it the read does.
     */
    const download = async (path: string, encoding: string) => {
      const answer = await fetch(`${server.baseUrl}${path}`, { headers: { 'accept-encoding': encoding } }).then(
        (response) => response,
        () => null,
      );
      if (answer === null) return;
      expect(answer.status).toBe(200);
      await expect(answer.text()).rejects.toThrow();
    };
    // A failure on the first page (1,000 lines) is an error answer a client can read: JSON, under no file's headers.
    const firstPage = await exportFailingAt(500);
    for (const encoding of ['identity', 'br', 'gzip']) {
      const answer = await fetch(`${server.baseUrl}${firstPage}`, { headers: { 'accept-encoding': encoding } });
      expect(answer.status).toBe(500);
      expect(answer.headers.get('content-disposition')).toBeNull();
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await answer.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    // The first line of the second page, and the last line.
    for (const bad of [1001, 1500]) {
      const path = await exportFailingAt(bad);
      for (const encoding of ['identity', 'br', 'gzip']) await download(path, encoding);
    }
  }, 120_000);
});
