/**
 * Every console action writes its audit entry in the transaction that makes the change (README, the operator
 * console): when the audit insert fails, the change is rolled back and nothing reaches the provider. The failure is
 * a trigger on admin_audit in the test's database, so the server's own code runs unchanged, over real HTTP. The Smart
 * Glocal double's notifications go to a closed port here: a paid 3-D Secure payment stays open until someone checks.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/platform/db/db';
import type { AdminPage, AdminPayoutItem, AdminReconciliationItem } from '../../../src/contract/admin';
import { nextPayoutDate, payoutDateString, payoutWindowFor } from '../../../src/domain/payout';
import { type TestServer, newUser } from '../support/testServer';
import { startTestServer } from '../support/testServer';
import { consoleApi, consoleSignIn } from '../support/admin';
import { advanceTo, answerChallenge, newCard, openShop, pay, payWithNewCard, tokenize } from '../money/support/money';

const OPERATOR = { telegramId: 7101, firstName: 'Olga' };
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({
    config: { adminTelegramIds: [OPERATOR.telegramId], providerWebhookUrl: 'http://127.0.0.1:9/webhook' },
  });
  cookie = await consoleSignIn(server, OPERATOR);
  await server.database.db.execute(sql`
    create function refuse_audit() returns trigger language plpgsql as $$
    begin raise exception 'the audit log refuses this entry (test)'; end $$`);
}, 180_000);
afterAll(() => server.close());

const refuseAudit = async (action: string) =>
  server.database.db.execute(
    sql.raw(`create trigger refuse_audit before insert on admin_audit for each row
      when (new.action = '${action}') execute function refuse_audit()`),
  );
const acceptAudit = async () => server.database.db.execute(sql`drop trigger if exists refuse_audit on admin_audit`);
afterEach(acceptAudit);

const auditCount = async (action: string, objectId: string) =>
  rowsOf<{ n: number }>(
    await server.database.db.execute(
      sql`select count(*)::int as n from admin_audit where action = ${action} and object_id = ${objectId}`,
    ),
  )[0]!.n;

const paymentRow = async (id: string) =>
  rowsOf<{ status: string; refund_status: string | null }>(
    await server.database.db.execute(sql`select status, refund_status from payments where id = ${id}`),
  )[0]!;

/** The ledger lines a payment wrote. */
const ledgerLines = async (paymentId: string) =>
  rowsOf<{ type: string }>(
    await server.database.db.execute(sql`select type from transactions where payment_id = ${paymentId} order by type`),
  ).map((row) => row.type);

test('a refund whose audit entry fails is not made: the payment stays paid and the provider is not asked', async () => {
  const shop = await openShop(server);
  const paid = await payWithNewCard(
    server,
    newUser('Payer'),
    'subscription',
    shop.subscriptions.monthly,
    '4242424242424242',
  );
  const linesBefore = await ledgerLines(paid.paymentId);

  await refuseAudit('payment.refund');
  const refused = await consoleApi(server, cookie, 'POST', `/payments/${paid.paymentId}/refund`, { reason: 'Twice' });
  expect(refused.status).toBe(500);
  expect(await paymentRow(paid.paymentId)).toEqual({ status: 'paid', refund_status: null });
  expect(await ledgerLines(paid.paymentId)).toEqual(linesBefore);
  expect(await auditCount('payment.refund', paid.paymentId)).toBe(0);

  await acceptAudit();
  expect(
    (await consoleApi(server, cookie, 'POST', `/payments/${paid.paymentId}/refund`, { reason: 'Twice' })).body,
  ).toEqual({
    ok: true,
  });
  expect(await paymentRow(paid.paymentId)).toEqual({ status: 'paid', refund_status: 'done' });
  expect(await auditCount('payment.refund', paid.paymentId)).toBe(1);
});

test('a reconciliation apply whose audit entry fails changes nothing: the difference stays open, the ledger as it was', async () => {
  const shop = await openShop(server);
  const paid = await payWithNewCard(server, newUser('Payer'), 'donation', shop.donationId, '4242424242424242');
  const linesBefore = await ledgerLines(paid.paymentId);
  // Refunded in the provider's dashboard: no webhook, so only reconciliation finds it (once the minute a payment's
  // own news may take has passed).
  const refunded = await server.request('POST', '/sandbox/provider/differences', {
    kind: 'refund_outside',
    paymentId: paid.paymentId,
  });
  expect(refunded.status).toBe(200);
  server.clock.advance(120);
  expect((await consoleApi(server, cookie, 'POST', '/reconciliation/run')).status).toBe(200);
  const open = async () =>
    (
      await consoleApi<AdminPage<AdminReconciliationItem>>(server, cookie, 'GET', '/reconciliation?status=open')
    ).body.items.find((item) => item.objectId === paid.paymentId);
  const difference = await open();
  expect(difference).toMatchObject({ kind: 'refunded_there' });

  await refuseAudit('reconciliation.apply');
  expect((await consoleApi(server, cookie, 'POST', `/reconciliation/${difference!.id}/apply`)).status).toBe(500);
  expect(await paymentRow(paid.paymentId)).toEqual({ status: 'paid', refund_status: null });
  expect(await ledgerLines(paid.paymentId)).toEqual(linesBefore);
  expect(await open()).toMatchObject({ id: difference!.id });
  expect(await auditCount('reconciliation.apply', paid.paymentId)).toBe(0);

  await acceptAudit();
  expect((await consoleApi(server, cookie, 'POST', `/reconciliation/${difference!.id}/apply`)).body).toEqual({
    ok: true,
  });
  expect(await paymentRow(paid.paymentId)).toEqual({ status: 'paid', refund_status: 'done' });
  expect(await ledgerLines(paid.paymentId)).toEqual([...linesBefore, 'refund_issued', 'refund_received'].sort());
  expect(await open()).toBeUndefined();
  expect(await auditCount('reconciliation.apply', paid.paymentId)).toBe(1);
});

test("a payment check whose audit entry fails leaves the payment as it was; the next check applies the provider's answer", async () => {
  const shop = await openShop(server);
  const payer = newUser('Payer');
  const open = await pay(server, payer, 'donation', shop.donationId, {
    paymentMethod: 'smart_glocal_form',
    ...(await newCard(server, payer, '4000000000003220')),
    amount: 5,
  });
  expect(open.body.status).toBe('action_required');
  // The payer confirms the challenge; the provider's notification is lost (closed port).
  expect((await answerChallenge(server, open.body.userAction!.url, 'confirm')).status).toBe(200);
  const id = open.body.paymentId;
  expect((await paymentRow(id)).status).toBe('action_required');

  await refuseAudit('payment.check');
  expect((await consoleApi(server, cookie, 'POST', `/payments/${id}/check`)).status).toBe(500);
  expect((await paymentRow(id)).status).toBe('action_required');
  expect(await ledgerLines(id)).toEqual([]);
  expect(await auditCount('payment.check', id)).toBe(0);

  await acceptAudit();
  expect((await consoleApi(server, cookie, 'POST', `/payments/${id}/check`)).body).toEqual({ ok: true });
  expect((await paymentRow(id)).status).toBe('paid');
  expect(await ledgerLines(id)).toEqual(['get_donation', 'send_donation']);
  expect(await auditCount('payment.check', id)).toBe(1);
});

test('an identity decision whose audit entry fails is not made', async () => {
  const user = newUser('Applicant');
  const { token } = (await server.api<{ token: string }>(user, 'GET', '/verification/start')).body;
  expect((await server.request('POST', '/websdk/sandbox/submit', { token, outcome: 'approve' })).status).toBe(200);
  const id = user.telegramId; // the console knows people by their Telegram id

  await refuseAudit('identity.approve');
  expect((await consoleApi(server, cookie, 'POST', `/identity/${id}/approve`)).status).toBe(500);
  expect((await server.api<{ status: string }>(user, 'GET', '/verification/status')).body.status).toBe('kyc_approved');

  await acceptAudit();
  expect((await consoleApi(server, cookie, 'POST', `/identity/${id}/approve`)).body).toEqual({ ok: true });
  expect((await server.api<{ status: string }>(user, 'GET', '/verification/status')).body.status).toBe('approved');
  expect(await auditCount('identity.approve', String(id))).toBe(1);
});

test('a payout retry whose audit entry fails stays failed and is not sent again', async () => {
  const shop = await openShop(server);
  const saveCard = async (number: string) =>
    expect(
      (
        await server.api(shop.creator, 'POST', '/payout/account', {
          currency: 'eur',
          countryIso3: 'DEU',
          methodType: 'bank_card',
          card: { token: await tokenize(server, number) },
        })
      ).status,
    ).toBe(200);
  // The bank declines payouts to this card (README test cards).
  await saveCard('4000000000000002');
  await payWithNewCard(server, newUser('Donor'), 'donation', shop.donationId, '4242424242424242', { amount: 200 });
  let payoutAt = nextPayoutDate(server.clock.now());
  while (payoutWindowFor(payoutAt)[1] <= server.clock.now()) payoutAt = nextPayoutDate(payoutAt);
  const payoutDate = payoutDateString(payoutAt);
  await advanceTo(server, payoutAt + 60_000);
  cookie = await consoleSignIn(server, OPERATOR);
  const payout = async () =>
    (
      await consoleApi<{ items: AdminPayoutItem[] }>(
        server,
        cookie,
        'GET',
        `/payouts?payoutDate=${payoutDate}&pageSize=100`,
      )
    ).body.items.find((item) => item.creator.telegramId === shop.creator.telegramId)!;
  const failed = await payout();
  expect(failed).toMatchObject({ status: 'failed', attempt: 1 });
  await saveCard('4242424242424242');

  await refuseAudit('payout.retry');
  expect((await consoleApi(server, cookie, 'POST', `/payouts/${failed.id}/retry`)).status).toBe(500);
  expect(await payout()).toMatchObject({ status: 'failed', attempt: 1 });

  await acceptAudit();
  expect((await consoleApi(server, cookie, 'POST', `/payouts/${failed.id}/retry`)).body).toEqual({ ok: true });
  expect(await payout()).toMatchObject({ status: expect.stringMatching(/^(sent|arrived)$/), attempt: 2 });
});
