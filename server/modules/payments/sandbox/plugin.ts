/**
 * The Smart Glocal double's HTTP face under /provider (only when the sandbox runs it):
 * - POST /provider/api/v1/<method>: Smart Glocal's API (signed JSON; SMART_GLOCAL_URL points here in the sandbox);
 * - POST /provider/cds/v1/tokenize/card with X-PUBLIC-TOKEN: the browser's card tokenisation (the tokenize URL);
 * - GET/POST /provider/pay/en/payment/:publicToken: the hosted payment page of link payments;
 * - GET/POST /provider/v1/3ds/:sessionId: the bank's 3-D Secure challenge (Confirm, Decline, countdown).
 * Webhooks go to our own /api/v2/pay/smart_glocal/webhook over HTTP (PROVIDER_WEBHOOK_URL sends them elsewhere).
 * Bodies are never logged; card numbers and codes are dropped right after tokenisation.
 */
import { rawJsonScope } from '../../../platform/http/rawJson';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../context';
import { httpRequest } from '../../../platform/http/httpClient';
import { listeningOrigin } from '../../../platform/http/selfFetch';
import { API_PREFIX, PUBLIC_TOKEN_HEADER, SIGN_HEADER, TOKENIZE_PATH } from '../smartglocal/protocol';
import { type CardInput, PAYMENT_PAGE_PATH, PROVIDER_PREFIX, type SmartGlocalDouble } from './SmartGlocalDouble';
import { challengePage, challengeResultPage, hostedPaymentPage, hostedResultPage, notFoundPage } from './pages';

/** Where the double sends its webhooks (our route, server/modules/payments/routes.ts). */
export const WEBHOOK_PATH = '/api/v2/pay/smart_glocal/webhook';

export interface ProviderPluginOptions {
  readonly deps: AppDeps;
}

type Body = Record<string, unknown>;

function text(body: Body | null | undefined, name: string): string {
  const value = body?.[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Only same-origin paths may be used to come back, so the page cannot be turned into an open redirect. */
function safeReturnUrl(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
    ? value
    : null;
}

/** The tokenisation body Telegram's clients send: { card: { number, expiration_month, expiration_year, security_code } }. */
function cardInputFromTokenizeBody(body: Body | null): CardInput {
  const card = (typeof body?.card === 'object' && body.card !== null ? body.card : {}) as Body;
  return {
    cardNumber: text(card, 'number'),
    holder: text(card, 'holder_name'),
    expiryMonth: text(card, 'expiration_month'),
    expiryYear: text(card, 'expiration_year'),
    cvc: text(card, 'security_code'),
  };
}

function cardInputFromHostedForm(body: Body): CardInput {
  const [month = '', year = ''] = text(body, 'expiry')
    .split('/')
    .map((part) => part.trim());
  return {
    cardNumber: text(body, 'card_number'),
    holder: text(body, 'cardholder_name'),
    expiryMonth: month,
    expiryYear: year,
    cvc: text(body, 'cvc'),
  };
}

function html(reply: FastifyReply, status: number, content: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(content);
}

function cors(reply: FastifyReply): void {
  // The browser tokenises cards from the mini-app's origin, as with Smart Glocal's tokenisation host.
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-headers', `content-type, ${PUBLIC_TOKEN_HEADER}`);
  reply.header('access-control-allow-methods', 'POST, OPTIONS');
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export const providerPlugin: FastifyPluginAsync<ProviderPluginOptions> = async (app, { deps }) => {
  const double: SmartGlocalDouble | null = deps.money.double;
  if (double === null) return;
  const webhookUrl = deps.config.providerWebhookUrl;
  double.connect(async (rawBody, signature) => {
    const headers = { 'content-type': 'application/json', [SIGN_HEADER]: signature };
    const origin = listeningOrigin(app);
    const target = webhookUrl ?? (origin === null ? null : `${origin}${WEBHOOK_PATH}`);
    if (target === null) {
      const response = await app.inject({ method: 'POST', url: WEBHOOK_PATH, payload: rawBody, headers });
      return response.statusCode >= 200 && response.statusCode < 300;
    }
    const response = await httpRequest(target, {
      method: 'POST',
      headers,
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok;
  });
  app.addHook('onClose', async () => double.drain());

  // The API is signed over the raw body, and the pages post plain HTML forms.
  await rawJsonScope(
    app,
    'provider double API',
    (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
      });
      const json = (raw: unknown): Body | null => {
        if (typeof raw !== 'string') return null;
        try {
          const parsed: unknown = JSON.parse(raw);
          return typeof parsed === 'object' && parsed !== null ? (parsed as Body) : null;
        } catch {
          return null;
        }
      };

      scope.post(
        `${API_PREFIX}/*`,
        async (request: FastifyRequest<{ Params: { '*': string }; Body: unknown }>, reply) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          const fault = await double.faults.before(request.params['*']);
          if (fault !== null) return reply.code(fault.httpStatus).send(fault.body);
          const answer = await double.handle(
            request.params['*'],
            raw,
            request.headers as Record<string, string | undefined>,
          );
          return reply.code(answer.httpStatus).send(answer.body);
        },
      );

      scope.options(TOKENIZE_PATH, async (_request, reply) => {
        cors(reply);
        return reply.code(204).send();
      });
      scope.post(TOKENIZE_PATH, async (request: FastifyRequest<{ Body: unknown }>, reply) => {
        cors(reply);
        const answer = await double.tokenize(
          header(request, PUBLIC_TOKEN_HEADER),
          cardInputFromTokenizeBody(json(request.body)),
        );
        return reply.code(answer.httpStatus).send(answer.body);
      });

      scope.get(
        '/v1/3ds/:sessionId',
        async (
          request: FastifyRequest<{ Params: { sessionId: string }; Querystring: { return_url?: string } }>,
          reply,
        ) => {
          const session = await double.session(request.params.sessionId);
          if (session === null) return html(reply, 404, notFoundPage());
          const left =
            session.challengeExpiresAt === null
              ? 0
              : Math.max(0, Math.ceil((session.challengeExpiresAt - double.nowMs()) / 1000));
          const secondsLeft = Math.min(left, double.challengeSeconds);
          return html(
            reply,
            200,
            challengePage(session, request.url.split('?')[0], secondsLeft, safeReturnUrl(request.query.return_url)),
          );
        },
      );

      scope.post(
        '/v1/3ds/:sessionId',
        async (request: FastifyRequest<{ Params: { sessionId: string }; Body: unknown }>, reply) => {
          const body = (
            typeof request.body === 'object' && request.body !== null ? request.body : (json(request.body) ?? {})
          ) as Body;
          const outcome = text(body, 'outcome');
          if (outcome !== 'confirm' && outcome !== 'decline' && outcome !== 'timeout') {
            return reply.code(400).send({
              status: 'error',
              error: { code: 'invalid_outcome', description: 'outcome must be confirm, decline or timeout' },
            });
          }
          const session = await double.completeChallenge(request.params.sessionId, outcome);
          if (session === null) return html(reply, 404, notFoundPage());
          if (request.headers.accept?.includes('application/json'))
            return { status: 'ok', session: double.sessionView(session) };
          return html(reply, 200, challengeResultPage(session, safeReturnUrl(body.return_url)));
        },
      );

      scope.get(
        `${PAYMENT_PAGE_PATH}/:publicToken`,
        async (request: FastifyRequest<{ Params: { publicToken: string } }>, reply) => {
          const session = await double.sessionByPublicToken(request.params.publicToken);
          if (session === null || session.sourceType !== 'hosted_page') return html(reply, 404, notFoundPage());
          if (session.status === 'action_required')
            return reply.redirect(`${PROVIDER_PREFIX}/v1/3ds/${encodeURIComponent(session.id)}`, 303);
          return html(reply, 200, hostedPaymentPage(session, request.url.split('?')[0], null));
        },
      );

      scope.post(
        `${PAYMENT_PAGE_PATH}/:publicToken`,
        async (request: FastifyRequest<{ Params: { publicToken: string }; Body: unknown }>, reply) => {
          const body = (
            typeof request.body === 'object' && request.body !== null ? request.body : (json(request.body) ?? {})
          ) as Body;
          const result = await double.payHostedPage(request.params.publicToken, cardInputFromHostedForm(body));
          if (result === null) return html(reply, 404, notFoundPage());
          if (!result.ok) {
            const session = await double.sessionByPublicToken(request.params.publicToken);
            return session === null
              ? html(reply, 404, notFoundPage())
              : html(reply, 400, hostedPaymentPage(session, request.url.split('?')[0], result.error.description));
          }
          if (result.session.status === 'action_required')
            return reply.redirect(`${PROVIDER_PREFIX}/v1/3ds/${encodeURIComponent(result.session.id)}`, 303);
          return html(reply, 200, hostedResultPage(result.session));
        },
      );
    },
    { prefix: PROVIDER_PREFIX },
  );
};
