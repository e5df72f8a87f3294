/** HTTP helpers shared by the money engine's route files (server/modules/{invoices,payments,follower,cards,payouts}/routes.ts). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CreatePaymentResponse, PaymentCheckResponse } from '../../../src/contract/api';
import { type LedgerCurrency, toMajor } from '../../../src/domain/money';
import { AppError } from '../../platform/errors';
import { currentUser } from '../users/auth';
import {
  IDEMPOTENCY_HEADER,
  REPLAYED_HEADER,
  type StoredAnswer,
  isValidIdempotencyKey,
} from '../../platform/http/idempotency';
import type { MoneyEngine } from './engine';
import type { PaymentView } from './PaymentService';
import { cardBrandOf } from './settlement';
import { PaymentAnswerSchema } from '../../../src/contract/schemas';

/** The origin the client reached us on; provider pages served by this server are made absolute against it. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** A URL for the payer's browser: relative ones (the sandbox's double) resolve against the origin the payer used. */
export function absolute(url: string, origin: string): string {
  return new URL(url, `${origin}/`).toString();
}

/**
 * The Idempotency-Key header of a paying action's route schema, validated there and again by idempotentReply (1 to
 * 255 visible ASCII characters, isValidIdempotencyKey).
 */
export const idempotencyHeader = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]+$',
      description: 'One key per user action (tap of Pay): the same key and body replay the first answer',
    },
  },
  required: ['idempotency-key'],
};

/**
 * Runs a payment-creating handler under the request's Idempotency-Key (server/platform/http/idempotency.ts). Expected
 * failures (AppError 4xx) are answers too and are replayed like successes; anything else releases the key.
 */
export async function idempotentReply(
  request: FastifyRequest,
  reply: FastifyReply,
  engine: MoneyEngine,
  handler: (key: string) => Promise<unknown>,
): Promise<FastifyReply> {
  return idempotentFor(currentUser(request).id, request, reply, engine, handler);
}

/**
 * The handler of an invoice's create call (POST /invoice/{kind}/{id}/create, and /gift for a gift): under the
 * request's Idempotency-Key, the payment for the target in the path, answered as created.
 */
export function invoicePaymentHandler(engine: MoneyEngine, kind: 'subscription' | 'donation', gift = false) {
  return (request: FastifyRequest<{ Params: { id: number }; Body: object }>, reply: FastifyReply) =>
    idempotentReply(request, reply, engine, async (key) => {
      const view = await engine.payments.createInvoicePayment({
        userId: currentUser(request).id,
        kind,
        targetId: request.params.id,
        idempotencyKey: key,
        body: request.body as Readonly<Record<string, unknown>>,
        ...(gift ? { gift } : {}),
      });
      return createResponse(view, originOf(request));
    });
}

/**
 * idempotentReply for the keys of `scopeId`: a user's id, or another owner's that cannot be one (the operator
 * console's: server/modules/admin/routes.ts).
 */
export async function idempotentFor(
  scopeId: number,
  request: FastifyRequest,
  reply: FastifyReply,
  engine: Pick<MoneyEngine, 'idempotency'>,
  handler: (key: string) => Promise<unknown>,
): Promise<FastifyReply> {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  if (!isValidIdempotencyKey(key)) {
    throw new AppError('validation_error', 'The Idempotency-Key header (1 to 255 visible characters) is required', {
      field: 'Idempotency-Key',
    });
  }
  const result = await engine.idempotency.run(
    { userId: scopeId, key, method: request.method, path: request.url.split('?')[0], body: request.body ?? null },
    async (): Promise<StoredAnswer> => {
      try {
        return { status: 200, body: await handler(key) };
      } catch (error) {
        if (error instanceof AppError && error.status < 500) return { status: error.status, body: error.toBody() };
        throw error;
      }
    },
  );
  if (result.replayed) reply.header(REPLAYED_HEADER, 'true');
  return reply.code(result.status).send(result.body);
}

function details(view: PaymentView): Omit<PaymentCheckResponse, 'paymentId' | 'status'> {
  const { payment } = view;
  const currency = payment.currency as LedgerCurrency;
  return {
    kind: payment.kind,
    amount: toMajor(Number(payment.amount), currency),
    currency,
    ...(payment.cardLast4 !== null
      ? { card: { brand: cardBrandOf(payment.cardBrand), last4: payment.cardLast4 } }
      : {}),
    ...(payment.buyTransactionId !== null ? { transactionId: payment.buyTransactionId } : {}),
    ...(payment.invoiceLink !== null ? { invoiceLink: payment.invoiceLink } : {}),
    ...(view.inviteLink !== null ? { inviteLink: view.inviteLink } : {}),
    ...(payment.kind === 'subscription' && payment.memberId !== null && payment.status === 'paid'
      ? { subscriptionMemberId: payment.memberId }
      : {}),
  };
}

function outcome(
  view: PaymentView,
  origin: string,
): Pick<PaymentCheckResponse, 'userAction' | 'errorCode' | 'errorDescription'> {
  const { payment } = view;
  if (payment.status === 'action_required' && payment.redirectUrl !== null) {
    return { userAction: { type: 'redirect', url: absolute(payment.redirectUrl, origin) } };
  }
  if (payment.status === 'error')
    return { errorCode: payment.errorCode ?? 'payment_failed', errorDescription: payment.errorDescription ?? '' };
  return {};
}

export function checkResponse(view: PaymentView, origin: string): PaymentCheckResponse {
  return { paymentId: view.payment.id, status: view.payment.status, ...outcome(view, origin), ...details(view) };
}

export function createResponse(view: PaymentView, origin: string): CreatePaymentResponse {
  const { payment } = view;
  return {
    paymentId: payment.id,
    status: payment.status,
    ...(payment.hostedPageUrl !== null ? { url: absolute(payment.hostedPageUrl, origin) } : {}),
    ...outcome(view, origin),
    ...details(view),
  };
}

/** The wire shape of a payment (create and check answers), the routes' response schema. */
export const paymentAnswer = PaymentAnswerSchema;
