/**
 * The Smart Glocal double's two stores keep the same rules: the provider_* tables (DrizzleSandboxProviderStore, what
 * the sandbox runs) and memory (MemorySandboxProviderStore, the benchmark's double in a process of its own). One
 * suite, run against each.
 */
import { randomUUID } from 'node:crypto';
import { DrizzleSandboxProviderStore } from '../../../server/modules/payments/sandbox/DrizzleSandboxProviderStore';
import { MemorySandboxProviderStore } from '../../../server/modules/payments/sandbox/MemorySandboxProviderStore';
import type {
  PayoutRecord,
  ProviderEventRecord,
  SandboxProviderStore,
  SandboxSession,
} from '../../../server/modules/payments/sandbox/store';
import type { CardProfile } from '../../../server/modules/payments/sandbox/testCards';
import { moneyDbForFile } from './support/moneyDb';

const db = moneyDbForFile();

const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const CARD: CardProfile = {
  brand: 'visa',
  type: 'debit',
  bin: '424242',
  last4: '4242',
  country: 'DE',
  behaviour: 'success',
  length: 16,
};
const unique = (prefix: string) => `${prefix}_${randomUUID()}`;

function session(overrides: Partial<SandboxSession> = {}): SandboxSession {
  return {
    id: unique('ps'),
    reference: unique('key'),
    publicToken: unique('pub'),
    customerReference: 'user_7',
    metadata: { reference: 'pay_1', description: 'Donation' },
    amountMinor: 500,
    currency: 'usd',
    description: 'Donation',
    sourceType: 'recurrent',
    saveCard: false,
    card: CARD,
    status: 'ready',
    errorCode: null,
    errorDescription: null,
    recurrentToken: null,
    challengeExpiresAt: null,
    expiresAt: T0 + 3_600_000,
    createdAt: T0,
    updatedAt: T0,
    refundedAt: null,
    ...overrides,
  };
}

const event = (sessionId: string, at = T0): ProviderEventRecord => ({
  id: unique('evt'),
  sessionId,
  body: JSON.stringify({ type: 'ready_to_confirm' }),
  createdAt: at,
  attempts: 0,
  deliveredAt: null,
});

async function waitingEvents(store: SandboxProviderStore, sessionId: string): Promise<ProviderEventRecord[]> {
  return (await store.undeliveredEvents(1000)).filter((candidate) => candidate.sessionId === sessionId);
}

describe.each([
  ['the provider_* tables', () => new DrizzleSandboxProviderStore(db())],
  ['memory', () => new MemorySandboxProviderStore()],
] as const)("the double's store in %s", (_name, makeStore) => {
  let store: SandboxProviderStore;
  beforeEach(() => {
    store = makeStore();
  });

  it('keeps the first session per reference, with its event, and finds it by id, reference and public token', async () => {
    const first = session();
    const firstEvent = event(first.id);
    expect(await store.insertSession(first, firstEvent)).toEqual({ session: first, created: true });
    const second = session({ reference: first.reference, amountMinor: 900 });
    expect(await store.insertSession(second, event(second.id))).toEqual({ session: first, created: false });
    expect(await store.findSession(first.id)).toEqual(first);
    expect(await store.findSession(second.id)).toBeNull();
    expect(await store.findSessionByReference(first.reference)).toEqual(first);
    expect(await store.findSessionByPublicToken(first.publicToken)).toEqual(first);
    expect(await store.findSessionByPublicToken(unique('pub'))).toBeNull();
    expect(await waitingEvents(store, first.id)).toEqual([firstEvent]);
    expect(await waitingEvents(store, second.id)).toEqual([]);
  });

  it('answers the session under a key and the token of the kind asked for, in one lookup', async () => {
    const recurrent = unique('rec');
    await store.insertRecurrent({ recurrentToken: recurrent, card: CARD, customerReference: 'user_7', createdAt: T0 });
    const stored = session();
    await store.insertSession(stored, null);
    expect(await store.findSessionAndToken(stored.reference, recurrent, 'recurrent')).toEqual({
      session: stored,
      token: { card: CARD, customerReference: 'user_7' },
    });
    expect(await store.findSessionAndToken(null, recurrent, 'card')).toEqual({ session: null, token: null });
    expect(await store.findSessionAndToken(unique('key'), null, 'recurrent')).toEqual({ session: null, token: null });
  });

  it('keeps a card tokenised twice once, and lets a public token be used once, each only as its own kind', async () => {
    const card = unique('tok');
    const publicToken = unique('pub');
    await store.insertToken({ token: card, card: CARD, createdAt: T0 });
    // The same card again (its number_hash is the same): the first row stays.
    await store.insertToken({ token: card, card: CARD, createdAt: T0 + 5 });
    await store.insertPublicToken(publicToken, T0);
    expect(await store.findToken(card)).toEqual({ token: card, card: CARD, createdAt: T0 });
    expect(await store.findToken(publicToken)).toBeNull();
    expect(await store.usePublicToken(card, T0)).toBe(false);
    expect(await store.usePublicToken(publicToken, T0)).toBe(true);
    expect(await store.usePublicToken(publicToken, T0)).toBe(false);
  });

  it('moves a session only from the statuses named, with its webhook, and lists the open ones', async () => {
    const ready = session();
    const paidAlready = session({ status: 'paid' });
    await store.insertSession(ready, null);
    await store.insertSession(paidAlready, null);
    const move = {
      status: 'paid' as const,
      errorCode: null,
      errorDescription: null,
      recurrentToken: 'rt_1',
      challengeExpiresAt: null,
      updatedAt: T0 + 5,
    };
    expect(await store.moveSession(ready.id, ['pending'], move, event(ready.id))).toBeNull();
    expect(await waitingEvents(store, ready.id)).toEqual([]);
    const open = (await store.openSessions(1000)).map((candidate) => candidate.id);
    expect(open).toContain(ready.id);
    expect(open).not.toContain(paidAlready.id);
    const finished = event(ready.id);
    expect(await store.moveSession(ready.id, ['ready', 'action_required'], move, finished)).toEqual({
      ...ready,
      ...move,
    });
    expect(await store.findSession(ready.id)).toEqual({ ...ready, ...move });
    expect(await waitingEvents(store, ready.id)).toEqual([finished]);
    expect((await store.openSessions(1000)).map((candidate) => candidate.id)).not.toContain(ready.id);
    expect(await store.transition(ready.id, ['ready'], { status: 'cancelled' }, null)).toBeNull();
    expect(await store.transition(unique('ps'), ['ready'], { status: 'cancelled' }, null)).toBeNull();
  });

  it('counts delivery attempts, keeps a delivered event delivered, and stops retrying one given up', async () => {
    const stored = session();
    await store.insertSession(stored, null);
    const later = event(stored.id, T0 + 10);
    const earlier = event(stored.id, T0);
    await store.insertEvent(later);
    await store.insertEvent(earlier);
    expect(await waitingEvents(store, stored.id)).toEqual([earlier, later]);
    await store.markEventAttempt(earlier.id, null);
    expect(await waitingEvents(store, stored.id)).toEqual([{ ...earlier, attempts: 1 }, later]);
    await store.markEventAttempt(earlier.id, T0 + 20);
    // A failed attempt that ends after the delivery (a sweep beside it) does not bring it back.
    await store.markEventAttempt(earlier.id, null);
    expect(await waitingEvents(store, stored.id)).toEqual([later]);
    await store.giveUpEvent(later.id, T0 + 30);
    expect(await waitingEvents(store, stored.id)).toEqual([]);
  });

  it('keeps the first payout per reference and finishes a ready one once', async () => {
    const payout: PayoutRecord = {
      id: unique('po'),
      sessionId: unique('ps'),
      reference: unique('key'),
      amountMinor: 1200,
      currency: 'eur',
      destination: { type: 'card', token: 'tok_1' },
      metadata: { reference: 'wd_1' },
      status: 'ready',
      errorCode: null,
      errorDescription: null,
      createdAt: T0,
      updatedAt: T0,
    };
    const ready = event(payout.sessionId);
    expect(await store.insertPayout(payout, ready)).toEqual({ payout, created: true });
    expect(
      await store.insertPayout({ ...payout, id: unique('po'), sessionId: unique('ps'), amountMinor: 1 }, null),
    ).toEqual({ payout, created: false });
    expect(await waitingEvents(store, payout.sessionId)).toEqual([ready]);
    const patch = { status: 'succeeded' as const, errorCode: null, errorDescription: null, updatedAt: T0 + 5 };
    expect(await store.finishPayout(payout.sessionId, patch, event(payout.sessionId))).toEqual({ ...payout, ...patch });
    expect(
      await store.finishPayout(payout.sessionId, { ...patch, status: 'failed' }, event(payout.sessionId)),
    ).toBeNull();
    expect(await store.findPayoutBySession(payout.sessionId)).toEqual({ ...payout, ...patch });
    expect(await store.findPayoutBySession(unique('ps'))).toBeNull();
    // The bank returns it later (reconciliation's payout_returned), once.
    const returned = { ...payout, ...patch, returnedAt: T0 + 50, updatedAt: T0 + 50 };
    expect(await store.markPayoutReturned(payout.sessionId, T0 + 50)).toEqual(returned);
    expect(await store.markPayoutReturned(payout.sessionId, T0 + 60)).toEqual(returned);
    expect(await store.markPayoutReturned(unique('ps'), T0)).toBeNull();
  });

  it('changes the amount it records for a session (reconciliation: an amount that differs)', async () => {
    const paid = session({ status: 'paid' });
    await store.insertSession(paid, null);
    expect(await store.setSessionAmount(paid.id, 499, T0 + 10)).toEqual({
      ...paid,
      amountMinor: 499,
      updatedAt: T0 + 10,
    });
    expect(await store.findSession(paid.id)).toEqual({ ...paid, amountMinor: 499, updatedAt: T0 + 10 });
    expect(await store.setSessionAmount(unique('ps'), 1, T0)).toBeNull();
  });

  it('marks a paid session refunded once and leaves other sessions as they are', async () => {
    const paid = session({ status: 'paid' });
    const ready = session();
    await store.insertSession(paid, null);
    await store.insertSession(ready, null);
    expect(await store.markRefunded(paid.id, T0 + 100)).toEqual({ ...paid, refundedAt: T0 + 100, updatedAt: T0 + 100 });
    expect(await store.markRefunded(paid.id, T0 + 200)).toEqual({ ...paid, refundedAt: T0 + 100, updatedAt: T0 + 100 });
    expect(await store.markRefunded(ready.id, T0 + 100)).toEqual(ready);
    expect(await store.markRefunded(unique('ps'), T0)).toBeNull();
  });
});
