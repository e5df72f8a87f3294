import type { GiftStats } from './GiftRepository';
import type { Currency, Money } from '../../domain/money';
import type { StarsOffer } from '../../domain/stars';
import type { Channel, MemberFilter, Period, Subscription, SubscriptionMember, User } from '../../domain/entities';
import type { Cursor, Page } from './Page';
import type { TrialStats } from '../../domain/trial';

export interface NewSubscription {
  readonly channelId: number;
  readonly name: string;
  readonly description: string;
  readonly period: Period;
  /** Price per period; its currency becomes the subscription's currency for good. */
  readonly price: Money;
  readonly buttonText: string;
  /** The free trial newcomers get (3, 7, 14 or 30 days; recurring subscriptions only); null or absent: none. */
  readonly trialDays?: number | null;
}

/** What an edit may change: period and currency are fixed at creation (price keeps its currency). */
export interface SubscriptionChanges {
  readonly name: string;
  readonly description: string;
  readonly price: Money;
  readonly buttonText: string;
  /** The free trial: days, null to turn it off, absent to keep it. */
  readonly trialDays?: number | null;
}

export interface PublishOptions {
  readonly pin: boolean;
  readonly disableNotification: boolean;
}

/** Members are shown in two groups: live (active, or any one-time member) and inactive (the rest). */
export type MemberGroup = 'live' | 'inactive';

export interface MembersQuery {
  readonly filter: MemberFilter;
  readonly group?: MemberGroup;
  readonly startFrom: Cursor;
}

/** A page of members with the users they refer to. */
export interface MembersPage extends Page<SubscriptionMember> {
  readonly users: readonly User[];
}

export interface SubscriptionDetail {
  readonly subscription: Subscription;
  readonly channel: Channel;
  readonly users: readonly User[];
  readonly members: { readonly live: Page<SubscriptionMember>; readonly inactive: Page<SubscriptionMember> };
}

/** A member as the channel's creator sees it (GET /subscription_member/{id}). */
export interface MemberDetail {
  readonly subscription: Subscription;
  readonly channel: Channel;
  readonly member: SubscriptionMember;
  readonly user: User;
}

/** A subscription's price in Telegram Stars and how Stars sell it. */
export interface StarsPrice {
  /** Whole Stars, or null: not sold in Stars. */
  readonly stars: number | null;
  /** renewing every 30 days (monthly), one_period paid once without renewal (weekly, yearly), or one_time. */
  readonly offer: StarsOffer;
  /** The saved card price at its currency's rate, in whole Stars; null without a rate. */
  readonly suggested: number | null;
  /** What one Star earns in the price's currency (a plain decimal), or null: no rate set. */
  readonly rate: string | null;
}

/** What one Star earns a creator, per currency that has a rate. */
export type StarsRates = ReadonlyMap<Currency, string>;

/** Subscriptions of the signed-in creator's channels; all of them require the channel's bot to be connected. */
export interface SubscriptionRepository {
  create(subscription: NewSubscription): Promise<{ readonly channel: Channel; readonly subscription: Subscription }>;
  edit(subscriptionId: number, changes: SubscriptionChanges): Promise<Subscription>;
  /** Posts the subscription into its channel; only channels with a public handle. */
  publish(subscriptionId: number, options: PublishOptions): Promise<Channel>;
  /** Marks deleted: members keep access until expiry but cannot renew. */
  delete(subscriptionId: number): Promise<void>;
  restore(subscriptionId: number): Promise<Subscription>;
  /** Sets the bot command ("$name") that shows the subscription. */
  setCommand(subscriptionId: number, command: string): Promise<Subscription>;
  detail(subscriptionId: number): Promise<SubscriptionDetail>;
  starsPrice(subscriptionId: number): Promise<StarsPrice>;
  /** The creator's gift counts for the subscription (src/domain/gift.ts). */
  giftStats(subscriptionId: number): Promise<GiftStats>;
  /** Sets the Stars price (whole Stars within Telegram's limits) or clears it (null: not sold in Stars). */
  setStarsPrice(subscriptionId: number, stars: number | null): Promise<StarsPrice>;
  /** The rates Stars prices are suggested at, for prices not saved yet. */
  starsRates(): Promise<StarsRates>;
  members(subscriptionId: number, query: MembersQuery): Promise<MembersPage>;
  member(memberId: number): Promise<MemberDetail>;
  /** Its free trials: on trial now, ended (converted or lapsed) and converted (GET /subscription/{id}/trials). */
  trialStats(subscriptionId: number): Promise<TrialStats>;
}
