/**
 * Paying invoices (spec section 7): POST /invoice/donation/{id}/create and POST /invoice/subscription/{id}/create.
 * Every call needs an Idempotency-Key header (one per tap of Pay): the same key and body replay the first answer and
 * never charge again; the same key with another body answers 422 idempotency_key_reused.
 * paymentMethod: smart_glocal_form (new card: cardToken from the provider's tokenisation, saveCard),
 * smart_glocal_saved_card (cardId), smart_glocal (link payment: `url` of the provider's hosted page), telegram_stars
 * (a Telegram Stars invoice link, `invoiceLink`, for the app's openInvoice; a donation's `amount` in whole Stars:
 * server/modules/payments/starsPayments.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { idempotencyHeader, invoicePaymentHandler, paymentAnswer } from '../payments/http';
import { errorResponses, idParam } from '../../platform/http/schemas';
import type { CreateDonationPaymentRequest, CreateSubscriptionPaymentRequest } from '../../../src/contract/api';
import {
  CreateDonationPaymentRequestSchema,
  CreateSubscriptionPaymentRequestSchema,
} from '../../../src/contract/schemas';

const tags = ['invoice'];

export const invoicesRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const engine = deps.money;

  app.post<{ Params: { id: number }; Body: CreateDonationPaymentRequest }>(
    '/invoice/donation/:id/create',
    {
      schema: {
        tags,
        summary: 'Pay a donation request (one-time, amount within the donation bounds of its currency)',
        headers: idempotencyHeader,
        params: idParam,
        body: CreateDonationPaymentRequestSchema,
        response: { 200: paymentAnswer, ...errorResponses(404, 409, 422, 429) },
      },
      preHandler: app.rateLimits.payments,
    },
    invoicePaymentHandler(engine, 'donation'),
  );

  app.post<{ Params: { id: number }; Body: CreateSubscriptionPaymentRequest }>(
    '/invoice/subscription/:id/create',
    {
      schema: {
        tags,
        summary:
          'Pay a subscription: creates or extends the membership; the paid answer carries the channel invite link',
        headers: idempotencyHeader,
        params: idParam,
        body: CreateSubscriptionPaymentRequestSchema,
        response: { 200: paymentAnswer, ...errorResponses(404, 409, 422, 429) },
      },
      preHandler: app.rateLimits.payments,
    },
    invoicePaymentHandler(engine, 'subscription'),
  );
};

export default invoicesRoutes;
