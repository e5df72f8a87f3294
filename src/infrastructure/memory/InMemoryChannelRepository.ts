import type { Channel, Language, LanguageCode, Subscription, Transaction } from '../../domain/entities';
import type { ChannelDetail, ChannelRepository } from '../../application/ports/ChannelRepository';
import type { Cursor, Page } from '../../application/ports/Page';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import { completeOnboardingStep, skipOnboarding } from './onboarding';
import { paginate } from './paging';
import { inTransactionList } from './transactionLists';
import { channelView, subscriptionView, transactionPage } from './views';

export class InMemoryChannelRepository implements ChannelRepository {
  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {}

  async get(channelId: number): Promise<ChannelDetail> {
    const channel = this.backend.approvedChannel(this.backend.actor(this.session), channelId, true);
    return {
      channel: channelView(this.backend, channel),
      languages: this.backend.config.languages.map((l) => ({ ...l })),
      // Like the server: the page opens with half a page of each list.
      subscriptions: this.subscriptionPage(channelId, null, this.backend.pairedPageSize),
      transactions: this.transactionPage(channel.ownerId, channelId, null, this.backend.pairedPageSize),
      isOnboarding: channel.isOnboarding,
    };
  }

  async languages(): Promise<readonly Language[]> {
    this.backend.actor(this.session);
    return this.backend.config.languages.map((l) => ({ ...l }));
  }

  async setLanguage(channelId: number, code: LanguageCode): Promise<Channel> {
    const channel = this.backend.approvedChannel(this.backend.actor(this.session), channelId);
    const language = this.backend.config.languages.find((l) => l.code === code);
    if (language === undefined) fail('validation_error', 'Unknown language', { field: 'language' });
    channel.language = { code: language.code, name: language.name };
    channel.isLanguageSelected = true;
    completeOnboardingStep(channel, 'select_language', 'create_subscription');
    return channelView(this.backend, channel);
  }

  async skipOnboardingStep(channelId: number): Promise<Channel> {
    const channel = this.backend.approvedChannel(this.backend.actor(this.session), channelId);
    skipOnboarding(channel);
    return channelView(this.backend, channel);
  }

  /** Only a channel without live subscriptions can go (spec section 6). */
  async delete(channelId: number): Promise<void> {
    const channel = this.backend.ownedChannel(this.backend.actor(this.session), channelId);
    const hasSubscriptions = [...this.backend.subscriptions.values()].some(
      (s) => s.channelId === channelId && !s.isDeleted,
    );
    if (hasSubscriptions) fail('channel_has_subscriptions', 'Delete all subscriptions first');
    channel.isDeleted = true;
  }

  async subscriptions(channelId: number, startFrom: Cursor): Promise<Page<Subscription>> {
    this.backend.approvedChannel(this.backend.actor(this.session), channelId);
    return this.subscriptionPage(channelId, startFrom);
  }

  async transactions(channelId: number, startFrom: Cursor): Promise<Page<Transaction>> {
    const channel = this.backend.approvedChannel(this.backend.actor(this.session), channelId);
    return this.transactionPage(channel.ownerId, channelId, startFrom);
  }

  /** Deleted subscriptions stay listed: the creator can restore them. */
  private subscriptionPage(channelId: number, startFrom: Cursor, size = this.backend.pageSize): Page<Subscription> {
    const records = [...this.backend.subscriptions.values()]
      .filter((s) => s.channelId === channelId)
      .sort((a, b) => a.id - b.id);
    const page = paginate(records, startFrom, size);
    return { items: page.items.map((s) => subscriptionView(this.backend, s)), nextFrom: page.nextFrom };
  }

  private transactionPage(
    ownerId: number,
    channelId: number,
    startFrom: Cursor,
    size = this.backend.pageSize,
  ): Page<Transaction> {
    const creatorRows = inTransactionList('creator', 'all');
    return transactionPage(
      this.backend,
      ownerId,
      (t) => creatorRows(t) && t.channel?.id === channelId,
      startFrom,
      size,
    );
  }
}
