/**
 * The sandbox's Telegram: a Bot API double served at /sandbox/bot-api/bot<token>/<method>, speaking the Bot API's
 * protocol (https://core.telegram.org/bots/api#making-requests): JSON or form parameters, answers
 * `{ ok: true, result }` or `{ ok: false, error_code, description, parameters? }` with error_code as the HTTP status.
 * The production gateway (TelegramBotGateway) is what talks to it, so every test runs the production code path.
 * Files arrive as multipart/form-data (https://core.telegram.org/bots/api#sending-files): a parameter names its file
 * part with "attach://<name>" (what grammY sends for an InputFile), or the file part carries the parameter's own name.
 *
 * Its world (which chats the bot administers, message ids, invite links, bans, each user's private chat with the bot)
 * lives in memory; at start it is rebuilt from what the app recorded (connected channels, the last post in each chat),
 * so a restart keeps message ids increasing. Tests and the emulator read the calls it received (GET
 * /sandbox/bot-api/calls) and a user's chat (GET /sandbox/bot-api/chat), and can make the next calls of a method fail
 * like Telegram does (POST /sandbox/bot-api/failures), e.g. a 429 with retry_after.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { TELEGRAM_PHOTO_MAX_BYTES, fitsTelegramPhoto, imageInfo } from '../../../platform/imageInfo';
import { SandboxStars, StarsRefusal } from './starsDouble';

export interface BotApiCall {
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>>;
  /** The files a multipart/form-data call uploaded (absent for JSON and form calls). */
  readonly files?: readonly UploadedFileView[];
  readonly at: number;
}

/** A file part of a multipart/form-data call. */
export interface UploadedFile {
  readonly filename: string;
  readonly contentType: string;
  readonly bytes: Buffer;
}

export interface UploadedFileView {
  readonly name: string;
  readonly filename: string;
  readonly size: number;
  readonly sha256: string;
}

export interface InjectedFailure {
  readonly method: string;
  readonly errorCode: number;
  readonly description: string;
  readonly retryAfter?: number;
  /** Only calls about this chat fail (all chats when absent). */
  readonly chatId?: number;
  remaining: number;
}

type ChatStatus = 'administrator' | 'left';
interface TelegramChat {
  status: ChatStatus;
  lastMessageId: number;
  photoUrl?: string | null;
}
/** A user's place in a chat; `removed`: banned by the bot and let go again (banChatMember, then unbanChatMember). */
export type MemberState = 'member' | 'left' | 'kicked' | 'removed';

export interface ChatMemberView {
  readonly userId: number;
  readonly firstName: string;
  readonly status: MemberState;
}

interface InviteLink {
  readonly chatId: number;
  readonly link: string;
  readonly createsJoinRequest: boolean;
  readonly memberLimit: number | null;
  joins: number;
}

interface Answer {
  readonly ok: true;
  readonly result: unknown;
}
class BotApiRefusal extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly parameters?: Record<string, unknown>,
  ) {
    super(description);
  }
}

const MAX_CALLS = 1000;
/** Messages kept per private chat (the oldest go first), as a phone keeps a scrolled-off history. */
const MAX_CHAT_MESSAGES = 200;

/** A message in a user's private chat with the bot, from either side: what that user's Telegram shows. */
export interface PrivateChatMessage {
  readonly messageId: number;
  /** Unix seconds, at the server clock. */
  readonly date: number;
  readonly from: 'bot' | 'user';
  /** The text, or a photo's caption. */
  readonly text: string;
  readonly photo: boolean;
  /** The inline keyboard's URL buttons, row after row. */
  readonly buttons: readonly { readonly text: string; readonly url: string }[];
}

export interface TelegramUserInfo {
  readonly id: number;
  readonly firstName: string;
  readonly username?: string | null;
}

/** The bot's rights as the administrator the app asks to be (spec section 6: promote members, change info). */
const ADMINISTRATOR_RIGHTS = {
  can_be_edited: false,
  can_manage_chat: true,
  can_change_info: true,
  can_post_messages: true,
  can_edit_messages: true,
  can_delete_messages: true,
  can_invite_users: true,
  can_restrict_members: true,
  can_promote_members: true,
  can_manage_video_chats: false,
  is_anonymous: false,
} as const;
/**
 * The update types Telegram sends a bot that never named any (setWebhook and getUpdates, allowed_updates: "an empty
 * list to receive all update types except chat_member, message_reaction, and message_reaction_count (default)").
 */
const NOT_SENT_BY_DEFAULT = new Set(['chat_member', 'message_reaction', 'message_reaction_count']);

/** Where the sandbox serves the double (BOT_API_URL's default with the sandbox on). */
export const SANDBOX_BOT_API_PREFIX = '/sandbox/bot-api';

/** The sandbox controls' query naming one Telegram user (`?userId=`). */
const USER_QUERY = {
  type: 'object',
  required: ['userId'],
  properties: { userId: { type: 'integer', minimum: 1 } },
} as const;

/** The double's state: what Telegram would know. */
export class SandboxTelegram {
  private readonly chats = new Map<number, TelegramChat>();
  private readonly recorded: BotApiCall[] = [];
  /** What the bot's messages in channels say since start (by "chat:message"): what an edit compares and replaces. */
  private readonly channelMessages = new Map<string, { content: string; markup: string; photo: boolean }>();
  private readonly failures: InjectedFailure[] = [];
  private listener?: (update: Record<string, unknown>) => Promise<unknown>;
  private lastUpdateId = 0;
  private queue: Record<string, unknown>[] = [];
  private readonly links = new Map<string, InviteLink>();
  /** Join requests waiting for the bot, by chat and user: the link they came by. */
  private readonly requests = new Map<string, { invite: InviteLink; firstName: string }>();
  private readonly members = new Map<number, Map<number, { firstName: string; status: MemberState }>>();
  /** Each user's private chat with the bot, by user id (in memory: a restart starts them empty). */
  private readonly privateChats = new Map<number, PrivateChatMessage[]>();
  /**
   * The update types the bot asked for (allowed_updates of its last setWebhook or getUpdates, or of the sandbox's
   * direct connection); null: it never said, so Telegram's default. Telegram creates no update of another type.
   */
  private allowedUpdates: ReadonlySet<string> | null = null;
  readonly botId: number;
  /** Telegram Stars: invoices, payments, subscriptions, refunds, each user's demo balance. */
  readonly stars: SandboxStars;

  constructor(
    readonly token: string,
    readonly username: string,
    private readonly now: () => number,
  ) {
    this.botId = Number(token.split(':')[0]) || 1;
    this.stars = new SandboxStars({
      now,
      nextMessageId: (userId) => {
        const chat = this.chat(userId);
        chat.lastMessageId += 1;
        return chat.lastMessageId;
      },
      deliver: async (update) => {
        const { updateId, outcome } = await this.deliver(update);
        return updateId === null ? undefined : outcome;
      },
    });
  }

  /**
   * What the app recorded before a restart: the bot administers these chats and has posted up to these ids, and
   * update ids up to `lastUpdateId` were applied (new updates number on from there, or the app would skip them).
   */
  restore(chats: readonly { chatId: number; administered: boolean; lastMessageId: number }[], lastUpdateId = 0): void {
    this.lastUpdateId = Math.max(this.lastUpdateId, lastUpdateId);
    for (const chat of chats)
      this.chats.set(chat.chatId, {
        status: chat.administered ? 'administrator' : 'left',
        lastMessageId: chat.lastMessageId,
      });
  }

  /** The bot is an administrator of the chat (tests that send Telegram's my_chat_member update themselves). */
  botPromoted(chatId: number): void {
    this.chat(chatId).status = 'administrator';
  }

  /**
   * A channel owner makes the bot an administrator with the rights the app asks for (the emulator's channel picker,
   * POST /sandbox/bot/channel-added): Telegram records it and sends the bot my_chat_member, which the app applies
   * like any update. The channel's photo is the sandbox's own data (real Telegram gives file ids, not a URL).
   */
  async botMadeAdministrator(
    by: TelegramUserInfo,
    chat: { chatId: number; title: string; username?: string; photoUrl?: string | null },
  ): Promise<{ updateId: number | null; outcome: unknown }> {
    const record = this.chat(chat.chatId);
    const before = record.status;
    record.status = 'administrator';
    record.photoUrl = chat.photoUrl ?? null;
    const bot = this.me();
    return this.deliverMyChatMember(
      by,
      chat,
      { status: before, user: bot },
      { status: 'administrator', user: bot, ...ADMINISTRATOR_RIGHTS },
    );
  }

  /** The channel's photo the owner's Telegram shows (sandbox data; null when none was given). */
  chatPhoto(chatId: number): string | null {
    return this.chats.get(chatId)?.photoUrl ?? null;
  }

  /** The owner removes the bot from the channel (POST /sandbox/bot/channel-removed): Telegram sends my_chat_member. */
  async botRemoved(
    by: TelegramUserInfo,
    chat: { chatId: number; title: string; username?: string | null },
  ): Promise<{ updateId: number | null; outcome: unknown }> {
    const record = this.chat(chat.chatId);
    const before = record.status;
    record.status = 'left';
    const bot = this.me();
    const old =
      before === 'administrator'
        ? { status: 'administrator', user: bot, ...ADMINISTRATOR_RIGHTS }
        : { status: before, user: bot };
    return this.deliverMyChatMember(by, chat, old, { status: 'left', user: bot });
  }

  /** Telegram's my_chat_member update for a change the channel's owner made to the bot's membership. */
  private deliverMyChatMember(
    by: TelegramUserInfo,
    chat: { chatId: number; title: string; username?: string | null },
    oldMember: Record<string, unknown>,
    newMember: Record<string, unknown>,
  ): Promise<{ updateId: number | null; outcome: unknown }> {
    return this.deliver({
      my_chat_member: {
        chat: {
          id: chat.chatId,
          type: 'channel',
          title: chat.title,
          ...(chat.username ? { username: chat.username } : {}),
        },
        from: { id: by.id, is_bot: false, first_name: by.firstName, ...(by.username ? { username: by.username } : {}) },
        date: Math.floor(this.now() / 1000),
        old_chat_member: oldMember,
        new_chat_member: newMember,
      },
    });
  }

  /**
   * Where Telegram's updates go (the app's update handler); the sandbox delivers them at once, of the types the app
   * asks for (as a webhook's or getUpdates' allowed_updates would).
   */
  connect(listener: (update: Record<string, unknown>) => Promise<unknown>, allowedUpdates?: readonly string[]): void {
    this.listener = listener;
    if (allowedUpdates !== undefined) this.allow(allowedUpdates);
  }

  /** allowed_updates as Telegram reads it: an empty list means the default types. */
  private allow(types: readonly string[]): void {
    this.allowedUpdates = types.length === 0 ? null : new Set(types);
  }

  private allowed(type: string): boolean {
    return this.allowedUpdates === null ? !NOT_SENT_BY_DEFAULT.has(type) : this.allowedUpdates.has(type);
  }

  /**
   * Sends an update as Telegram would (numbered here): straight to the connected app (the sandbox), else into the
   * queue getUpdates serves (a server that long-polls this double). Answers what the app did with it, or 'queued';
   * an update of a type the bot did not ask for is never made (updateId null, outcome 'not_allowed').
   */
  async deliver(update: Record<string, unknown>): Promise<{ updateId: number | null; outcome: unknown }> {
    const type = Object.keys(update).find((key) => key !== 'update_id');
    if (type !== undefined && !this.allowed(type)) return { updateId: null, outcome: 'not_allowed' };
    this.lastUpdateId += 1;
    const numbered = { ...update, update_id: this.lastUpdateId };
    if (!this.listener) {
      this.queue.push(numbered);
      return { updateId: this.lastUpdateId, outcome: 'queued' };
    }
    return { updateId: this.lastUpdateId, outcome: await this.listener(numbered) };
  }

  /** getUpdates: confirms what is below `offset`, then answers what is queued, waiting up to `timeout` seconds. */
  private async updates(params: Record<string, unknown>): Promise<Answer> {
    const offset = Number(params.offset ?? 0);
    const limit = Math.min(Math.max(Number(params.limit ?? 100), 1), 100);
    const waitMs = Math.min(Math.max(Number(params.timeout ?? 0), 0), 10) * 1000;
    const deadline = Date.now() + waitMs;
    for (;;) {
      this.queue = this.queue.filter((update) => (update.update_id as number) >= offset);
      if (this.queue.length > 0 || Date.now() >= deadline) return { ok: true, result: this.queue.slice(0, limit) };
      // Unref: a poll its client gave up on must not keep a finished process alive until its timeout.
      await new Promise((resolve) => setTimeout(resolve, 50).unref());
    }
  }

  /** A user's private chat with the bot, oldest first: the bot's messages to them and what they wrote. */
  chatWith(userId: number): PrivateChatMessage[] {
    return [...(this.privateChats.get(userId) ?? [])];
  }

  private addToChat(userId: number, message: PrivateChatMessage): void {
    const chat = entryOf(this.privateChats, userId, () => []);
    chat.push(message);
    if (chat.length > MAX_CHAT_MESSAGES) chat.splice(0, chat.length - MAX_CHAT_MESSAGES);
  }

  /**
   * A user writes to the bot in their private chat, as in Telegram: the message joins the chat and the bot gets a
   * `message` update (a leading /command marked as a bot_command entity, as Telegram marks it). Answers what the app
   * did with it; the bot's replies are in the chat by then.
   */
  async userWrote(
    user: TelegramUserInfo & { readonly languageCode?: string },
    text: string,
  ): Promise<{ messageId: number; outcome: unknown }> {
    const chat = this.chat(user.id);
    chat.lastMessageId += 1;
    const messageId = chat.lastMessageId;
    const date = Math.floor(this.now() / 1000);
    this.addToChat(user.id, { messageId, date, from: 'user', text, photo: false, buttons: [] });
    const from = {
      id: user.id,
      is_bot: false,
      first_name: user.firstName,
      ...(user.username ? { username: user.username } : {}),
      ...(user.languageCode ? { language_code: user.languageCode } : {}),
    };
    const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text);
    const { outcome } = await this.deliver({
      message: {
        message_id: messageId,
        from,
        chat: { id: user.id, type: 'private', first_name: user.firstName },
        date,
        text,
        ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
      },
    });
    return { messageId, outcome };
  }

  /** The people the double has seen in a chat (joined by a link, approved, removed). */
  membersOf(chatId: number): ChatMemberView[] {
    return [...(this.members.get(chatId)?.entries() ?? [])].map(([userId, member]) => ({
      userId,
      firstName: member.firstName,
      status: member.status,
    }));
  }

  /**
   * A user opens an invite link, as in Telegram: a join-request link sends the bot a chat_join_request; any other
   * valid link makes them a member and sends the bot a chat_member update (awaited, so the answer shows what the bot
   * did about it). Answers the user's state in the chat afterwards.
   */
  async joinByLink(
    user: { id: number; firstName: string },
    link: string,
  ): Promise<{ chatId: number; status: MemberState | 'requested' }> {
    const invite = this.links.get(link);
    if (!invite) throw new BotApiRefusal(400, 'Bad Request: INVITE_HASH_INVALID');
    const chat = this.membersIn(invite.chatId);
    const current = chat.get(user.id);
    if (current?.status === 'member') return { chatId: invite.chatId, status: 'member' };
    if (current?.status === 'kicked') throw new BotApiRefusal(403, 'Forbidden: USER_BANNED_IN_CHANNEL');
    const from = { id: user.id, is_bot: false, first_name: user.firstName };
    const chatInfo = { id: invite.chatId, type: 'channel', title: String(invite.chatId) };
    if (invite.createsJoinRequest) {
      this.requests.set(`${invite.chatId}:${user.id}`, { invite, firstName: user.firstName });
      await this.deliver({
        chat_join_request: {
          chat: chatInfo,
          from,
          user_chat_id: user.id,
          date: Math.floor(this.now() / 1000),
          invite_link: this.linkObject(invite),
        },
      });
      return { chatId: invite.chatId, status: chat.get(user.id)?.status === 'member' ? 'member' : 'requested' };
    }
    if (invite.memberLimit !== null && invite.joins >= invite.memberLimit)
      throw new BotApiRefusal(400, 'Bad Request: INVITE_HASH_EXPIRED');
    invite.joins += 1;
    const before = current?.status === 'removed' || current === undefined ? 'left' : current.status;
    chat.set(user.id, { firstName: user.firstName, status: 'member' });
    await this.deliver({
      chat_member: {
        chat: chatInfo,
        from,
        date: Math.floor(this.now() / 1000),
        old_chat_member: { status: before, user: from },
        new_chat_member: { status: 'member', user: from },
        invite_link: this.linkObject(invite),
      },
    });
    return { chatId: invite.chatId, status: chat.get(user.id)?.status ?? 'left' };
  }

  private membersIn(chatId: number) {
    return entryOf(this.members, chatId, () => new Map());
  }

  private linkObject(invite: InviteLink) {
    return {
      invite_link: invite.link,
      creator: this.me(),
      creates_join_request: invite.createsJoinRequest,
      is_primary: false,
      is_revoked: false,
      ...(invite.memberLimit !== null ? { member_limit: invite.memberLimit } : {}),
    };
  }

  calls(method?: string): BotApiCall[] {
    return this.recorded.filter((call) => method === undefined || call.method === method);
  }

  failNext(failure: Omit<InjectedFailure, 'remaining'> & { times?: number }): void {
    this.failures.push({ ...failure, remaining: failure.times ?? 1 });
  }

  private chat(chatId: number) {
    return entryOf(this.chats, chatId, (): TelegramChat => ({ status: 'left', lastMessageId: 0 }));
  }

  /** Runs one Bot API method. */
  async handle(
    method: string,
    params: Record<string, unknown>,
    files: ReadonlyMap<string, UploadedFile> = new Map(),
  ): Promise<Answer> {
    const fileViews = [...files].map(([name, file]) => ({
      name,
      filename: file.filename,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
    }));
    this.recorded.push({ method, params, ...(files.size > 0 ? { files: fileViews } : {}), at: this.now() });
    if (this.recorded.length > MAX_CALLS) this.recorded.splice(0, this.recorded.length - MAX_CALLS);
    const failure = this.failures.find(
      (candidate) =>
        candidate.method === method &&
        candidate.remaining > 0 &&
        (candidate.chatId === undefined || String(candidate.chatId) === String(params.chat_id)),
    );
    if (failure) {
      failure.remaining -= 1;
      throw new BotApiRefusal(
        failure.errorCode,
        failure.description,
        failure.retryAfter !== undefined ? { retry_after: failure.retryAfter } : undefined,
      );
    }
    const ok = (result: unknown): Answer => ({ ok: true, result });
    switch (method) {
      case 'getMe':
        return ok({
          ...this.me(),
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        });
      case 'sendMessage': {
        const chatId = requireChatId(params);
        const text = requireString(params, 'text');
        // A positive id is a private chat with a user (who wrote to the bot first); channels need the bot as an admin.
        const chat = chatId > 0 ? this.chat(chatId) : this.administered(chatId);
        chat.lastMessageId += 1;
        const date = Math.floor(this.now() / 1000);
        if (chatId > 0) this.addToChat(chatId, botMessage(chat.lastMessageId, date, text, false, params.reply_markup));
        else this.rememberChannelMessage(chatId, chat.lastMessageId, text, params.reply_markup, false);
        return ok({
          message_id: chat.lastMessageId,
          date,
          chat: { id: chatId, type: chatId > 0 ? 'private' : 'channel' },
          text,
          ...(params.reply_markup ? { reply_markup: params.reply_markup } : {}),
        });
      }
      case 'sendPhoto': {
        // photo: a file_id or an http(s) URL as a string, or an uploaded file (multipart); caption 0-1024.
        const chatId = requireChatId(params);
        const upload = uploadedFile(params, files, 'photo');
        const photo = upload ? null : requireString(params, 'photo');
        const caption = typeof params.caption === 'string' ? params.caption : undefined;
        if (caption !== undefined && caption.length > 1024)
          throw new BotApiRefusal(400, 'Bad Request: message caption is too long');
        let size = { width: 1280, height: 720 };
        if (upload) {
          // Telegram's photo rules (sendPhoto): at most 10 MB, width + height at most 10000, ratio at most 20.
          if (upload.bytes.length > TELEGRAM_PHOTO_MAX_BYTES)
            throw new BotApiRefusal(400, 'Bad Request: file is too big');
          const image = imageInfo(upload.bytes);
          if (!image) throw new BotApiRefusal(400, 'Bad Request: IMAGE_PROCESS_FAILED');
          if (!fitsTelegramPhoto(image)) throw new BotApiRefusal(400, 'Bad Request: PHOTO_INVALID_DIMENSIONS');
          size = { width: image.width, height: image.height };
        }
        const chat = chatId > 0 ? this.chat(chatId) : this.administered(chatId);
        chat.lastMessageId += 1;
        if (chatId > 0) {
          const message = botMessage(
            chat.lastMessageId,
            Math.floor(this.now() / 1000),
            caption ?? '',
            true,
            params.reply_markup,
          );
          this.addToChat(chatId, message);
        } else this.rememberChannelMessage(chatId, chat.lastMessageId, caption ?? '', params.reply_markup, true);
        const fileUniqueId = createHash('sha256')
          .update(upload ? upload.bytes : photo!)
          .digest('base64url')
          .slice(0, 16);
        return ok({
          message_id: chat.lastMessageId,
          date: Math.floor(this.now() / 1000),
          chat: { id: chatId, type: chatId > 0 ? 'private' : 'channel' },
          photo: [
            {
              file_id: photo !== null && !/^https?:\/\//i.test(photo) ? photo : `AgAC${fileUniqueId}`,
              file_unique_id: fileUniqueId,
              ...size,
            },
          ],
          ...(caption !== undefined ? { caption } : {}),
          ...(params.reply_markup ? { reply_markup: params.reply_markup } : {}),
        });
      }
      case 'editMessageText':
      case 'editMessageCaption':
        return ok(this.edit(method, params));
      case 'pinChatMessage':
      case 'unpinChatMessage':
      case 'deleteMessage':
        this.administered(requireChatId(params));
        return ok(true);
      case 'getChatMember': {
        const chatId = requireChatId(params);
        const userId = requireInteger(params, 'user_id');
        if (userId !== this.botId)
          return ok({ status: 'left', user: { id: userId, is_bot: false, first_name: String(userId) } });
        const administered = this.chats.get(chatId)?.status === 'administrator';
        return ok(
          administered
            ? { status: 'administrator', user: this.me(), ...ADMINISTRATOR_RIGHTS }
            : { status: 'left', user: this.me() },
        );
      }
      case 'createChatInviteLink': {
        const chatId = requireChatId(params);
        this.administered(chatId);
        const link = `https://t.me/+${randomBytes(12).toString('base64url')}`;
        const invite: InviteLink = {
          chatId,
          link,
          createsJoinRequest: params.creates_join_request === true,
          memberLimit: typeof params.member_limit === 'number' ? params.member_limit : null,
          joins: 0,
        };
        this.links.set(link, invite);
        return ok({
          ...this.linkObject(invite),
          ...(typeof params.name === 'string' ? { name: params.name } : {}),
          ...(typeof params.expire_date === 'number' ? { expire_date: params.expire_date } : {}),
        });
      }
      case 'approveChatJoinRequest':
      case 'declineChatJoinRequest':
      case 'banChatMember':
      case 'unbanChatMember': {
        const chatId = requireChatId(params);
        this.administered(chatId);
        const userId = requireInteger(params, 'user_id');
        const chat = this.membersIn(chatId);
        const current = chat.get(userId);
        const request = this.requests.get(`${chatId}:${userId}`);
        const firstName = current?.firstName ?? request?.firstName ?? String(userId);
        if (method === 'approveChatJoinRequest' || method === 'declineChatJoinRequest')
          this.requests.delete(`${chatId}:${userId}`);
        if (method === 'approveChatJoinRequest' && current?.status !== 'member') {
          chat.set(userId, { firstName, status: 'member' });
          // Telegram tells the bot about the new member. Assumed (the reference is silent): `from` is the approver (the
          // bot) and invite_link the link the request came by; via_join_request is only for requests without a link.
          const user = { id: userId, is_bot: false, first_name: firstName };
          await this.deliver({
            chat_member: {
              chat: { id: chatId, type: 'channel', title: String(chatId) },
              from: this.me(),
              date: Math.floor(this.now() / 1000),
              ...(request ? {} : { via_join_request: true }),
              old_chat_member: { status: current?.status === 'kicked' ? 'kicked' : 'left', user },
              new_chat_member: { status: 'member', user },
              ...(request ? { invite_link: this.linkObject(request.invite) } : {}),
            },
          });
        }
        if (method === 'banChatMember') chat.set(userId, { firstName, status: 'kicked' });
        // Unbanning lets a banned user come back ('removed'); without only_if_banned it also drops a member.
        if (method === 'unbanChatMember') {
          if (current?.status === 'kicked') chat.set(userId, { firstName, status: 'removed' });
          else if (params.only_if_banned !== true) chat.set(userId, { firstName, status: 'left' });
        }
        return ok(true);
      }
      case 'setWebhook':
      case 'getUpdates':
        // "If not specified, the previous setting will be used."
        if (Array.isArray(params.allowed_updates)) this.allow(params.allowed_updates.map(String));
        return method === 'getUpdates' ? this.updates(params) : ok(true);
      case 'setMyCommands':
      case 'deleteMyCommands':
      case 'setChatMenuButton':
      case 'deleteWebhook':
        return ok(true);
      case 'getWebhookInfo':
        return ok({
          url: '',
          has_custom_certificate: false,
          pending_update_count: 0,
          ...(this.allowedUpdates ? { allowed_updates: [...this.allowedUpdates] } : {}),
        });
      case 'createInvoiceLink':
        return ok(this.stars.createInvoiceLink(params));
      case 'answerPreCheckoutQuery':
        return ok(this.stars.answerPreCheckoutQuery(params));
      case 'refundStarPayment':
        return ok(await this.stars.refundStarPayment(params));
      case 'editUserStarSubscription':
        return ok(this.stars.editUserStarSubscription(params));
      case 'getStarTransactions':
        return ok(this.stars.getStarTransactions(params));
      default:
        throw new BotApiRefusal(404, 'Not Found: method not found');
    }
  }

  private me() {
    return { id: this.botId, is_bot: true, first_name: 'Backers Sandbox', username: this.username };
  }

  private rememberChannelMessage(
    chatId: number,
    messageId: number,
    content: string,
    replyMarkup: unknown,
    photo: boolean,
  ): void {
    this.channelMessages.set(`${chatId}:${messageId}`, { content, markup: JSON.stringify(replyMarkup ?? null), photo });
  }

  /**
   * editMessageText / editMessageCaption of a message the bot sent (https://core.telegram.org/bots/api#updating-messages):
   * chat_id and message_id; text 1-4096 characters, caption 0-1024; answers the edited Message. Telegram refuses an
   * unknown message ("message to edit not found"), a text edit of a photo ("there is no text in the message to edit")
   * and an edit that changes nothing ("message is not modified"). Without reply_markup the inline keyboard is gone.
   */
  private edit(method: 'editMessageText' | 'editMessageCaption', params: Record<string, unknown>) {
    const chatId = requireChatId(params);
    const messageId = requireInteger(params, 'message_id');
    const chat = chatId > 0 ? this.chat(chatId) : this.administered(chatId);
    if (messageId < 1 || messageId > chat.lastMessageId)
      throw new BotApiRefusal(400, 'Bad Request: message to edit not found');
    const content =
      method === 'editMessageText'
        ? requireString(params, 'text')
        : typeof params.caption === 'string'
          ? params.caption
          : '';
    if (method === 'editMessageText' && content.length > 4096)
      throw new BotApiRefusal(400, 'Bad Request: MESSAGE_TOO_LONG');
    if (method === 'editMessageCaption' && content.length > 1024)
      throw new BotApiRefusal(400, 'Bad Request: MEDIA_CAPTION_TOO_LONG');
    const key = `${chatId}:${messageId}`;
    const known = this.channelMessages.get(key);
    const markup = JSON.stringify(params.reply_markup ?? null);
    if (known?.photo === true && method === 'editMessageText')
      throw new BotApiRefusal(400, 'Bad Request: there is no text in the message to edit');
    if (known !== undefined && known.content === content && known.markup === markup)
      throw new BotApiRefusal(
        400,
        'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
      );
    const photo = known?.photo ?? method === 'editMessageCaption';
    this.channelMessages.set(key, { content, markup, photo });
    return {
      message_id: messageId,
      date: Math.floor(this.now() / 1000),
      edit_date: Math.floor(this.now() / 1000),
      chat: { id: chatId, type: chatId > 0 ? 'private' : 'channel' },
      ...(photo ? { caption: content } : { text: content }),
      ...(params.reply_markup ? { reply_markup: params.reply_markup } : {}),
    };
  }

  private administered(chatId: number) {
    const chat = this.chat(chatId);
    if (chat.status !== 'administrator')
      throw new BotApiRefusal(403, 'Forbidden: bot is not a member of the channel chat');
    return chat;
  }
}

/** The bot's message as the user's chat shows it, with the URL buttons of its inline keyboard. */
function botMessage(
  messageId: number,
  date: number,
  text: string,
  photo: boolean,
  replyMarkup: unknown,
): PrivateChatMessage {
  const rows = (replyMarkup as { inline_keyboard?: unknown } | undefined)?.inline_keyboard;
  const buttons = (Array.isArray(rows) ? rows : [])
    .flatMap((row: unknown) => (Array.isArray(row) ? row : []))
    .map((button: unknown) => button as { text?: unknown; url?: unknown; web_app?: { url?: unknown } })
    .map((button) => ({ text: String(button.text ?? ''), url: String(button.url ?? button.web_app?.url ?? '') }))
    .filter((button) => button.url !== '');
  return { messageId, date, from: 'bot', text, photo, buttons };
}

/** The map's entry for `key`, made and stored first when missing. */
function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

function requireChatId(params: Record<string, unknown>): number {
  const value =
    typeof params.chat_id === 'string' && /^-?\d+$/.test(params.chat_id) ? Number(params.chat_id) : params.chat_id;
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw new BotApiRefusal(400, 'Bad Request: chat not found');
  return value;
}

function requireInteger(params: Record<string, unknown>, name: string): number {
  const value = typeof params[name] === 'string' ? Number(params[name]) : params[name];
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw new BotApiRefusal(400, `Bad Request: ${name} is required`);
  return value;
}

function requireString(params: Record<string, unknown>, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || value.length === 0)
    throw new BotApiRefusal(400, `Bad Request: message ${name} is empty`);
  return value;
}

/** The file a parameter names: "attach://<part>" in the parameter, or a file part of the parameter's own name. */
function uploadedFile(
  params: Record<string, unknown>,
  files: ReadonlyMap<string, UploadedFile>,
  name: string,
): UploadedFile | null {
  const value = params[name];
  if (typeof value === 'string' && value.startsWith('attach://')) {
    const file = files.get(value.slice('attach://'.length));
    if (!file) throw new BotApiRefusal(400, `Bad Request: wrong file identifier/HTTP URL specified`);
    return file;
  }
  return value === undefined ? (files.get(name) ?? null) : null;
}

/** A multipart/form-data body (RFC 7578): text parts become parameters, parts with a filename become files. */
export function parseMultipart(
  body: Buffer,
  contentType: string,
): { fields: Record<string, string>; files: Map<string, UploadedFile> } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const fields: Record<string, string> = {};
  const files = new Map<string, UploadedFile>();
  if (!boundary) return { fields, files };
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]!.trim()}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    // A part: CRLF, headers, a blank line, the content, CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const content = part.subarray(headerEnd + 4);
      // Parameters may come quoted or not (grammY writes filename=name.png without quotes).
      const name = /(?:^|[;:\s])name=(?:"([^"]*)"|([^;\s]*))/i.exec(headers);
      const file = /filename=(?:"([^"]*)"|([^;\r\n]*))/i.exec(headers);
      const partName = name ? (name[1] ?? name[2]) : undefined;
      const filename = file ? (file[1] ?? file[2]) : undefined;
      if (partName !== undefined && filename !== undefined) {
        files.set(partName, {
          filename,
          contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? 'application/octet-stream',
          bytes: Buffer.from(content),
        });
      } else if (partName !== undefined) fields[partName] = content.toString('utf8');
    }
    at = next;
  }
  return { fields, files };
}

function refuse(reply: FastifyReply, refusal: BotApiRefusal): FastifyReply {
  return reply.code(refusal.errorCode).send({
    ok: false,
    error_code: refusal.errorCode,
    description: refusal.description,
    ...(refusal.parameters ? { parameters: refusal.parameters } : {}),
  });
}

/** Form and query parameters arrive as strings; JSON-looking ones (reply_markup, allowed_updates) are parsed. */
function parameters(body: unknown, query: unknown): Record<string, unknown> {
  const merged: Record<string, unknown> = {
    ...((query as Record<string, unknown>) ?? {}),
    ...(body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {}),
  };
  for (const [name, value] of Object.entries(merged)) {
    if (typeof value === 'string' && /^[[{]/.test(value)) {
      try {
        merged[name] = JSON.parse(value) as unknown;
      } catch {
        /* a plain string */
      }
    }
  }
  return merged;
}

export const botApiDoublePlugin: FastifyPluginAsync<{ telegram: SandboxTelegram }> = async (app, { telegram }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });

  // Uploads: Telegram takes up to 50 MB per file from bots; method rules (10 MB for a photo) are checked per method.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: 50 * 1024 * 1024 },
    (request, body, done) => {
      done(null, { multipart: parseMultipart(body as Buffer, String(request.headers['content-type'])) });
    },
  );

  const handler = async (
    request: { params: { token: string; method: string }; body: unknown; query: unknown },
    reply: FastifyReply,
  ) => {
    const { token, method } = request.params;
    if (token !== telegram.token) return refuse(reply, new BotApiRefusal(401, 'Unauthorized'));
    const multipart = (request.body as { multipart?: ReturnType<typeof parseMultipart> } | null)?.multipart;
    try {
      return reply.send(
        multipart
          ? await telegram.handle(method, parameters(multipart.fields, request.query), multipart.files)
          : await telegram.handle(method, parameters(request.body, request.query)),
      );
    } catch (error) {
      if (error instanceof BotApiRefusal) return refuse(reply, error);
      if (error instanceof StarsRefusal) return refuse(reply, new BotApiRefusal(error.errorCode, error.description));
      throw error;
    }
  };
  // The token is part of the path (bot<token>); a method name is letters only.
  app.post<{ Params: { token: string; method: string } }>('/bot:token/:method', { schema: { hide: true } }, handler);
  app.get<{ Params: { token: string; method: string } }>('/bot:token/:method', { schema: { hide: true } }, handler);

  // Telegram sending the bot an update (a message, a join request, a member joining): the sandbox's control over it.
  app.post<{ Body: Record<string, unknown> }>(
    '/updates',
    {
      schema: { hide: true, body: { type: 'object', minProperties: 1, maxProperties: 2 } },
    },
    async (request) => telegram.deliver(request.body),
  );

  // A user opening an invite link (the emulator's "Go to channel"), and who is in a chat.
  app.post<{ Body: { telegramId: number; firstName?: string; link: string } }>(
    '/join',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['telegramId', 'link'],
          properties: {
            telegramId: { type: 'integer', minimum: 1 },
            firstName: { type: 'string', maxLength: 64 },
            link: { type: 'string', maxLength: 256 },
          },
        },
      },
    },
    async (request, reply) => {
      try {
        return await telegram.joinByLink(
          { id: request.body.telegramId, firstName: request.body.firstName ?? String(request.body.telegramId) },
          request.body.link,
        );
      } catch (error) {
        if (error instanceof BotApiRefusal) return refuse(reply, error);
        throw error;
      }
    },
  );
  app.get<{ Querystring: { chatId: number } }>(
    '/members',
    {
      schema: {
        hide: true,
        querystring: { type: 'object', required: ['chatId'], properties: { chatId: { type: 'integer' } } },
      },
    },
    async (request) => ({ members: telegram.membersOf(request.query.chatId) }),
  );

  // A user's private chat with the bot (the emulator's bot chat), and the user writing to the bot there.
  app.get<{ Querystring: { userId: number } }>(
    '/chat',
    {
      schema: {
        hide: true,
        querystring: USER_QUERY,
      },
    },
    async (request) => ({ messages: telegram.chatWith(request.query.userId) }),
  );
  app.post<{
    Body: { telegramId: number; firstName?: string; username?: string; languageCode?: string; text: string };
  }>(
    '/chat',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['telegramId', 'text'],
          properties: {
            telegramId: { type: 'integer', minimum: 1 },
            firstName: { type: 'string', maxLength: 64 },
            username: { type: 'string', pattern: '^[A-Za-z0-9_]{1,32}$' },
            languageCode: { type: 'string', maxLength: 16 },
            // Telegram's limit for a message's text.
            text: { type: 'string', minLength: 1, maxLength: 4096 },
          },
        },
      },
    },
    async (request) => {
      const { telegramId, firstName, username, languageCode, text } = request.body;
      return telegram.userWrote(
        {
          id: telegramId,
          firstName: firstName ?? String(telegramId),
          ...(username ? { username } : {}),
          ...(languageCode ? { languageCode } : {}),
        },
        text,
      );
    },
  );

  // Telegram Stars as the user's Telegram shows them: an invoice link's payment sheet, paying it, the demo balance
  // (a top-up sets it), the user's subscriptions and cancelling one in Telegram's settings.
  const starsRefused = (reply: FastifyReply, error: unknown) => {
    if (error instanceof StarsRefusal) return refuse(reply, new BotApiRefusal(error.errorCode, error.description));
    throw error;
  };
  app.get<{ Querystring: { link: string; userId: number } }>(
    '/stars/sheet',
    {
      schema: {
        hide: true,
        querystring: {
          type: 'object',
          required: ['link', 'userId'],
          properties: { link: { type: 'string', maxLength: 256 }, userId: { type: 'integer', minimum: 1 } },
        },
      },
    },
    async (request, reply) => {
      try {
        return telegram.stars.sheet(request.query.link, request.query.userId);
      } catch (error) {
        return starsRefused(reply, error);
      }
    },
  );
  app.post<{ Body: { telegramId: number; firstName?: string; languageCode?: string; link: string } }>(
    '/stars/pay',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['telegramId', 'link'],
          properties: {
            telegramId: { type: 'integer', minimum: 1 },
            firstName: { type: 'string', maxLength: 64 },
            languageCode: { type: 'string', maxLength: 16 },
            link: { type: 'string', maxLength: 256 },
          },
        },
      },
    },
    async (request, reply) => {
      const { telegramId, firstName, languageCode, link } = request.body;
      try {
        return await telegram.stars.pay(
          { id: telegramId, firstName: firstName ?? String(telegramId), ...(languageCode ? { languageCode } : {}) },
          link,
        );
      } catch (error) {
        return starsRefused(reply, error);
      }
    },
  );
  app.get<{ Querystring: { userId: number } }>(
    '/stars/balance',
    {
      schema: {
        hide: true,
        querystring: USER_QUERY,
      },
    },
    async (request) => ({ balance: telegram.stars.balance(request.query.userId) }),
  );
  app.post<{ Body: { telegramId: number; stars: number } }>(
    '/stars/balance',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['telegramId', 'stars'],
          properties: {
            telegramId: { type: 'integer', minimum: 1 },
            stars: { type: 'integer', minimum: 0, maximum: 1_000_000 },
          },
        },
      },
    },
    async (request) => {
      telegram.stars.setBalance(request.body.telegramId, request.body.stars);
      return { balance: telegram.stars.balance(request.body.telegramId) };
    },
  );
  app.get<{ Querystring: { userId: number } }>(
    '/stars/subscriptions',
    {
      schema: {
        hide: true,
        querystring: USER_QUERY,
      },
    },
    async (request) => ({ subscriptions: telegram.stars.subscriptionsOf(request.query.userId) }),
  );
  app.post<{ Body: { telegramId: number; subscriptionId: string } }>(
    '/stars/cancel',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['telegramId', 'subscriptionId'],
          properties: {
            telegramId: { type: 'integer', minimum: 1 },
            subscriptionId: { type: 'string', maxLength: 128 },
          },
        },
      },
    },
    async (request, reply) => {
      try {
        telegram.stars.cancelByUser(request.body.telegramId, request.body.subscriptionId);
        return { ok: true };
      } catch (error) {
        return starsRefused(reply, error);
      }
    },
  );

  app.get<{ Querystring: { method?: string } }>('/calls', { schema: { hide: true } }, async (request) => ({
    calls: telegram.calls(request.query.method),
  }));
  app.post<{
    Body: {
      method: string;
      errorCode: number;
      description?: string;
      retryAfter?: number;
      times?: number;
      chatId?: number;
    };
  }>(
    '/failures',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          required: ['method', 'errorCode'],
          properties: {
            method: { type: 'string', pattern: '^[A-Za-z]{1,64}$' },
            errorCode: { type: 'integer', minimum: 400, maximum: 599 },
            description: { type: 'string', maxLength: 256 },
            retryAfter: { type: 'integer', minimum: 0, maximum: 3600 },
            times: { type: 'integer', minimum: 1, maximum: 100 },
            chatId: { type: 'integer' },
          },
        },
      },
    },
    async (request) => {
      const { method, errorCode, description, retryAfter, times, chatId } = request.body;
      telegram.failNext({
        method,
        errorCode,
        description:
          description ?? (errorCode === 429 ? `Too Many Requests: retry after ${retryAfter ?? 1}` : 'Bad Request'),
        retryAfter,
        times,
        chatId,
      });
      return { ok: true };
    },
  );
};
