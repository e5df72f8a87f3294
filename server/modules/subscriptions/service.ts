/**
 * Subscriptions of a creator's channel (spec sections 4 and 6): create, edit (period and currency fixed), publish
 * through the bot (public channels only, pin and silent options), delete (members keep access until expiry but
 * cannot renew), restore, command, members grouped and filtered with cursors.
 */
import type {
  EditSubscriptionRequest,
  MembersRequest,
  NewSubscriptionRequest,
  PublishSubscriptionRequest,
} from '../../../src/contract/api';
import { isValidCommand } from '../../../src/domain/command';
import { validateSubscriptionForm } from '../../../src/domain/subscription-form';
import { trialSettingError } from '../../../src/domain/trial';
import { filterMeetsGroup } from '../../../src/domain/members';
import type { Period } from '../../../src/domain/entities';
import { wireAmountText } from '../../../src/domain/amounts';
import { type Currency, type Money, isCurrency, money, toMajor } from '../../../src/domain/money';
import {
  STARS_MAX_AMOUNT,
  STARS_MIN_AMOUNT,
  type StarsOffer,
  starsAmountProblem,
  starsOffer,
  suggestedStarsPrice,
} from '../../../src/domain/stars';
import { AppError, notFound, validationError } from '../../platform/errors';
import { type CursorPosition, PAIRED_PAGE_SIZE, decodeCursor, toPage } from '../../platform/db/cursor';
import { ChannelsRepository } from '../channels/repository';
import { type MemberGroup, MembersRepository, memberPages, memberPositionFor } from './membersRepository';
import { groupPosition } from './memberGroups';
import { SubscriptionsRepository, subscriptionWithChannelRead } from './repository';
import { UsersRepository } from '../users/repository';
import type { ChannelRow, MemberRow, SubscriptionRow, UserRow } from '../../platform/db/schema';
import type { MemberFields } from '../../platform/db/projections';
import { ownedChannel, requireVerified } from '../channels/access';
import { subscriptionDetailReads } from './detailReads';
import { ownSubscription, ownedSubscription } from './access';
import { type ServiceDeps, nowDate } from '../../platform/serviceDeps';
import type { ChannelView, MemberWithUser, Page, SubscriptionView } from '../../platform/views';
import { Publisher, postText } from '../bot/publishing';
import { miniAppLink } from '../bot/BotGateway';

/** A failed form rule of src/domain (subscription or donation form). */
export interface FormRuleError {
  readonly field: string;
  readonly code: string;
  readonly bound?: Money;
  readonly max?: number;
}

/** A form error as a 400 validation_error naming the field, with the rule and bound for the client's message. */
export interface StarsPriceView {
  readonly stars: number | null;
  readonly offer: StarsOffer;
  readonly suggested: number | null;
  /** The STARS_RATE_* the suggestion used: one Star's worth in the card price's currency. */
  readonly rate: string | null;
}

export function formError(error: FormRuleError): AppError {
  const bound = error.bound ? toMajor(error.bound.minor, error.bound.currency) : undefined;
  const what =
    error.code === 'required' || error.code === 'amount_required'
      ? 'is required'
      : error.code === 'too_long'
        ? `must be at most ${error.max} characters`
        : error.code === 'amount_below'
          ? `must be at least ${bound} ${error.bound?.currency}`
          : error.code === 'amount_above'
            ? `must be at most ${bound} ${error.bound?.currency}`
            : 'is invalid';
  return new AppError('validation_error', `${error.field} ${what}`, {
    field: error.field,
    reason: error.code,
    ...(bound !== undefined ? { bound } : {}),
    ...(error.max !== undefined ? { max: error.max } : {}),
  });
}

/**
 * A wire amount as the form rules read it: its plain decimal text, or for anything else a text no rule parses (so it
 * answers amount_required; '' would mean "nothing entered", an open amount on a donation request).
 */
export const amountText = (amount: unknown): string => wireAmountText(amount) ?? '?';

export class SubscriptionService {
  private readonly publisher: Publisher;

  private readonly detailReads: ReturnType<typeof subscriptionDetailReads>;
  private readonly memberPages: ReturnType<typeof memberPages>;
  private readonly subscriptionWithChannel: ReturnType<typeof subscriptionWithChannelRead>;

  constructor(private readonly deps: ServiceDeps) {
    this.publisher = new Publisher(deps);
    this.detailReads = subscriptionDetailReads(deps.db);
    this.memberPages = memberPages(deps.db);
    this.subscriptionWithChannel = subscriptionWithChannelRead(deps.db);
  }

  private get repo() {
    return new SubscriptionsRepository(this.deps.db);
  }

  private now() {
    return nowDate(this.deps.clock);
  }

  /** A page of a channel's subscriptions for its owner, newest first (the channel page, GET /channel/{id}/subscriptions). */
  async pageOfChannel(channel: ChannelRow, cursor: CursorPosition | null): Promise<Page<SubscriptionView>> {
    const page = toPage(await this.repo.pageByChannel(channel.id, cursor), (row) => ({
      t: row.createdAt.getTime(),
      id: row.id,
    }));
    const counts = await this.repo.activeSubscribers(
      page.items.map((row) => row.id),
      this.now(),
    );
    return {
      items: page.items.map((row) => ({
        subscription: row,
        activeSubscribers: counts.get(row.id) ?? 0,
        linksFrom: channel,
        shareLink: this.shareLink(row.id),
      })),
      nextFrom: page.nextFrom,
    };
  }

  /** The owner's view of one subscription (with the channel's links and the link to share). */
  private async view(subscription: SubscriptionRow, channel: ChannelRow): Promise<SubscriptionView> {
    const counts = await this.repo.activeSubscribers([subscription.id], this.now());
    return {
      subscription,
      activeSubscribers: counts.get(subscription.id) ?? 0,
      linksFrom: channel,
      shareLink: this.shareLink(subscription.id),
    };
  }

  /** Where a follower subscribes: the mini-app opened on the subscription's payment page (spec section 2's start parameter). */
  shareLink(subscriptionId: number): string {
    return miniAppLink(this.deps.botProfile.username, this.deps.config.appName, `subscription_${subscriptionId}`);
  }

  private async channelView(channelId: number): Promise<ChannelView> {
    const channels = new ChannelsRepository(this.deps.db);
    const channel = (await channels.byId(channelId))!;
    const counts = await channels.activeSubscribers([channel.id], this.now());
    return { channel, activeSubscribers: counts.get(channel.id) ?? 0 };
  }

  async create(
    user: UserRow,
    input: NewSubscriptionRequest,
  ): Promise<{ channel: ChannelView; subscription: SubscriptionView }> {
    const channel = await ownedChannel(this.deps.db, user, input.channelId, { write: true, needsBot: true });
    const valid = validateSubscriptionForm({
      channelId: channel.id,
      name: input.name,
      description: input.description,
      period: input.period,
      currency: input.currency,
      amount: amountText(input.amount),
      buttonText: input.buttonText,
      command: '',
      publish: false,
      disableNotification: false,
      pin: false,
    });
    if (!valid.ok) throw formError(valid.error);
    const trialDays = checkedTrialDays(input.trialDays, valid.value.period);
    const now = this.now();
    const subscription = await this.deps.db.transaction(async (tx) => {
      const created = await new SubscriptionsRepository(tx).create(
        {
          channelId: channel.id,
          name: valid.value.name,
          description: valid.value.description,
          period: valid.value.period,
          priceMinor: valid.value.price.minor,
          currency: valid.value.price.currency,
          buttonText: valid.value.buttonText,
          trialDays: trialDays ?? null,
        },
        now,
      );
      if (channel.onboardingStep === 'create_subscription') {
        await new ChannelsRepository(tx).update(channel.id, { onboardingStep: 'subscription_created' }, now);
      }
      return created;
    });
    return { channel: await this.channelView(channel.id), subscription: await this.view(subscription, channel) };
  }

  async edit(user: UserRow, subscriptionId: number, input: EditSubscriptionRequest): Promise<SubscriptionView> {
    const { subscription, channel } = await ownedSubscription(this.deps.db, user, subscriptionId, {
      write: true,
      needsBot: true,
    });
    if (input.period !== undefined && input.period !== subscription.period)
      throw validationError('period', 'period cannot change after creation');
    if (input.currency !== undefined && input.currency !== subscription.currency)
      throw validationError('currency', 'currency cannot change after creation');
    if (subscription.deleted) throw new AppError('subscription_deleted', 'Restore the subscription before editing it');
    const valid = validateSubscriptionForm({
      channelId: channel.id,
      name: input.name,
      description: input.description,
      period: subscription.period,
      currency: subscription.currency,
      amount: amountText(input.amount),
      buttonText: input.buttonText,
      command: '',
      publish: false,
      disableNotification: false,
      pin: false,
    });
    if (!valid.ok) throw formError(valid.error);
    const trialDays = checkedTrialDays(input.trialDays, subscription.period);
    const updated = await this.repo.update(
      subscription.id,
      {
        name: valid.value.name,
        description: valid.value.description,
        priceMinor: valid.value.price.minor,
        buttonText: valid.value.buttonText,
        // Changing it applies to trials started from now on; running trials keep their end.
        ...(trialDays !== undefined ? { trialDays } : {}),
      },
      this.now(),
    );
    return this.view(updated, channel);
  }

  async publish(user: UserRow, subscriptionId: number, input: PublishSubscriptionRequest): Promise<ChannelView> {
    const { subscription, channel } = await ownedSubscription(this.deps.db, user, subscriptionId, {
      write: true,
      needsBot: true,
    });
    if (subscription.deleted) throw new AppError('subscription_deleted', 'A removed subscription cannot be published');
    if (channel.type !== 'public' || !channel.username)
      throw new AppError('channel_not_public', 'Only channels with a public handle can publish');
    const post = await this.publisher.post({
      channel,
      kind: 'subscription',
      refId: subscription.id,
      text: postText(subscription.name, subscription.description),
      buttonText: subscription.buttonText,
      pin: input.pin,
      silent: input.disableNotification,
    });
    const now = this.now();
    await this.repo.update(subscription.id, { publishedPostId: post.id }, now);
    if (channel.onboardingStep === 'subscription_created') {
      await new ChannelsRepository(this.deps.db).update(channel.id, { onboardingStep: 'request_donation' }, now);
    }
    return this.channelView(channel.id);
  }

  /** Removes the subscription from sale. Members keep access until expiry and cannot renew; the post stays. */
  async delete(user: UserRow, subscriptionId: number): Promise<SubscriptionView> {
    const { subscription, channel } = await ownedSubscription(this.deps.db, user, subscriptionId, { write: true });
    const updated = subscription.deleted
      ? subscription
      : await this.repo.update(subscription.id, { deleted: true }, this.now());
    return this.view(updated, channel);
  }

  async restore(user: UserRow, subscriptionId: number): Promise<SubscriptionView> {
    const { subscription, channel } = await ownedSubscription(this.deps.db, user, subscriptionId, {
      write: true,
      needsBot: true,
    });
    // A command names one live subscription of the channel: one taken while this one was deleted blocks the restore.
    if (
      subscription.deleted &&
      subscription.command !== null &&
      (await this.repo.commandTaken(channel.id, subscription.command, subscription.id))
    ) {
      throw new AppError(
        'conflict',
        'Another subscription of this channel uses this command now: change or clear it there first',
        { field: 'command' },
      );
    }
    // restoredAt: memberships that ended while it was deleted stay ended (renewals.ts never charges them).
    const updated = subscription.deleted
      ? await this.repo.update(subscription.id, { deleted: false, restoredAt: this.now() }, this.now())
      : subscription;
    return this.view(updated, channel);
  }

  /** Sets ("$name", only a-z after $) or clears ("") the subscription's command. */
  async setCommand(user: UserRow, subscriptionId: number, command: string): Promise<SubscriptionView> {
    const { subscription, channel } = await ownedSubscription(this.deps.db, user, subscriptionId, { write: true });
    const value = command.trim();
    if (value !== '' && !isValidCommand(value))
      throw validationError('command', 'command must be $ followed by letters a-z');
    // The bot tells a channel's subscriptions apart by their command, so one command names one subscription there.
    if (value !== '' && (await this.repo.commandTaken(channel.id, value, subscription.id))) {
      throw new AppError('conflict', 'Another subscription of this channel already uses this command', {
        field: 'command',
      });
    }
    const updated = await this.repo.update(subscription.id, { command: value === '' ? null : value }, this.now());
    return this.view(updated, channel);
  }

  /**
   * Its Stars price, how it is sold in Stars (renewing every 30 days only when monthly), and the price suggested from
   * the card price at the currency's STARS_RATE_* (null without one).
   */
  async starsPrice(user: UserRow, subscriptionId: number): Promise<StarsPriceView> {
    const { subscription } = await ownedSubscription(this.deps.db, user, subscriptionId);
    return this.starsView(subscription);
  }

  /** The STARS_RATE_* set, per currency: the creator's forms suggest Stars prices for prices not saved yet at them. */
  starsRates(): { currency: Currency; rate: string }[] {
    return [...this.deps.config.starsRates]
      .filter((entry): entry is [Currency, string] => isCurrency(entry[0]))
      .map(([currency, rate]) => ({ currency, rate }));
  }

  /** Sets (whole Stars, within Telegram's limits) or clears (null: not sold in Stars) the Stars price. */
  async setStarsPrice(user: UserRow, subscriptionId: number, stars: number | null): Promise<StarsPriceView> {
    const { subscription } = await ownedSubscription(this.deps.db, user, subscriptionId, { write: true });
    if (subscription.deleted) throw new AppError('subscription_deleted', 'Restore the subscription before editing it');
    if (stars !== null) {
      const problem = starsAmountProblem(stars);
      if (problem !== null)
        throw validationError(
          'stars',
          problem === 'stars_not_whole'
            ? 'stars must be whole Stars'
            : `stars must be from ${STARS_MIN_AMOUNT} to ${STARS_MAX_AMOUNT} (Telegram's limits)`,
        );
    }
    const updated = await this.repo.update(subscription.id, { starsPrice: stars }, this.now());
    return this.starsView(updated);
  }

  private starsView(subscription: SubscriptionRow): StarsPriceView {
    const rate = this.deps.config.starsRates.get(subscription.currency) ?? null;
    return {
      stars: subscription.starsPrice,
      offer: starsOffer(subscription.period),
      suggested: suggestedStarsPrice(money(subscription.priceMinor, subscription.currency), rate),
      rate,
    };
  }

  /**
   * The subscription with the first page of each member group (live: with access; inactive: the rest): one round trip
   * of prepared reads (detailReads.ts), the owner check and moderation ownedSubscription's (ownSubscription).
   */
  async detail(user: UserRow, subscriptionId: number): Promise<SubscriptionDetail> {
    requireVerified(user);
    const { found, live, inactive } = await this.detailReads(user.id, subscriptionId, this.now());
    const { subscription, channel, subscribers, channelSubscribers } = ownSubscription(user, found);
    return {
      subscription: {
        subscription,
        activeSubscribers: subscribers,
        linksFrom: channel,
        shareLink: this.shareLink(subscription.id),
      },
      channel: { channel, activeSubscribers: channelSubscribers },
      live: toPage(live, rowAt(groupPosition('live')), PAIRED_PAGE_SIZE),
      inactive: toPage(inactive, rowAt(groupPosition('inactive')), PAIRED_PAGE_SIZE),
    };
  }

  async members(user: UserRow, subscriptionId: number, input: MembersRequest): Promise<Page<MemberWithUser>> {
    const cursor: CursorPosition | null = decodeCursor(input.startFrom);
    requireVerified(user);
    const group = input.group as MemberGroup | undefined;
    // The page is read beside the owner check and sent only once it passed; a filter that takes none of the group
    // reads nothing (its index range would be walked to the end to find no member).
    const [found, rows] = await Promise.all([
      this.subscriptionWithChannel(subscriptionId),
      group !== undefined && !filterMeetsGroup(input.filter, group)
        ? []
        : this.memberPages(subscriptionId, { filter: input.filter, group, cursor, now: this.now() }),
    ]);
    ownSubscription(user, found);
    return toPage(rows, rowAt(memberPositionFor(input.filter, group)));
  }

  /** The creator's view of one subscriber. */
  async member(user: UserRow, memberId: number): Promise<SubscriberDetail> {
    const member = await new MembersRepository(this.deps.db).byId(memberId);
    if (!member) throw notFound('Subscriber not found');
    const owned = await ownedSubscription(this.deps.db, user, member.subscriptionId).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'not_found' ? notFound('Subscriber not found') : error;
    });
    const subscriber = (await new UsersRepository(this.deps.db).byId(member.userId))!;
    return {
      subscription: await this.view(owned.subscription, owned.channel),
      channel: await this.channelView(owned.channel.id),
      member,
      user: subscriber,
    };
  }
}

export interface SubscriptionDetail {
  readonly subscription: SubscriptionView;
  readonly channel: ChannelView;
  readonly live: Page<MemberWithUser>;
  readonly inactive: Page<MemberWithUser>;
}

export interface SubscriberDetail {
  readonly subscription: SubscriptionView;
  readonly channel: ChannelView;
  readonly member: MemberRow;
  readonly user: UserRow;
}

/** A member list row's cursor position: its membership's. */
function rowAt(position: (member: MemberFields) => CursorPosition): (row: { member: MemberFields }) => CursorPosition {
  return ({ member }) => position(member);
}

/** The trial setting of a create or edit (src/domain/trial.ts): undefined when absent, null when off, else its days. */
function checkedTrialDays(days: number | null | undefined, period: Period): number | null | undefined {
  if (days === undefined) return undefined;
  const error = trialSettingError(days, period);
  if (error !== null) {
    throw new AppError(
      'validation_error',
      error === 'trial_not_recurring'
        ? 'Only recurring subscriptions can have a free trial'
        : 'A free trial lasts 3, 7, 14 or 30 days',
      { field: 'trialDays', reason: error },
    );
  }
  return days === 0 ? null : days;
}
