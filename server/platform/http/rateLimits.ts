/**
 * Rate limits (@fastify/rate-limit, its in-memory store; one-minute windows of real time, not the sandbox clock):
 * - payment creation per user (both invoice create calls share one budget): RATE_LIMIT_PAYMENTS_PER_MINUTE, 20;
 * - failed sign-ins (401 from TgAuth) per address: RATE_LIMIT_FAILED_SIGNINS_PER_MINUTE, 30. Only failures count and
 *   only failures are refused, so a valid sign-in from a busy address (a NAT, a proxy) still works;
 * - webhooks (Smart Glocal's, Telegram's) per address: RATE_LIMIT_WEBHOOKS_PER_MINUTE, 3000.
 * 0 turns a limit off. Over the limit a call answers 429 `{ code: 'rate_limited', message }` with Retry-After (seconds).
 * Addresses are the peer's (request.ip): behind a reverse proxy every caller shares the proxy's address unless
 * TRUST_PROXY names the proxy.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export interface RateLimitConfig {
  readonly paymentsPerMinute: number;
  readonly failedSignInsPerMinute: number;
  readonly webhooksPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  paymentsPerMinute: 20,
  failedSignInsPerMinute: 30,
  webhooksPerMinute: 3000,
};

/** Counts the call; throws AppError rate_limited (429) with Retry-After once the budget of the window is spent. */
export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RateLimiters {
  /** Per signed-in user (use after auth: a preHandler). */
  readonly payments: Limiter;
  readonly failedSignIns: Limiter;
  readonly webhooks: Limiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimiters;
  }
}

const WINDOW_MS = 60_000;
const unlimited: Limiter = async () => {};

/** Registers the plugin (no global limit) and decorates the app with `rateLimits`; call before the routes. */
export async function installRateLimits(app: FastifyInstance, limits: RateLimitConfig): Promise<RateLimiters> {
  await app.register(rateLimit, { global: false });
  const limiter = (what: string, max: number, key: (request: FastifyRequest) => string): Limiter => {
    if (max === 0) return unlimited;
    const check = app.createRateLimit({ max, timeWindow: WINDOW_MS, keyGenerator: key });
    return async (request, reply) => {
      const limit = await check(request);
      if (limit.isAllowed || !limit.isExceeded) return;
      const seconds = Math.max(1, limit.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw new AppError('rate_limited', `Too many ${what}; try again in ${seconds} s`);
    };
  };
  const limiters: RateLimiters = {
    payments: limiter(
      'payments',
      limits.paymentsPerMinute,
      (request) => `payments:${request.user?.id ?? `ip:${request.ip}`}`,
    ),
    failedSignIns: limiter(
      'failed sign-ins from this address',
      limits.failedSignInsPerMinute,
      (request) => `signin:${request.ip}`,
    ),
    webhooks: limiter('webhooks from this address', limits.webhooksPerMinute, (request) => `webhook:${request.ip}`),
  };
  app.decorate('rateLimits', limiters);
  return limiters;
}
