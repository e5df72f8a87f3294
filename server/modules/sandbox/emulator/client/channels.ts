import { byId, el } from './dom';
import { parseTgLink } from './launch';
import { sandboxApi, type BotPost, type ChatMember, type KnownChannel } from './sandboxApi';

const pollMs = 3000;

interface ChannelWithPosts {
  channel: KnownChannel;
  posts: BotPost[];
  members: ChatMember[];
  error?: string;
}

const MEMBER_STATES: Record<string, string> = {
  member: 'member',
  left: 'left',
  kicked: 'banned',
  removed: 'removed by the bot',
};

/**
 * The channel pane: what the bot posted in the current user's channels (GET /sandbox/bot/posts), with pinned and
 * silent marks and inline buttons, and who is in the channel as the app recorded it from the bot's chat_member
 * updates (GET /sandbox/bot/members: joined, left, banned, removed by the bot). A button with a startapp link opens the mini-app as the current user.
 */
export class ChannelPane {
  private readonly list = byId('channel-list');
  private readonly empty = byId('channels-empty');
  private telegramId: number | undefined;
  private seeded: KnownChannel[] = [];
  private channels: KnownChannel[] = [];
  private timer: number | undefined;
  private lastRendered = '';
  private refreshing: Promise<void> | undefined;

  constructor(private readonly openStartApp: (startParam: string | undefined) => void) {
    byId('channels-refresh').addEventListener('click', () => void this.refresh(true));
  }

  /** Switches to a user; seeded channels come from /sandbox/users, the rest from /sandbox/channels and the picker. */
  setUser(telegramId: number, seeded: KnownChannel[]): void {
    if (telegramId !== this.telegramId) this.lastRendered = '';
    this.telegramId = telegramId;
    this.seeded = seeded;
    void this.refresh(true);
    window.clearInterval(this.timer);
    this.timer = window.setInterval(() => void this.refresh(false), pollMs);
  }

  /** Remembers a channel the bot was just added to through the picker. */
  addChannel(channel: KnownChannel): void {
    if (this.telegramId === undefined) return;
    const added = this.pickedChannels(this.telegramId).filter((c) => c.chatId !== channel.chatId);
    sessionStorage.setItem(this.storageKey(this.telegramId), JSON.stringify([...added, channel]));
    void this.refresh(true);
  }

  /** Refreshes posts; with `channelsToo` it also reloads the channel list (dashboard call). */
  refresh(channelsToo: boolean): Promise<void> {
    // A poll joins a load in flight; an explicit refresh queues behind it so it is never lost.
    if (!channelsToo && this.refreshing) return this.refreshing;
    const next: Promise<void> = (this.refreshing ?? Promise.resolve())
      .then(() => this.load(channelsToo))
      .catch((error: unknown) => console.warn('channel pane refresh failed', error))
      .finally(() => {
        if (this.refreshing === next) this.refreshing = undefined;
      });
    this.refreshing = next;
    return next;
  }

  private async load(channelsToo: boolean): Promise<void> {
    const telegramId = this.telegramId;
    if (telegramId === undefined) return;
    if (channelsToo || !this.channels.length) {
      const owned = await sandboxApi.channelsOf(telegramId).catch((): KnownChannel[] => []);
      const byChatId = new Map<number, KnownChannel>();
      for (const channel of [...this.seeded, ...this.pickedChannels(telegramId), ...owned])
        byChatId.set(channel.chatId, channel);
      this.channels = [...byChatId.values()];
    }
    const withPosts = await Promise.all(
      this.channels.map(async (channel): Promise<ChannelWithPosts> => {
        try {
          const [posts, members] = await Promise.all([
            sandboxApi.posts(channel.chatId),
            sandboxApi.members(channel.chatId),
          ]);
          return { channel, posts, members };
        } catch (error) {
          return { channel, posts: [], members: [], error: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    if (telegramId === this.telegramId) this.render(withPosts);
  }

  private render(channels: ChannelWithPosts[]): void {
    const snapshot = JSON.stringify(channels);
    if (snapshot === this.lastRendered) return;
    this.lastRendered = snapshot;
    this.empty.hidden = channels.length > 0;
    this.list.replaceChildren(...channels.map((c) => this.renderChannel(c)));
  }

  private renderChannel({ channel, posts, members, error }: ChannelWithPosts): HTMLElement {
    const headingId = `channel-${Math.abs(channel.chatId)}`;
    return el(
      'article',
      { className: 'channel', 'aria-labelledby': headingId, 'data-chat-id': channel.chatId },
      el('h3', { id: headingId }, channel.title),
      el('p', { className: 'meta' }, `${channel.username ? `@${channel.username}` : 'private'} · ${channel.chatId}`),
      error ? el('p', { className: 'error' }, `Posts could not be loaded: ${error}`) : undefined,
      posts.length
        ? el(
            'ol',
            { className: 'posts', 'aria-label': `Bot posts in ${channel.title}` },
            ...posts.map((post) => this.renderPost(post)),
          )
        : el('p', { className: 'hint' }, 'The bot has not posted here yet.'),
      members.length
        ? el(
            'ul',
            { className: 'members', 'aria-label': `Members of ${channel.title}` },
            ...members.map((member) =>
              el(
                'li',
                { 'data-user-id': member.userId, 'data-status': member.status },
                `${member.firstName}: ${MEMBER_STATES[member.status] ?? member.status}`,
              ),
            ),
          )
        : undefined,
    );
  }

  private renderPost(post: BotPost): HTMLElement {
    const marks = [
      post.pinned ? 'Pinned' : undefined,
      post.silent ? 'Silent' : undefined,
      post.deleted ? 'Deleted' : undefined,
    ].filter((m): m is string => m !== undefined);
    return el(
      'li',
      {
        className: 'post',
        'data-post-id': post.id,
        'data-pinned': String(post.pinned),
        'data-silent': String(post.silent),
        'data-deleted': String(post.deleted),
      },
      marks.length
        ? el('div', { className: 'marks' }, ...marks.map((m) => el('span', { className: 'mark' }, m)))
        : undefined,
      el('p', { className: 'post-text' }, post.text),
      post.buttons.length
        ? el(
            'div',
            { className: 'post-buttons' },
            ...post.buttons.map((button) => {
              const element = el('button', { type: 'button', 'data-url': button.url }, button.text);
              element.addEventListener('click', () => this.press(button.url));
              return element;
            }),
          )
        : undefined,
    );
  }

  private press(url: string): void {
    const link = /^https?:\/\/t\.me\//i.test(url) ? parseTgLink(url.replace(/^https?:\/\/t\.me/i, '')) : undefined;
    if (link?.kind === 'open-mini-app') this.openStartApp(link.startParam);
    else window.open(url, '_blank', 'noopener');
  }

  private storageKey(telegramId: number): string {
    return `backers-emulator:channels:${telegramId}`;
  }

  private pickedChannels(telegramId: number): KnownChannel[] {
    try {
      const stored: unknown = JSON.parse(sessionStorage.getItem(this.storageKey(telegramId)) ?? '[]');
      return Array.isArray(stored) ? (stored as KnownChannel[]) : [];
    } catch {
      return [];
    }
  }
}
