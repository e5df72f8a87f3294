/**
 * Keeps the sandbox's control surface (/sandbox: control API, Bot API double, emulator) to the machine it runs on.
 * The sandbox refuses a non-loopback HOST, but a server on 127.0.0.1 behind a reverse proxy or tunnel would still
 * serve it to the world: /sandbox/launch signs init data for anyone, /sandbox/kyc approves anyone, /sandbox/clock
 * moves time. A proxy says so with `Forwarded`, `X-Forwarded-For`, `X-Real-IP` or `X-Forwarded-Host`; such requests
 * answer 403 forbidden unless SANDBOX_PUBLIC=1 asked for a public sandbox. (The card provider's double under
 * /provider stays reachable: the payer's browser opens its bank pages.)
 *
 * The guard is a hook of the scope the sandbox's routes are registered in (sandboxScope), so it runs for whatever
 * the router matched there: the router decodes and resolves the path (`/%73andbox/launch` is /sandbox/launch), and a
 * test of the URL's spelling would not.
 */
import { named } from '../../platform/http/named';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { PROXY_HEADERS, isProxied } from '../../platform/http/proxy';
import type { ServerConfig } from '../../platform/config';
import { AppError } from '../../platform/errors';

export { PROXY_HEADERS, isProxied };

/**
 * An encapsulated scope for the sandbox's routes: `register` adds them (with their own prefixes under /sandbox), and
 * every route added there is refused to proxied callers unless SANDBOX_PUBLIC=1.
 */
export function sandboxScope(
  config: Pick<ServerConfig, 'sandboxPublic'>,
  register: (scope: FastifyInstance) => Promise<void>,
): FastifyPluginAsync {
  return named(async (scope) => {
    if (!config.sandboxPublic) {
      scope.addHook('onRequest', async (request) => {
        if (isProxied(request)) {
          throw new AppError(
            'forbidden',
            'The sandbox answers only on this machine, not through a proxy (SANDBOX_PUBLIC=1 allows it)',
          );
        }
      });
    }
    await register(scope);
  }, 'sandbox');
}

/** The sandbox signs init data with a BOT_TOKEN it did not generate only when SANDBOX=1 was given explicitly. */
export function assertMaySign(config: Pick<ServerConfig, 'botTokenGenerated' | 'sandboxExplicit'>): void {
  if (!config.botTokenGenerated && !config.sandboxExplicit) {
    throw new AppError('forbidden', 'The sandbox signs with a BOT_TOKEN it did not generate only with SANDBOX=1');
  }
}
