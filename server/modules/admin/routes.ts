/**
 * The operator console's HTTP surface:
 * - GET /admin/signin?token=…  uses a one-time link (from the bot's /admin), sets the session cookie, redirects to /admin;
 * - /admin/api/*               the console's API: 401 `unauthorized` without a live operator session (the mini-app's
 *                              TgAuth header means nothing here); POST /admin/api/signout ends the session;
 *                              state-changing calls only from the console's own origin, as JSON (csrf.ts). Each
 *                              route needs a role (its `config.role`; reads viewer, changes admin unless a route says
 *                              otherwise): a lesser one gets 403 `forbidden` before anything runs. Every action
 *                              but sign-out needs an Idempotency-Key (one per operator's action), as the app's
 *                              payments do.
 * Each queue is one plugin in ADMIN_QUEUES (adminQueues.ts): to add a queue, write its routes file and list it there.
 */
import { named } from '../../platform/http/named';
import type { FastifyPluginAsync } from 'fastify';
import { type AdminMe, roleAllows } from '../../../src/contract/admin';
import type { RouteOptions } from '../../context';
import { ADMIN_QUEUES } from './adminQueues';
import { installConsoleCsrfGuard } from './csrf';
import { claimedOperator } from './service';
import { AttemptLimiter, clearSessionCookie, currentOperator, sessionToken, setSessionCookie } from './http';
import { idempotentFor } from '../payments/http';

/**
 * Sign-in attempts per address and operator (the id a link's token leads with; tokens without one share a bucket)
 * and window, and per address for all operators together. Behind a proxy without TRUST_PROXY every operator shares
 * the proxy's address: guesses at one operator's links, or at none, do not lock the others out.
 */
export const SIGNIN_ATTEMPTS = 10;
export const SIGNIN_ATTEMPTS_PER_ADDRESS = 100;
const SIGNIN_WINDOW_MS = 10 * 60 * 1000;

const refusedPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in link refused</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
<main><h1>This sign-in link does not work</h1><p>It was used already, it expired (links work for 10 minutes) or it was never issued.
Send <code>/admin</code> to the bot for a new one.</p></main></body></html>`;

export const adminRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const { admin } = deps;
  const secure = deps.config.publicUrl.startsWith('https://');
  const perOperator = new AttemptLimiter(SIGNIN_ATTEMPTS, SIGNIN_WINDOW_MS, () => deps.clock.now());
  const perAddress = new AttemptLimiter(SIGNIN_ATTEMPTS_PER_ADDRESS, SIGNIN_WINDOW_MS, () => deps.clock.now());

  app.get<{ Querystring: { token?: string } }>(
    '/signin',
    {
      schema: {
        hide: true,
        querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } },
      },
    },
    async (request, reply) => {
      const claimed = claimedOperator(request.query.token ?? '');
      const allowed = perAddress.attempt(request.ip) && perOperator.attempt(`${request.ip} ${claimed ?? '-'}`);
      if (!allowed) {
        return reply
          .code(429)
          .header('retry-after', String(SIGNIN_WINDOW_MS / 1000))
          .send({
            code: 'too_many_requests',
            message: 'Too many sign-in attempts for this operator from this address; try again in 10 minutes',
          });
      }
      const session = request.query.token ? await admin.signIn(request.query.token) : null;
      if (session === null)
        return reply.code(401).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(refusedPage);
      setSessionCookie(reply, session, secure);
      // The link's token must not linger in the history or a Referer.
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect('/admin/');
    },
  );

  await app.register(
    named(async (api) => {
      installConsoleCsrfGuard(api, deps.config.publicUrl);
      // Bodyless actions also say application/json (csrf.ts): an empty JSON body means no body, not a 400.
      const parseJson = api.getDefaultJsonParser('error', 'error');
      api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (text === '') done(null, undefined);
        else parseJson(request, text, done);
      });
      api.addHook('onRequest', async (request, reply) => {
        const token = sessionToken(request);
        const operator = token === null ? null : await admin.authenticate(token);
        if (operator === null) {
          return reply
            .code(401)
            .header('cache-control', 'no-store')
            .send({ code: 'unauthorized', message: 'Sign in to the operator console: send /admin to the bot' });
        }
        request.operator = operator;
        reply.header('cache-control', 'no-store');
        // The role is enforced here, before the body is read or validated: a refused call changes nothing.
        const needed = request.routeOptions.config.role ?? (request.method === 'GET' ? 'viewer' : 'admin');
        if (!roleAllows(operator.role, needed)) {
          return reply.code(403).send({
            code: 'forbidden',
            message: `This needs the ${needed} role; you are ${operator.role}`,
          });
        }
      });

      api.get('/me', { schema: { hide: true } }, async (request): Promise<AdminMe> => {
        const { telegramId, role } = currentOperator(request);
        return { operator: { telegramId, role } };
      });

      api.post('/signout', { config: { role: 'viewer' }, schema: { hide: true } }, async (request, reply) => {
        await admin.signOut(sessionToken(request)!);
        clearSessionCookie(reply, secure);
        return { ok: true };
      });

      // Every queue action runs under its Idempotency-Key, as the app's payments do: one per operator's action, so a
      // double click or a retry after a lost answer replays the first answer and changes nothing twice. The keys are
      // the operator's own, kept with the app's under the negative Telegram id (user ids are positive).
      api.addHook('onRoute', (route) => {
        if (route.method !== 'POST') return;
        const handler = route.handler;
        route.handler = async function (request, reply) {
          return idempotentFor(-currentOperator(request).telegramId, request, reply, deps.money, () =>
            Promise.resolve(handler.call(this, request, reply)),
          );
        };
      });
      for (const queue of ADMIN_QUEUES) await api.register(named(queue.plugin), { deps });
      // Unknown paths too answer 401 before a session (hooks do not run for the app's not-found handler).
      api.all('/*', { config: { role: 'viewer' }, schema: { hide: true } }, async (request, reply) =>
        reply
          .code(404)
          .send({ code: 'not_found', message: `${request.method} ${request.url.split('?')[0]} does not exist` }),
      );
    }, 'console API'),
    { prefix: '/api' },
  );
};
