/** Calls to the sandbox control API (server/modules/sandbox) and the one API call the channel pane needs. */

export interface DemoUser {
  telegramId: number;
  firstName: string;
  lastName?: string;
  username?: string;
  languageCode?: string;
  /** Free text from the seed such as "creator" or "follower". */
  description?: string;
  channels: KnownChannel[];
}

export interface KnownChannel {
  chatId: number;
  title: string;
  username?: string;
}

export interface BotPostButton {
  text: string;
  url: string;
}

export interface BotPost {
  id: string;
  chatId: number;
  text: string;
  buttons: BotPostButton[];
  pinned: boolean;
  silent: boolean;
  deleted: boolean;
}

/** A message in the current user's private chat with the bot (GET /sandbox/bot-api/chat). */
export interface ChatMessage {
  messageId: number;
  date: number;
  from: 'bot' | 'user';
  text: string;
  photo: boolean;
  buttons: BotPostButton[];
}

export interface LaunchRequest {
  telegramId: number;
  firstName?: string;
  username?: string;
  languageCode?: string;
  startParam?: string;
  platform?: string;
}

export interface LaunchResponse {
  initData: string;
  launchUrl: string;
}

export interface ChannelAddedRequest {
  ownerTelegramId: number;
  chatId: number;
  title: string;
  username?: string;
  photoUrl?: string;
  moderation?: 'approved' | 'in_progress' | 'rejected';
}

type Loose = Record<string, unknown>;

const asRecord = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});
const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const asNumber = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
/** Accepts a bare array or an object wrapping it under one of the given keys. */
const asList = (value: unknown, ...keys: string[]): unknown[] => {
  if (Array.isArray(value)) return value;
  const record = asRecord(value);
  for (const key of keys) if (Array.isArray(record[key])) return record[key] as unknown[];
  return [];
};

export interface ChatMember {
  readonly userId: number;
  readonly firstName: string;
  readonly status: string;
}

/** The payment sheet the user's Telegram shows for a Stars invoice link (GET /sandbox/bot-api/stars/sheet). */
export interface StarsSheet {
  link: string;
  title: string;
  description: string;
  stars: number;
  /** 2592000 (renews every 30 days) or null (paid once). */
  subscriptionPeriod: number | null;
  balance: number;
}

/** How paying went (POST /sandbox/bot-api/stars/pay). */
export type StarsPayment =
  | { status: 'paid' }
  | { status: 'failed'; reason: 'not_enough_stars' | 'refused' | 'no_answer' | string; errorMessage?: string };

export class SandboxError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: {
      accept: 'application/json',
      ...(init?.body ? { 'content-type': 'application/json' } : {}),
      ...init?.headers,
    },
  });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    // The API answers { code, message }; the sandbox's Bot API answers like Telegram, { error_code, description }.
    const message =
      asString(asRecord(body).message) ??
      asString(asRecord(body).description) ??
      `${response.status} ${response.statusText}`;
    throw new SandboxError(response.status, message);
  }
  return body as T;
}

function toChannel(value: unknown): KnownChannel | undefined {
  const c = asRecord(value);
  const chatId = asNumber(c.chatId);
  if (chatId === undefined) return undefined;
  const username = asString(c.username) ?? asString(c.userName);
  return { chatId, title: asString(c.title) ?? asString(c.name) ?? String(chatId), ...(username ? { username } : {}) };
}

function toUser(value: unknown): DemoUser | undefined {
  const u = asRecord(value);
  const telegramId = asNumber(u.telegramId);
  if (telegramId === undefined) return undefined;
  const description = asString(u.description) ?? asString(u.role) ?? asString(u.kind);
  return {
    telegramId,
    firstName: asString(u.firstName) ?? `User ${telegramId}`,
    lastName: asString(u.lastName),
    username: asString(u.username) ?? asString(u.userName),
    languageCode: asString(u.languageCode),
    description,
    channels: asList(u.channels)
      .map(toChannel)
      .filter((c): c is KnownChannel => c !== undefined),
  };
}

function toPost(value: unknown, index: number, chatId: number): BotPost {
  const p = asRecord(value);
  const buttons = asList(p.buttons, 'inline_keyboard')
    .flat()
    .map(asRecord)
    .map((b) => ({ text: asString(b.text) ?? '', url: asString(b.url) ?? '' }))
    .filter((b) => b.text && b.url);
  return {
    id: String(p.id ?? p.messageId ?? index),
    chatId: asNumber(p.chatId) ?? chatId,
    text: asString(p.text) ?? '',
    buttons,
    pinned: p.pinned === true,
    silent: p.silent === true || p.disableNotification === true,
    deleted: p.deleted === true,
  };
}

export const sandboxApi = {
  /** A one-time sign-in link to the operator console for the sandbox's demo operator. */
  async demoOperatorLink(): Promise<{ url: string }> {
    return request<{ url: string }>('/sandbox/admin/signin-link', { method: 'POST', body: '{}' });
  },
  /** The seeded demo accounts, and other users the server knows (most recent first). */
  async users(): Promise<{ demo: DemoUser[]; recent: DemoUser[] }> {
    const body = await request<unknown>('/sandbox/users');
    const parse = (list: unknown[]) => list.map(toUser).filter((u): u is DemoUser => u !== undefined);
    const record = asRecord(body);
    if (!Array.isArray(record.demo)) return { demo: parse(asList(body, 'users')), recent: [] };
    const known = parse(asList(record.users));
    // Demo entries are static; the live user rows may add what they own (channels).
    const demo = parse(record.demo).map((u) => {
      const live = known.find((k) => k.telegramId === u.telegramId);
      return live?.channels.length ? { ...u, channels: live.channels } : u;
    });
    const demoIds = new Set(demo.map((u) => u.telegramId));
    return { demo, recent: known.filter((u) => !demoIds.has(u.telegramId)) };
  },

  async launch(body: LaunchRequest): Promise<LaunchResponse> {
    const answer = asRecord(await request<unknown>('/sandbox/launch', { method: 'POST', body: JSON.stringify(body) }));
    const launchUrl = asString(answer.launchUrl);
    const initData = asString(answer.initData);
    if (!launchUrl || !initData)
      throw new SandboxError(500, 'POST /sandbox/launch answered without launchUrl or initData');
    return { launchUrl, initData };
  },

  async channelAdded(body: ChannelAddedRequest): Promise<void> {
    await request<unknown>('/sandbox/bot/channel-added', { method: 'POST', body: JSON.stringify(body) });
  },

  async posts(chatId: number): Promise<BotPost[]> {
    const body = await request<unknown>(`/sandbox/bot/posts?chatId=${encodeURIComponent(String(chatId))}`);
    return asList(body, 'posts', 'messages').map((p, i) => toPost(p, i, chatId));
  },

  /** The user's private chat with the bot, oldest first. */
  async chat(telegramId: number): Promise<ChatMessage[]> {
    const body = await request<unknown>(`/sandbox/bot-api/chat?userId=${encodeURIComponent(String(telegramId))}`);
    return asList(body, 'messages')
      .map(asRecord)
      .map((m) => ({
        messageId: asNumber(m.messageId) ?? 0,
        date: asNumber(m.date) ?? 0,
        from: m.from === 'user' ? ('user' as const) : ('bot' as const),
        text: typeof m.text === 'string' ? m.text : '',
        photo: m.photo === true,
        buttons: asList(m.buttons)
          .map(asRecord)
          .map((b) => ({ text: asString(b.text) ?? '', url: asString(b.url) ?? '' })),
      }));
  },

  /** The user writes to the bot in their private chat (the bot answers commands such as /start). */
  async writeToBot(
    user: { telegramId: number; firstName: string; username?: string; languageCode?: string },
    text: string,
  ): Promise<void> {
    await request<unknown>('/sandbox/bot-api/chat', {
      method: 'POST',
      body: JSON.stringify({ ...user, text }),
    });
  },

  /** The user opens an invite link in the sandbox's Telegram: answers their state in the chat afterwards. */
  async joinByLink(telegramId: number, firstName: string, link: string): Promise<{ chatId: number; status: string }> {
    const answer = asRecord(
      await request<unknown>('/sandbox/bot-api/join', {
        method: 'POST',
        body: JSON.stringify({ telegramId, firstName, link }),
      }),
    );
    return { chatId: asNumber(answer.chatId) ?? 0, status: asString(answer.status) ?? 'unknown' };
  },

  /** Who the app recorded in a channel from the bot's chat_member updates (joined, left, banned, removed by the bot). */
  async members(chatId: number): Promise<ChatMember[]> {
    const body = await request<unknown>(`/sandbox/bot/members?chatId=${encodeURIComponent(String(chatId))}`);
    return asList(body, 'members')
      .map(asRecord)
      .map((m) => ({
        userId: asNumber(m.telegramId) ?? 0,
        firstName: asString(m.firstName) ?? '',
        status: asString(m.status) ?? 'left',
      }));
  },

  /** The user's channels, as Telegram would list the ones they own; empty for a follower (nothing is refused). */
  async channelsOf(telegramId: number): Promise<KnownChannel[]> {
    const body = await request<unknown>(`/sandbox/channels?telegramId=${encodeURIComponent(String(telegramId))}`);
    return asList(body, 'channels')
      .map(toChannel)
      .filter((c): c is KnownChannel => c !== undefined);
  },

  /** What the user's Telegram shows for a Stars invoice link, with their demo balance. */
  async starsSheet(link: string, telegramId: number): Promise<StarsSheet> {
    const query = new URLSearchParams({ link, userId: String(telegramId) });
    const sheet = asRecord(await request<unknown>(`/sandbox/bot-api/stars/sheet?${query.toString()}`));
    const period = asNumber(sheet.subscriptionPeriod);
    return {
      link: asString(sheet.link) ?? link,
      title: asString(sheet.title) ?? '',
      description: asString(sheet.description) ?? '',
      stars: asNumber(sheet.stars) ?? 0,
      subscriptionPeriod: period ?? null,
      balance: asNumber(sheet.balance) ?? 0,
    };
  },

  /** The user pays the invoice link with their Stars (the bot hears pre_checkout_query, then successful_payment). */
  async payStars(
    user: { telegramId: number; firstName: string; languageCode?: string },
    link: string,
  ): Promise<StarsPayment> {
    const answer = asRecord(
      await request<unknown>('/sandbox/bot-api/stars/pay', { method: 'POST', body: JSON.stringify({ ...user, link }) }),
    );
    if (answer.status === 'paid') return { status: 'paid' };
    const errorMessage = asString(answer.errorMessage);
    return {
      status: 'failed',
      reason: asString(answer.reason) ?? 'refused',
      ...(errorMessage ? { errorMessage } : {}),
    };
  },

  /** The sandbox's top-up: the user's demo Stars balance becomes `stars`. */
  async setStarsBalance(telegramId: number, stars: number): Promise<number> {
    const answer = asRecord(
      await request<unknown>('/sandbox/bot-api/stars/balance', {
        method: 'POST',
        body: JSON.stringify({ telegramId, stars }),
      }),
    );
    return asNumber(answer.balance) ?? stars;
  },
};
