/**
 * Paying invoices (spec section 7): POST /invoice/donation/{id}/create and POST /invoice/subscription/{id}/create.
 * Every call needs an Idempotency-Key header (one per tap of Pay): the same key and body replay the first answer and
 * never charge again; the same key with another body answers 422 idempotency_key_reused.
 * paymentMethod: smart_glocal_form (new card: cardToken from the provider's tokenisation, saveCard),
 * smart_glocal_saved_card (cardId), smart_glocal (link payment: `url` of the provider's hosted page).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { createResponse, idempotentReply, originOf, paymentAnswer } from '../payments/http';
import { currentUser } from '../users/auth';
import { errorResponses, idParam, s } from '../../platform/http/schemas';
import { INVOICE_PAYMENT_METHODS } from '../../../src/domain/entities';

const tags = ['invoice'];

const idempotencyHeader = {
  type: 'object',
  properties: { 'idempotency-key': { type: 'string', description: 'One key per user action (tap of Pay); required' } },
};

const methodFields = {
  paymentMethod: s.enumOf(INVOICE_PAYMENT_METHODS),
  cardId: { type: 'integer', minimum: 1, description: 'smart_glocal_saved_card: the saved card' },
  saveCard: { type: 'boolean', description: 'smart_glocal_form / smart_glocal: keep the card for later payments and renewals' },
  cardToken: { type: 'string', maxLength: 200, description: 'smart_glocal_form: the token of POST {provider}/v1/cards/tokenize' },
};

export const invoicesRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const engine = deps.money;

  app.post<{ Params: { id: number }; Body: Record<string, unknown> }>('/invoice/donation/:id/create', {
    schema: {
      tags,
      summary: 'Pay a donation request (one-time, amount within the donation bounds of its currency)',
      headers: idempotencyHeader,
      params: idParam,
      body: s.object({ ...methodFields, amount: s.amountInput, period: s.enumOf(['onetime']) }, ['paymentMethod', 'amount']),
      response: { 200: paymentAnswer, ...errorResponses(404, 409, 422) },
    },
  }, (request, reply) => idempotentReply(request, reply, engine, async (key) => {
    const view = await engine.payments.createInvoicePayment({ userId: currentUser(request).id, kind: 'donation', targetId: request.params.id, idempotencyKey: key, body: request.body });
    return createResponse(view, originOf(request));
  }));

  app.post<{ Params: { id: number }; Body: Record<string, unknown> }>('/invoice/subscription/:id/create', {
    schema: {
      tags,
      summary: 'Pay a subscription: creates or extends the membership; the paid answer carries the channel invite link',
      headers: idempotencyHeader,
      params: idParam,
      body: s.object(methodFields, ['paymentMethod']),
      response: { 200: paymentAnswer, ...errorResponses(404, 409, 422) },
    },
  }, (request, reply) => idempotentReply(request, reply, engine, async (key) => {
    const view = await engine.payments.createInvoicePayment({ userId: currentUser(request).id, kind: 'subscription', targetId: request.params.id, idempotencyKey: key, body: request.body });
    return createResponse(view, originOf(request));
  }));
};

export default invoicesRoutes;
