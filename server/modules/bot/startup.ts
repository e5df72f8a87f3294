/**
 * The bot's start-up (after the server listens): getMe names the bot (deep links, the connect-bot screen), its commands
 * are registered in en (the default), ru and id, and its menu button opens the mini-app. Then updates:
 * - with BOT_WEBHOOK_SECRET (which needs PUBLIC_URL): setWebhook to PUBLIC_URL/telegram/webhook with the secret and the
 *   updates the handler reads;
 * - without it: long polling (getUpdates) by grammY, so a creator can run the server on a laptop behind NAT;
 * - the sandbox's own Telegram delivers updates directly (no webhook, no polling).
 */
import type { FastifyInstance } from 'fastify';
import type { UserFromGetMe } from 'grammy/types';
import { BOT_LANGUAGES, botTexts } from './texts';
import { ALLOWED_UPDATES } from './updateHandler';
import { WEBHOOK_PATH } from './webhook';

export interface BotConnection {
  readonly username: string;
  readonly updates: 'webhook' | 'polling' | 'sandbox';
  stop(): Promise<void>;
}

export async function connectBot(app: FastifyInstance): Promise<BotConnection> {
  const { bot, botProfile, botUpdates, config, sandboxTelegram } = app.deps;
  const me = await bot.getMe();
  botProfile.username = me.username;
  botUpdates.setIdentity({ ...botUpdates.bot.botInfo, id: me.id, username: me.username, first_name: me.username } as UserFromGetMe);

  for (const language of BOT_LANGUAGES) {
    const texts = botTexts(language);
    const commands = [{ command: 'start', description: texts.commandStart }, { command: 'help', description: texts.commandHelp }];
    await bot.setCommands(commands, language === 'en' ? null : language);
  }
  const sandboxed = sandboxTelegram !== null && config.botApiUrl === undefined;
  // Telegram opens mini-apps over HTTPS only: a laptop without a public HTTPS address keeps @BotFather's menu button.
  if (sandboxed || config.publicUrl.startsWith('https://')) await bot.setMenuButton(botTexts('en').menuButton, `${config.publicUrl}/`);
  else app.log.warn(`bot: the menu button is left as it is (PUBLIC_URL ${config.publicUrl} is not https)`);

  if (sandboxed) return { username: me.username, updates: 'sandbox', stop: async () => {} };
  if (config.botWebhookSecret !== undefined) {
    await bot.setWebhook(`${config.publicUrl}${WEBHOOK_PATH}`, config.botWebhookSecret, ALLOWED_UPDATES);
    return { username: me.username, updates: 'webhook', stop: async () => {} };
  }
  const polling = botUpdates.bot;
  polling.catch((error) => app.log.error({ err: error.error }, `telegram update ${error.ctx.update.update_id} failed`));
  // grammY removes the webhook first, then polls; start() resolves only when polling stops.
  void polling.start({ allowed_updates: [...ALLOWED_UPDATES], drop_pending_updates: false })
    .catch((error: unknown) => app.log.error({ err: error }, 'telegram long polling stopped'));
  return {
    username: me.username,
    updates: 'polling',
    stop: async () => { if (polling.isRunning()) await polling.stop(); },
  };
}
