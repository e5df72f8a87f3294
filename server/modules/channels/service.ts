/** A creator's channel: page, language, onboarding skip, delete, paged subscriptions and transactions. */
import type { ChannelOnlyResponse, ChannelResponse, LanguagesResponse, SubscriptionsPage, TransactionsPage } from '../../../src/contract/api';
import { canSkipOnboardingStep, stepAfterSkip } from '../../../src/domain/channel';
import type { LanguageCode } from '../../../src/domain/entities';
import { AppError } from '../../platform/errors';
import { decodeCursor, toPage } from '../../platform/db/cursor';
import { ChannelsRepository, type ChannelPatch } from './repository';
import { TransactionsRepository } from '../transactions/repository';
import type { ChannelRow, UserRow } from '../../platform/db/schema';
import { ownedChannel } from './access';
import { type ServiceDeps, nowDate } from '../../platform/serviceDeps';
import { channelDto, transactionDto } from '../../platform/dto';
import { CHANNEL_LANGUAGES } from '../../platform/languages';

/** A page of a channel's subscriptions, newest first: the subscriptions feature's, handed in by server/services.ts. */
export type SubscriptionsOfChannel = (channel: ChannelRow, cursor: Cursor) => Promise<SubscriptionsPage>;
type Cursor = ReturnType<typeof decodeCursor>;

export class ChannelService {
  constructor(private readonly deps: ServiceDeps, private readonly subscriptionsOf: SubscriptionsOfChannel) {}

  private get channels() {
    return new ChannelsRepository(this.deps.db);
  }

  /** The channel as the API shows it, with its paid subscribers now. */
  async dto(channel: ChannelRow) {
    const counts = await this.channels.activeSubscribers([channel.id], nowDate(this.deps.clock));
    return channelDto(channel, counts.get(channel.id) ?? 0);
  }

  async get(user: UserRow, channelId: number): Promise<ChannelResponse> {
    const channel = await ownedChannel(this.deps.db, user, channelId);
    const [dto, subscriptions, transactions] = await Promise.all([
      this.dto(channel),
      this.subscriptionsOf(channel, null),
      this.transactionsPage(user, channel, null),
    ]);
    return {
      channel: dto,
      languages: [...CHANNEL_LANGUAGES],
      subscriptions: subscriptions.subscriptions,
      subscriptionsNextFrom: subscriptions.nextFrom,
      transactions: transactions.transactions,
      transactionsNextFrom: transactions.nextFrom,
      isOnboarding: dto.isOnboarding,
    };
  }

  languages(): LanguagesResponse {
    return { languages: [...CHANNEL_LANGUAGES] };
  }

  async setLanguage(user: UserRow, channelId: number, language: LanguageCode): Promise<ChannelOnlyResponse> {
    const channel = await ownedChannel(this.deps.db, user, channelId, { write: true });
    const patch: ChannelPatch = { language, languageSelected: true };
    if (channel.onboardingStep === 'select_language') patch.onboardingStep = 'create_subscription';
    return { channel: await this.dto(await this.channels.update(channel.id, patch, nowDate(this.deps.clock))) };
  }

  async skipStep(user: UserRow, channelId: number): Promise<ChannelOnlyResponse> {
    const channel = await ownedChannel(this.deps.db, user, channelId, { write: true });
    if (!canSkipOnboardingStep(channel.onboardingStep)) {
      throw new AppError('conflict', `The onboarding step ${channel.onboardingStep} cannot be skipped`);
    }
    const step = stepAfterSkip(channel.onboardingStep);
    const updated = await this.channels.update(channel.id, { onboardingStep: step, ...(step === 'completed' ? { onboardingPassed: true } : {}) }, nowDate(this.deps.clock));
    return { channel: await this.dto(updated) };
  }

  /** Deletes a channel without subscriptions (deleted ones do not count). The bot stays; nothing is posted. */
  async delete(user: UserRow, channelId: number): Promise<ChannelOnlyResponse> {
    const channel = await ownedChannel(this.deps.db, user, channelId, { write: true });
    if ((await this.channels.countLiveSubscriptions(channel.id)) > 0) {
      throw new AppError('channel_has_subscriptions', 'Delete all subscriptions of the channel first');
    }
    return { channel: await this.dto(await this.channels.update(channel.id, { deleted: true }, nowDate(this.deps.clock))) };
  }

  async subscriptions(user: UserRow, channelId: number, startFrom: string | null | undefined): Promise<SubscriptionsPage> {
    const cursor = decodeCursor(startFrom);
    const channel = await ownedChannel(this.deps.db, user, channelId);
    return this.subscriptionsOf(channel, cursor);
  }

  async transactions(user: UserRow, channelId: number, startFrom: string | null | undefined): Promise<TransactionsPage> {
    const cursor = decodeCursor(startFrom);
    const channel = await ownedChannel(this.deps.db, user, channelId);
    return this.transactionsPage(user, channel, cursor);
  }

  private async transactionsPage(user: UserRow, channel: ChannelRow, cursor: Cursor): Promise<TransactionsPage> {
    const rows = await new TransactionsRepository(this.deps.db).pageForChannel(user.id, channel.id, cursor);
    const page = toPage(rows, (view) => ({ t: view.transaction.createdAt.getTime(), id: view.transaction.id }));
    return { transactions: page.items.map(transactionDto), nextFrom: page.nextFrom };
  }
}
