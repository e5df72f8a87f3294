/**
 * The production bot: Telegram Bot API over HTTPS (https://core.telegram.org/bots/api).
 * `fetch` is injectable so unit tests replay recorded Bot API answers without the network.
 */
import { BotApiError, type BotGateway, type ChatMemberInfo, type ChatMemberStatus, type SendMessageRequest } from './BotGateway';

type FetchFn = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal }) => Promise<{
  status: number;
  json(): Promise<unknown>;
}>;

interface BotApiAnswer<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
}

interface TelegramMessage { message_id: number }
interface TelegramChatMember {
  status: ChatMemberStatus;
  can_promote_members?: boolean;
  can_change_info?: boolean;
  can_post_messages?: boolean;
}

export interface TelegramBotGatewayOptions {
  readonly token: string;
  /** https://api.telegram.org unless a local Bot API server is used. */
  readonly apiUrl?: string;
  readonly fetch?: FetchFn;
  readonly timeoutMs?: number;
}

export class TelegramBotGateway implements BotGateway {
  private readonly apiUrl: string;
  private readonly fetchFn: FetchFn;
  private readonly timeoutMs: number;

  constructor(private readonly options: TelegramBotGatewayOptions) {
    this.apiUrl = (options.apiUrl ?? 'https://api.telegram.org').replace(/\/+$/, '');
    this.fetchFn = options.fetch ?? (globalThis.fetch as unknown as FetchFn);
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  /** Calls one Bot API method with a JSON body; answers `result` or throws BotApiError. */
  async call<T>(method: string, params: Record<string, unknown>): Promise<T> {
    let answer: BotApiAnswer<T>;
    try {
      const response = await this.fetchFn(`${this.apiUrl}/bot${this.options.token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      answer = (await response.json()) as BotApiAnswer<T>;
    } catch (error) {
      // Never include the URL: it carries the bot token.
      throw new BotApiError(method, null, error instanceof Error ? error.name : 'request failed');
    }
    if (!answer.ok || answer.result === undefined) {
      throw new BotApiError(method, answer.error_code ?? null, answer.description ?? 'unknown error');
    }
    return answer.result;
  }

  async sendMessage(request: SendMessageRequest): Promise<{ messageId: number }> {
    const message = await this.call<TelegramMessage>('sendMessage', {
      chat_id: request.chatId,
      text: request.text,
      disable_notification: request.silent,
      ...(request.button ? { reply_markup: { inline_keyboard: [[{ text: request.button.text, url: request.button.url }]] } } : {}),
    });
    return { messageId: message.message_id };
  }

  async pinMessage(chatId: number, messageId: number, silent: boolean): Promise<void> {
    await this.call<boolean>('pinChatMessage', { chat_id: chatId, message_id: messageId, disable_notification: silent });
  }

  async deleteMessage(chatId: number, messageId: number): Promise<void> {
    await this.call<boolean>('deleteMessage', { chat_id: chatId, message_id: messageId });
  }

  async getChatMember(chatId: number, userId: number): Promise<ChatMemberInfo> {
    const member = await this.call<TelegramChatMember>('getChatMember', { chat_id: chatId, user_id: userId });
    const isCreator = member.status === 'creator';
    return {
      status: member.status,
      canPromoteMembers: isCreator || member.can_promote_members === true,
      canChangeInfo: isCreator || member.can_change_info === true,
      canPostMessages: isCreator || member.can_post_messages === true,
    };
  }

  /** Points Telegram's updates (my_chat_member) at the server's webhook. */
  async setWebhook(url: string, secretToken: string): Promise<void> {
    await this.call<boolean>('setWebhook', { url, secret_token: secretToken, allowed_updates: ['my_chat_member'] });
  }
}
