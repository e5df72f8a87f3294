/**
 * Signs of a reverse proxy or tunnel in front of the server, and the notice when they arrive while TRUST_PROXY is
 * unset: then every caller has the proxy's address, so the per-address limits (failed sign-ins, operator sign-in
 * links, webhooks) count everybody together. The first such request logs a warning once, and readiness
 * (/health/ready) reports it in its body (still 200: the server works, it is a configuration to fix).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';

/** Headers a reverse proxy or tunnel adds; any one of them means the caller may not be on this machine. */
export const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'] as const;

export function isProxied(request: Pick<FastifyRequest, 'headers'>): boolean {
  return PROXY_HEADERS.some((name) => request.headers[name] !== undefined);
}

export interface ProxyReport {
  /** TRUST_PROXY is set. */
  readonly trusted: boolean;
  /** A request with proxy headers arrived. */
  readonly proxiedRequestsSeen: boolean;
  readonly warning?: string;
}

export const UNTRUSTED_PROXY_WARNING =
  'Requests arrive through a proxy (Forwarded, X-Forwarded-For, X-Real-IP or X-Forwarded-Host) but TRUST_PROXY is ' +
  "unset: every caller has the proxy's address, so per-address limits count all callers together. Set TRUST_PROXY " +
  "to the proxy's addresses.";

const isTrusted = (trustProxy: ServerConfig['trustProxy']): boolean =>
  Array.isArray(trustProxy) && trustProxy.length > 0;

/** Watches for proxy headers; answers what readiness reports. */
export function installProxyNotice(app: FastifyInstance, config: Pick<ServerConfig, 'trustProxy'>): () => ProxyReport {
  const trusted = isTrusted(config.trustProxy);
  let seen = false;
  if (!trusted) {
    app.addHook('onRequest', async (request) => {
      if (seen || !isProxied(request)) return;
      seen = true;
      request.log.warn(UNTRUSTED_PROXY_WARNING);
    });
  }
  return () => ({
    trusted,
    proxiedRequestsSeen: seen,
    ...(seen && !trusted ? { warning: UNTRUSTED_PROXY_WARNING } : {}),
  });
}
