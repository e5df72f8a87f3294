/**
 * POST /telegram/webhook: Telegram's updates for the production bot (registered when BOT_WEBHOOK_SECRET is set;
 * point the bot at it with TelegramBotGateway.setWebhook(url, secret)). Only my_chat_member changes of channels
 * matter: the bot made administrator connects the channel to whoever did it, losing the role disconnects it.
 * Telegram proves itself with the secret in X-Telegram-Bot-Api-Secret-Token.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../../context';
import { AppError } from '../../platform/errors';
import { parseMyChatMember } from './updates';

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const botWebhookRoutes: FastifyPluginAsync<RouteOptions & { secret: string }> = async (app, { deps, secret }) => {
  app.post('/telegram/webhook', { schema: { hide: true } }, async (request) => {
    const header = request.headers['x-telegram-bot-api-secret-token'];
    if (!sameSecret(typeof header === 'string' ? header : undefined, secret)) throw new AppError('unauthorized', 'wrong webhook secret');
    const event = parseMyChatMember(request.body);
    if (event?.kind === 'added') {
      const owner = await deps.services.botEvents.ownerFromProfile({
        telegramId: event.by.id,
        firstName: event.by.first_name ?? String(event.by.id),
        lastName: event.by.last_name ?? null,
        username: event.by.username ?? null,
        languageCode: event.by.language_code ?? null,
      });
      // Without the rights the app needs the channel is recorded but not connected (the client shows /connectbot).
      const channel = await deps.services.botEvents.channelAdded({ owner, chatId: event.chatId, title: event.title, username: event.username ?? null });
      if (!event.hasRequiredRights) await deps.services.botEvents.channelRemoved(channel.chatId);
    } else if (event?.kind === 'removed') {
      await deps.services.botEvents.channelRemoved(event.chatId);
    }
    return { ok: true };
  });
};
