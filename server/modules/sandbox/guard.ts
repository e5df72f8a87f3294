/**
 * Keeps the sandbox's control surface (/sandbox: control API, Bot API double, emulator) to the machine it runs on.
 * The sandbox refuses a non-loopback HOST, but a server on 127.0.0.1 behind a reverse proxy or tunnel would still
 * serve it to the world: /sandbox/launch signs init data for anyone, /sandbox/kyc approves anyone, /sandbox/clock
 * moves time. A proxy says so with `Forwarded` or `X-Forwarded-For`; such requests answer 403 forbidden unless
 * SANDBOX_PUBLIC=1 asked for a public sandbox. (The card provider's double under /provider stays reachable: the
 * payer's browser opens its bank pages.)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../platform/config';
import { AppError } from '../../platform/errors';

export function isProxied(request: FastifyRequest): boolean {
  return request.headers.forwarded !== undefined || request.headers['x-forwarded-for'] !== undefined;
}

const isSandboxPath = (url: string): boolean =>
  url === '/sandbox' || url.startsWith('/sandbox/') || url.startsWith('/sandbox?');

export function installSandboxGuard(app: FastifyInstance, config: Pick<ServerConfig, 'sandboxPublic'>): void {
  if (config.sandboxPublic) return;
  app.addHook('onRequest', async (request) => {
    if (isSandboxPath(request.url) && isProxied(request)) {
      throw new AppError(
        'forbidden',
        'The sandbox answers only on this machine, not through a proxy (SANDBOX_PUBLIC=1 allows it)',
      );
    }
  });
}

/** The sandbox signs init data with a BOT_TOKEN it did not generate only when SANDBOX=1 was given explicitly. */
export function assertMaySign(config: Pick<ServerConfig, 'botTokenGenerated' | 'sandboxExplicit'>): void {
  if (!config.botTokenGenerated && !config.sandboxExplicit) {
    throw new AppError('forbidden', 'The sandbox signs with a BOT_TOKEN it did not generate only with SANDBOX=1');
  }
}
