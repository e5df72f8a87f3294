/**
 * What the server asks of the messenger bot (spec section 6: the bot posts, pins or deletes only with the
 * creator's consent). Two adapters: SandboxBotGateway (nothing leaves the machine; the app's own record of posts
 * in bot_posts is what the emulator shows) and TelegramBotGateway (HTTP to the Bot API).
 */
export interface InlineButton {
  readonly text: string;
  readonly url: string;
}

export interface SendMessageRequest {
  readonly chatId: number;
  readonly text: string;
  readonly button?: InlineButton;
  /** Post without sound (disable_notification). */
  readonly silent: boolean;
}

export type ChatMemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

export interface ChatMemberInfo {
  readonly status: ChatMemberStatus;
  readonly canPromoteMembers: boolean;
  readonly canChangeInfo: boolean;
  readonly canPostMessages: boolean;
}

export interface BotGateway {
  /** Sends a message into the chat and answers Telegram's message_id. */
  sendMessage(request: SendMessageRequest): Promise<{ messageId: number }>;
  pinMessage(chatId: number, messageId: number, silent: boolean): Promise<void>;
  deleteMessage(chatId: number, messageId: number): Promise<void>;
  /** The bot's (or a user's) membership in the chat. */
  getChatMember(chatId: number, userId: number): Promise<ChatMemberInfo>;
}

/** A Bot API call that failed (Telegram answered ok: false, or the request did not go through). */
export class BotApiError extends Error {
  override readonly name = 'BotApiError';
  constructor(readonly method: string, readonly errorCode: number | null, description: string) {
    super(`${method}: ${description}`);
  }
}

/** The deep link a post's button opens: the mini-app with a start parameter (spec section 2: kind_id). */
export function miniAppLink(botUsername: string, appName: string, startParam: string): string {
  return `https://t.me/${botUsername}/${appName}?startapp=${encodeURIComponent(startParam)}`;
}
