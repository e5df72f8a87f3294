/**
 * The bot's start-up (after the server listens): getMe names the bot (deep links, the connect-bot screen), its commands
 * are registered in en (the default), ru and id, and its menu button opens the mini-app. Then updates:
 * - with BOT_WEBHOOK_SECRET (which needs PUBLIC_URL): setWebhook to PUBLIC_URL/telegram/webhook with the secret and the
 *   updates the handler reads;
 * - without it: long polling (getUpdates) by grammY, so a creator can run the server on a laptop behind NAT; with
 *   several server processes on one database only the one holding the polling lease polls;
 * - the sandbox's own Telegram delivers updates directly (no webhook, no polling).
 */
import type { FastifyInstance } from 'fastify';
import type { UserFromGetMe } from 'grammy/types';
import { BOT_LANGUAGES, botTexts } from './texts';
import { ALLOWED_UPDATES } from './updateHandler';
import { WEBHOOK_PATH } from './webhook';
import { DatabaseJobLeases, type LeaseRelease } from '../../platform/jobLeases';

/** The lease of the one process that long-polls Telegram (README "Running several instances"). */
export const BOT_POLLING_LEASE = 'bot-polling';

export interface BotConnection {
  readonly username: string;
  readonly updates: 'webhook' | 'polling' | 'sandbox';
  stop(): Promise<void>;
}

export interface ConnectOptions {
  /** How often an instance that does not long-poll asks for the polling lease again (20 s). */
  readonly pollingRetryMs?: number;
}

export async function connectBot(app: FastifyInstance, options: ConnectOptions = {}): Promise<BotConnection> {
  const { bot, botProfile, botUpdates, config, sandboxTelegram } = app.deps;
  const me = await bot.getMe();
  botProfile.username = me.username;
  botUpdates.setIdentity({
    ...botUpdates.bot.botInfo,
    id: me.id,
    username: me.username,
    first_name: me.username,
  } as UserFromGetMe);

  // The command menu in every language the bot speaks (English is the default for everyone else), side by side:
  // one at a time, 24 calls would hold up the start by seconds.
  await Promise.all(
    BOT_LANGUAGES.map(async (language) => {
      const texts = botTexts(language);
      const commands = [
        { command: 'start', description: texts.commandStart },
        { command: 'help', description: texts.commandHelp },
      ];
      await bot.setCommands(commands, language === 'en' ? null : language);
    }),
  );
  const sandboxed = sandboxTelegram !== null && config.botApiUrl === undefined;
  // Telegram opens mini-apps over HTTPS only: a laptop without a public HTTPS address keeps @BotFather's menu button.
  if (sandboxed || config.publicUrl.startsWith('https://'))
    await bot.setMenuButton(botTexts('en').menuButton, `${config.publicUrl}/`);
  else app.log.warn(`bot: the menu button is left as it is (PUBLIC_URL ${config.publicUrl} is not https)`);

  if (sandboxed) return { username: me.username, updates: 'sandbox', stop: async () => {} };
  if (config.botWebhookSecret !== undefined) {
    await bot.setWebhook(`${config.publicUrl}${WEBHOOK_PATH}`, config.botWebhookSecret, ALLOWED_UPDATES);
    return { username: me.username, updates: 'webhook', stop: async () => {} };
  }
  const polling = botUpdates.bot;
  polling.catch((error) => app.log.error({ err: error.error }, `telegram update ${error.ctx.update.update_id} failed`));
  const leading = pollWhileLeading(app, options.pollingRetryMs ?? POLLING_RETRY_MS, () =>
    polling.start({ allowed_updates: [...ALLOWED_UPDATES], drop_pending_updates: false }),
  );
  return {
    username: me.username,
    updates: 'polling',
    stop: async () => {
      await leading.stop(async () => {
        if (polling.isRunning()) await polling.stop();
      });
    },
  };
}

/** How often an instance that does not poll asks for the polling lease again. */
const POLLING_RETRY_MS = 20_000;

/**
 * Long polling by one server process at a time (Telegram answers a second getUpdates consumer 409 Conflict): the
 * process holding the lease `bot-polling` (server/platform/jobLeases.ts) polls; the others ask again every 20 s and
 * take over once it stopped or died. `poll` resolves when polling stops (grammY's start()).
 */
function pollWhileLeading(
  app: FastifyInstance,
  retryMs: number,
  poll: () => Promise<void>,
): { stop(stopPolling: () => Promise<void>): Promise<void> } {
  const leases = new DatabaseJobLeases();
  let release: LeaseRelease | null = null;
  let stopped = false;
  let waitingLogged = false;
  const lead = async (): Promise<void> => {
    if (stopped || release !== null) return;
    release = await leases.acquire(app.deps.db, BOT_POLLING_LEASE).catch(() => null);
    if (release === null) {
      if (!waitingLogged) app.log.info('bot: another instance long-polls Telegram; this one takes over when it stops');
      waitingLogged = true;
      return;
    }
    if (stopped) {
      await release().catch(() => undefined);
      release = null;
      return;
    }
    // grammY removes the webhook first, then polls; start() resolves only when polling stops.
    await poll().catch((error: unknown) => app.log.error({ err: error }, 'telegram long polling stopped'));
    const given = release;
    release = null;
    await given?.().catch(() => undefined);
  };
  const timer = setInterval(() => void lead(), retryMs);
  timer.unref();
  void lead();
  return {
    async stop(stopPolling) {
      stopped = true;
      clearInterval(timer);
      await stopPolling();
      await release?.().catch(() => undefined);
    },
  };
}
