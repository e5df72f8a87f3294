/**
 * Storage of the sandbox provider: what a real provider keeps on its side. It lives in our database (its own
 * `provider_*` tables) so sessions survive a restart of the server between a payment and its confirmation.
 * Times are epoch milliseconds.
 */
import type { Currency } from '../../../../src/domain/money';
import type { ProviderSessionStatus } from '../PaymentProvider';
import type { CardProfile } from './testCards';

export interface TokenRecord {
  readonly token: string;
  readonly card: CardProfile;
  readonly createdAt: number;
}

export interface RecurrentRecord {
  readonly recurrentToken: string;
  readonly card: CardProfile;
  readonly createdAt: number;
}

export type SessionSourceType = 'card_token' | 'recurrent' | 'hosted_page';

export interface SandboxSession {
  readonly id: string;
  readonly reference: string;
  readonly publicToken: string;
  readonly amountMinor: number;
  readonly currency: Currency;
  readonly description: string;
  readonly sourceType: SessionSourceType;
  readonly saveCard: boolean;
  readonly card: CardProfile | null;
  readonly status: ProviderSessionStatus;
  readonly errorCode: string | null;
  readonly errorDescription: string | null;
  readonly recurrentToken: string | null;
  /** While a 3-D Secure challenge waits: when it auto-declines. */
  readonly challengeExpiresAt: number | null;
  /** When an unpaid session (hosted page) expires. */
  readonly expiresAt: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** When a paid charge was refunded in full. */
  readonly refundedAt?: number | null;
}

export type SessionPatch = Partial<Pick<SandboxSession,
  'status' | 'card' | 'errorCode' | 'errorDescription' | 'recurrentToken' | 'challengeExpiresAt' | 'updatedAt'>>;

export interface ProviderEventRecord {
  readonly id: string;
  readonly sessionId: string;
  /** The JSON body sent to the merchant. */
  readonly body: string;
  readonly createdAt: number;
  readonly attempts: number;
  readonly deliveredAt: number | null;
}

export interface PayoutRecord {
  readonly id: string;
  readonly reference: string;
  readonly amountMinor: number;
  readonly currency: Currency;
  readonly destination: Readonly<Record<string, string>>;
  readonly createdAt: number;
}

export interface SandboxProviderStore {
  insertToken(record: TokenRecord): Promise<void>;
  findToken(token: string): Promise<TokenRecord | null>;
  insertRecurrent(record: RecurrentRecord): Promise<void>;
  findRecurrent(recurrentToken: string): Promise<RecurrentRecord | null>;
  /** Inserts the session, or returns the one that already has this reference (first writer wins). */
  insertSession(session: SandboxSession, event: ProviderEventRecord | null): Promise<{ session: SandboxSession; created: boolean }>;
  findSession(id: string): Promise<SandboxSession | null>;
  findSessionByReference(reference: string): Promise<SandboxSession | null>;
  findSessionByPublicToken(publicToken: string): Promise<SandboxSession | null>;
  /**
   * Compare and set: applies the patch only while the session is in one of `from`, and records the event in the same
   * write. Returns the updated session, or null when another writer moved it first.
   */
  transition(id: string, from: readonly ProviderSessionStatus[], patch: SessionPatch, event: ProviderEventRecord | null): Promise<SandboxSession | null>;
  /** Sessions waiting on a challenge or a hosted page, to expire them. */
  openSessions(limit: number): Promise<SandboxSession[]>;
  undeliveredEvents(limit: number): Promise<ProviderEventRecord[]>;
  markEventAttempt(id: string, deliveredAt: number | null): Promise<void>;
  /** Inserts the payout, or returns the one that already has this reference. */
  insertPayout(payout: PayoutRecord): Promise<PayoutRecord>;
  /** Marks a paid session refunded (once: a second call keeps the first time). Answers it, or null when unknown. */
  markRefunded(reference: string, at: number): Promise<SandboxSession | null>;
}

/** In-memory store for unit tests and tools. */
export class InMemorySandboxProviderStore implements SandboxProviderStore {
  private readonly tokens = new Map<string, TokenRecord>();
  private readonly recurrents = new Map<string, RecurrentRecord>();
  private readonly sessions = new Map<string, SandboxSession>();
  private readonly events = new Map<string, ProviderEventRecord>();
  private readonly payouts = new Map<string, PayoutRecord>();

  async insertToken(record: TokenRecord): Promise<void> {
    this.tokens.set(record.token, record);
  }
  async findToken(token: string): Promise<TokenRecord | null> {
    return this.tokens.get(token) ?? null;
  }
  async insertRecurrent(record: RecurrentRecord): Promise<void> {
    this.recurrents.set(record.recurrentToken, record);
  }
  async findRecurrent(recurrentToken: string): Promise<RecurrentRecord | null> {
    return this.recurrents.get(recurrentToken) ?? null;
  }
  async insertSession(session: SandboxSession, event: ProviderEventRecord | null): Promise<{ session: SandboxSession; created: boolean }> {
    const existing = [...this.sessions.values()].find((candidate) => candidate.reference === session.reference);
    if (existing !== undefined) return { session: existing, created: false };
    this.sessions.set(session.id, session);
    if (event !== null) this.events.set(event.id, event);
    return { session, created: true };
  }
  async findSession(id: string): Promise<SandboxSession | null> {
    return this.sessions.get(id) ?? null;
  }
  async findSessionByReference(reference: string): Promise<SandboxSession | null> {
    return [...this.sessions.values()].find((session) => session.reference === reference) ?? null;
  }
  async findSessionByPublicToken(publicToken: string): Promise<SandboxSession | null> {
    return [...this.sessions.values()].find((session) => session.publicToken === publicToken) ?? null;
  }
  async transition(id: string, from: readonly ProviderSessionStatus[], patch: SessionPatch, event: ProviderEventRecord | null): Promise<SandboxSession | null> {
    const current = this.sessions.get(id);
    if (current === undefined || !from.includes(current.status)) return null;
    const next = { ...current, ...patch };
    this.sessions.set(id, next);
    if (event !== null) this.events.set(event.id, event);
    return next;
  }
  async openSessions(limit: number): Promise<SandboxSession[]> {
    return [...this.sessions.values()].filter((session) => session.status === 'pending' || session.status === 'action_required').slice(0, limit);
  }
  async undeliveredEvents(limit: number): Promise<ProviderEventRecord[]> {
    return [...this.events.values()].filter((event) => event.deliveredAt === null).slice(0, limit);
  }
  async markEventAttempt(id: string, deliveredAt: number | null): Promise<void> {
    const event = this.events.get(id);
    if (event !== undefined) this.events.set(id, { ...event, attempts: event.attempts + 1, deliveredAt });
  }
  async insertPayout(payout: PayoutRecord): Promise<PayoutRecord> {
    const existing = this.payouts.get(payout.reference);
    if (existing !== undefined) return existing;
    this.payouts.set(payout.reference, payout);
    return payout;
  }
  async markRefunded(reference: string, at: number): Promise<SandboxSession | null> {
    const session = await this.findSessionByReference(reference);
    if (session === null) return null;
    if (session.status !== 'paid' || (session.refundedAt ?? null) !== null) return session;
    const refunded = { ...session, refundedAt: at };
    this.sessions.set(session.id, refunded);
    return refunded;
  }
}
