/**
 * Storage of the Smart Glocal double: what the real provider keeps on its side. It lives in our database (its own
 * `provider_*` tables) so sessions survive a restart of the server between a payment and its confirmation.
 * Times are epoch milliseconds.
 */
import type { Currency } from '../../../../src/domain/money';
import type { CardProfile } from './testCards';

/**
 * A session's life at the double: pending (a hosted page waits for the payer) → ready (a card is attached; waiting
 * for the merchant's session/confirm) → action_required (3-D Secure) → paid | cancelled.
 */
export type DoubleStatus = 'pending' | 'ready' | 'action_required' | 'paid' | 'cancelled';

export interface TokenRecord {
  readonly token: string;
  readonly card: CardProfile;
  readonly createdAt: number;
}

export interface RecurrentRecord {
  readonly recurrentToken: string;
  readonly card: CardProfile;
  readonly customerReference: string | null;
  readonly createdAt: number;
}

export type SessionSourceType = 'card_token' | 'recurrent' | 'hosted_page';

export interface SandboxSession {
  readonly id: string;
  readonly reference: string;
  /** The hosted page's public token (token with acquiring_widget). */
  readonly publicToken: string;
  readonly customerReference: string | null;
  /** What the merchant sent as metadata, sent back on every answer and webhook. */
  readonly metadata: unknown;
  readonly amountMinor: number;
  readonly currency: Currency;
  readonly description: string;
  readonly sourceType: SessionSourceType;
  readonly saveCard: boolean;
  readonly card: CardProfile | null;
  readonly status: DoubleStatus;
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

export type SessionPatch = Partial<
  Pick<
    SandboxSession,
    'status' | 'card' | 'errorCode' | 'errorDescription' | 'recurrentToken' | 'challengeExpiresAt' | 'updatedAt'
  >
>;

/** What a session's outcome sets (SmartGlocalDouble.move): its status, its error, its recurrent token, its clocks. */
export type SessionMove = Pick<
  SandboxSession,
  'status' | 'errorCode' | 'errorDescription' | 'recurrentToken' | 'challengeExpiresAt' | 'updatedAt'
>;

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
  /** The payout operation's id (po_...). */
  readonly id: string;
  readonly sessionId: string;
  readonly reference: string;
  readonly amountMinor: number;
  readonly currency: Currency;
  /** The payment_method as received (a card token, or bank account details). */
  readonly destination: Readonly<Record<string, unknown>>;
  readonly metadata: unknown;
  readonly status: 'ready' | 'succeeded' | 'failed';
  readonly errorCode: string | null;
  readonly errorDescription: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** When the recipient's bank returned a payout that had succeeded. */
  readonly returnedAt?: number | null;
}

export interface SandboxProviderStore {
  insertPublicToken(token: string, createdAt: number): Promise<void>;
  /** Marks an unused public token used; false when unknown or used already. */
  usePublicToken(token: string, at: number): Promise<boolean>;
  /**
   * Keeps a tokenised card. Its token is the card number's hash, so tokenising the same card again finds the row there
   * already: that is kept as it is (the card's profile is a function of its number).
   */
  insertToken(record: TokenRecord): Promise<void>;
  findToken(token: string): Promise<TokenRecord | null>;
  insertRecurrent(record: RecurrentRecord): Promise<void>;
  /** Inserts the session, or returns the one that already has this reference (first writer wins). */
  insertSession(
    session: SandboxSession,
    event: ProviderEventRecord | null,
  ): Promise<{ session: SandboxSession; created: boolean }>;
  findSession(id: string): Promise<SandboxSession | null>;
  findSessionByReference(reference: string): Promise<SandboxSession | null>;
  /**
   * What a payment's init reads, in one statement: the session already made under its idempotency key (null key: none)
   * and the card or recurrent token it pays with (null token: none): its card, and whom a recurrent token charges.
   */
  findSessionAndToken(
    reference: string | null,
    token: string | null,
    kind: 'card' | 'recurrent',
  ): Promise<{
    session: SandboxSession | null;
    token: { readonly card: CardProfile; readonly customerReference: string | null } | null;
  }>;
  findSessionByPublicToken(publicToken: string): Promise<SandboxSession | null>;
  /**
   * Compare and set: applies the patch only while the session is in one of `from`, and records the event in the same
   * write. Returns the updated session, or null when another writer moved it first.
   */
  transition(
    id: string,
    from: readonly DoubleStatus[],
    patch: SessionPatch,
    event: ProviderEventRecord | null,
  ): Promise<SandboxSession | null>;
  /** `transition` with an outcome (every field of SessionMove) and its webhook: the write each payment makes, prepared. */
  moveSession(
    id: string,
    from: readonly DoubleStatus[],
    move: SessionMove,
    event: ProviderEventRecord,
  ): Promise<SandboxSession | null>;
  /** Sessions waiting on a challenge or a hosted page, to expire them. */
  openSessions(limit: number): Promise<SandboxSession[]>;
  insertEvent(event: ProviderEventRecord): Promise<void>;
  undeliveredEvents(limit: number): Promise<ProviderEventRecord[]>;
  markEventAttempt(id: string, deliveredAt: number | null): Promise<void>;
  /** Stops retrying an event (30 minutes after it, as the reference says). */
  giveUpEvent(id: string, at: number): Promise<void>;
  /** Inserts the payout (and its ready_to_confirm event), or returns the one that already has this reference. */
  insertPayout(
    payout: PayoutRecord,
    event: ProviderEventRecord | null,
  ): Promise<{ payout: PayoutRecord; created: boolean }>;
  findPayoutBySession(sessionId: string): Promise<PayoutRecord | null>;
  /** Compare and set on a ready payout, with its event in the same write; null when it was not ready. */
  finishPayout(
    sessionId: string,
    patch: Pick<PayoutRecord, 'status' | 'errorCode' | 'errorDescription' | 'updatedAt'>,
    event: ProviderEventRecord,
  ): Promise<PayoutRecord | null>;
  /** Marks a paid session refunded (once: a second call keeps the first time). Answers it, or null when unknown. */
  markRefunded(sessionId: string, at: number): Promise<SandboxSession | null>;
  /** Sandbox only (a difference for reconciliation): the session's amount as the provider records it. */
  setSessionAmount(sessionId: string, amountMinor: number, at: number): Promise<SandboxSession | null>;
  /** Marks a succeeded payout returned by the recipient's bank (once). Answers it, or null when unknown. */
  markPayoutReturned(sessionId: string, at: number): Promise<PayoutRecord | null>;
}
