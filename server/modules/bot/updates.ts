/**
 * Reads Telegram `my_chat_member` updates into what they mean for the app: the bot was made an administrator of a
 * channel (connect it to the user who did it) or lost that role (disconnect). Everything else is ignored.
 */

/** A chat_member update: the person, their status before and after (Telegram's ChatMember statuses), and whether the bot made the change. */
export interface MemberChange {
  readonly telegramId: number;
  readonly firstName: string;
  readonly from: string;
  readonly to: string;
  /** ChatMemberRestricted's is_member: a restricted user may still be in the chat. */
  readonly isMember?: boolean;
  readonly byBot: boolean;
}

export interface TelegramUser {
  readonly id: number;
  readonly first_name?: string;
  readonly last_name?: string;
  readonly username?: string;
  readonly language_code?: string;
}

export type BotMembershipEvent =
  | {
      readonly kind: 'added';
      readonly chatId: number;
      readonly title: string;
      readonly username?: string;
      readonly by: TelegramUser;
      /** The bot has the rights the app needs (promote members and change info, spec section 6). */
      readonly hasRequiredRights: boolean;
    }
  | { readonly kind: 'removed'; readonly chatId: number };

interface ChatMemberUpdate {
  chat?: { id?: unknown; type?: unknown; title?: unknown; username?: unknown };
  from?: TelegramUser;
  new_chat_member?: { status?: unknown; can_promote_members?: unknown; can_change_info?: unknown };
}

export function parseMyChatMember(update: unknown): BotMembershipEvent | null {
  const change = (update as { my_chat_member?: ChatMemberUpdate } | null)?.my_chat_member;
  if (!change || typeof change.chat?.id !== 'number' || change.chat.type !== 'channel') return null;
  const chatId = change.chat.id;
  const status = change.new_chat_member?.status;
  if (status === 'administrator' || status === 'creator') {
    if (!change.from || typeof change.from.id !== 'number') return null;
    return {
      kind: 'added',
      chatId,
      title: typeof change.chat.title === 'string' ? change.chat.title : String(chatId),
      ...(typeof change.chat.username === 'string' ? { username: change.chat.username } : {}),
      by: change.from,
      hasRequiredRights:
        status === 'creator' ||
        (change.new_chat_member?.can_promote_members === true && change.new_chat_member.can_change_info === true),
    };
  }
  if (status === 'left' || status === 'kicked' || status === 'member' || status === 'restricted')
    return { kind: 'removed', chatId };
  return null;
}
