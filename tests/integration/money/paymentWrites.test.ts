/**
 * Compare-and-set writes of a payment row (server/modules/payments/paymentWrites.ts) on the real database: refused
 * when anything wrote the row since it was read, when the notification was recorded already or the channel changed
 * hands; a settlement writes its ledger pair and the row pointing at it in one statement. And over HTTP: a
 * notification whose compare-and-set is refused still settles the payment once, by the locked path.
 */
import { eq } from 'drizzle-orm';
import {
  type PaymentWrites,
  paymentVersion,
  preparedPaymentWrites,
  versioned,
  versionedPaymentColumns,
} from '../../../server/modules/payments/paymentWrites';
import { settlementOf, type VersionedPayment } from '../../../server/modules/payments/settlement';
import type { ProviderPayment } from '../../../server/modules/payments/PaymentProvider';
import type { MoneyDb } from '../../../server/platform/db/moneyDb';
import { channels, transactions } from '../../../server/platform/db/schema';
import { payments, providerWebhookEvents } from '../../../server/platform/db/schema-money';
import { type TestServer, newUser, startTestServer } from '../support/testServer';
import {
  type Shop,
  answerChallenge,
  check,
  expectBalancesMatchLedger,
  openShop,
  payWithNewCard,
  userId,
} from './support/money';

let server: TestServer;
let shop: Shop;
let writes: PaymentWrites;
let db: MoneyDb;

beforeAll(async () => {
  server = await startTestServer();
  shop = await openShop(server);
  db = server.database.db as unknown as MoneyDb;
  writes = preparedPaymentWrites(db);
}, 180_000);
afterAll(async () => server.close());
afterEach(async () => expectBalancesMatchLedger(server, shop.creatorId));

/** A donation waiting on its 3-D Secure challenge: open, with a provider session. */
async function openPayment(): Promise<{
  id: string;
  redirect: string;
  payerId: number;
  follower: ReturnType<typeof newUser>;
}> {
  const follower = newUser('Writer');
  const created = await payWithNewCard(server, follower, 'donation', shop.donationId, '4000000000003220', {
    amount: 9,
  });
  expect(created.status).toBe('action_required');
  return {
    id: created.paymentId,
    redirect: created.userAction!.url,
    payerId: await userId(server, follower),
    follower,
  };
}

async function read(id: string): Promise<VersionedPayment> {
  const [found] = await db
    .select({ ...versionedPaymentColumns, creatorId: channels.ownerId })
    .from(payments)
    .leftJoin(channels, eq(channels.id, payments.channelId))
    .where(eq(payments.id, id));
  const { creatorId, ...row } = found!;
  return versioned(row, creatorId);
}

const touch = (id: string) =>
  db
    .update(payments)
    .set({ updatedAt: new Date(server.clock.now()) })
    .where(eq(payments.id, id));

const paid = (known: VersionedPayment): ProviderPayment => ({
  sessionId: known.row.providerSessionId,
  reference: known.row.id,
  status: 'paid',
  providerFee: 27,
  card: { brand: 'visa', type: 'debit', bin: '400000', last4: '3220', country: 'DE', maskedNumber: '400000******3220' },
});

function settle(known: VersionedPayment, eventId: string | null) {
  const creatorId = known.creatorId!;
  const { pair, columns } = settlementOf(
    known.row,
    paid(known),
    { nowMs: server.clock.now(), serviceFeeBps: server.config.serviceFeeBps, creatorId },
    null,
    known.row.savedCardId,
  );
  return writes.settle({ ...known, creatorId }, columns, pair.lines, eventId);
}

describe('compare-and-set writes of a payment', () => {
  it('a state written from a row another writer changed since is refused and changes nothing; from the row as it is, it is written', async () => {
    const { id } = await openPayment();
    const stale = await read(id);
    await touch(id);
    const columns = {
      ...stale.row,
      status: 'error' as const,
      errorCode: 'declined_here',
      errorDescription: 'no',
      redirectUrl: null,
      updatedAt: new Date(server.clock.now()),
    };
    expect(await writes.applyState(stale, columns, null)).toBeUndefined();
    expect((await read(id)).row.status).toBe('action_required');

    const current = await read(id);
    expect(current.version).not.toBe(stale.version);
    const written = await writes.applyState(current, columns, 'evt_writes_state');
    expect(written?.row).toMatchObject({ id, status: 'error', errorCode: 'declined_here' });
    // The answer carries the row's new version, which the database agrees with.
    expect(written?.version).toBe((await read(id)).version);
    const [recorded] = await db
      .select()
      .from(providerWebhookEvents)
      .where(eq(providerWebhookEvents.eventId, 'evt_writes_state'));
    expect(recorded?.paymentId).toBe(id);
  });

  it('a notification recorded already is not applied again', async () => {
    const { id } = await openPayment();
    await db.insert(providerWebhookEvents).values({ eventId: 'evt_writes_seen', paymentId: id });
    const known = await read(id);
    expect(await settle(known, 'evt_writes_seen')).toBeUndefined();
    expect((await read(id)).row.status).toBe('action_required');
    expect(await db.select().from(transactions).where(eq(transactions.paymentId, id))).toHaveLength(0);
  });

  it('a settlement for an owner the channel no longer has is refused', async () => {
    const { id } = await openPayment();
    const known = await read(id);
    expect(await settle({ ...known, creatorId: known.creatorId! + 1_000_000 }, null)).toBeUndefined();
    expect(await db.select().from(transactions).where(eq(transactions.paymentId, id))).toHaveLength(0);
  });

  it('a settlement writes the row paid and its ledger pair, which the row points at, crediting the owner', async () => {
    const { id, payerId } = await openPayment();
    const known = await read(id);
    const settled = await settle(known, 'evt_writes_paid');
    expect(settled?.row).toMatchObject({
      id,
      status: 'paid',
      errorCode: null,
      redirectUrl: null,
      cardLast4: '3220',
      settledAt: expect.any(Date),
    });
    const lines = await db.select().from(transactions).where(eq(transactions.paymentId, id));
    const buy = lines.find((line) => line.type === 'send_donation')!;
    const sell = lines.find((line) => line.type === 'get_donation')!;
    expect(lines).toHaveLength(2);
    expect(settled?.row.buyTransactionId).toBe(buy.id);
    expect(settled?.row.sellTransactionId).toBe(sell.id);
    expect(buy).toMatchObject({
      userId: payerId,
      counterpartyId: shop.creatorId,
      amount: 900,
      price: 900,
      providerFee: 27,
      currency: 'eur',
      cardLast4: '3220',
    });
    expect(sell).toMatchObject({
      userId: shop.creatorId,
      counterpartyId: payerId,
      amount: 900 - 27 - 90,
      serviceFee: 90,
    });
    // Settled once: the same write again finds a row that moved on.
    expect(await settle(known, null)).toBeUndefined();
    expect(await db.select().from(transactions).where(eq(transactions.paymentId, id))).toHaveLength(2);
  });

  it("the version is PostgreSQL's row version: every write of the row changes it", async () => {
    const { id } = await openPayment();
    const versions = [(await read(id)).version];
    for (let write = 0; write < 3; write += 1) {
      await touch(id);
      versions.push((await read(id)).version);
    }
    expect(new Set(versions).size).toBe(4);
    const [direct] = await db.select({ version: paymentVersion }).from(payments).where(eq(payments.id, id));
    expect(direct?.version).toBe(versions.at(-1));
  });
});

describe('over HTTP', () => {
  it('a notification whose compare-and-set is refused (the row was written since the server last saw it) settles the payment once', async () => {
    const { id, redirect, follower } = await openPayment();
    // Another writer (a job, another process) touches the row: the server's remembered version is stale now.
    await touch(id);
    expect((await answerChallenge(server, redirect, 'confirm')).status).toBe(200);
    expect(await check(server, follower, id)).toMatchObject({ status: 'paid', transactionId: expect.any(Number) });
    const lines = await db.select().from(transactions).where(eq(transactions.paymentId, id));
    expect(lines.map((line) => line.type).sort()).toEqual(['get_donation', 'send_donation']);
  });
});
