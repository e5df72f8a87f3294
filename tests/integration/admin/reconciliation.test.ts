/**
 * Reconciliation with the provider over real HTTP: differences made at the Smart Glocal double without Backers hearing
 * of them (a webhook lost for good, a refund in the provider's dashboard, an amount that differs, a session naming
 * nothing of ours, a payout the bank returned) are found by the console's Run now, listed once however often it runs,
 * and resolved by an audited apply (through the webhooks' own code: the ledger still matches every balance) or ignore
 * with a reason. Resolving twice changes nothing; each role may do only what it may.
 */
import { randomUUID } from 'node:crypto';
import type { AdminAuditItem, AdminPage, AdminPaymentItem, AdminPayoutItem } from '../../../src/contract/admin';
import type { AdminReconciliationItem } from '../../../src/contract/admin';
import { type TestServer, type TestUser, newUser, startTestServer } from '../support/testServer';
import { consoleApi, consoleSignIn } from '../support/admin';
import {
  type Shop,
  advanceTo,
  check,
  expectBalancesMatchLedger,
  openShop,
  payWithNewCard,
  tokenize,
} from '../money/support/money';

const ADMIN = { telegramId: 7601, firstName: 'Ada' };
const SUPPORT = { telegramId: 7602, firstName: 'Sam' };
const VIEWER = { telegramId: 7603, firstName: 'Vic' };
const TODAY = '2026-01-12';

let server: TestServer;
let shop: Shop;
let payer: TestUser;
const cookies = { admin: '', support: '', viewer: '' };
const ids = { lost: '', refunded: '', amount: '', unknownSession: '', payout: '' };

const inject = async (body: Record<string, unknown>) => {
  const answer = await server.request<Record<string, unknown>>('POST', '/sandbox/provider/differences', body);
  expect(answer.status).toBe(200);
  return answer.body;
};

const differences = async (status = 'open') =>
  (
    await consoleApi<AdminPage<AdminReconciliationItem>>(
      server,
      cookies.viewer,
      'GET',
      `/reconciliation?status=${status}&pageSize=100`,
    )
  ).body;

const differenceOf = async (objectId: string, status = 'open') => {
  const found = (await differences(status)).items.find((item) => item.objectId === objectId);
  if (found === undefined) throw new Error(`no ${status} difference for ${objectId}`);
  return found;
};

const auditOf = async (objectId: string) =>
  (
    await consoleApi<AdminPage<AdminAuditItem>>(
      server,
      cookies.admin,
      'GET',
      `/audit?objectId=${encodeURIComponent(objectId)}&pageSize=100`,
    )
  ).body.items.filter((entry) => entry.action.startsWith('reconciliation.'));

const paymentRow = async (paymentId: string) =>
  (
    await consoleApi<AdminPage<AdminPaymentItem>>(
      server,
      cookies.admin,
      'GET',
      `/payments?q=${encodeURIComponent(paymentId)}`,
    )
  ).body.items[0]!;

beforeAll(async () => {
  server = await startTestServer({ now: Date.UTC(2025, 11, 20, 12), config: { adminTelegramIds: [ADMIN.telegramId] } });
  shop = await openShop(server);
  const saved = await server.api(shop.creator, 'POST', '/payout/account', {
    currency: 'eur',
    countryIso3: 'DEU',
    methodType: 'bank_card',
    card: { token: await tokenize(server, '4242424242424242') },
  });
  expect(saved.status).toBe(200);
  await payWithNewCard(server, newUser('Donor'), 'donation', shop.donationId, '4242424242424242', { amount: 200 });
  await advanceTo(server, Date.UTC(2026, 0, 12, 12));

  cookies.admin = await consoleSignIn(server, ADMIN);
  for (const [person, role] of [
    [SUPPORT, 'support'],
    [VIEWER, 'viewer'],
  ] as const) {
    expect((await consoleApi(server, cookies.admin, 'POST', '/operators', { ...person, role })).status).toBe(200);
    cookies[role] = await consoleSignIn(server, person);
  }

  // A payout that arrives today, for the bank to return later.
  const paid = await consoleApi(server, cookies.admin, 'POST', '/payouts/now', {
    telegramId: shop.creator.telegramId,
  });
  expect(paid.body).toEqual({ ok: true, paid: 1 });
  ids.payout = `${shop.creator.telegramId}-eur-${TODAY}`;
  const payout = (
    await consoleApi<AdminPage<AdminPayoutItem>>(server, cookies.admin, 'GET', `/payouts?payoutDate=${TODAY}`)
  ).body.items.find((item) => item.id === ids.payout);
  expect(payout?.status).toBe('arrived');

  payer = newUser('Payer');
  // A 3-D Secure charge the payer confirms at the bank; its webhook never reaches us.
  const challenged = await payWithNewCard(
    server,
    payer,
    'subscription',
    shop.subscriptions.monthly,
    '4000000000003220',
  );
  expect(challenged.status).toBe('action_required');
  ids.lost = challenged.paymentId;
  ids.refunded = (await payWithNewCard(server, payer, 'donation', shop.donationId, '4242424242424242')).paymentId;
  ids.amount = (await payWithNewCard(server, payer, 'donation', shop.donationId, '5555555555554444')).paymentId;

  await inject({ kind: 'lost_webhook', paymentId: ids.lost });
  expect(await inject({ kind: 'refund_outside', paymentId: ids.refunded })).toMatchObject({ refunded: true });
  expect(await inject({ kind: 'amount_differs', paymentId: ids.amount, amount: 499 })).toMatchObject({
    amount: 499,
  });
  ids.unknownSession = String((await inject({ kind: 'unknown_session', amount: 1500, currency: 'eur' })).sessionId);
  expect(await inject({ kind: 'payout_returned', payoutId: ids.payout })).toMatchObject({ returned: true });
  // Past the window in which a payment's own news may still be on its way; no job runs meanwhile.
  server.clock.advance(120);
}, 300_000);
afterAll(() => server.close());

test('Run now finds each kind of difference once, however often it runs', async () => {
  expect((await consoleApi(server, cookies.viewer, 'POST', '/reconciliation/run', {})).status).toBe(403);
  const first = await consoleApi(server, cookies.support, 'POST', '/reconciliation/run', {});
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ ok: true, found: 5, unanswered: 0 });
  const second = await consoleApi(server, cookies.admin, 'POST', '/reconciliation/run', {});
  expect(second.body).toMatchObject({ ok: true, found: 0 });
  // Each run is audited with what it found, under the operator who ran it.
  const runs = await consoleApi<AdminPage<AdminAuditItem>>(
    server,
    cookies.admin,
    'GET',
    '/audit?objectType=reconciliation_run&sort=createdAt&order=asc',
  );
  expect(
    runs.body.items.map(({ action, operatorTelegramId, after }) => ({ action, operatorTelegramId, after })),
  ).toEqual([
    {
      action: 'reconciliation.run',
      operatorTelegramId: SUPPORT.telegramId,
      after: expect.objectContaining({ found: 5, unanswered: 0 }),
    },
    {
      action: 'reconciliation.run',
      operatorTelegramId: ADMIN.telegramId,
      after: expect.objectContaining({ found: 0 }),
    },
  ]);

  const listed = await differences();
  expect(listed.total).toBe(5);
  const byObject = new Map(listed.items.map((item) => [item.objectId, item]));
  expect(byObject.get(ids.lost)).toMatchObject({
    kind: 'paid_not_here',
    objectType: 'payment',
    ourStatus: 'action_required',
    providerStatus: 'paid',
    ourAmount: 1000,
    providerAmount: 1000,
    currency: 'eur',
    applicable: true,
  });
  expect(byObject.get(ids.refunded)).toMatchObject({
    kind: 'refunded_there',
    ourStatus: 'paid',
    providerStatus: 'refunded',
    applicable: true,
  });
  expect(byObject.get(ids.amount)).toMatchObject({
    kind: 'amount_differs',
    ourAmount: 500,
    providerAmount: 499,
    applicable: false,
  });
  expect(byObject.get(ids.unknownSession)).toMatchObject({
    kind: 'unknown_session',
    objectType: 'provider_session',
    ourStatus: null,
    providerAmount: 1500,
    applicable: false,
  });
  expect(byObject.get(ids.payout)).toMatchObject({
    kind: 'payout_bounced',
    objectType: 'payout',
    ourStatus: 'arrived',
    providerStatus: 'returned',
    applicable: true,
  });
});

test('apply: roles refused first, then each kind made to follow the provider, once, audited', async () => {
  const lost = await differenceOf(ids.lost);
  // Support may not apply (it moves money), a viewer may not ignore: 403, nothing changes.
  expect((await consoleApi(server, cookies.support, 'POST', `/reconciliation/${lost.id}/apply`, {})).status).toBe(403);
  expect(
    (await consoleApi(server, cookies.viewer, 'POST', `/reconciliation/${lost.id}/ignore`, { reason: 'No' })).status,
  ).toBe(403);
  expect((await differenceOf(ids.lost)).status).toBe('open');
  expect(await auditOf(ids.lost)).toEqual([]);
  expect((await paymentRow(ids.lost)).status).toBe('action_required');

  // A double click is one key: the second answer is the first one's replay.
  const key = randomUUID();
  const once = await consoleApi(server, cookies.admin, 'POST', `/reconciliation/${lost.id}/apply`, {}, key);
  const again = await consoleApi(server, cookies.admin, 'POST', `/reconciliation/${lost.id}/apply`, {}, key);
  expect([once.status, again.status]).toEqual([200, 200]);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  // Another click later (a new key) finds it resolved and changes nothing.
  expect((await consoleApi(server, cookies.admin, 'POST', `/reconciliation/${lost.id}/apply`, {})).status).toBe(200);
  expect(await auditOf(ids.lost)).toEqual([
    expect.objectContaining({
      action: 'reconciliation.apply',
      objectType: 'payment',
      before: expect.objectContaining({ kind: 'paid_not_here', status: 'action_required' }),
      after: expect.objectContaining({ status: 'paid' }),
    }),
  ]);
  expect(await check(server, payer, ids.lost)).toMatchObject({
    status: 'paid',
    subscriptionMemberId: expect.any(Number),
  });
  expect(await differenceOf(ids.lost, 'applied')).toMatchObject({ resolvedBy: ADMIN.telegramId });

  const refunded = await differenceOf(ids.refunded);
  expect((await consoleApi(server, cookies.admin, 'POST', `/reconciliation/${refunded.id}/apply`, {})).status).toBe(
    200,
  );
  expect(await paymentRow(ids.refunded)).toMatchObject({ status: 'paid', refundStatus: 'done' });
  expect(await auditOf(ids.refunded)).toEqual([
    expect.objectContaining({
      action: 'reconciliation.apply',
      after: expect.objectContaining({ refundStatus: 'done' }),
    }),
  ]);

  const bounced = await differenceOf(ids.payout);
  expect((await consoleApi(server, cookies.admin, 'POST', `/reconciliation/${bounced.id}/apply`, {})).status).toBe(200);
  const payout = (
    await consoleApi<AdminPage<AdminPayoutItem>>(server, cookies.admin, 'GET', `/payouts?payoutDate=${TODAY}`)
  ).body.items.find((item) => item.id === ids.payout);
  expect(payout).toMatchObject({ status: 'failed' });
  expect(await auditOf(ids.payout)).toEqual([
    expect.objectContaining({
      action: 'reconciliation.apply',
      objectType: 'payout',
      before: expect.objectContaining({ kind: 'payout_bounced', status: 'arrived' }),
      after: expect.objectContaining({ status: 'failed' }),
    }),
  ]);
  // The returned payout is back in the creator's balance; every balance still equals its ledger.
  await expectBalancesMatchLedger(server, shop.creatorId);
  expect((await differences()).total).toBe(2);
});

test('ignore needs a reason; amount and stranger differences can only be ignored', async () => {
  const amount = await differenceOf(ids.amount);
  const refused = await consoleApi(server, cookies.admin, 'POST', `/reconciliation/${amount.id}/apply`, {});
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ code: 'conflict', reason: 'not_applicable' });
  for (const body of [{}, { reason: '   ' }]) {
    const answer = await consoleApi(server, cookies.support, 'POST', `/reconciliation/${amount.id}/ignore`, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error' });
  }
  expect(
    (
      await consoleApi(server, cookies.support, 'POST', `/reconciliation/${amount.id}/ignore`, {
        reason: 'Corrected with the provider by phone',
      })
    ).status,
  ).toBe(200);
  expect(await differenceOf(ids.amount, 'ignored')).toMatchObject({
    reason: 'Corrected with the provider by phone',
    resolvedBy: SUPPORT.telegramId,
  });
  // Ignored twice: nothing the second time.
  expect(
    (await consoleApi(server, cookies.support, 'POST', `/reconciliation/${amount.id}/ignore`, { reason: 'Again' }))
      .status,
  ).toBe(200);
  expect(await auditOf(ids.amount)).toEqual([
    expect.objectContaining({
      action: 'reconciliation.ignore',
      objectType: 'payment',
      after: expect.objectContaining({ status: 'ignored', reason: 'Corrected with the provider by phone' }),
    }),
  ]);
  expect((await paymentRow(ids.amount)).status).toBe('paid');

  const stranger = await differenceOf(ids.unknownSession);
  expect(
    (
      await consoleApi(server, cookies.admin, 'POST', `/reconciliation/${stranger.id}/ignore`, {
        reason: 'Test charge',
      })
    ).status,
  ).toBe(200);
  expect(await auditOf(ids.unknownSession)).toEqual([
    expect.objectContaining({ action: 'reconciliation.ignore', objectType: 'provider_session' }),
  ]);

  // Nothing is open now, and a new run brings none of them back.
  expect((await differences()).total).toBe(0);
  expect((await consoleApi(server, cookies.admin, 'POST', '/reconciliation/run', {})).body).toMatchObject({ found: 0 });
  expect((await differences()).total).toBe(0);
  expect((await consoleApi(server, cookies.admin, 'POST', '/reconciliation/999999/apply', {})).status).toBe(404);
});
