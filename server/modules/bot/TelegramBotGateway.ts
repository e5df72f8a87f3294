/**
 * The bot gateway on grammY's Bot API client (https://core.telegram.org/bots/api, https://grammy.dev). It calls the
 * Bot API at its root: https://api.telegram.org in production, the sandbox's Bot API double otherwise (a function
 * when the root is only known once the server listens). A 429 is waited out (parameters.retry_after, up to a cap)
 * and retried; any other refusal or a network failure becomes a BotApiError with the method and Telegram's code.
 */
import { Api, type ApiClientOptions, GrammyError, HttpError, InputFile } from 'grammy';
import { plainFetch } from '../../platform/http/selfFetch';
import {
  BotApiError,
  type BotCommandText,
  type BotGateway,
  type BotIdentity,
  type ChatMemberInfo,
  type ChatMemberStatus,
  type EditMessageRequest,
  type InlineButton,
  type SendMessageRequest,
  type SendPhotoRequest,
  type StarTransactionInfo,
  type StarsInvoiceRequest,
} from './BotGateway';
import { STARS_CURRENCY, STARS_SUBSCRIPTION_PERIOD_SECONDS } from '../../../src/domain/stars';

type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body: string | AsyncIterable<Uint8Array>;
    signal?: AbortSignal | null;
  },
) => Promise<{ json(): Promise<unknown> }>;

export interface TelegramBotGatewayOptions {
  readonly token: string;
  /** The Bot API root (default https://api.telegram.org); a function when it is known only later. */
  readonly apiRoot?: string | (() => string);
  /** Replaces the HTTP call (unit tests replay recorded answers; the sandbox reaches itself before listening). */
  readonly fetch?: FetchLike;
  readonly timeoutSeconds?: number;
  /** The longest retry_after a call waits out before failing instead (default 30 s). */
  readonly maxRetryAfterSeconds?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_ROOT = 'https://api.telegram.org';

const MAX_ATTEMPTS = 3;

/** grammY's client options for these gateway options (the update handler's Bot reaches the same Bot API with them). */
export function botClientOptions(options: TelegramBotGatewayOptions): ApiClientOptions {
  const root = options.apiRoot ?? DEFAULT_ROOT;
  const rootNow = (): string => (typeof root === 'function' ? root() : root).replace(/\/+$/, '');
  return {
    buildUrl: (_root, token, method) => `${rootNow()}/bot${token}/${method}`,
    timeoutSeconds: options.timeoutSeconds ?? 10,
    // Node's own fetch for http and https alike (grammY's default is node-fetch with an https-only agent).
    baseFetchConfig: {},
    fetch: (options.fetch ?? plainFetch) as unknown as typeof fetch,
  };
}

/** Flood control: Telegram answers 429 with the seconds to wait; waiting and trying again is what it asks for. */
export function waitOutRetryAfter(
  api: Api,
  options: Pick<TelegramBotGatewayOptions, 'maxRetryAfterSeconds' | 'sleep'> = {},
): void {
  const maxWait = options.maxRetryAfterSeconds ?? 30;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  api.config.use(async (previous, method, payload, signal) => {
    for (let attempt = 1; ; attempt += 1) {
      const answer = await previous(method, payload, signal);
      const retryAfter = answer.ok ? undefined : answer.parameters?.retry_after;
      if (
        answer.ok ||
        answer.error_code !== 429 ||
        retryAfter === undefined ||
        retryAfter > maxWait ||
        attempt >= MAX_ATTEMPTS
      )
        return answer;
      await sleep(retryAfter * 1000);
    }
  });
}

export class TelegramBotGateway implements BotGateway {
  readonly api: Api;

  constructor(readonly options: TelegramBotGatewayOptions) {
    this.api = new Api(options.token, botClientOptions(options));
    waitOutRetryAfter(this.api, options);
  }

  /** Runs one Bot API call and turns grammY's errors into BotApiError (never with the token-bearing URL). */
  private async call<T>(method: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof GrammyError)
        throw new BotApiError(method, error.error_code, error.description, error.parameters.retry_after ?? null);
      if (error instanceof HttpError) throw new BotApiError(method, null, `request failed (${errorName(error.error)})`);
      throw error;
    }
  }

  async sendMessage(request: SendMessageRequest): Promise<{ messageId: number }> {
    const message = await this.call('sendMessage', () =>
      this.api.sendMessage(request.chatId, request.text, {
        disable_notification: request.silent,
        ...(request.button
          ? { reply_markup: { inline_keyboard: [[{ text: request.button.text, url: request.button.url }]] } }
          : {}),
      }),
    );
    return { messageId: message.message_id };
  }

  async sendPhoto(request: SendPhotoRequest): Promise<{ messageId: number }> {
    // A string photo (file_id or URL) goes as JSON; bytes go as an InputFile, which grammY sends as multipart/form-data.
    const photo =
      typeof request.photo === 'string' ? request.photo : new InputFile(request.photo.bytes, request.photo.filename);
    const message = await this.call('sendPhoto', () =>
      this.api.sendPhoto(request.chatId, photo, {
        caption: request.caption,
        disable_notification: request.silent,
        ...(request.button
          ? { reply_markup: { inline_keyboard: [[{ text: request.button.text, url: request.button.url }]] } }
          : {}),
      }),
    );
    return { messageId: message.message_id };
  }

  async editMessageText(request: EditMessageRequest): Promise<void> {
    await this.call('editMessageText', () =>
      this.api.editMessageText(request.chatId, request.messageId, request.text, keyboard(request.button)),
    );
  }

  async editMessageCaption(request: EditMessageRequest): Promise<void> {
    await this.call('editMessageCaption', () =>
      this.api.editMessageCaption(request.chatId, request.messageId, {
        caption: request.text,
        ...keyboard(request.button),
      }),
    );
  }

  async pinMessage(chatId: number, messageId: number, silent: boolean): Promise<void> {
    await this.call('pinChatMessage', () =>
      this.api.pinChatMessage(chatId, messageId, { disable_notification: silent }),
    );
  }

  async deleteMessage(chatId: number, messageId: number): Promise<void> {
    await this.call('deleteMessage', () => this.api.deleteMessage(chatId, messageId));
  }

  async getChatMember(chatId: number, userId: number): Promise<ChatMemberInfo> {
    const member = await this.call('getChatMember', () => this.api.getChatMember(chatId, userId));
    const rights = member as { can_promote_members?: boolean; can_change_info?: boolean; can_post_messages?: boolean };
    const isCreator = member.status === 'creator';
    return {
      status: member.status as ChatMemberStatus,
      canPromoteMembers: isCreator || rights.can_promote_members === true,
      canChangeInfo: isCreator || rights.can_change_info === true,
      canPostMessages: isCreator || rights.can_post_messages === true,
    };
  }

  async getMe(): Promise<BotIdentity> {
    const me = await this.call('getMe', () => this.api.getMe());
    return { id: me.id, username: me.username };
  }

  async createInviteLink(
    chatId: number,
    options: { name: string } & ({ memberLimit: number } | { createsJoinRequest: true }),
  ): Promise<string> {
    const kind =
      'createsJoinRequest' in options ? { creates_join_request: true } : { member_limit: options.memberLimit };
    const link = await this.call('createChatInviteLink', () =>
      this.api.createChatInviteLink(chatId, { name: options.name.slice(0, 32), ...kind }),
    );
    return link.invite_link;
  }

  async removeMember(chatId: number, userId: number): Promise<void> {
    await this.call('banChatMember', () => this.api.banChatMember(chatId, userId));
    // Unbanning at once turns the ban into a removal: the user may join again with a new paid link.
    await this.call('unbanChatMember', () => this.api.unbanChatMember(chatId, userId, { only_if_banned: true }));
  }

  async approveJoinRequest(chatId: number, userId: number): Promise<void> {
    await this.call('approveChatJoinRequest', () => this.api.approveChatJoinRequest(chatId, userId));
  }

  async declineJoinRequest(chatId: number, userId: number): Promise<void> {
    await this.call('declineChatJoinRequest', () => this.api.declineChatJoinRequest(chatId, userId));
  }

  async setCommands(commands: readonly BotCommandText[], languageCode: string | null): Promise<void> {
    await this.call('setMyCommands', () =>
      this.api.setMyCommands([...commands], languageCode === null ? {} : { language_code: languageCode as never }),
    );
  }

  async setMenuButton(text: string, url: string): Promise<void> {
    await this.call('setChatMenuButton', () =>
      this.api.setChatMenuButton({ menu_button: { type: 'web_app', text, web_app: { url } } }),
    );
  }

  /** Points Telegram's updates at the server's webhook, with the secret it must send back. */
  async setWebhook(url: string, secretToken: string, allowedUpdates: readonly string[]): Promise<void> {
    await this.call('setWebhook', () =>
      this.api.setWebhook(url, { secret_token: secretToken, allowed_updates: allowedUpdates as never }),
    );
  }

  async deleteWebhook(): Promise<void> {
    await this.call('deleteWebhook', () => this.api.deleteWebhook());
  }

  /**
   * Stars payments (https://core.telegram.org/bots/payments-stars): no payment provider, so provider_token is empty
   * and the price is one item in XTR; a subscription renews every 2592000 seconds, the only period Telegram allows
   * (the limits: src/domain/stars.ts).
   */
  async createStarsInvoiceLink(request: StarsInvoiceRequest): Promise<string> {
    return this.call('createInvoiceLink', () =>
      this.api.createInvoiceLink(
        request.title,
        request.description,
        request.payload,
        '',
        STARS_CURRENCY,
        [{ label: request.title, amount: request.stars }],
        request.recurring ? { subscription_period: STARS_SUBSCRIPTION_PERIOD_SECONDS } : {},
      ),
    );
  }

  async answerPreCheckoutQuery(
    queryId: string,
    answer: { ok: true } | { ok: false; errorMessage: string },
  ): Promise<void> {
    await this.call('answerPreCheckoutQuery', () =>
      answer.ok
        ? this.api.answerPreCheckoutQuery(queryId, true)
        : this.api.answerPreCheckoutQuery(queryId, false, { error_message: answer.errorMessage }),
    );
  }

  async refundStarPayment(userId: number, chargeId: string): Promise<void> {
    await this.call('refundStarPayment', () => this.api.refundStarPayment(userId, chargeId));
  }

  async editStarSubscription(userId: number, chargeId: string, canceled: boolean): Promise<void> {
    await this.call('editUserStarSubscription', () => this.api.editUserStarSubscription(userId, chargeId, canceled));
  }

  async starTransactions(offset: number, limit: number): Promise<StarTransactionInfo[]> {
    const answer = await this.call('getStarTransactions', () => this.api.getStarTransactions({ offset, limit }));
    return answer.transactions.map((transaction) => {
      // Incoming payments have a source, refunds (and withdrawals) a receiver; a user partner names the payer.
      const partner = (transaction.source ?? transaction.receiver) as
        { type?: string; user?: { id: number }; invoice_payload?: string } | undefined;
      const user = partner?.type === 'user' ? partner : undefined;
      return {
        id: transaction.id,
        stars: transaction.amount,
        date: transaction.date,
        direction: transaction.source ? 'in' : 'out',
        userId: user?.user?.id ?? null,
        payload: user?.invoice_payload ?? null,
      };
    });
  }
}

/** Why a request did not go through, without its URL (which carries the token): e.g. "ECONNREFUSED", "TimeoutError". */
function errorName(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'network error';
}

/** The one-button inline keyboard of a post, as an edit sends it again. */
function keyboard(button: InlineButton | undefined) {
  return button ? { reply_markup: { inline_keyboard: [[{ text: button.text, url: button.url }]] } } : {};
}
