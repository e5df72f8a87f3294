/**
 * Telegram updates (webhook or long polling), dispatched by grammY's Bot: each update_id is applied once.
 * - my_chat_member: the bot made an administrator of a channel connects it to whoever did it; losing the role
 *   disconnects it (spec section 6; the rights the app needs: promote members and change info).
 * - chat_join_request: approved for a member with access to that channel, declined for anyone else.
 * - chat_member: every join, leave and removal is recorded (the creator's side shows who is in the channel); someone
 *   who joined by a member's personal link that was not theirs is removed; leaving keeps the subscription.
 * - message: /start [payload] answers a button into the mini-app (at that deep link), /help, and a subscription's
 *   `$command` answers that subscription's invoice button; /admin answers an operator's one-time console sign-in link.
 * - pre_checkout_query: a Stars payment goes ahead only when it is still payable (`starsPayable`), else it is refused
 *   with a sentence in the payer's language (the price changed, or it is no longer payable).
 * - message with successful_payment or refunded_payment: the Stars payment is settled or reversed (`stars`), each
 *   once by its telegram_payment_charge_id.
 * Handlers call the Bot API through the BotGateway port, like the rest of the server.
 */
import { Bot, type ApiClientOptions } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import type { Db } from '../../platform/db/db';
import { botUpdates } from '../../platform/db/schema';
import { type BotGateway, miniAppLink } from './BotGateway';
import { CommandsRepository } from './commandsRepository';
import type { BotEventsService } from './events';
import { botTexts, fill } from './texts';
import { type MemberChange, parseMyChatMember } from './updates';
import { lt, sql } from 'drizzle-orm';

/**
 * The updates the handler reads (setWebhook and getUpdates ask Telegram for exactly these; Telegram makes no update of
 * another type). Stars payments need pre_checkout_query (answered within 10 s, or the payment fails) and `message`,
 * which carries successful_payment and refunded_payment.
 */
export const ALLOWED_UPDATES = [
  'message',
  'my_chat_member',
  'chat_member',
  'chat_join_request',
  'pre_checkout_query',
] as const;

/** A Stars pre-checkout query: who pays, what (our invoice payload) and how many Stars. */
export interface PreCheckout {
  readonly telegramId: number;
  readonly payload: string;
  readonly stars: number;
  readonly currency: string;
}

/** A successful_payment or refunded_payment message (Bot API: SuccessfulPayment, RefundedPayment). */
export interface StarsPaymentUpdate {
  readonly telegramId: number;
  readonly payload: string;
  readonly stars: number;
  readonly currency: string;
  readonly chargeId: string;
  readonly isRecurring?: boolean;
  readonly isFirstRecurring?: boolean;
  /** subscription_expiration_date, Unix seconds. */
  readonly expirationDate?: number;
}

/** The answer to a pre-checkout query: go ahead, or why not. */
export type PreCheckoutVerdict =
  { readonly ok: true } | { readonly ok: false; readonly reason: 'price_changed' | 'unavailable' };

/** What Stars payments do (server/modules/payments/starsPayments.ts). */
export interface StarsPaymentRules {
  /** Whether a Stars payment may go ahead (our invoice, still payable, at this price). */
  preCheckout(query: PreCheckout): Promise<PreCheckoutVerdict>;
  paid(payment: StarsPaymentUpdate): Promise<unknown>;
  refunded(refund: StarsPaymentUpdate): Promise<unknown>;
}

/** What a join or join request does to a private channel's access (server/modules/access/service.ts). */
export interface ChannelAccessRules {
  joinRequested(chatId: number, telegramId: number): Promise<unknown>;
  memberChanged(chatId: number, change: MemberChange): Promise<unknown>;
  joined(chatId: number, person: { telegramId: number; firstName: string }, link: string | null): Promise<unknown>;
}

export interface BotUpdateHandlerDeps {
  readonly db: Db;
  readonly token: string;
  readonly username: string;
  readonly appName: string;
  readonly gateway: BotGateway;
  readonly events: BotEventsService;
  readonly access: ChannelAccessRules;
  readonly now: () => number;
  /** grammY's client options, so long polling reaches the same Bot API as the gateway. */
  readonly client?: ApiClientOptions;
  /** /admin: a one-time operator console sign-in link for this Telegram user, or null when they are no operator. */
  readonly adminSignIn?: (telegramId: number) => Promise<string | null>;
  /** Stars payments; absent: every pre-checkout query is refused and payment messages are ignored. */
  readonly stars?: StarsPaymentRules;
}

const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;
const SUBSCRIPTION_COMMAND = /^\$[a-z]{1,63}$/;

export class BotUpdateHandler {
  readonly bot: Bot;
  private username: string;
  /** Update ids found applied before during the current handleUpdate (handle() reports them). */
  private readonly duplicates = new Set<number>();

  constructor(private readonly deps: BotUpdateHandlerDeps) {
    this.username = deps.username;
    const botInfo: UserFromGetMe = {
      id: Number(deps.token.split(':')[0]) || 0,
      is_bot: true,
      first_name: deps.username,
      username: deps.username,
      can_join_groups: false,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: true,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
    };
    this.bot = new Bot(deps.token, { botInfo, ...(deps.client ? { client: deps.client } : {}) });
    this.install();
  }

  /** Applies one update (webhook, sandbox) unless it was applied before. Answers what happened. */
  async handle(update: unknown): Promise<'applied' | 'duplicate' | 'malformed'> {
    const updateId = (update as { update_id?: unknown } | null)?.update_id;
    if (typeof updateId !== 'number' || !Number.isSafeInteger(updateId)) return 'malformed';
    await this.bot.handleUpdate(update as Update);
    return this.duplicates.delete(updateId) ? 'duplicate' : 'applied';
  }

  /** The bot's username, once getMe told it (deep links in answers). */
  setIdentity(me: UserFromGetMe): void {
    this.bot.botInfo = me;
    this.username = me.username;
  }

  /** The highest update id applied (the sandbox's Telegram numbers on from it after a restart). */
  async lastAppliedId(): Promise<number> {
    const [row] = await this.deps.db.select({ last: sql<number | null>`max(${botUpdates.updateId})` }).from(botUpdates);
    return Number(row?.last ?? 0);
  }

  /** Forgets update ids older than a day (Telegram never redelivers that late). */
  async purge(): Promise<number> {
    const removed = await this.deps.db
      .delete(botUpdates)
      .where(lt(botUpdates.receivedAt, new Date(this.deps.now() - 86_400_000)))
      .returning({ id: botUpdates.updateId });
    return removed.length;
  }

  private async firstTime(updateId: number): Promise<boolean> {
    const inserted = await this.deps.db
      .insert(botUpdates)
      .values({ updateId, receivedAt: new Date(this.deps.now()) })
      .onConflictDoNothing()
      .returning({ id: botUpdates.updateId });
    return inserted.length > 0;
  }

  private link(payload: string): string {
    return miniAppLink(this.username, this.deps.appName, payload);
  }

  private install(): void {
    const { bot } = this;
    const { gateway, events, access } = this.deps;

    // Each update_id once, however it came (webhook redelivery, long polling after a restart).
    bot.use(async (ctx, next) => {
      if (await this.firstTime(ctx.update.update_id)) await next();
      else this.duplicates.add(ctx.update.update_id);
    });

    bot.on('my_chat_member', async (ctx) => {
      const event = parseMyChatMember(ctx.update);
      if (event?.kind === 'added') {
        const owner = await events.ownerFromProfile({
          telegramId: event.by.id,
          firstName: event.by.first_name ?? String(event.by.id),
          lastName: event.by.last_name ?? null,
          username: event.by.username ?? null,
          languageCode: event.by.language_code ?? null,
        });
        // Without the rights the app needs the channel is recorded but not connected (the client shows /connectbot).
        const channel = await events.channelAdded({
          owner,
          chatId: event.chatId,
          title: event.title,
          username: event.username ?? null,
        });
        if (!event.hasRequiredRights) await events.channelRemoved(channel.chatId);
      } else if (event?.kind === 'removed') {
        await events.channelRemoved(event.chatId);
      }
    });

    // Telegram waits 10 s for the answer, then fails the payment: answer at once, refusing what is no longer payable
    // with a sentence the payment sheet shows in the payer's language.
    bot.on('pre_checkout_query', async (ctx) => {
      const query = ctx.preCheckoutQuery;
      const verdict: PreCheckoutVerdict =
        this.deps.stars === undefined
          ? { ok: false, reason: 'unavailable' }
          : await this.deps.stars.preCheckout({
              telegramId: query.from.id,
              payload: query.invoice_payload,
              stars: query.total_amount,
              currency: query.currency,
            });
      const texts = botTexts(query.from.language_code);
      await gateway.answerPreCheckoutQuery(
        query.id,
        verdict.ok
          ? { ok: true }
          : {
              ok: false,
              errorMessage: verdict.reason === 'price_changed' ? texts.paymentPriceChanged : texts.paymentUnavailable,
            },
      );
    });

    // Telegram's word that Stars were paid (or given back): service messages in the payer's chat with the bot.
    bot.on('message', async (ctx, next) => {
      const { successful_payment: paid, refunded_payment: refunded } = ctx.message;
      const stars = this.deps.stars;
      if (paid !== undefined) {
        await stars?.paid({
          telegramId: ctx.message.from.id,
          payload: paid.invoice_payload,
          stars: paid.total_amount,
          currency: paid.currency,
          chargeId: paid.telegram_payment_charge_id,
          ...(paid.is_recurring !== undefined ? { isRecurring: paid.is_recurring } : {}),
          ...(paid.is_first_recurring !== undefined ? { isFirstRecurring: paid.is_first_recurring } : {}),
          ...(paid.subscription_expiration_date !== undefined
            ? { expirationDate: paid.subscription_expiration_date }
            : {}),
        });
      } else if (refunded !== undefined) {
        await stars?.refunded({
          telegramId: ctx.message.from.id,
          payload: refunded.invoice_payload,
          stars: refunded.total_amount,
          currency: refunded.currency,
          chargeId: refunded.telegram_payment_charge_id,
        });
      } else {
        await next();
      }
    });

    bot.on('chat_join_request', async (ctx) => {
      await access.joinRequested(ctx.chatJoinRequest.chat.id, ctx.chatJoinRequest.from.id);
    });

    bot.on('chat_member', async (ctx) => {
      const change = ctx.chatMember;
      const user = change.new_chat_member.user;
      const person = { telegramId: user.id, firstName: user.first_name };
      await access.memberChanged(change.chat.id, {
        ...person,
        from: change.old_chat_member.status,
        to: change.new_chat_member.status,
        byBot: change.from.id === this.bot.botInfo.id,
        ...(change.new_chat_member.status === 'restricted' ? { isMember: change.new_chat_member.is_member } : {}),
      });
      const joined = change.new_chat_member.status === 'member' && change.old_chat_member.status !== 'member';
      if (joined) await access.joined(change.chat.id, person, change.invite_link?.invite_link ?? null);
    });

    bot.command('start', async (ctx) => {
      if (ctx.chat.type !== 'private') return;
      const texts = botTexts(ctx.from?.language_code);
      const payload = ctx.match.trim();
      const withLink = START_PAYLOAD.test(payload);
      await gateway.sendMessage({
        chatId: ctx.chat.id,
        text: withLink ? texts.startWithLink : texts.start,
        silent: false,
        button: {
          text: texts.startButton,
          url: withLink ? this.link(payload) : `https://t.me/${this.username}/${this.deps.appName}`,
        },
      });
    });

    bot.command('help', async (ctx) => {
      if (ctx.chat.type !== 'private') return;
      await gateway.sendMessage({ chatId: ctx.chat.id, text: botTexts(ctx.from?.language_code).help, silent: false });
    });

    // Operators get a one-time sign-in link to the console; anyone else a plain refusal (no link is made).
    bot.command('admin', async (ctx) => {
      if (ctx.chat.type !== 'private' || ctx.from === undefined) return;
      const texts = botTexts(ctx.from.language_code);
      const link = this.deps.adminSignIn ? await this.deps.adminSignIn(ctx.from.id) : null;
      await gateway.sendMessage({
        chatId: ctx.chat.id,
        text: link === null ? texts.adminRefused : fill(texts.adminSignIn, { link }),
        silent: false,
      });
    });

    bot.on('message:text', async (ctx) => {
      const text = ctx.message.text.trim().toLowerCase();
      if (ctx.chat.type !== 'private' || !SUBSCRIPTION_COMMAND.test(text)) return;
      const texts = botTexts(ctx.from.language_code);
      const offers = await new CommandsRepository(this.deps.db).offersFor(text);
      if (offers.length === 0) {
        await gateway.sendMessage({ chatId: ctx.chat.id, text: texts.unknownCommand, silent: false });
        return;
      }
      for (const offer of offers) {
        // An offer speaks for its channel: in the channel's language, as its posts do (spec section 1).
        const channelTexts = botTexts(offer.channelLanguage);
        await gateway.sendMessage({
          chatId: ctx.chat.id,
          text: fill(channelTexts.subscriptionOffer, { name: offer.name, channel: offer.channelTitle }),
          silent: false,
          button: { text: channelTexts.subscriptionButton, url: this.link(`subscription_${offer.subscriptionId}`) },
        });
      }
    });
  }
}
