import type { APIRequestContext } from '@playwright/test';

/**
 * The sandbox control API (server/modules/sandbox) for setting up state from a test.
 * Every call throws with the server's answer when it is not 2xx.
 */
export class SandboxApi {
  constructor(private readonly request: APIRequestContext) {}

  async post<T = unknown>(path: string, body: unknown): Promise<T> {
    const response = await this.request.post(path, { data: body });
    if (!response.ok()) throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async get<T = unknown>(path: string): Promise<T> {
    const response = await this.request.get(path);
    if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  launch(body: {
    telegramId: number;
    firstName?: string;
    username?: string;
    languageCode?: string;
    startParam?: string;
    platform?: string;
  }) {
    return this.post<{ initData: string; launchUrl: string }>('/sandbox/launch', body);
  }

  channelAdded(body: {
    ownerTelegramId: number;
    chatId: number;
    title: string;
    username?: string;
    photoUrl?: string;
    moderation?: 'approved' | 'in_progress' | 'rejected';
  }) {
    return this.post('/sandbox/bot/channel-added', body);
  }

  channelRemoved(chatId: number) {
    return this.post('/sandbox/bot/channel-removed', { chatId });
  }

  /** Bot posts in a chat: text, buttons [{ text, url }], pinned, silent. */
  posts(chatId: number) {
    return this.get<unknown>(`/sandbox/bot/posts?chatId=${chatId}`);
  }

  kyc(telegramId: number, status: 'approved' | 'rejected') {
    return this.post('/sandbox/kyc', { telegramId, status });
  }

  ban(telegramId: number) {
    return this.post('/sandbox/users/ban', { telegramId });
  }

  advanceClock(advanceSeconds: number) {
    return this.post('/sandbox/clock', { advanceSeconds });
  }

  donateChannels(
    telegramId: number,
    channels: { chatId: number; name: string; link: string; activeSubscribers: number }[],
  ) {
    return this.post('/sandbox/migration/donate-channels', { telegramId, channels });
  }

  /** An authenticated API call as a user, e.g. to check server state after a UI flow. */
  async api<T = unknown>(
    user: { telegramId: number; firstName?: string },
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    /** More request headers, e.g. an Idempotency-Key. */
    headers: Readonly<Record<string, string>> = {},
  ): Promise<T> {
    const { initData } = await this.launch({ telegramId: user.telegramId, firstName: user.firstName ?? 'Test' });
    const response = await this.request.fetch(`/api/v2${path}`, {
      method,
      headers: { ...headers, authorization: `TgAuth ${initData}` },
      ...(body === undefined ? {} : { data: body }),
    });
    if (!response.ok())
      throw new Error(`${method} /api/v2${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  /**
   * Tokenises a card the way the app does: a public token from our API, then the card to the Smart Glocal tokenize
   * URL (the sandbox's double). A payout card sends the number only.
   */
  async tokenize(user: { telegramId: number; firstName?: string }, number: string, payment = true): Promise<string> {
    return (await this.newCard(user, number, payment)).cardToken;
  }

  /** What a new-card payment sends: the card's token and the public token of this user's own tokenisation. */
  async newCard(
    user: { telegramId: number; firstName?: string },
    number: string,
    payment = true,
  ): Promise<{ cardToken: string; publicToken: string }> {
    const { publicToken, tokenizeUrl } = await this.api<{ publicToken: string; tokenizeUrl: string }>(
      user,
      'POST',
      '/pay/smart_glocal/token',
    );
    const card = payment ? { number, expiration_month: '12', expiration_year: '34', security_code: '123' } : { number };
    const response = await this.request.post(tokenizeUrl, {
      headers: { 'x-public-token': publicToken },
      data: { card },
    });
    if (!response.ok()) throw new Error(`tokenize answered ${response.status()}: ${await response.text()}`);
    return { cardToken: ((await response.json()) as { data: { token: string } }).data.token, publicToken };
  }
}
