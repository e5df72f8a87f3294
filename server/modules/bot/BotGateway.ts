/**
 * What the server asks of the messenger bot (spec section 6: the bot posts, pins or deletes only with the
 * creator's consent). One adapter, TelegramBotGateway on grammY, calls the Bot API at BOT_API_URL: Telegram's in
 * production, the sandbox's Bot API double (server/modules/bot/sandbox) otherwise, so tests run the production code.
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

/** A photo to upload with the call (multipart/form-data): JPEG, PNG or WebP bytes and a file name. */
export interface PhotoUpload {
  readonly bytes: Uint8Array;
  readonly filename: string;
}

/** A Telegram file_id or an http(s) URL Telegram fetches (both sent as a string), or a photo to upload. */
export type PhotoSource = string | PhotoUpload;

/** A photo post (sendPhoto). */
export interface SendPhotoRequest {
  readonly chatId: number;
  readonly photo: PhotoSource;
  /** 0-1024 characters (the Bot API's caption limit). */
  readonly caption: string;
  readonly button?: InlineButton;
  readonly silent: boolean;
}

/**
 * A new text (editMessageText) or caption (editMessageCaption, for a photo post) of a message the bot sent. The
 * button goes again with it: an edit without reply_markup would leave the message without its inline keyboard.
 */
export interface EditMessageRequest {
  readonly chatId: number;
  readonly messageId: number;
  readonly text: string;
  readonly button?: InlineButton;
}

/** The Bot API's caption limit (sendPhoto). */
export const CAPTION_LIMIT = 1024;

export type ChatMemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

export interface ChatMemberInfo {
  readonly status: ChatMemberStatus;
  readonly canPromoteMembers: boolean;
  readonly canChangeInfo: boolean;
  readonly canPostMessages: boolean;
}

/**
 * A Stars invoice (createInvoiceLink with currency XTR; limits in src/domain/stars.ts). `recurring`: Telegram renews
 * it every 30 days (subscription_period 2592000) until cancelled.
 */
export interface StarsInvoiceRequest {
  /** 1-32 characters. */
  readonly title: string;
  /** 1-255 characters. */
  readonly description: string;
  /** 1-128 bytes: names our invoice; Telegram hands it back in pre_checkout_query and successful_payment. */
  readonly payload: string;
  readonly stars: number;
  readonly recurring: boolean;
}

/** One of the bot's Stars transactions (getStarTransactions): a payment in, or a refund out. */
export interface StarTransactionInfo {
  /** The payment's telegram_payment_charge_id (a refund carries its payment's id). */
  readonly id: string;
  readonly stars: number;
  /** Unix seconds. */
  readonly date: number;
  readonly direction: 'in' | 'out';
  readonly userId: number | null;
  readonly payload: string | null;
}

export interface BotGateway {
  /** Sends a message into the chat and answers Telegram's message_id. */
  sendMessage(request: SendMessageRequest): Promise<{ messageId: number }>;
  /** Sends a photo with a caption (and a button) into the chat and answers Telegram's message_id. */
  sendPhoto(request: SendPhotoRequest): Promise<{ messageId: number }>;
  /** Replaces a text message's text (editMessageText). */
  editMessageText(request: EditMessageRequest): Promise<void>;
  /** Replaces a photo message's caption (editMessageCaption). */
  editMessageCaption(request: EditMessageRequest): Promise<void>;
  pinMessage(chatId: number, messageId: number, silent: boolean): Promise<void>;
  deleteMessage(chatId: number, messageId: number): Promise<void>;
  /** The bot's (or a user's) membership in the chat. */
  getChatMember(chatId: number, userId: number): Promise<ChatMemberInfo>;
  /** Who the bot is (its username names it in deep links and on the connect-bot screen). */
  getMe(): Promise<BotIdentity>;
  /**
   * A new invite link to the chat (a paying member's personal link): one that lets `memberLimit` people join, or one
   * whose users ask to join (creates_join_request; the bot approves or declines, Telegram allows no member limit then).
   */
  createInviteLink(
    chatId: number,
    options: { name: string } & ({ memberLimit: number } | { createsJoinRequest: true }),
  ): Promise<string>;
  /** Removes a user from the chat and lifts the ban at once, so they can come back by paying again. */
  removeMember(chatId: number, userId: number): Promise<void>;
  approveJoinRequest(chatId: number, userId: number): Promise<void>;
  declineJoinRequest(chatId: number, userId: number): Promise<void>;
  /** The bot's command menu, per language (`languageCode` null: the default for every other language). */
  setCommands(commands: readonly BotCommandText[], languageCode: string | null): Promise<void>;
  /** The button beside the message field in private chats: opens the mini-app. */
  setMenuButton(text: string, url: string): Promise<void>;
  /** Updates arrive at `url` with `secretToken` (webhook) ... */
  setWebhook(url: string, secretToken: string, allowedUpdates: readonly string[]): Promise<void>;
  /** ... or are fetched by long polling (getUpdates), which needs the webhook removed. */
  deleteWebhook(): Promise<void>;
  /** A link that opens Telegram's Stars payment sheet for the invoice (the mini-app opens it with openInvoice). */
  createStarsInvoiceLink(request: StarsInvoiceRequest): Promise<string>;
  /** Lets a payment go ahead or stops it with a message Telegram shows the payer (within 10 s of the query). */
  answerPreCheckoutQuery(queryId: string, answer: { ok: true } | { ok: false; errorMessage: string }): Promise<void>;
  /** Gives a Stars payment back to its payer; Telegram then sends the bot a refunded_payment message. */
  refundStarPayment(userId: number, chargeId: string): Promise<void>;
  /**
   * Stops (`canceled`) or allows again the renewals of a Stars subscription, named by its first payment's charge id;
   * a stopped one stays paid to the end of its period.
   */
  editStarSubscription(userId: number, chargeId: string, canceled: boolean): Promise<void>;
  /** The bot's Stars transactions, oldest first, from `offset` (at most `limit`, 1-100). */
  starTransactions(offset: number, limit: number): Promise<StarTransactionInfo[]>;
}

export interface BotCommandText {
  readonly command: string;
  readonly description: string;
}

export interface BotIdentity {
  readonly id: number;
  readonly username: string;
}

/** A Bot API call that failed (Telegram answered ok: false, or the request did not go through). */
export class BotApiError extends Error {
  override readonly name = 'BotApiError';
  constructor(
    readonly method: string,
    readonly errorCode: number | null,
    description: string,
    /** Telegram's parameters.retry_after on a 429 the gateway did not wait out. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${method}: ${description}`);
  }
}

/** The deep link a post's button opens: the mini-app with a start parameter (spec section 2: kind_id). */
export function miniAppLink(botUsername: string, appName: string, startParam: string): string {
  return `https://t.me/${botUsername}/${appName}?startapp=${encodeURIComponent(startParam)}`;
}
