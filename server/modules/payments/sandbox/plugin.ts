/**
 * The sandbox provider's HTTP face under /provider (register without a prefix, only when the sandbox is on):
 * - POST /provider/v1/cards/tokenize: card data in, a token and card network info out (browser-side tokenisation);
 * - GET  /provider/v1/sessions/status with header X-Public-Token: the session status the client polls every second;
 * - GET/POST /provider/v1/3ds/:sessionId: the 3-D Secure challenge (Confirm, Decline, countdown with auto-decline);
 * - GET/POST /provider/v1/pay/:sessionId: the hosted payment page of link payments.
 * Bodies are never logged; card numbers and codes are dropped right after tokenisation.
 */
import { listeningOrigin } from '../../../platform/http/selfFetch';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../context';
import { SIGNATURE_HEADER } from '../webhookSignature';
import type { CardInput, SandboxProvider } from './SandboxProvider';
import { PROVIDER_PREFIX } from './SandboxProvider';
import { challengePage, challengeResultPage, hostedPaymentPage, hostedResultPage, notFoundPage } from './pages';

/** Where the sandbox provider sends its notifications (our webhook route, see server/modules/payments/routes.ts). */
export const WEBHOOK_PATH = '/api/v2/pay/smart_glocal/webhook';

/** Register with the app's deps (`app.register(providerPlugin, { deps })`), or with a provider directly (tests). */
export type ProviderPluginOptions = { readonly deps: AppDeps } | { readonly provider: SandboxProvider; readonly webhookUrl?: string };

type Body = Record<string, unknown>;

function text(body: Body, name: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Only same-origin paths may be used to come back, so the page cannot be turned into an open redirect. */
function safeReturnUrl(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : null;
}

function cardInputFromTokenizeBody(body: Body): CardInput {
  return {
    cardNumber: text(body, 'card_number'),
    holder: text(body, 'cardholder_name') || text(body, 'holder'),
    expiryMonth: text(body, 'expiry_month'),
    expiryYear: text(body, 'expiry_year'),
    cvc: text(body, 'cvc'),
  };
}

function cardInputFromHostedForm(body: Body): CardInput {
  const [month = '', year = ''] = text(body, 'expiry').split('/').map((part) => part.trim());
  return { cardNumber: text(body, 'card_number'), holder: text(body, 'cardholder_name'), expiryMonth: month, expiryYear: year, cvc: text(body, 'cvc') };
}

function html(reply: FastifyReply, status: number, content: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(content);
}

function cors(reply: FastifyReply): void {
  // Tokenisation and status are called from the mini-app's origin, as with a real provider's script.
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-headers', 'content-type, x-public-token');
  reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
}

export const providerPlugin: FastifyPluginAsync<ProviderPluginOptions> = async (app, options) => {
  let provider: SandboxProvider;
  let webhookUrl: string | undefined;
  if ('provider' in options) {
    provider = options.provider;
    webhookUrl = options.webhookUrl;
  } else {
    webhookUrl = options.deps.config.providerWebhookUrl;
    const sandbox = options.deps.money.sandbox;
    if (sandbox === null) return; // sandbox off: /provider answers 404 like any unknown path
    provider = sandbox;
  }
  // Notifications reach our webhook route over HTTP on the address this server listens on (loopback), like a real
  // provider's would; PROVIDER_WEBHOOK_URL sends them elsewhere. Before the server listens, through the app itself.
  provider.connect(async (rawBody, signature) => {
    const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature };
    const origin = listeningOrigin(app);
    const target = webhookUrl ?? (origin === null ? null : `${origin}${WEBHOOK_PATH}`);
    if (target === null) {
      const response = await app.inject({ method: 'POST', url: WEBHOOK_PATH, payload: rawBody, headers });
      return response.statusCode >= 200 && response.statusCode < 300;
    }
    const response = await fetch(target, { method: 'POST', headers, body: rawBody, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.ok;
  });
  app.addHook('onClose', async () => provider.drain());
  const base = app.prefix.endsWith(PROVIDER_PREFIX) ? '' : PROVIDER_PREFIX;
  const path = (suffix: string): string => `${base}${suffix}`;

  // The challenge and hosted pages post plain HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });

  for (const route of ['/v1/cards/tokenize', '/v1/sessions/status']) {
    app.options(path(route), async (_request, reply) => {
      cors(reply);
      return reply.code(204).send();
    });
  }

  app.post(path('/v1/cards/tokenize'), async (request: FastifyRequest<{ Body: Body | undefined }>, reply) => {
    cors(reply);
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    const result = await provider.tokenize(cardInputFromTokenizeBody(body));
    if (!result.ok) return reply.code(400).send({ status: 'error', error_code: result.error.code, error_description: result.error.description });
    const { card } = result;
    return {
      status: 'ok',
      token: result.token,
      card: { network: card.brand, type: card.type, last4: card.last4, bin: card.bin, country: card.country, masked_number: card.maskedNumber },
    };
  });

  app.get(path('/v1/sessions/status'), async (request, reply) => {
    cors(reply);
    const header = request.headers['x-public-token'];
    const publicToken = Array.isArray(header) ? header[0] : header;
    if (publicToken === undefined || publicToken === '') {
      return reply.code(401).send({ status: 'error', error_code: 'public_token_required', error_description: 'X-Public-Token header is required' });
    }
    const view = await provider.statusByPublicToken(publicToken);
    if (view === null) return reply.code(404).send({ status: 'error', error_code: 'session_not_found', error_description: 'Unknown payment session' });
    return view;
  });

  app.get(path('/v1/3ds/:sessionId'), async (request: FastifyRequest<{ Params: { sessionId: string }; Querystring: { return_url?: string } }>, reply) => {
    const session = await provider.session(request.params.sessionId);
    if (session === null) return html(reply, 404, notFoundPage());
    const left = session.challengeExpiresAt === null ? 0 : Math.max(0, Math.ceil((session.challengeExpiresAt - provider.nowMs()) / 1000));
    const secondsLeft = Math.min(left, provider.challengeSeconds);
    return html(reply, 200, challengePage(session, request.url.split('?')[0], secondsLeft, safeReturnUrl(request.query.return_url)));
  });

  app.post(path('/v1/3ds/:sessionId'), async (request: FastifyRequest<{ Params: { sessionId: string }; Body: Body | undefined }>, reply) => {
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    const outcome = text(body, 'outcome');
    if (outcome !== 'confirm' && outcome !== 'decline' && outcome !== 'timeout') {
      return reply.code(400).send({ status: 'error', error_code: 'invalid_outcome', error_description: 'outcome must be confirm, decline or timeout' });
    }
    const session = await provider.completeChallenge(request.params.sessionId, outcome);
    if (session === null) return html(reply, 404, notFoundPage());
    if (request.headers.accept?.includes('application/json')) return provider.toPayment(session);
    return html(reply, 200, challengeResultPage(session, safeReturnUrl(body.return_url)));
  });

  app.get(path('/v1/pay/:sessionId'), async (request: FastifyRequest<{ Params: { sessionId: string } }>, reply) => {
    const session = await provider.session(request.params.sessionId);
    if (session === null || session.sourceType !== 'hosted_page') return html(reply, 404, notFoundPage());
    if (session.status === 'action_required') return reply.redirect(path(`/v1/3ds/${encodeURIComponent(session.id)}`), 303);
    return html(reply, 200, hostedPaymentPage(session, request.url.split('?')[0], null));
  });

  app.post(path('/v1/pay/:sessionId'), async (request: FastifyRequest<{ Params: { sessionId: string }; Body: Body | undefined }>, reply) => {
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    const wantsJson = request.headers.accept?.includes('application/json') === true;
    const result = await provider.payHostedPage(request.params.sessionId, cardInputFromHostedForm(body));
    if (result === null) return wantsJson ? reply.code(404).send({ status: 'error', error_code: 'session_not_found' }) : html(reply, 404, notFoundPage());
    if (!result.ok) {
      if (wantsJson) return reply.code(400).send({ status: 'error', error_code: result.error.code, error_description: result.error.description });
      const session = await provider.session(request.params.sessionId);
      return session === null ? html(reply, 404, notFoundPage()) : html(reply, 400, hostedPaymentPage(session, request.url.split('?')[0], result.error.description));
    }
    if (wantsJson) return provider.toPayment(result.session);
    if (result.session.status === 'action_required') return reply.redirect(path(`/v1/3ds/${encodeURIComponent(result.session.id)}`), 303);
    return html(reply, 200, hostedResultPage(result.session));
  });
};
