/** A creator's channel: page, language, onboarding skip, delete, paged subscriptions and transactions. */
import { canSkipOnboardingStep, firstStepNotDone, stepAfterSkip } from '../../../src/domain/channel';
import type { LanguageCode } from '../../../src/domain/entities';
import { AppError } from '../../platform/errors';
import { PAIRED_PAGE_SIZE, decodeCursor, toPage } from '../../platform/db/cursor';
import { ChannelsRepository, type ChannelPatch } from './repository';
import { type TransactionView, ledgerPosition } from '../transactions/repository';
import type { ChannelRow, UserRow } from '../../platform/db/schema';
import { ownChannel, ownedChannel, requireVerified } from './access';
import { channelLedgerPages, channelLedgerReads, channelPageReads } from './pageReads';
import { type ServiceDeps, nowDate } from '../../platform/serviceDeps';
import type { ChannelView, Page, SubscriptionView } from '../../platform/views';

/** A page of a channel's subscriptions, newest first: the subscriptions feature's, handed in by server/services.ts. */
export type SubscriptionsOfChannel = (channel: ChannelRow, cursor: Cursor) => Promise<Page<SubscriptionView>>;

/** The owner's channel page: the channel and the first page of its subscriptions and of what it earned. */
export interface ChannelPage {
  readonly channel: ChannelView;
  readonly subscriptions: Page<SubscriptionView>;
  readonly transactions: Page<TransactionView>;
}
type Cursor = ReturnType<typeof decodeCursor>;
/** Where a follower subscribes to a subscription (the subscriptions feature's, handed in by server/services.ts). */
export type ShareLinkOf = (subscriptionId: number) => string;

export class ChannelService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly subscriptionsOf: SubscriptionsOfChannel,
    private readonly shareLinkOf: ShareLinkOf,
  ) {
    const ledger = channelLedgerPages(deps.db);
    this.pageReads = channelPageReads(deps.db, ledger);
    this.ledgerReads = channelLedgerReads(deps.db, ledger);
  }

  private readonly pageReads: ReturnType<typeof channelPageReads>;
  private readonly ledgerReads: ReturnType<typeof channelLedgerReads>;

  private get channels() {
    return new ChannelsRepository(this.deps.db);
  }

  /** The channel with its paid subscribers now. */
  async view(channel: ChannelRow): Promise<ChannelView> {
    const counts = await this.channels.activeSubscribers([channel.id], nowDate(this.deps.clock));
    return { channel, activeSubscribers: counts.get(channel.id) ?? 0 };
  }

  /** One round trip of prepared reads (pageReads.ts); the owner check and moderation ownedChannel's (ownChannel). */
  async get(user: UserRow, channelId: number): Promise<ChannelPage> {
    requireVerified(user);
    const reads = await this.pageReads(user.id, channelId, nowDate(this.deps.clock));
    const channel = ownChannel(user, reads.channel?.channel);
    // Half a page of each list (PAIRED_PAGE_SIZE); the lists' own pages go on from their cursors.
    const subscriptions = toPage(
      reads.subscriptions,
      (row) => ({ t: row.subscription.createdAt.getTime(), id: row.subscription.id }),
      PAIRED_PAGE_SIZE,
    );
    return {
      channel: { channel, activeSubscribers: reads.channel!.activeSubscribers },
      subscriptions: {
        items: subscriptions.items.map((row) => ({
          subscription: row.subscription,
          activeSubscribers: row.activeSubscribers,
          linksFrom: channel,
          shareLink: this.shareLinkOf(row.subscription.id),
        })),
        nextFrom: subscriptions.nextFrom,
      },
      transactions: toPage(reads.transactions, ledgerPosition, PAIRED_PAGE_SIZE),
    };
  }

  async setLanguage(user: UserRow, channelId: number, language: LanguageCode): Promise<ChannelView> {
    const channel = await ownedChannel(this.deps.db, user, channelId, { write: true });
    const patch: ChannelPatch = { language, languageSelected: true };
    // Subscriptions already there (an imported channel) make creating one a step done.
    if (channel.onboardingStep === 'select_language')
      patch.onboardingStep = firstStepNotDone({
        languageSelected: true,
        hasSubscriptions: (await this.channels.countLiveSubscriptions(channel.id)) > 0,
      });
    return this.view(await this.channels.update(channel.id, patch, nowDate(this.deps.clock)));
  }

  async skipStep(user: UserRow, channelId: number): Promise<ChannelView> {
    const channel = await ownedChannel(this.deps.db, user, channelId, { write: true });
    if (!canSkipOnboardingStep(channel.onboardingStep)) {
      throw new AppError('conflict', `The onboarding step ${channel.onboardingStep} cannot be skipped`);
    }
    const step = stepAfterSkip(channel.onboardingStep);
    const updated = await this.channels.update(
      channel.id,
      { onboardingStep: step, ...(step === 'completed' ? { onboardingPassed: true } : {}) },
      nowDate(this.deps.clock),
    );
    return this.view(updated);
  }

  /** Deletes a channel without subscriptions (deleted ones do not count). The bot stays; nothing is posted. */
  async delete(user: UserRow, channelId: number): Promise<ChannelView> {
    const channel = await ownedChannel(this.deps.db, user, channelId, { write: true });
    if ((await this.channels.countLiveSubscriptions(channel.id)) > 0) {
      throw new AppError('channel_has_subscriptions', 'Delete all subscriptions of the channel first');
    }
    return this.view(await this.channels.update(channel.id, { deleted: true }, nowDate(this.deps.clock)));
  }

  async subscriptions(
    user: UserRow,
    channelId: number,
    startFrom: string | null | undefined,
  ): Promise<Page<SubscriptionView>> {
    const cursor = decodeCursor(startFrom);
    const channel = await ownedChannel(this.deps.db, user, channelId);
    return this.subscriptionsOf(channel, cursor);
  }

  /** One round trip of prepared reads (pageReads.ts); the owner check and moderation ownedChannel's (ownChannel). */
  async transactions(
    user: UserRow,
    channelId: number,
    startFrom: string | null | undefined,
  ): Promise<Page<TransactionView>> {
    const cursor = decodeCursor(startFrom);
    requireVerified(user);
    const { channel, transactions } = await this.ledgerReads(user.id, channelId, cursor);
    ownChannel(user, channel);
    return toPage(transactions, ledgerPosition);
  }
}
