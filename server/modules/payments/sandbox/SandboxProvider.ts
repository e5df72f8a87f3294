/**
 * The sandbox card provider: the provider's side of a payment, run inside our server so the product works offline.
 * It behaves like a hosted card gateway: cards are tokenised in the browser, charges are sessions with a public
 * token, some cards ask for a 3-D Secure challenge, link payments use a hosted page, and every final state is
 * announced to the merchant by a signed notification (retried until delivered). Card numbers and codes are read once
 * to decide the test behaviour and then dropped; only brand, BIN, last 4 digits, country and behaviour are kept.
 */
import { randomBytes } from 'node:crypto';
import cardValidator from 'card-validator';
import type {
  CreateProviderPayment, ProviderCard, ProviderPayment, ProviderPayout, ProviderPayoutRequest, ProviderSessionStatus,
} from '../PaymentProvider';
import { signPayload } from '../webhookSignature';
import type { ProviderEventRecord, SandboxProviderStore, SandboxSession, SessionPatch } from './store';
import { type CardProfile, DECLINES, maskNumber, profileOf } from './testCards';
import { type ChargeOutcome, challengeOutcome, chargeOutcome } from '../../../../src/contract/testCards';

export const PROVIDER_PREFIX = '/provider';

export interface CardInput {
  readonly cardNumber: string;
  readonly holder: string;
  readonly expiryMonth: string;
  readonly expiryYear: string;
  readonly cvc: string;
}

export interface CardInputError {
  readonly code: 'invalid_card_number' | 'invalid_expiry' | 'invalid_cvc' | 'invalid_holder';
  readonly description: string;
}

/** Delivers a signed notification to the merchant; true when the merchant acknowledged it (2xx). */
export type EventSink = (rawBody: string, signature: string) => Promise<boolean>;

export interface SandboxProviderOptions {
  readonly store: SandboxProviderStore;
  /** Epoch milliseconds (the server's clock, which the sandbox can move). */
  readonly now: () => number;
  readonly webhookSecret: string;
  readonly publicKey: string;
  readonly challengeSeconds?: number;
  readonly hostedPageSeconds?: number;
  /** The provider's fee on a paid charge in basis points (default 300 = 3%), rounded half up to a minor unit. */
  readonly feeBps?: number;
}

export interface SessionStatusView {
  readonly status: ProviderSessionStatus;
  readonly redirect_url?: string;
  readonly error_code?: string;
  readonly error_description?: string;
}

/** The sandbox provider's fee on a paid charge: 3%, rounded half up to a minor unit (the demo seed uses it too). */
export const SANDBOX_PROVIDER_FEE_BPS = 300;

export function sandboxProviderFee(amountMinor: number, feeBps: number = SANDBOX_PROVIDER_FEE_BPS): number {
  return Math.floor((amountMinor * feeBps + 5000) / 10000);
}

function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

export function toProviderCard(card: CardProfile): ProviderCard {
  return { brand: card.brand, type: card.type, bin: card.bin, last4: card.last4, country: card.country, maskedNumber: maskNumber(card.bin, card.last4, card.length) };
}

export function threeDsPath(sessionId: string): string {
  return `${PROVIDER_PREFIX}/v1/3ds/${encodeURIComponent(sessionId)}`;
}

export function hostedPagePath(sessionId: string): string {
  return `${PROVIDER_PREFIX}/v1/pay/${encodeURIComponent(sessionId)}`;
}

type Outcome = Pick<SandboxSession, 'status' | 'errorCode' | 'errorDescription' | 'challengeExpiresAt'>;

export class SandboxProvider {
  private readonly store: SandboxProviderStore;
  private readonly now: () => number;
  private readonly challengeMs: number;
  private readonly hostedPageMs: number;
  private sink: EventSink | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly options: SandboxProviderOptions) {
    this.store = options.store;
    this.now = options.now;
    this.challengeMs = (options.challengeSeconds ?? 180) * 1000;
    this.hostedPageMs = (options.hostedPageSeconds ?? 1800) * 1000;
  }

  get publicKey(): string {
    return this.options.publicKey;
  }

  /** The provider's clock (epoch ms): the server's clock, which the sandbox can move. */
  nowMs(): number {
    return this.now();
  }

  get challengeSeconds(): number {
    return this.challengeMs / 1000;
  }

  /** Where notifications go; set once the merchant's server is ready. */
  connect(sink: EventSink): void {
    this.sink = sink;
  }

  /** Waits for notifications still being sent (before closing the database). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  // ---- cards

  validateCard(input: CardInput): { ok: true; profile: CardProfile } | { ok: false; error: CardInputError } {
    const digits = input.cardNumber.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits) || !cardValidator.number(digits).isValid) {
      return { ok: false, error: { code: 'invalid_card_number', description: 'The card number is not valid' } };
    }
    // Payout cards are tokenised from the number alone (spec section 5); a payment card sends every field.
    const numberOnly = [input.expiryMonth, input.expiryYear, input.cvc, input.holder].every((value) => value.trim() === '');
    if (numberOnly) return { ok: true, profile: profileOf(digits) };
    const month = Number(input.expiryMonth);
    const rawYear = input.expiryYear.trim();
    const year = /^\d{2}$/.test(rawYear) ? 2000 + Number(rawYear) : /^\d{4}$/.test(rawYear) ? Number(rawYear) : NaN;
    const today = new Date(this.now());
    const currentMonthIndex = today.getUTCFullYear() * 12 + today.getUTCMonth();
    const expiryMonthIndex = year * 12 + (month - 1);
    if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)
      || expiryMonthIndex < currentMonthIndex || year > today.getUTCFullYear() + 19) {
      return { ok: false, error: { code: 'invalid_expiry', description: 'The expiry date is not valid' } };
    }
    const profile = profileOf(digits);
    const cvcLength = cardValidator.number(digits).card?.code.size ?? 3;
    if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) {
      return { ok: false, error: { code: 'invalid_cvc', description: 'The security code is not valid' } };
    }
    const holder = input.holder.trim();
    if (holder.length === 0 || holder.length > 255 || /^\d+$/.test(holder)) {
      return { ok: false, error: { code: 'invalid_holder', description: 'The cardholder name is not valid' } };
    }
    return { ok: true, profile };
  }

  async tokenize(input: CardInput): Promise<{ ok: true; token: string; card: ProviderCard } | { ok: false; error: CardInputError }> {
    const checked = this.validateCard(input);
    if (!checked.ok) return checked;
    const token = randomId('tok');
    await this.store.insertToken({ token, card: checked.profile, createdAt: this.now() });
    return { ok: true, token, card: toProviderCard(checked.profile) };
  }

  async describeToken(token: string): Promise<ProviderCard | null> {
    const record = await this.store.findToken(token);
    return record === null ? null : toProviderCard(record.card);
  }

  // ---- payments

  async createPayment(request: CreateProviderPayment): Promise<ProviderPayment> {
    const existing = await this.store.findSessionByReference(request.reference);
    if (existing !== null) return this.toPayment(await this.expireIfDue(existing));

    const now = this.now();
    const base = {
      id: randomId('ses'),
      reference: request.reference,
      publicToken: randomId('pub'),
      amountMinor: request.amount.minor,
      currency: request.amount.currency,
      description: request.description,
      saveCard: request.source.type === 'recurrent' ? false : request.source.save,
      recurrentToken: null,
      expiresAt: now + this.hostedPageMs,
      createdAt: now,
      updatedAt: now,
    };
    let session: SandboxSession;
    switch (request.source.type) {
      case 'hosted_page':
        session = { ...base, sourceType: 'hosted_page', card: null, status: 'pending', errorCode: null, errorDescription: null, challengeExpiresAt: null };
        break;
      case 'card_token': {
        const token = await this.store.findToken(request.source.token);
        if (token === null) {
          session = { ...base, sourceType: 'card_token', card: null, ...this.failure('invalid_token', 'Unknown or expired card token') };
          break;
        }
        session = { ...base, sourceType: 'card_token', card: token.card, ...this.decide(token.card, 'first') };
        break;
      }
      case 'recurrent': {
        const recurrent = await this.store.findRecurrent(request.source.recurrentToken);
        if (recurrent === null) {
          session = { ...base, sourceType: 'recurrent', card: null, ...this.failure('card_not_supported', DECLINES.card_not_supported) };
          break;
        }
        session = { ...base, sourceType: 'recurrent', card: recurrent.card, ...this.decide(recurrent.card, 'recurrent') };
        break;
      }
    }
    session = await this.withRecurrentTokenIfPaid(session);
    const event = session.status === 'paid' || session.status === 'cancelled' || session.status === 'error' ? this.eventFor(session) : null;
    const inserted = await this.store.insertSession(session, event);
    if (inserted.created && event !== null) this.deliverLater();
    return this.toPayment(inserted.session);
  }

  async findPayment(reference: string): Promise<ProviderPayment | null> {
    const session = await this.store.findSessionByReference(reference);
    return session === null ? null : this.toPayment(await this.expireIfDue(session));
  }

  /** The session status call the client polls with the public token header. */
  async statusByPublicToken(publicToken: string): Promise<SessionStatusView | null> {
    const found = await this.store.findSessionByPublicToken(publicToken);
    if (found === null) return null;
    const session = await this.expireIfDue(found);
    return {
      status: session.status,
      ...(session.status === 'action_required' ? { redirect_url: threeDsPath(session.id) } : {}),
      ...(session.errorCode !== null ? { error_code: session.errorCode, error_description: session.errorDescription ?? '' } : {}),
    };
  }

  async session(sessionId: string): Promise<SandboxSession | null> {
    const found = await this.store.findSession(sessionId);
    return found === null ? null : this.expireIfDue(found);
  }

  /** The payer's answer on the 3-D Secure page. Returns the session as it ends up (also when already final). */
  async completeChallenge(sessionId: string, answer: 'confirm' | 'decline' | 'timeout'): Promise<SandboxSession | null> {
    const session = await this.session(sessionId);
    if (session === null || session.status !== 'action_required' || session.card === null) return session;
    return this.finish(session, this.outcomeOf(challengeOutcome(session.card.behaviour, answer)));
  }

  /** The hosted page's card form. */
  async payHostedPage(sessionId: string, input: CardInput): Promise<{ ok: true; session: SandboxSession } | { ok: false; error: CardInputError } | null> {
    const session = await this.session(sessionId);
    if (session === null) return null;
    if (session.status !== 'pending' || session.sourceType !== 'hosted_page') return { ok: true, session };
    const checked = this.validateCard(input);
    if (!checked.ok) return checked;
    const outcome = this.decide(checked.profile, 'first');
    const patch: SessionPatch = { ...outcome, card: checked.profile, updatedAt: this.now() };
    if (outcome.status === 'action_required') {
      const updated = await this.store.transition(session.id, ['pending'], patch, null);
      return { ok: true, session: updated ?? (await this.store.findSession(session.id)) ?? session };
    }
    const final = await this.finish({ ...session, card: checked.profile }, outcome, patch);
    return { ok: true, session: final };
  }

  /** Housekeeping a real provider does on its own: time out challenges and pages, retry notifications. */
  async sweep(): Promise<void> {
    for (const session of await this.store.openSessions(500)) await this.expireIfDue(session);
    await this.deliverPending();
  }

  async createPayout(request: ProviderPayoutRequest): Promise<ProviderPayout> {
    const record = await this.store.insertPayout({
      id: randomId('po'),
      reference: request.reference,
      amountMinor: request.amount.minor,
      currency: request.amount.currency,
      destination: request.destination,
      createdAt: this.now(),
    });
    return { payoutId: record.id, reference: record.reference, status: 'accepted' };
  }

  /** Refunds a paid charge in full, once. */
  async refund(reference: string): Promise<'refunded' | 'not_refundable'> {
    const session = await this.store.markRefunded(reference, this.now());
    return session !== null && session.status === 'paid' ? 'refunded' : 'not_refundable';
  }

  toPayment(session: SandboxSession): ProviderPayment {
    return {
      sessionId: session.id,
      reference: session.reference,
      publicToken: session.publicToken,
      status: session.status,
      ...(session.status === 'action_required' ? { redirectUrl: threeDsPath(session.id) } : {}),
      ...(session.sourceType === 'hosted_page' ? { hostedPageUrl: hostedPagePath(session.id) } : {}),
      ...(session.errorCode !== null ? { errorCode: session.errorCode, errorDescription: session.errorDescription ?? '' } : {}),
      ...(session.card !== null ? { card: toProviderCard(session.card) } : {}),
      ...(session.recurrentToken !== null ? { recurrentToken: session.recurrentToken } : {}),
      ...(session.status === 'paid' ? { providerFee: sandboxProviderFee(session.amountMinor, this.options.feeBps) } : {}),
    };
  }

  // ---- internals

  private failure(code: string, description: string): Outcome {
    return { status: 'cancelled', errorCode: code, errorDescription: description, challengeExpiresAt: null };
  }

  /** What the card does on a first (payer present) or recurrent charge (the shared table: src/contract/testCards.ts). */
  private decide(card: CardProfile, charge: 'first' | 'recurrent'): Outcome {
    return this.outcomeOf(chargeOutcome(card.behaviour, charge));
  }

  private outcomeOf(outcome: ChargeOutcome): Outcome {
    switch (outcome.status) {
      case 'paid':
        return { status: 'paid', errorCode: null, errorDescription: null, challengeExpiresAt: null };
      case 'action_required':
        return { status: 'action_required', errorCode: null, errorDescription: null, challengeExpiresAt: this.now() + this.challengeMs };
      case 'declined':
        return this.failure(outcome.code, outcome.description);
    }
  }

  private async withRecurrentTokenIfPaid(session: SandboxSession): Promise<SandboxSession> {
    if (session.status !== 'paid' || !session.saveCard || session.card === null || session.recurrentToken !== null) return session;
    const recurrentToken = randomId('rec');
    await this.store.insertRecurrent({ recurrentToken, card: session.card, createdAt: this.now() });
    return { ...session, recurrentToken };
  }

  /** Moves an open session to its final outcome once, records the notification and sends it. */
  private async finish(session: SandboxSession, outcome: Outcome, extra: SessionPatch = {}): Promise<SandboxSession> {
    const final = await this.withRecurrentTokenIfPaid({ ...session, ...outcome, ...extra, updatedAt: this.now() });
    const patch: SessionPatch = {
      ...extra, ...outcome, recurrentToken: final.recurrentToken, updatedAt: final.updatedAt,
    };
    const updated = await this.store.transition(session.id, ['pending', 'action_required'], patch, this.eventFor(final));
    if (updated === null) return (await this.store.findSession(session.id)) ?? session;
    // Wait for the notification so the merchant knows before the payer's page moves on; when called from inside a
    // delivery (the merchant asking back), send it afterwards instead of waiting on ourselves.
    if (this.delivering === null) await this.deliverPending();
    else this.deliverLater();
    return updated;
  }

  private async expireIfDue(session: SandboxSession): Promise<SandboxSession> {
    const now = this.now();
    if (session.status === 'action_required' && session.challengeExpiresAt !== null && session.challengeExpiresAt <= now) {
      return this.finish(session, this.failure('3ds_timeout', DECLINES['3ds_timeout']));
    }
    if (session.status === 'pending' && session.sourceType === 'hosted_page' && session.expiresAt <= now) {
      return this.finish(session, this.failure('session_expired', DECLINES.session_expired));
    }
    return session;
  }

  private eventFor(session: SandboxSession): ProviderEventRecord {
    const id = randomId('evt');
    const createdAt = this.now();
    const body = JSON.stringify({ id, type: 'session.updated', created_at: Math.floor(createdAt / 1000), data: this.toPayment(session) });
    return { id, sessionId: session.id, body, createdAt, attempts: 0, deliveredAt: null };
  }

  private deliverLater(): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.deliverPending());
    this.track(task);
  }

  private track(task: Promise<void>): void {
    const guarded = task.catch(() => undefined);
    this.inFlight.add(guarded);
    void guarded.finally(() => this.inFlight.delete(guarded));
  }

  private delivering: Promise<void> | null = null;

  /** Sends every undelivered notification, one sender at a time. */
  async deliverPending(): Promise<void> {
    if (this.sink === null) return;
    while (this.delivering !== null) await this.delivering;
    const run = (async () => {
      const sink = this.sink;
      if (sink === null) return;
      for (const event of await this.store.undeliveredEvents(100)) {
        const signature = signPayload(this.options.webhookSecret, event.body, Math.floor(this.now() / 1000));
        const delivered = await sink(event.body, signature).catch(() => false);
        await this.store.markEventAttempt(event.id, delivered ? this.now() : null);
      }
    })();
    this.delivering = run;
    try {
      await run;
    } finally {
      this.delivering = null;
    }
  }
}
