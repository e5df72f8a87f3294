/**
 * Pay out now: an admin pays one creator, or everyone who is due, outside the 10th and 25th. It pays what the next
 * payout day would (earnings before its window's end), keeps the minimum (€100) and the payout account's currency,
 * is idempotent (a second click the same day pays nothing more), is audited under the payout's one id, and the
 * creator's tracker (GET /payout) shows it. The next payout day then finds the money already paid.
 */
import type { AdminPage, AdminPayoutItem } from '../../../src/contract/admin';
import type { PayoutResponse } from '../../../src/contract/api';
import { type TestServer, newUser, startTestServer } from '../support/testServer';
import { consoleApi, consoleSignIn } from '../support/admin';
import {
  type Shop,
  advanceTo,
  expectBalancesMatchLedger,
  openShop,
  payWithNewCard,
  tokenize,
} from '../money/support/money';

const ADMIN = { telegramId: 7501, firstName: 'Ada' };
const SUPPORT = { telegramId: 7502, firstName: 'Sam' };
let server: TestServer;
let shops: { first: Shop; small: Shop; other: Shop };

beforeAll(async () => {
  // Earned on 20 December: the 10 January run does not pay it (its window ends on 16 December), the 25th would.
  server = await startTestServer({ now: Date.UTC(2025, 11, 20, 12), config: { adminTelegramIds: [ADMIN.telegramId] } });
  const shop = async (amount: number) => {
    const opened = await openShop(server);
    const saved = await server.api(opened.creator, 'POST', '/payout/account', {
      currency: 'eur',
      countryIso3: 'DEU',
      methodType: 'bank_card',
      card: { token: await tokenize(server, '4242424242424242') },
    });
    expect(saved.status).toBe(200);
    await payWithNewCard(server, newUser('Donor'), 'donation', opened.donationId, '4242424242424242', { amount });
    return opened;
  };
  shops = { first: await shop(200), small: await shop(50), other: await shop(300) };
  await advanceTo(server, Date.UTC(2026, 0, 12, 12));
}, 180_000);
afterAll(() => server.close());

const TODAY = '2026-01-12';
const payoutsOn = async (cookie: string, payoutDate: string) =>
  (
    await consoleApi<AdminPage<AdminPayoutItem>>(
      server,
      cookie,
      'GET',
      `/payouts?payoutDate=${payoutDate}&pageSize=100`,
    )
  ).body.items;

test('one creator now, twice: one payout, audited under its id, on the tracker; then everyone due', async () => {
  const cookie = await consoleSignIn(server, ADMIN);
  const { first, small, other } = shops;

  // Support may not pay out (admins only): 403, nothing paid.
  await consoleApi(server, cookie, 'POST', '/operators', { telegramId: SUPPORT.telegramId, role: 'support' });
  const support = await consoleSignIn(server, SUPPORT);
  expect((await consoleApi(server, support, 'POST', '/payouts/now', {})).status).toBe(403);
  expect(await payoutsOn(cookie, TODAY)).toEqual([]);

  for (const expected of [1, 0]) {
    expect(
      (await consoleApi(server, cookie, 'POST', '/payouts/now', { telegramId: first.creator.telegramId })).body,
    ).toEqual({ ok: true, paid: expected });
  }
  const id = `${first.creator.telegramId}-eur-${TODAY}`;
  expect(await payoutsOn(cookie, TODAY)).toEqual([
    expect.objectContaining({ id, amount: '174', currency: 'eur', status: expect.stringMatching(/^(sent|arrived)$/) }),
  ]);
  const audit = await consoleApi<AdminPage<{ action: string; after: unknown }>>(
    server,
    cookie,
    'GET',
    `/audit?objectId=${id}`,
  );
  expect(audit.body.items).toEqual([
    expect.objectContaining({ action: 'payout.now', after: { status: 'requested', amount: 17400, currency: 'eur' } }),
  ]);
  const tracker = (await server.api<PayoutResponse>(first.creator, 'GET', '/payout')).body;
  expect(tracker.payouts).toEqual([expect.objectContaining({ payoutDate: TODAY, amount: 174, currency: 'eur' })]);
  await expectBalancesMatchLedger(server, first.creatorId);

  // Everyone due: the other creator; the small one stays under the €100 minimum; a second click pays nothing.
  expect((await consoleApi(server, cookie, 'POST', '/payouts/now', {})).body).toEqual({ ok: true, paid: 1 });
  expect((await consoleApi(server, cookie, 'POST', '/payouts/now', {})).body).toEqual({ ok: true, paid: 0 });
  expect((await payoutsOn(cookie, TODAY)).map((payout) => payout.creator.telegramId).sort()).toEqual(
    [first.creator.telegramId, other.creator.telegramId].sort(),
  );
  expect((await payoutsOn(cookie, TODAY)).map((payout) => payout.creator.telegramId)).not.toContain(
    small.creator.telegramId,
  );

  // The 25th finds nothing left to pay for them.
  await advanceTo(server, Date.UTC(2026, 0, 25, 12, 1));
  const fresh = await consoleSignIn(server, ADMIN);
  expect(
    (await payoutsOn(fresh, '2026-01-25')).filter((payout) =>
      [first.creator.telegramId, other.creator.telegramId].includes(payout.creator.telegramId),
    ),
  ).toEqual([]);
  await expectBalancesMatchLedger(server, other.creatorId);
});
