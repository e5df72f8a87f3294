/**
 * The Sumsub double's HTTP face at this server's root, as on Sumsub's host (only when the sandbox runs it):
 * - GET/POST /resources/*: Sumsub's API (signed; SUMSUB_URL is this server's origin in the sandbox);
 * - GET /websdk/websdk.html: the WebSDK frame @sumsub/websdk loads from the access token's url claim;
 * - GET /websdk/p/:linkId: the external WebSDK link (iOS);
 * - GET /websdk/sandbox/session, POST /websdk/sandbox/submit: the frame's own calls (Sumsub's are internal too).
 * Webhooks go to our own /api/v2/verification/sumsub/webhook over HTTP.
 */
import { named } from '../../../platform/http/named';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../context';
import { listeningOrigin } from '../../../platform/http/selfFetch';
import { WEBSDK_FRAME_PATH } from '../sumsub/protocol';
import { DOUBLE_OUTCOMES, type DoubleOutcome } from './SumsubDouble';
import { WIDGET_SESSION_PATH, WIDGET_SUBMIT_PATH, sumsubWidgetPage } from './widget';

/** Where the double sends its webhooks (server/modules/verification/routes.ts). */
export const SUMSUB_WEBHOOK_PATH = '/api/v2/verification/sumsub/webhook';

export interface SumsubDoublePluginOptions {
  readonly deps: AppDeps;
}

const html = (reply: FastifyReply, content: string): FastifyReply =>
  reply.code(200).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(content);

const invalidToken = {
  description: 'Access token is invalid or expired',
  code: 401,
  correlationId: 'req-sandbox',
  errorName: 'invalid-token',
};

export const sumsubDoublePlugin: FastifyPluginAsync<SumsubDoublePluginOptions> = async (app, { deps }) => {
  const double = deps.kycDouble;
  if (double === null) return;
  double.connect(async (rawBody, headers) => {
    const origin = listeningOrigin(app);
    if (origin === null) {
      const response = await app.inject({ method: 'POST', url: SUMSUB_WEBHOOK_PATH, payload: rawBody, headers });
      return response.statusCode >= 200 && response.statusCode < 300;
    }
    const response = await fetch(`${origin}${SUMSUB_WEBHOOK_PATH}`, {
      method: 'POST',
      headers,
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.ok;
  });
  app.addHook('onClose', async () => double.drain());

  await app.register(
    named(async (scope) => {
      // Requests are signed over the raw body.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      const api = async (request: FastifyRequest<{ Body: unknown }>, reply: FastifyReply): Promise<FastifyReply> => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
        );
        const origin = `${request.protocol}://${request.host}`;
        const answer = await double.handle(request.method, request.url, raw, headers, origin);
        return reply.code(answer.httpStatus).send(answer.body);
      };
      scope.get('/resources/*', { schema: { hide: true } }, api);
      scope.post('/resources/*', { schema: { hide: true } }, api);
    }, 'sumsub double API'),
  );

  app.get<{ Querystring: { lang?: string } }>(WEBSDK_FRAME_PATH, { schema: { hide: true } }, async (request, reply) =>
    html(reply, sumsubWidgetPage({ standaloneToken: null, lang: 'en' })),
  );

  app.get<{ Params: { linkId: string }; Querystring: { lang?: string } }>(
    '/websdk/p/:linkId',
    { schema: { hide: true } },
    async (request, reply) => {
      const lang = /^[a-z]{2}$/.test(request.query.lang ?? '') ? request.query.lang! : 'en';
      return html(reply, sumsubWidgetPage({ standaloneToken: double.linkToken(request.params.linkId) ?? '', lang }));
    },
  );

  app.get<{ Querystring: { token?: string } }>(
    WIDGET_SESSION_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      const applicant = double.applicantForToken(request.query.token ?? '');
      if (applicant === null) return reply.code(401).send(invalidToken);
      return { applicantId: applicant.id, levelName: applicant.levelName, reviewStatus: applicant.reviewStatus };
    },
  );

  app.post<{ Body: { token?: unknown; outcome?: unknown } }>(
    WIDGET_SUBMIT_PATH,
    { schema: { hide: true } },
    async (request, reply) => {
      const { token, outcome } = request.body ?? {};
      if (typeof token !== 'string' || !DOUBLE_OUTCOMES.includes(outcome as DoubleOutcome)) {
        return reply.code(400).send({
          description: 'token and outcome (approve, retry or final) are required',
          code: 400,
          correlationId: 'req-sandbox',
        });
      }
      const applicant = await double.submit(token, outcome as DoubleOutcome);
      if (applicant === null) return reply.code(401).send(invalidToken);
      if (applicant === 'final')
        return reply.code(409).send({
          description: 'Applicant was finally rejected',
          code: 409,
          correlationId: 'req-sandbox',
          errorCode: 1009,
          errorName: 'applicant-with-final-reject',
        });
      const { clientComment: _private, ...shown } = applicant.reviewResult ?? { reviewAnswer: 'GREEN' };
      return {
        applicantId: applicant.id,
        review: { reviewStatus: applicant.reviewStatus, levelName: applicant.levelName, reviewResult: shown },
      };
    },
  );
};
