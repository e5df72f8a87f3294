/**
 * POST /pay/smart_glocal/check: the payer's payment status (pending, action_required with a redirect, paid with the
 * ledger line and invite link, error with the provider's code and description). An open payment is refreshed from
 * the provider first, so a lost webhook never leaves it hanging.
 * POST /pay/smart_glocal/token: a public token and the tokenize URL for one card tokenisation in the browser; the
 * tokenisation is recorded as the caller's, and a new-card payment names it (publicToken) to pay once with it.
 * POST /pay/smart_glocal/webhook: Smart Glocal's webhooks (no Telegram auth; X-PARTNER-SIGN, RSA-SHA256 over the raw
 * body), refused when older than 5 minutes, applied once per event.
 */
import { rawJsonScope } from '../../platform/http/rawJson';
import type { FastifyPluginAsync } from 'fastify';
import type { PaymentCheckRequest } from '../../../src/contract/api';
import { CardTokenizationResponseSchema, PaymentCheckRequestSchema } from '../../../src/contract/schemas';
import type { RouteOptions } from '../../context';
import { AppError } from '../../platform/errors';
import { absolute, checkResponse, originOf, paymentAnswer } from './http';
import { SIGN_HEADER, WEBHOOK_TYPES } from './smartglocal/protocol';
import { currentUser } from '../users/auth';
import { errorResponses, s } from '../../platform/http/schemas';

const tags = ['payment'];

export const paymentsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const engine = deps.money;

  app.post<{ Body: PaymentCheckRequest }>(
    '/pay/smart_glocal/check',
    {
      schema: {
        tags,
        summary: "The status of one of the caller's payments (polled every second by the client)",
        body: PaymentCheckRequestSchema,
        response: {
          200: { ...paymentAnswer, required: ['paymentId', 'status', 'amount', 'currency', 'kind'] },
          ...errorResponses(404),
        },
      },
    },
    async (request) =>
      checkResponse(await engine.payments.check(currentUser(request).id, request.body.paymentId), originOf(request)),
  );

  app.post(
    '/pay/smart_glocal/token',
    {
      schema: {
        tags,
        summary: 'A public token and the tokenize URL for one card tokenisation in the browser (Smart Glocal)',
        response: { 200: CardTokenizationResponseSchema, ...errorResponses(403, 503) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (engine.provider === null)
        throw new AppError('payments_disabled', 'Card payments are not configured on this server');
      const tokenization = await engine.provider.cardTokenization(user.languageCode ?? 'en');
      // The tokenisation is the caller's: a payment made with another user's public token is refused.
      await engine.payments.recordTokenization(user.id, tokenization.publicToken);
      return { ...tokenization, tokenizeUrl: absolute(tokenization.tokenizeUrl, originOf(request)) };
    },
  );

  // The provider signs the body as sent, so this route reads it raw (its own scope keeps JSON parsing for the rest).
  await rawJsonScope(app, 'smart glocal webhook', (webhook) => {
    webhook.post<{ Body: string }>(
      '/pay/smart_glocal/webhook',
      {
        // The body is read raw (the signature covers its bytes): documented, not validated by the schema.
        config: {
          public: true,
          openapi: {
            body: {
              mediaTypes: ['application/json'],
              schema: {
                type: 'object',
                description: 'A Smart Glocal webhook: the event type and the payment session it is about',
                properties: {
                  type: { type: 'string', enum: [...WEBHOOK_TYPES] },
                  session: {
                    type: 'object',
                    properties: { id: { type: 'string', minLength: 1 }, status: { type: 'string' } },
                    required: ['id', 'status'],
                  },
                },
                required: ['type', 'session'],
              },
            },
            headers: {
              properties: {
                [SIGN_HEADER]: { type: 'string', minLength: 1, description: 'RSA-SHA256 of the raw body, base64' },
              },
              required: [SIGN_HEADER],
            },
            statuses: [401, 404, 429],
          },
        },
        onRequest: app.rateLimits.webhooks,
        schema: {
          tags,
          summary:
            'Smart Glocal webhooks (X-PARTNER-SIGN: RSA-SHA256 over the raw body; refused after 5 minutes; applied once)',
          response: {
            200: s.object({ received: s.bool, result: s.enumOf(['applied', 'duplicate', 'unknown_payment']) }),
            ...errorResponses(),
          },
        },
      },
      async (request) => {
        const provider = engine.provider;
        if (provider === null) throw new AppError('not_found', 'No payment provider is configured');
        const header = request.headers[SIGN_HEADER];
        const verified = await provider.verifyEvent(
          typeof request.body === 'string' ? request.body : '',
          Array.isArray(header) ? header[0] : header,
          deps.clock.now(),
        );
        if (!verified.ok) {
          if (verified.reason === 'bad_signature')
            throw new AppError('unauthorized', 'The webhook signature is not valid');
          throw new AppError(
            'validation_error',
            verified.reason === 'stale'
              ? 'The webhook is older than 5 minutes'
              : 'The webhook is not a Smart Glocal session event',
            { reason: verified.reason },
          );
        }
        const result = await engine.payments.handleEvent(verified.event);
        if (result === 'applied' && verified.event.happenedAtMs !== undefined)
          deps.metrics.webhookApplied(deps.clock.now() - verified.event.happenedAtMs);
        return { received: true, result };
      },
    );
  });
};

export default paymentsRoutes;
