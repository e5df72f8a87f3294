/**
 * The Smart Glocal double's storage in this process's memory, for a double that runs in a process of its own for as
 * long as a load test does (scripts/bench-provider.ts): Smart Glocal's storage is on Smart Glocal's machines, and on
 * the benchmark's two cores the double's statements were ~0.5 ms of PostgreSQL's CPU per payment, taken from the
 * server being measured. Same rules as DrizzleSandboxProviderStore (tests/integration/money/providerStore.test.ts
 * runs one suite against both): first writer wins per reference, compare-and-set moves, single-use tokens. Nothing
 * survives the process and nothing is ever dropped, so it is not the sandbox's store.
 */
import type {
  DoubleStatus,
  PayoutRecord,
  ProviderEventRecord,
  RecurrentRecord,
  SandboxProviderStore,
  SandboxSession,
  SessionMove,
  SessionPatch,
  TokenRecord,
} from './store';
import type { CardProfile } from './testCards';

type TokenKind = 'public' | 'card' | 'recurrent';

interface StoredToken {
  readonly kind: TokenKind;
  readonly card: CardProfile | null;
  readonly customerReference: string | null;
  readonly createdAt: number;
  usedAt: number | null;
}

interface StoredEvent {
  event: ProviderEventRecord;
  givenUpAt: number | null;
}

const OPEN: readonly DoubleStatus[] = ['pending', 'ready', 'action_required'];

export class MemorySandboxProviderStore implements SandboxProviderStore {
  /** One token of any kind per value, as the table's primary key; lookups name the kind they want. */
  private readonly tokens = new Map<string, StoredToken>();
  private readonly sessions = new Map<string, SandboxSession>();
  private readonly sessionByReference = new Map<string, string>();
  private readonly sessionByPublicToken = new Map<string, string>();
  /** Webhook events by id; undeliveredEvents lists them by creation time, as the table's query orders them. */
  private readonly events = new Map<string, StoredEvent>();
  private readonly payouts = new Map<string, PayoutRecord>();
  private readonly payoutByReference = new Map<string, string>();

  async insertPublicToken(token: string, createdAt: number): Promise<void> {
    this.addToken(token, { kind: 'public', card: null, customerReference: null, createdAt, usedAt: null });
  }

  async usePublicToken(token: string, at: number): Promise<boolean> {
    return this.use('public', token, at);
  }

  async insertToken(record: TokenRecord): Promise<void> {
    // The same card tokenised again: the row is there already (the table's insert does nothing on the conflict).
    if (this.token('card', record.token) !== undefined) return;
    this.addToken(record.token, {
      kind: 'card',
      card: record.card,
      customerReference: null,
      createdAt: record.createdAt,
      usedAt: null,
    });
  }

  async findToken(token: string): Promise<TokenRecord | null> {
    const stored = this.token('card', token);
    return stored?.card == null ? null : { token, card: stored.card, createdAt: stored.createdAt };
  }

  async insertRecurrent(record: RecurrentRecord): Promise<void> {
    this.addToken(record.recurrentToken, {
      kind: 'recurrent',
      card: record.card,
      customerReference: record.customerReference,
      createdAt: record.createdAt,
      usedAt: null,
    });
  }

  async insertSession(
    session: SandboxSession,
    event: ProviderEventRecord | null,
  ): Promise<{ session: SandboxSession; created: boolean }> {
    const existing = this.sessionByReference.get(session.reference);
    if (existing !== undefined) return { session: this.sessions.get(existing)!, created: false };
    this.sessions.set(session.id, session);
    this.sessionByReference.set(session.reference, session.id);
    this.sessionByPublicToken.set(session.publicToken, session.id);
    if (event !== null) this.addEvent({ ...event, sessionId: session.id });
    return { session, created: true };
  }

  async findSession(id: string): Promise<SandboxSession | null> {
    return this.sessions.get(id) ?? null;
  }

  async findSessionByReference(reference: string): Promise<SandboxSession | null> {
    const id = this.sessionByReference.get(reference);
    return id === undefined ? null : this.sessions.get(id)!;
  }

  async findSessionAndToken(reference: string | null, token: string | null, kind: 'card' | 'recurrent') {
    const session = reference === null ? null : await this.findSessionByReference(reference);
    const stored = token === null ? undefined : this.token(kind, token);
    return {
      session,
      token: stored?.card == null ? null : { card: stored.card, customerReference: stored.customerReference },
    };
  }

  async findSessionByPublicToken(publicToken: string): Promise<SandboxSession | null> {
    const id = this.sessionByPublicToken.get(publicToken);
    return id === undefined ? null : this.sessions.get(id)!;
  }

  async transition(
    id: string,
    from: readonly DoubleStatus[],
    patch: SessionPatch,
    event: ProviderEventRecord | null,
  ): Promise<SandboxSession | null> {
    const session = this.sessions.get(id);
    if (session === undefined || !from.includes(session.status)) return null;
    // Only the fields the patch names, as the tables' update sets only those columns.
    const named = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as SessionPatch;
    const updated: SandboxSession = { ...session, ...named };
    this.sessions.set(id, updated);
    if (event !== null) this.addEvent({ ...event, sessionId: id });
    return updated;
  }

  moveSession(
    id: string,
    from: readonly DoubleStatus[],
    move: SessionMove,
    event: ProviderEventRecord,
  ): Promise<SandboxSession | null> {
    return this.transition(id, from, move, event);
  }

  async openSessions(limit: number): Promise<SandboxSession[]> {
    const open: SandboxSession[] = [];
    for (const session of this.sessions.values()) {
      if (open.length >= limit) break;
      if (OPEN.includes(session.status)) open.push(session);
    }
    return open;
  }

  async insertEvent(event: ProviderEventRecord): Promise<void> {
    this.addEvent(event);
  }

  async undeliveredEvents(limit: number): Promise<ProviderEventRecord[]> {
    const waiting: ProviderEventRecord[] = [];
    for (const { event, givenUpAt } of this.events.values()) {
      if (event.deliveredAt === null && givenUpAt === null) waiting.push(event);
    }
    return waiting.sort((a, b) => a.createdAt - b.createdAt).slice(0, limit);
  }

  async markEventAttempt(id: string, deliveredAt: number | null): Promise<void> {
    const stored = this.events.get(id);
    if (stored === undefined) return;
    // Delivered once stays delivered, whatever a later attempt beside it did.
    stored.event = {
      ...stored.event,
      attempts: stored.event.attempts + 1,
      deliveredAt: deliveredAt ?? stored.event.deliveredAt,
    };
  }

  async giveUpEvent(id: string, at: number): Promise<void> {
    const stored = this.events.get(id);
    if (stored !== undefined) stored.givenUpAt = at;
  }

  async insertPayout(
    payout: PayoutRecord,
    event: ProviderEventRecord | null,
  ): Promise<{ payout: PayoutRecord; created: boolean }> {
    const existing = this.payoutByReference.get(payout.reference);
    if (existing !== undefined) return { payout: this.payouts.get(existing)!, created: false };
    this.payouts.set(payout.sessionId, payout);
    this.payoutByReference.set(payout.reference, payout.sessionId);
    if (event !== null) this.addEvent(event);
    return { payout, created: true };
  }

  async findPayoutBySession(sessionId: string): Promise<PayoutRecord | null> {
    return this.payouts.get(sessionId) ?? null;
  }

  async finishPayout(
    sessionId: string,
    patch: Pick<PayoutRecord, 'status' | 'errorCode' | 'errorDescription' | 'updatedAt'>,
    event: ProviderEventRecord,
  ): Promise<PayoutRecord | null> {
    const payout = this.payouts.get(sessionId);
    if (payout === undefined || payout.status !== 'ready') return null;
    const finished: PayoutRecord = { ...payout, ...patch };
    this.payouts.set(sessionId, finished);
    this.addEvent(event);
    return finished;
  }

  async markRefunded(sessionId: string, at: number): Promise<SandboxSession | null> {
    const session = this.sessions.get(sessionId);
    if (session === undefined) return null;
    if (session.status !== 'paid' || (session.refundedAt ?? null) !== null) return session;
    const refunded: SandboxSession = { ...session, refundedAt: at, updatedAt: at };
    this.sessions.set(sessionId, refunded);
    return refunded;
  }

  async setSessionAmount(sessionId: string, amountMinor: number, at: number): Promise<SandboxSession | null> {
    const session = this.sessions.get(sessionId);
    if (session === undefined) return null;
    const changed: SandboxSession = { ...session, amountMinor, updatedAt: at };
    this.sessions.set(sessionId, changed);
    return changed;
  }

  async markPayoutReturned(sessionId: string, at: number): Promise<PayoutRecord | null> {
    const payout = this.payouts.get(sessionId);
    if (payout === undefined) return null;
    if (payout.status !== 'succeeded' || (payout.returnedAt ?? null) !== null) return payout;
    const returned: PayoutRecord = { ...payout, returnedAt: at, updatedAt: at };
    this.payouts.set(sessionId, returned);
    return returned;
  }

  private token(kind: TokenKind, token: string): StoredToken | undefined {
    const stored = this.tokens.get(token);
    return stored?.kind === kind ? stored : undefined;
  }

  private addToken(token: string, stored: StoredToken): void {
    // The table's primary key refuses a second row, so a repeat is an error here too.
    if (this.tokens.has(token)) throw new Error(`duplicate ${stored.kind} token`);
    this.tokens.set(token, stored);
  }

  private use(kind: 'public', token: string, at: number): boolean {
    const stored = this.token(kind, token);
    if (stored === undefined || stored.usedAt !== null) return false;
    stored.usedAt = at;
    return true;
  }

  private addEvent(event: ProviderEventRecord): void {
    if (this.events.has(event.id)) throw new Error(`duplicate event ${event.id}`);
    this.events.set(event.id, { event, givenUpAt: null });
  }
}
