/**
 * The PaymentProvider port over Smart Glocal's API v1 (protocol.ts), for their demo and live servers and for the
 * sandbox's double alike: the double speaks the same protocol, so this is the code every payment test runs.
 *
 * Flows (README "Smart Glocal"):
 * - card or saved card: session/init/payment (idempotency key = our payment id) → ready_to_confirm → session/confirm →
 *   action_required (3-D Secure redirect) → payment_finished;
 * - link payment: session/create, then `token` with acquiring_widget for the hosted page's public token;
 * - payout: session/init/payout → ready_to_confirm → session/confirm → payment_finished;
 * - refund: session/refund → payment_refunded;
 * - reconciliation (../reconciliation.ts): session/status for each session, the reference's only read of one (it has
 *   no call that lists sessions). A payout the recipient's bank returned (payouts/payout-refunds: `payment_refunded`
 *   naming the payout) is assumed to carry an accepted `refunds[]` entry on its operation, as a refunded payment does.
 * Our payment id travels in `metadata.reference` and comes back on every answer and webhook.
 */
import type { KeyObject } from 'node:crypto';
import type { CardBrand } from '../../../../src/domain/entities';
import { CARD_BRANDS } from '../../../../src/domain/entities';
import { AppError } from '../../../platform/errors';
import { httpRequest } from '../../../platform/http/httpClient';
import type {
  CardTokenization,
  CreateProviderPayment,
  PaymentProvider,
  ProviderCard,
  ProviderEvent,
  ProviderPayment,
  ProviderPayout,
  ProviderPayoutRequest,
  VerifiedEvent,
} from '../PaymentProvider';
import { CURRENCIES, type Currency, type Money, money } from '../../../../src/domain/money';
import {
  API_PREFIX,
  type AcquiringPayment,
  type AmountDetails,
  type ApiError,
  type CardInfo,
  type CreateSessionBody,
  IDEMPOTENCY_HEADER,
  type InitPaymentBody,
  type InitPayoutBody,
  type Method,
  PROJECT_HEADER,
  type PaymentSession,
  type PayoutMethod,
  SIGN_HEADER,
  type SignatureEncoding,
  type TokenBody,
  WEBHOOK_TYPES,
  type Webhook,
  referenceOf,
  signOffLoop,
  verify,
} from './protocol';

export interface HttpAnswer {
  status: number;
  json(): Promise<unknown>;
}
export type HttpPost = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<HttpAnswer>;

export interface SmartGlocalSettings {
  /** https://demo.smart-glocal.com, https://proxy.smart-glocal.com, or the sandbox's double; read per call (it may be the listening address). */
  readonly baseUrl: () => string;
  /** Where browsers tokenise cards (X-PUBLIC-TOKEN). */
  readonly tokenizeUrl: () => string;
  /** The hosted payment page; the public token is appended. */
  readonly paymentPageUrl: () => string;
  readonly project: string;
  /** Ours: signs requests. */
  readonly privateKey: KeyObject;
  /** Smart Glocal's: verifies webhooks. */
  readonly providerPublicKey: KeyObject;
  /** Smart Glocal's fee on a paid charge per our agreement, in basis points (the API does not report it). */
  readonly feeBps: number;
  /** How our X-PARTNER-SIGN is written (SMART_GLOCAL_SIGNATURE_ENCODING); theirs is verified in either. */
  readonly signatureEncoding?: SignatureEncoding;
  readonly post?: HttpPost;
  readonly timeoutMs?: number;
}

/** A webhook whose session changed longer ago than this is refused (a replay); session/status still tells the truth. */
export const WEBHOOK_MAX_AGE_MS = 5 * 60_000;

/** Smart Glocal refused a request (an `error` answer): the code and description it gave. */
export class SmartGlocalError extends Error {
  override readonly name = 'SmartGlocalError';
  constructor(
    readonly code: string,
    readonly description: string,
    readonly httpStatus: number,
  ) {
    super(`Smart Glocal: ${code}: ${description}`);
  }
}

/** Smart Glocal refused the request (4xx, an `error` answer): a definite no, as opposed to a provider that did not answer. */
const refused = (error: SmartGlocalError): boolean => error.httpStatus < 500;
const unknownSession = (error: SmartGlocalError): boolean => error.httpStatus === 404;

/** Runs a call; a Smart Glocal refusal that `when` matches becomes the answer of `instead`, anything else goes on up. */
async function onRefusal<T>(
  run: () => Promise<T>,
  when: (error: SmartGlocalError) => boolean,
  instead: (error: SmartGlocalError) => T | Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SmartGlocalError && when(error)) return instead(error);
    throw error;
  }
}

export function providerFee(amountMinor: number, feeBps: number): number {
  return Math.floor((amountMinor * feeBps + 5000) / 10000);
}

const BRAND_SET = new Set<string>(CARD_BRANDS);
const CURRENCY_SET = new Set<string>(CURRENCIES);

function brandOf(value: string | undefined): CardBrand {
  const lower = (value ?? '').toLowerCase();
  return (BRAND_SET.has(lower) ? lower : 'unknown') as CardBrand;
}

export function cardOf(info: CardInfo | undefined): ProviderCard | undefined {
  if (info === undefined || typeof info.last4 !== 'string') return undefined;
  const bin = typeof info.bin === 'string' ? info.bin : '';
  return {
    brand: brandOf(info.brand),
    type: 'debit',
    bin,
    last4: info.last4,
    country: typeof info.issuer_country === 'string' ? info.issuer_country.toUpperCase() : '',
    maskedNumber: `${bin}${'*'.repeat(Math.max(16 - bin.length - 4, 0))}${info.last4}`,
  };
}

function latest<T extends { created_at: string }>(operations: readonly T[] | undefined): T | undefined {
  if (operations === undefined || operations.length === 0) return undefined;
  return [...operations].sort((a, b) => a.created_at.localeCompare(b.created_at)).at(-1);
}

/** The operation's amount as the provider records it (a currency we do not know is left out). */
function amountOf(operation: { amount_details?: AmountDetails } | undefined): { amount?: Money } {
  const details = operation?.amount_details;
  if (details === undefined || !Number.isSafeInteger(details.amount)) return {};
  const currency = String(details.currency).toLowerCase();
  return CURRENCY_SET.has(currency) ? { amount: money(details.amount, currency as Currency) } : {};
}

function errorFields(error: ApiError | undefined, fallback: string): { errorCode: string; errorDescription: string } {
  return {
    errorCode: error?.code ?? fallback,
    errorDescription: error?.description ?? 'The payment did not go through',
  };
}

export class SmartGlocalProvider implements PaymentProvider {
  private readonly post: HttpPost;

  constructor(private readonly settings: SmartGlocalSettings) {
    this.post = settings.post ?? httpRequest;
  }

  // ---- payments

  async createPayment(request: CreateProviderPayment): Promise<ProviderPayment> {
    const common = {
      amount_details: { amount: request.amount.minor, currency: request.amount.currency },
      customer: { reference: request.customerReference },
      metadata: { reference: request.reference, description: request.description },
    };
    const save = request.source.type !== 'recurrent' && request.source.save;
    const options = {
      ...(save ? { recurrent: true } : {}),
      ...(request.returnUrl !== undefined ? { return_url: request.returnUrl } : {}),
    };
    const payment_options = Object.keys(options).length > 0 ? { payment_options: options } : {};
    // A refused request (a used or unknown card token, a revoked recurrent token) ends the payment with Smart Glocal's
    // code; transport failures and 5xx stay errors so the caller may retry with the same key.
    return onRefusal(
      async () => {
        if (request.source.type === 'hosted_page') {
          const body: CreateSessionBody = { ...common, ...payment_options };
          const session = await this.session('session/create', body, request.reference);
          const widget: TokenBody = {
            acquiring_widget: {
              session_id: session.id,
              locale: 'en',
              ...(request.returnUrl !== undefined
                ? { success_return_url: request.returnUrl, failure_return_url: request.returnUrl }
                : {}),
            },
          };
          const { public_token: publicToken } = await this.call<{ public_token: string }>('token', widget);
          return {
            ...this.toPayment(session, request.reference),
            hostedPageUrl: `${this.settings.paymentPageUrl()}/${encodeURIComponent(publicToken)}`,
          };
        }
        const body: InitPaymentBody = {
          ...common,
          payment_details:
            request.source.type === 'card_token'
              ? {
                  type: 'card',
                  card: { type: 'encrypted_card', encrypted_card: { number_hash: request.source.token } },
                }
              : {
                  type: 'recurrent',
                  recurrent: {
                    token: request.source.recurrentToken,
                    initiator: request.source.initiator === 'merchant' ? 'merchant' : 'client',
                  },
                },
          ...payment_options,
        };
        return this.toPayment(await this.session('session/init/payment', body, request.reference), request.reference);
      },
      refused,
      (error) => ({
        sessionId: null,
        reference: request.reference,
        status: 'cancelled',
        errorCode: error.code,
        errorDescription: error.description,
      }),
    );
  }

  async findPayment(reference: string, sessionId: string | null): Promise<ProviderPayment | null> {
    if (sessionId === null) return null;
    return onRefusal(
      async () => this.toPayment(await this.session('session/status', { session_id: sessionId }), reference),
      unknownSession,
      () => null,
    );
  }

  async confirmPayment(sessionId: string): Promise<ProviderPayment> {
    const session = await this.confirm(sessionId);
    const reference = referenceOf(latest(session.acquiring_payments) ?? {});
    if (reference === null)
      throw new SmartGlocalError('bad_response', 'session/confirm answered without our reference', 502);
    return this.toPayment(session, reference);
  }

  async refundPayment(sessionId: string): Promise<'refunded' | 'not_refundable'> {
    return onRefusal(
      async () => {
        await this.session('session/refund', { session_id: sessionId });
        return 'refunded' as const;
      },
      refused,
      () => 'not_refundable' as const,
    );
  }

  // ---- cards

  async cardTokenization(locale: string): Promise<CardTokenization> {
    const body: TokenBody = { tokenize_widget: { access: 'card', locale } };
    const { public_token: publicToken } = await this.call<{ public_token: string }>('token', body);
    return { publicToken, tokenizeUrl: this.settings.tokenizeUrl() };
  }

  async describeToken(token: string): Promise<ProviderCard | null> {
    return onRefusal(
      async () => {
        const { info } = await this.call<{ info: CardInfo }>('token/info', {
          type: 'card',
          card: { type: 'encrypted_card', encrypted_card: { number_hash: token } },
        });
        return cardOf(info) ?? null;
      },
      refused,
      () => null,
    );
  }

  // ---- payouts

  async createPayout(request: ProviderPayoutRequest): Promise<ProviderPayout> {
    const { destination } = request;
    const method: PayoutMethod =
      destination.type === 'card'
        ? { type: 'card', card: { type: 'encrypted_card', encrypted_card: { number_hash: destination.cardToken } } }
        : destination.type === 'ru_account'
          ? {
              type: 'bank_account',
              bank_account: {
                system_type: 'ru',
                ru: {
                  bik: destination.bik,
                  account: destination.account,
                  full_name: destination.holderName,
                  description: destination.description,
                  ...(destination.inn ? { inn: destination.inn } : {}),
                },
              },
            }
          : {
              type: 'bank_account',
              bank_account: {
                system_type: 'global',
                global: { iban: destination.iban, description: destination.description },
              },
            };
    const body: InitPayoutBody = {
      payment_method: method,
      amount_details: { amount: request.amount.minor, currency: request.amount.currency },
      participant_details: { recipient: { full_name: destination.holderName } },
      metadata: { reference: request.reference },
    };
    return onRefusal(
      async () => this.toPayout(await this.session('session/init/payout', body, request.reference), request.reference),
      refused,
      (error) => ({
        sessionId: null,
        reference: request.reference,
        status: 'failed',
        errorCode: error.code,
        errorDescription: error.description,
      }),
    );
  }

  async findPayout(sessionId: string): Promise<ProviderPayout | null> {
    return onRefusal(
      async () => {
        const session = await this.session('session/status', { session_id: sessionId });
        return this.toPayout(session, referenceOf(latest(session.payments) ?? {}) ?? '');
      },
      unknownSession,
      () => null,
    );
  }

  async confirmPayout(sessionId: string): Promise<ProviderPayout> {
    const session = await this.confirm(sessionId);
    return this.toPayout(session, referenceOf(latest(session.payments) ?? {}) ?? '');
  }

  // ---- webhooks

  async verifyEvent(rawBody: string, signatureHeader: string | undefined, nowMs: number): Promise<VerifiedEvent> {
    if (!verify(rawBody, signatureHeader, this.settings.providerPublicKey))
      return { ok: false, reason: 'bad_signature' };
    let parsed: Partial<Webhook>;
    try {
      parsed = JSON.parse(rawBody) as Partial<Webhook>;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const { type, session } = parsed;
    if (
      typeof type !== 'string' ||
      !WEBHOOK_TYPES.includes(type) ||
      typeof session !== 'object' ||
      session === null ||
      typeof session.id !== 'string' ||
      typeof session.updated_at !== 'string'
    ) {
      return { ok: false, reason: 'malformed' };
    }
    // Smart Glocal sends no timestamp header; the signed session's updated_at is when this event happened.
    const happenedAt = Date.parse(session.updated_at);
    if (!Number.isFinite(happenedAt)) return { ok: false, reason: 'malformed' };
    if (nowMs - happenedAt > WEBHOOK_MAX_AGE_MS) return { ok: false, reason: 'stale' };
    // No event id in the reference: type, session and its change time name one event (redeliveries repeat all three).
    const id = `${type}:${session.id}:${session.updated_at}`;
    const payout = latest(session.payments);
    const payment = latest(session.acquiring_payments);
    let event: ProviderEvent;
    if (payout !== undefined && payment === undefined) {
      const reference = referenceOf(payout);
      if (reference === null) return { ok: false, reason: 'malformed' };
      event = { id, kind: 'payout', payout: this.toPayout(session, reference), happenedAtMs: happenedAt };
    } else {
      const reference = payment === undefined ? null : referenceOf(payment);
      if (reference === null) return { ok: false, reason: 'malformed' };
      event = { id, kind: 'payment', payment: this.toPayment(session, reference), happenedAtMs: happenedAt };
    }
    return { ok: true, event };
  }

  // ---- mapping

  toPayment(session: PaymentSession, reference: string): ProviderPayment {
    const operation: AcquiringPayment | undefined = latest(session.acquiring_payments);
    const base = { sessionId: session.id, reference, ...amountOf(operation) };
    if (operation === undefined) {
      return session.status === 'cancelled'
        ? { ...base, status: 'cancelled', ...errorFields(session.error, 'session_cancelled') }
        : { ...base, status: 'pending' };
    }
    const details = operation.payment_details as { type: string; card?: CardInfo };
    const card = details.type === 'card' ? cardOf(details.card) : undefined;
    const withCard = card !== undefined ? { card } : {};
    switch (operation.status) {
      case 'succeeded': {
        const recurrent = operation.recurrent?.is_active === true ? { recurrentToken: operation.recurrent.token } : {};
        const refunded = (operation.refunds ?? []).some((refund) => refund.status === 'accepted')
          ? { refunded: true }
          : {};
        return {
          ...base,
          status: 'paid',
          ...withCard,
          ...recurrent,
          ...refunded,
          providerFee: providerFee(operation.amount_details.amount, this.settings.feeBps),
        };
      }
      case 'failed':
        return {
          ...base,
          status: 'cancelled',
          ...withCard,
          ...errorFields(operation.error ?? session.error, 'payment_failed'),
        };
      case 'pending': {
        const redirect =
          operation.customer_interaction?.type === 'redirect'
            ? operation.customer_interaction.redirect?.url
            : undefined;
        if (redirect !== undefined) return { ...base, status: 'action_required', redirectUrl: redirect, ...withCard };
        return {
          ...base,
          status: 'pending',
          ...withCard,
          ...(session.next_action === 'confirm' ? { awaitingConfirmation: true } : {}),
        };
      }
      case 'in_progress':
        // A session in `error` is not final (the reference: wait for a final status), so it stays pending too.
        return { ...base, status: 'pending', ...withCard };
    }
  }

  toPayout(session: PaymentSession, reference: string): ProviderPayout {
    const operation = latest(session.payments);
    const base = { sessionId: session.id, reference, ...amountOf(operation) };
    if (operation === undefined) return { ...base, status: session.status === 'cancelled' ? 'failed' : 'in_progress' };
    switch (operation.status) {
      case 'succeeded':
        // Returned by the recipient's bank after it arrived: the money is back with us, as if it had failed.
        return (operation.refunds ?? []).some((refund) => refund.status === 'accepted')
          ? {
              ...base,
              status: 'failed',
              returned: true,
              errorCode: 'payout_returned',
              errorDescription: "The recipient's bank returned the payout",
            }
          : { ...base, status: 'succeeded' };
      case 'failed':
        return { ...base, status: 'failed', ...errorFields(operation.error ?? session.error, 'payout_failed') };
      case 'pending':
        return {
          ...base,
          status: 'in_progress',
          ...(session.next_action === 'confirm' ? { awaitingConfirmation: true } : {}),
        };
      case 'in_progress':
        return { ...base, status: 'in_progress' };
    }
  }

  // ---- transport

  private async confirm(sessionId: string): Promise<PaymentSession> {
    // Confirmed already (a redelivered ready_to_confirm, or two processes): read the session as it is.
    return onRefusal(
      () => this.session('session/confirm', { session_id: sessionId }),
      (error) => error.code === 'invalid_session_state',
      () => this.session('session/status', { session_id: sessionId }),
    );
  }

  private async session(method: Method, body: object, idempotencyKey?: string): Promise<PaymentSession> {
    return (await this.call<{ session: PaymentSession }>(method, body, idempotencyKey)).session;
  }

  /** One signed call. Refusals throw SmartGlocalError; an unreachable provider throws AppError provider_unavailable. */
  private async call<T>(method: Method, body: object, idempotencyKey?: string): Promise<T> {
    const raw = JSON.stringify(body);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [PROJECT_HEADER]: this.settings.project,
      [SIGN_HEADER]: await signOffLoop(raw, this.settings.privateKey, this.settings.signatureEncoding ?? 'base64'),
      ...(idempotencyKey !== undefined ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : {}),
    };
    let status: number;
    let answer: unknown;
    try {
      const response = await this.post(`${this.settings.baseUrl()}${API_PREFIX}/${method}`, {
        method: 'POST',
        headers,
        body: raw,
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 20_000),
      });
      status = response.status;
      answer = await response.json().catch(() => null);
    } catch (error) {
      // Never the body: it may name a card token.
      throw new AppError(
        'provider_unavailable',
        `The card provider did not answer ${method} (${(error as Error).name})`,
        {},
        503,
      );
    }
    const object = (typeof answer === 'object' && answer !== null ? answer : {}) as {
      status?: unknown;
      error?: Partial<ApiError>;
    };
    if (object.status === 'ok' && status < 300) return object as T;
    // A 5xx is the provider failing, not refusing (even with an `error` body): the outcome is unknown, like no answer.
    if (object.status === 'error' && typeof object.error?.code === 'string' && status < 500) {
      throw new SmartGlocalError(object.error.code, object.error.description ?? '', status >= 300 ? status : 400);
    }
    const code = typeof object.error?.code === 'string' ? ` (${object.error.code})` : '';
    throw new AppError(
      'provider_unavailable',
      `The card provider answered ${method} with HTTP ${status}${code}`,
      {},
      503,
    );
  }
}
