/**
 * POST /telegram/webhook: Telegram's updates for the production bot (registered when BOT_WEBHOOK_SECRET is set; the
 * server points the bot at it at start-up, server/modules/bot/startup.ts). Telegram proves itself with the secret in
 * X-Telegram-Bot-Api-Secret-Token (401 otherwise). The answer goes out at once and the update is applied after it
 * (Telegram redelivers an update whose answer is late; the handler applies each update_id once). A malformed update
 * gets its 200 and a log line.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { AppError } from '../../platform/errors';

export const WEBHOOK_PATH = '/telegram/webhook';

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const botWebhookRoutes: FastifyPluginAsync<RouteOptions & { secret: string }> = async (
  app,
  { deps, secret },
) => {
  app.post(WEBHOOK_PATH, { schema: { hide: true }, onRequest: app.rateLimits.webhooks }, async (request) => {
    const header = request.headers['x-telegram-bot-api-secret-token'];
    if (!sameSecret(typeof header === 'string' ? header : undefined, secret))
      throw new AppError('unauthorized', 'wrong webhook secret');
    const update: unknown = request.body;
    const log = request.log;
    setImmediate(() => {
      deps.botUpdates.handle(update).then(
        (outcome) => {
          if (outcome === 'malformed') log.warn('telegram webhook: an update without a valid update_id was ignored');
        },
        (error: unknown) => log.error({ err: error }, 'telegram webhook: applying an update failed'),
      );
    });
    return { ok: true };
  });
};
