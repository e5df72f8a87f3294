/**
 * GET /verification/status, GET /verification/start (spec section 7).
 * POST /verification/sumsub/webhook: Sumsub's webhooks (no Telegram auth; X-Payload-Digest, an HMAC of the raw body
 * with SUMSUB_WEBHOOK_SECRET; 401 and nothing changes when it does not match), applied once.
 */
import { rawJsonScope } from '../../platform/http/rawJson';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { currentUser } from '../users/auth';
import { AppError } from '../../platform/errors';
import { errorResponses, s } from '../../platform/http/schemas';
import { VerificationStartResponseSchema, VerificationStatusResponseSchema } from '../../../src/contract/schemas';
import { KycWebhookRejected } from './kyc/KycProvider';
import { DEFAULT_DIGEST_ALGORITHM, DIGEST_ALGORITHMS, DIGEST_ALG_HEADER, DIGEST_HEADER } from './sumsub/protocol';

const statusAnswer = VerificationStatusResponseSchema;

export const verificationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { verification } = deps.services;

  app.get<{ Querystring: { first_call?: boolean } }>(
    '/verification/status',
    {
      schema: {
        tags: ['verification'],
        summary:
          'Verification status; token (and the external page) while the identity check runs, manualReview without a provider',
        querystring: s.object(
          {
            first_call: { type: 'boolean', description: 'The screen opened: refresh an expired identity-check token' },
          },
          [],
        ),
        response: { 200: statusAnswer, ...errorResponses() },
      },
    },
    (request) => verification.status(currentUser(request), request.query.first_call === true),
  );

  app.get(
    '/verification/start',
    {
      schema: {
        tags: ['verification'],
        summary:
          'Start (or restart with a fresh token, or retry after kyc_rejected) the identity check; status becomes in_kyc. ' +
          'Without an identity-check provider it opens a manual review (manualReview: true)',
        response: { 200: VerificationStartResponseSchema, ...errorResponses(409, 503) },
      },
    },
    (request) => verification.start(currentUser(request)),
  );

  // Sumsub signs the body as sent, so this route reads it raw (its own scope keeps JSON parsing for the rest).
  await rawJsonScope(app, 'sumsub webhook', (webhook) => {
    webhook.post<{ Body: string }>(
      '/verification/sumsub/webhook',
      {
        // The body is read raw (the digest covers its bytes): documented, not validated by the schema.
        config: {
          public: true,
          openapi: {
            body: {
              mediaTypes: ['application/json'],
              schema: {
                type: 'object',
                description: 'A Sumsub webhook: its type and the applicant it is about',
                properties: {
                  type: { type: 'string', minLength: 1 },
                  applicantId: { type: 'string', minLength: 1 },
                },
                required: ['type', 'applicantId'],
              },
            },
            headers: {
              properties: {
                [DIGEST_HEADER]: { type: 'string', minLength: 1, description: 'HMAC of the raw body, hex' },
                [DIGEST_ALG_HEADER]: {
                  type: 'string',
                  enum: Object.keys(DIGEST_ALGORITHMS),
                  description: `The HMAC's hash (${DEFAULT_DIGEST_ALGORITHM} when absent)`,
                },
              },
              required: [DIGEST_HEADER],
            },
            statuses: [401, 404],
          },
        },
        schema: {
          tags: ['verification'],
          summary:
            'Sumsub webhooks (X-Payload-Digest: HMAC of the raw body with the webhook secret; applied once, never older over newer)',
          response: {
            200: s.object({
              received: s.bool,
              result: s.enumOf(['applied', 'duplicate', 'stale', 'ignored', 'unknown_applicant']),
            }),
            ...errorResponses(401, 404),
          },
        },
      },
      async (request) => {
        const provider = deps.kyc;
        if (provider === null) throw new AppError('not_found', 'No identity-check provider is configured');
        let event;
        try {
          event = provider.readWebhook(typeof request.body === 'string' ? request.body : '', request.headers);
        } catch (error) {
          if (error instanceof KycWebhookRejected)
            throw new AppError('unauthorized', 'The webhook digest is not valid');
          throw error;
        }
        return { received: true, result: await verification.applyWebhook(event) };
      },
    );
  });
};

export default verificationRoutes;
