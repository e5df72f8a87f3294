/**
 * The console's defence against requests forged by other origins (a page elsewhere, even on another port of the
 * same host, that posts a form with the operator's cookie). Every state-changing call under /admin/api (any method
 * but GET, HEAD and OPTIONS):
 * - is refused 403 forbidden when its `Origin` is present and is neither the origin the console was reached at
 *   (scheme and Host as received; behind a proxy named by TRUST_PROXY, its X-Forwarded-Proto and X-Forwarded-Host)
 *   nor PUBLIC_URL's origin, or when `Sec-Fetch-Site` is present and not `same-origin`;
 * - must carry `Content-Type: application/json`, bodyless actions included (415 validation_error otherwise, as for any unsupported
 *   content type):
 *   a form can only send text/plain, urlencoded or multipart, and a cross-origin JSON request needs a CORS preflight
 *   this server never grants.
 * Callers that are not browsers (no Origin, no Sec-Fetch-Site) pass on to the session check.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The origin the request reached: scheme and Host as received (Fastify reads the proxy's headers only under TRUST_PROXY). */
export function receivedOrigin(request: FastifyRequest): string | null {
  return originOf(`${request.protocol}://${request.host}`);
}

export function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** Registers the check on the console's API scope (before the session hook: a forged call learns nothing). */
export function installConsoleCsrfGuard(api: FastifyInstance, publicUrl: string): void {
  const publicOrigin = originOf(publicUrl);
  api.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite !== undefined && fetchSite !== 'same-origin')
      throw new AppError('forbidden', 'The console accepts actions only from its own pages');
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const given = originOf(origin);
      if (given === null || (given !== receivedOrigin(request) && given !== publicOrigin))
        throw new AppError('forbidden', 'The console accepts actions only from its own pages');
    }
    if (!isJson(request.headers['content-type']))
      throw new AppError('validation_error', 'Console actions take Content-Type: application/json', {}, 415);
  });
}
