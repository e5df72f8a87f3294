/**
 * What a payment pays for: a subscription or a donation request, with its channel and creator, and the rules that
 * decide whether it can be paid now (spec sections 4, 6 and 8): not_found (missing or deleted), payments_disabled
 * (the creator is banned or the channel is not approved or lost its bot), already_subscribed (an unexpired
 * membership exists: an active one renews by itself, a cancelled one is reactivated with /renew, not paid again).
 */
import { type Placeholder, and, eq, sql } from 'drizzle-orm';
import type { Period } from '../../../src/domain/entities';
import type { Currency } from '../../../src/domain/money';
import { AppError, notFound } from '../../platform/errors';
import type { DbOrTx, MoneyDb } from '../../platform/db/moneyDb';
import {
  type ChannelRow,
  type MemberRow,
  type SavedCardRow,
  channels,
  donations,
  savedCards,
  subscriptionMembers,
  subscriptions,
  users,
} from '../../platform/db/schema';

export interface SubscriptionTarget {
  readonly kind: 'subscription';
  readonly subscriptionId: number;
  readonly name: string;
  readonly period: Period;
  readonly priceMinor: number;
  readonly currency: Currency;
  /** Its Telegram Stars price; null: not sold in Stars. */
  readonly starsPrice: number | null;
  readonly deleted: boolean;
  readonly channel: ChannelRow;
  readonly creatorId: number;
  readonly creatorBanned: boolean;
}

export interface DonationTarget {
  readonly kind: 'donation';
  readonly donationId: number;
  readonly title: string;
  readonly currency: Currency;
  /** The amount the creator fixed, in minor units; 0: the payer chooses. */
  readonly amountMinor: number;
  /** The Stars its invoice offers first; null: not payable in Stars. */
  readonly starsPrice: number | null;
  readonly deleted: boolean;
  readonly channel: ChannelRow;
  readonly creatorId: number;
  readonly creatorBanned: boolean;
}

export type InvoiceTarget = SubscriptionTarget | DonationTarget;

const subscriptionTargetQuery = (db: DbOrTx, subscriptionId: number | Placeholder) =>
  db
    .select({ subscription: subscriptions, channel: channels, creatorBanned: users.banned })
    .from(subscriptions)
    .innerJoin(channels, eq(channels.id, subscriptions.channelId))
    .innerJoin(users, eq(users.id, channels.ownerId))
    .where(eq(subscriptions.id, subscriptionId));

const donationTargetQuery = (db: DbOrTx, donationId: number | Placeholder) =>
  db
    .select({ donation: donations, channel: channels, creatorBanned: users.banned })
    .from(donations)
    .innerJoin(channels, eq(channels.id, donations.channelId))
    .innerJoin(users, eq(users.id, channels.ownerId))
    .where(eq(donations.id, donationId));

type SubscriptionTargetRow = Awaited<ReturnType<typeof subscriptionTargetQuery>>[number];
type DonationTargetRow = Awaited<ReturnType<typeof donationTargetQuery>>[number];

function subscriptionTarget(row: SubscriptionTargetRow | undefined): SubscriptionTarget | null {
  if (row === undefined) return null;
  const { subscription, channel } = row;
  return {
    kind: 'subscription',
    subscriptionId: subscription.id,
    name: subscription.name,
    period: subscription.period,
    priceMinor: subscription.priceMinor,
    currency: subscription.currency,
    starsPrice: subscription.starsPrice,
    deleted: subscription.deleted,
    channel,
    creatorId: channel.ownerId,
    creatorBanned: row.creatorBanned,
  };
}

function donationTarget(row: DonationTargetRow | undefined): DonationTarget | null {
  if (row === undefined) return null;
  const { donation, channel } = row;
  return {
    kind: 'donation',
    donationId: donation.id,
    title: donation.title,
    currency: donation.currency,
    amountMinor: donation.amountMinor,
    starsPrice: donation.starsPrice,
    deleted: donation.deleted,
    channel,
    creatorId: channel.ownerId,
    creatorBanned: row.creatorBanned,
  };
}

export async function loadSubscriptionTarget(db: DbOrTx, subscriptionId: number): Promise<SubscriptionTarget | null> {
  return subscriptionTarget((await subscriptionTargetQuery(db, subscriptionId))[0]);
}

export async function loadDonationTarget(db: DbOrTx, donationId: number): Promise<DonationTarget | null> {
  return donationTarget((await donationTargetQuery(db, donationId))[0]);
}

/** The payer's saved card a payment names, read with its target. */
export interface CardToRead {
  readonly cardId: number;
  readonly userId: number;
}
export interface LoadedTarget {
  readonly target: InvoiceTarget | null;
  readonly card: SavedCardRow | null;
}

/**
 * The same loads, prepared once (per connection on PostgreSQL), for the payment path, with the saved card the payment
 * names (the caller's, not deleted) in the same statement: building a three-table select of every column on each
 * payment costs more than running it, and each statement is a round trip.
 */
export function preparedTargetLoaders(
  db: MoneyDb,
): Readonly<Record<InvoiceTarget['kind'], (id: number, card: CardToRead | null) => Promise<LoadedTarget>>> {
  const theCard = and(
    eq(savedCards.id, sql.placeholder('cardId')),
    eq(savedCards.userId, sql.placeholder('userId')),
    eq(savedCards.deleted, false),
  );
  const subscription = db
    .select({ subscription: subscriptions, channel: channels, creatorBanned: users.banned, card: savedCards })
    .from(subscriptions)
    .innerJoin(channels, eq(channels.id, subscriptions.channelId))
    .innerJoin(users, eq(users.id, channels.ownerId))
    .leftJoin(savedCards, theCard)
    .where(eq(subscriptions.id, sql.placeholder('id')))
    .prepare('invoice_subscription_target');
  const donation = db
    .select({ donation: donations, channel: channels, creatorBanned: users.banned, card: savedCards })
    .from(donations)
    .innerJoin(channels, eq(channels.id, donations.channelId))
    .innerJoin(users, eq(users.id, channels.ownerId))
    .leftJoin(savedCards, theCard)
    .where(eq(donations.id, sql.placeholder('id')))
    .prepare('invoice_donation_target');
  const values = (id: number, card: CardToRead | null) => ({
    id,
    cardId: card?.cardId ?? null,
    userId: card?.userId ?? null,
  });
  return {
    subscription: async (id, card) => {
      const [row] = await subscription.execute(values(id, card));
      return { target: subscriptionTarget(row), card: row?.card ?? null };
    },
    donation: async (id, card) => {
      const [row] = await donation.execute(values(id, card));
      return { target: donationTarget(row), card: row?.card ?? null };
    },
  };
}

/** Throws the section 8 error when the target cannot take a new payment from this payer at `nowMs`. */
export async function assertPayable(
  db: DbOrTx,
  kind: InvoiceTarget['kind'],
  target: InvoiceTarget | null,
  payerId: number,
  nowMs: number,
  /** A gift for someone else: the payer's own membership does not matter. */
  gift = false,
): Promise<InvoiceTarget> {
  assertPayableTarget(kind, target);
  if (target.kind === 'subscription' && !gift) {
    const member = await findMember(db, target.subscriptionId, payerId);
    if (member !== null && isUnexpired(member, nowMs)) throw new AppError('already_subscribed', 'Already subscribed');
  }
  return target;
}

/**
 * The target's own rules, whoever pays: not_found (missing or deleted, or its channel deleted) and payments_disabled
 * (a banned creator, a channel not approved or without the bot). Free trials start only where a payment could.
 */
export function assertPayableTarget(
  kind: InvoiceTarget['kind'],
  target: InvoiceTarget | null,
): asserts target is InvoiceTarget {
  // The kind comes from the request: a missing target has none of its own to tell the title by.
  if (target === null || target.deleted || target.channel.deleted) {
    throw notFound(kind === 'donation' ? 'Donation request not found' : 'Subscription not found');
  }
  if (target.creatorBanned || target.channel.moderation !== 'approved' || !target.channel.connected) {
    throw new AppError('payments_disabled', 'Payments are unavailable, try again later');
  }
}

export async function findMember(db: DbOrTx, subscriptionId: number, userId: number): Promise<MemberRow | null> {
  const [member] = await db
    .select()
    .from(subscriptionMembers)
    .where(and(eq(subscriptionMembers.subscriptionId, subscriptionId), eq(subscriptionMembers.userId, userId)));
  return member ?? null;
}

/** Until expires_at; a one-time membership has none until a refund ends it (src/domain/members.ts). */
export function isUnexpired(member: Pick<MemberRow, 'period' | 'expiresAt'>, nowMs: number): boolean {
  return member.expiresAt === null ? member.period === 'onetime' : member.expiresAt.getTime() > nowMs;
}
