/**
 * POST /pay/smart_glocal/check: the payer's payment status (pending, action_required with a redirect, paid with the
 * ledger line and invite link, error with the provider's code and description). An open payment is refreshed from
 * the provider first, so a lost notification never leaves it hanging.
 * POST /pay/smart_glocal/webhook: the provider's signed notifications (no Telegram auth; header
 * X-Provider-Signature), verified on the raw body and applied once per event id.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { PaymentCheckRequest } from '../../../src/contract/api';
import { PaymentCheckRequestSchema } from '../../../src/contract/schemas';
import type { RouteOptions } from '../../context';
import { AppError } from '../../platform/errors';
import { checkResponse, originOf, paymentAnswer } from './http';
import { SIGNATURE_HEADER } from './webhookSignature';
import { currentUser } from '../users/auth';
import { errorResponses, s } from '../../platform/http/schemas';

const tags = ['payment'];

export const paymentsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const engine = deps.money;

  app.post<{ Body: PaymentCheckRequest }>('/pay/smart_glocal/check', {
    schema: {
      tags,
      summary: "The status of one of the caller's payments (polled every second by the client)",
      body: PaymentCheckRequestSchema,
      response: { 200: { ...paymentAnswer, required: ['paymentId', 'status', 'amount', 'currency', 'kind'] }, ...errorResponses(404) },
    },
  }, async (request) => checkResponse(await engine.payments.check(currentUser(request).id, request.body.paymentId), originOf(request)));

  // The provider signs the body as sent, so this route reads it raw (its own scope keeps JSON parsing for the rest).
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    webhook.post<{ Body: string }>('/pay/smart_glocal/webhook', {
      config: { public: true },
      schema: {
        tags,
        summary: 'Payment provider notifications (signed with HMAC-SHA256 in X-Provider-Signature; deduplicated by event id)',
        response: { 200: s.object({ received: s.bool, result: s.enumOf(['applied', 'duplicate', 'unknown_payment']) }), ...errorResponses() },
      },
    }, async (request) => {
      const provider = engine.provider;
      if (provider === null) throw new AppError('not_found', 'No payment provider is configured');
      const header = request.headers[SIGNATURE_HEADER];
      const event = provider.verifyEvent(typeof request.body === 'string' ? request.body : '', Array.isArray(header) ? header[0] : header);
      if (event === null) throw new AppError('unauthorized', 'The notification signature is not valid');
      return { received: true, result: await engine.payments.handleEvent(event) };
    });
  });
};

export default paymentsRoutes;
