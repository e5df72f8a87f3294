import { canPublish } from '../../domain/channel';
import { isValidCommand } from '../../domain/command';
import type { Channel, Period, Subscription, SubscriptionMember, User } from '../../domain/entities';
import { isLiveMember, memberFilterMatches } from '../../domain/members';
import {
  STARS_MAX_AMOUNT,
  STARS_MIN_AMOUNT,
  starsAmountProblem,
  starsOffer,
  suggestedStarsPrice,
} from '../../domain/stars';
import { TEXT_LIMITS } from '../../domain/text-limits';
import { type TrialStats, trialOutcome, trialSettingError } from '../../domain/trial';
import type { Page } from '../../application/ports/Page';
import type {
  MemberDetail,
  MembersPage,
  MembersQuery,
  NewSubscription,
  PublishOptions,
  StarsPrice,
  StarsRates,
  SubscriptionChanges,
  SubscriptionDetail,
  SubscriptionRepository,
} from '../../application/ports/SubscriptionRepository';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import { completeOnboardingStep } from './onboarding';
import { paginate } from './paging';
import { type MemberRecord, type SubscriptionRecord, subscriptionShareLink } from './records';
import { requireAmount, requireText } from './validation';
import { channelView, memberView, subscriptionView, userView } from './views';
import type { GiftStats } from '../../application/ports/GiftRepository';

const LIMITS = TEXT_LIMITS.subscription;

export class InMemorySubscriptionRepository implements SubscriptionRepository {
  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {}

  async create(input: NewSubscription): Promise<{ channel: Channel; subscription: Subscription }> {
    const channel = this.backend.connectedChannel(this.backend.actor(this.session), input.channelId);
    const price = requireAmount('subscription', 'amount', input.price);
    const id = this.backend.nextId();
    const record: SubscriptionRecord = {
      id,
      channelId: channel.id,
      name: requireText('name', input.name, LIMITS.name),
      description: requireText('description', input.description, LIMITS.description),
      period: input.period,
      price,
      buttonText: requireText('buttonText', input.buttonText, LIMITS.buttonText),
      isDeleted: false,
      publications: [],
      inviteLink: `https://t.me/+sandbox${id}`,
      privateChannelInviteLink: channel.type === 'private' ? `https://t.me/+private${id}` : undefined,
      publicChannelInviteLink: channel.userName ? `https://t.me/${channel.userName}` : undefined,
      shareLink: subscriptionShareLink(id),
    };
    const trialDays = input.trialDays == null ? null : requireTrialDays(input.trialDays, input.period);
    if (trialDays !== null) record.trialDays = trialDays;
    this.backend.subscriptions.set(id, record);
    completeOnboardingStep(channel, 'create_subscription', 'subscription_created');
    return { channel: channelView(this.backend, channel), subscription: subscriptionView(this.backend, record) };
  }

  /** Period and currency are fixed: a price in another currency is a validation_error. */
  async edit(subscriptionId: number, changes: SubscriptionChanges): Promise<Subscription> {
    const { subscription, channel } = this.backend.ownedSubscription(this.backend.actor(this.session), subscriptionId);
    this.backend.connectedChannel(this.backend.userRecord(channel.ownerId), channel.id);
    if (subscription.isDeleted) fail('subscription_deleted', 'Subscription deleted');
    if (changes.price.currency !== subscription.price.currency)
      fail('validation_error', 'Currency cannot change', { field: 'currency' });
    const price = requireAmount('subscription', 'amount', changes.price);
    const name = requireText('name', changes.name, LIMITS.name);
    const description = requireText('description', changes.description, LIMITS.description);
    const buttonText = requireText('buttonText', changes.buttonText, LIMITS.buttonText);
    Object.assign(subscription, { price, name, description, buttonText });
    if (changes.trialDays !== undefined) {
      const days = changes.trialDays === null ? null : requireTrialDays(changes.trialDays, subscription.period);
      if (days === null) delete subscription.trialDays;
      else subscription.trialDays = days;
    }
    return subscriptionView(this.backend, subscription);
  }

  async publish(subscriptionId: number, options: PublishOptions): Promise<Channel> {
    const { subscription, channel } = this.backend.ownedSubscription(this.backend.actor(this.session), subscriptionId);
    this.backend.connectedChannel(this.backend.userRecord(channel.ownerId), channel.id);
    if (subscription.isDeleted) fail('subscription_deleted', 'Subscription deleted');
    if (!canPublish(channel)) fail('channel_not_public', 'Only channels with a public handle can publish');
    subscription.publications.push({ pin: options.pin, disableNotification: options.disableNotification });
    completeOnboardingStep(channel, 'subscription_created', 'request_donation');
    return channelView(this.backend, channel);
  }

  async delete(subscriptionId: number): Promise<void> {
    this.backend.ownedSubscription(this.backend.actor(this.session), subscriptionId).subscription.isDeleted = true;
  }

  async restore(subscriptionId: number): Promise<Subscription> {
    const { subscription } = this.backend.ownedSubscription(this.backend.actor(this.session), subscriptionId);
    if (
      subscription.isDeleted &&
      subscription.command !== undefined &&
      this.commandTaken(subscription, subscription.command)
    )
      fail('conflict', 'Another subscription of this channel uses this command now: change or clear it there first', {
        field: 'command',
      });
    subscription.isDeleted = false;
    return subscriptionView(this.backend, subscription);
  }

  /** Whether another subscription of the channel that is not deleted has the command (one command, one subscription). */
  private commandTaken(subscription: { readonly id: number; readonly channelId: number }, command: string): boolean {
    return [...this.backend.subscriptions.values()].some(
      (s) =>
        s.channelId === subscription.channelId && s.id !== subscription.id && !s.isDeleted && s.command === command,
    );
  }

  /** "$" and a-z only, unique among the channel's subscriptions that are not deleted; "" clears it. */
  async setCommand(subscriptionId: number, command: string): Promise<Subscription> {
    const { subscription } = this.backend.ownedSubscription(this.backend.actor(this.session), subscriptionId);
    const value = command.trim();
    if (value !== '' && !isValidCommand(value)) fail('validation_error', 'Invalid command', { field: 'command' });
    if (value !== '' && this.commandTaken(subscription, value))
      fail('conflict', 'Another subscription of this channel already uses this command', { field: 'command' });
    subscription.command = value === '' ? undefined : value;
    return subscriptionView(this.backend, subscription);
  }

  /** As the server counts them; only the creator of a subscription not deleted sees them (others: not_found). */
  async giftStats(subscriptionId: number): Promise<GiftStats> {
    const actor = this.backend.actor(this.session);
    const subscription = this.backend.subscriptions.get(subscriptionId);
    const channel = subscription === undefined ? undefined : this.backend.channels.get(subscription.channelId);
    if (subscription === undefined || subscription.isDeleted || channel?.ownerId !== actor.user.id)
      fail('not_found', 'Subscription not found');
    const states = [...this.backend.gifts.values()]
      .filter((gift) => gift.subscriptionId === subscriptionId)
      .map((gift) => gift.status);
    const count = (...of: string[]) => states.filter((state) => of.includes(state)).length;
    return {
      sold: states.length,
      redeemed: count('redeemed'),
      open: count('open'),
      refunded: count('expired', 'refunded'),
    };
  }

  async starsPrice(subscriptionId: number): Promise<StarsPrice> {
    return this.starsView(
      this.backend.ownedSubscription(this.backend.actor(this.session), subscriptionId).subscription,
    );
  }

  /** As the server: whole Stars within Telegram's limits, or null; a deleted subscription must be restored first. */
  async setStarsPrice(subscriptionId: number, stars: number | null): Promise<StarsPrice> {
    const { subscription } = this.backend.ownedSubscription(this.backend.actor(this.session), subscriptionId);
    if (subscription.isDeleted) fail('subscription_deleted', 'Subscription deleted');
    if (stars !== null && starsAmountProblem(stars) !== null)
      fail('validation_error', `stars must be whole Stars from ${STARS_MIN_AMOUNT} to ${STARS_MAX_AMOUNT}`, {
        field: 'stars',
      });
    subscription.starsPrice = stars;
    return this.starsView(subscription);
  }

  async starsRates(): Promise<StarsRates> {
    this.backend.actor(this.session);
    return new Map(this.backend.config.starsRates ?? []);
  }

  private starsView(subscription: SubscriptionRecord): StarsPrice {
    const rate = this.backend.config.starsRates?.get(subscription.price.currency) ?? null;
    return {
      stars: subscription.starsPrice ?? null,
      offer: starsOffer(subscription.period),
      suggested: suggestedStarsPrice(subscription.price, rate),
      rate,
    };
  }

  async detail(subscriptionId: number): Promise<SubscriptionDetail> {
    const { subscription, channel } = this.backend.ownedSubscription(this.backend.actor(this.session), subscriptionId);
    const size = this.backend.pairedPageSize;
    const live = this.memberPage(subscriptionId, { filter: 'all', group: 'live', startFrom: null }, size);
    const inactive = this.memberPage(subscriptionId, { filter: 'all', group: 'inactive', startFrom: null }, size);
    return {
      subscription: subscriptionView(this.backend, subscription),
      channel: channelView(this.backend, channel),
      users: this.usersOf([...live.items, ...inactive.items]),
      members: { live, inactive },
    };
  }

  async members(subscriptionId: number, query: MembersQuery): Promise<MembersPage> {
    this.backend.ownedSubscription(this.backend.actor(this.session), subscriptionId);
    const page = this.memberPage(subscriptionId, query);
    return { ...page, users: this.usersOf(page.items) };
  }

  async member(memberId: number): Promise<MemberDetail> {
    const actor = this.backend.actor(this.session);
    const member = this.backend.members.get(memberId);
    if (member === undefined) fail('not_found', 'Member not found');
    const { subscription, channel } = this.backend.ownedSubscription(actor, member.subscriptionId);
    return {
      subscription: subscriptionView(this.backend, subscription),
      channel: channelView(this.backend, channel),
      member: memberView(member),
      user: userView(this.backend, member.userId),
    };
  }

  /**
   * The group splits live from inactive, the filter applies the time-derived states; in the server's orders: `all`
   * newest first (the inactive group latest end first), `expired` latest expiry first, `expiring` and `active`
   * soonest end first (no expiry last).
   */
  private memberPage(
    subscriptionId: number,
    query: MembersQuery,
    size = this.backend.pageSize,
  ): Page<SubscriptionMember> {
    const now = this.backend.nowMs();
    const inGroup = (m: MemberRecord) => query.group === undefined || isLiveMember(m, now) === (query.group === 'live');
    const records = this.backend
      .membersOf(subscriptionId)
      .filter((m) => inGroup(m) && memberFilterMatches(query.filter, m, now))
      .sort(memberOrder(query.filter === 'all' && query.group === 'inactive' ? 'expired' : query.filter));
    const page = paginate(records, query.startFrom, size);
    return { items: page.items.map(memberView), nextFrom: page.nextFrom };
  }

  /** As the server counts them: running trials, and the ended ones (lapsed once the conversion grace passed unpaid). */
  async trialStats(subscriptionId: number): Promise<TrialStats> {
    const { subscription } = this.backend.ownedSubscription(this.backend.actor(this.session), subscriptionId);
    return trialStatsOf(this.backend, [subscription.id]);
  }

  private usersOf(members: readonly SubscriptionMember[]): User[] {
    return [...new Set(members.map((m) => m.userId))].map((id) => userView(this.backend, id));
  }
}

const endOf = (m: MemberRecord): number => m.expiresAt ?? Number.POSITIVE_INFINITY;

function memberOrder(filter: MembersQuery['filter']): (a: MemberRecord, b: MemberRecord) => number {
  if (filter === 'all') return (a, b) => b.activatedAt - a.activatedAt || b.id - a.id;
  if (filter === 'expired') return (a, b) => endOf(b) - endOf(a) || b.id - a.id;
  return (a, b) => (endOf(a) === endOf(b) ? a.id - b.id : endOf(a) < endOf(b) ? -1 : 1);
}

/** The creator's trial setting as the server checks it: 0 turns it off; only 3, 7, 14 or 30 on recurring ones. */
function requireTrialDays(days: number, period: Period): number | null {
  const error = trialSettingError(days, period);
  if (error !== null)
    fail('validation_error', 'A free trial lasts 3, 7, 14 or 30 days', { field: 'trialDays', reason: error });
  return days === 0 ? null : days;
}

/** The trial figures over these subscriptions, as the server counts them (also for revenue insights). */
export function trialStatsOf(backend: InMemoryBackend, subscriptionIds: readonly number[]): TrialStats {
  const now = backend.nowMs();
  let onTrial = 0;
  let ended = 0;
  let converted = 0;
  for (const trial of backend.trials.values()) {
    if (!subscriptionIds.includes(trial.subscriptionId)) continue;
    const outcome = trialOutcome(trial.endsAt * 1000, trial.paidAtMs, now);
    if (outcome === null && trial.endsAt * 1000 > now) onTrial += 1;
    if (outcome !== null) ended += 1;
    if (outcome === 'converted') converted += 1;
  }
  return { onTrial, ended, converted };
}
