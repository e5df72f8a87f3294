/**
 * A follower's own memberships and saved cards (spec section 4).
 *
 * Memberships:
 * - cancel: only recurring ones; keeps access until expires_at (status cancelled, no renewal charge);
 * - renew of a cancelled membership that has not expired: reactivates it (status active), free, renews at expiry;
 * - renew of an expired membership: nothing is charged here (a GET must not move money); the answer says the payer
 *   has to pay the invoice again (renewal.action = 'pay_invoice'), and that payment extends this same membership;
 * - one-time memberships have neither; a deleted subscription keeps access until expiry but cannot be renewed.
 * Cards: primary is unique per user (setting it clears the others in the same transaction); removal is soft (the
 * ledger keeps brand and last 4) and, when the primary card goes, the oldest remaining active card becomes primary so
 * renewals keep a card to charge.
 */
import type { MemberAccess } from '../access/service';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { ServerClock } from '../../platform/clock';
import { AppError, notFound } from '../../platform/errors';
import {
  type ChannelRow,
  type MemberRow,
  type SavedCardRow,
  type SubscriptionRow,
  savedCards,
  subscriptionMembers,
  subscriptions,
} from '../../platform/db/schema';
import type { MoneyDb } from '../../platform/db/moneyDb';
import { isUnexpired } from './invoiceTargets';
import { ChannelsRepository } from '../channels/repository';
import { SubscriptionsRepository } from '../subscriptions/repository';
import type { StarsPayments } from './starsPayments';

export interface MemberWithSubscription {
  readonly member: MemberRow;
  readonly subscription: SubscriptionRow;
}

export interface RenewOutcome extends MemberWithSubscription {
  /** Set when renewing needs a new payment (the membership expired). */
  readonly renewal: { readonly action: 'pay_invoice'; readonly subscriptionId: number } | null;
}

/** A membership with what its screen shows around it. */
export interface MembershipView extends MemberWithSubscription {
  readonly channel: ChannelRow;
  readonly subscriptionSubscribers: number;
  readonly channelSubscribers: number;
  /** Invite links only while the membership gives access. */
  readonly showsLinks: boolean;
  /** A private channel's personal invite link for this member (null: public channel, no access, or none yet). */
  readonly personalLink: string | null;
}

export class FollowerService {
  constructor(
    private readonly db: MoneyDb,
    private readonly clock: ServerClock,
    private readonly access?: MemberAccess,
    /** A Stars membership's renewals are Telegram's: cancel and renew tell it (editUserStarSubscription). */
    private readonly stars?: Pick<StarsPayments, 'editRenewals'>,
  ) {}

  /** The channel and subscriber counts the membership screen shows next to a membership. */
  async view({ member, subscription }: MemberWithSubscription): Promise<MembershipView> {
    const now = new Date(this.clock.now());
    const channels = new ChannelsRepository(this.db);
    const [channel, subscriptionCounts, channelCounts] = await Promise.all([
      channels.byId(subscription.channelId),
      new SubscriptionsRepository(this.db).activeSubscribers([subscription.id], now),
      channels.activeSubscribers([subscription.channelId], now),
    ]);
    if (channel === undefined) throw new Error(`channel ${subscription.channelId} is missing`);
    const showsLinks = isUnexpired(member, now.getTime());
    const personalLink =
      showsLinks && channel.type === 'private' && this.access ? await this.access.personalLink(member.id) : null;
    return {
      member,
      subscription,
      channel,
      subscriptionSubscribers: subscriptionCounts.get(subscription.id) ?? 0,
      channelSubscribers: channelCounts.get(channel.id) ?? 0,
      showsLinks,
      personalLink,
    };
  }

  /** The follower's own membership; someone else's id answers not_found like a missing one. */
  async member(userId: number, memberId: number): Promise<MemberWithSubscription> {
    const [row] = await this.db
      .select({ member: subscriptionMembers, subscription: subscriptions })
      .from(subscriptionMembers)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
      .where(and(eq(subscriptionMembers.id, memberId), eq(subscriptionMembers.userId, userId)));
    if (row === undefined) throw notFound('Subscription not found');
    return row;
  }

  async cancel(userId: number, memberId: number): Promise<MemberWithSubscription> {
    const { member, subscription } = await this.member(userId, memberId);
    if (member.period === 'onetime') throw new AppError('conflict', 'A one-time subscription cannot be cancelled');
    if (member.status === 'cancelled') return { member, subscription };
    // Telegram first: a cancel it did not take would leave it renewing a membership shown as cancelled.
    await this.stars?.editRenewals(member.id, true);
    const [updated] = await this.db
      .update(subscriptionMembers)
      .set({ status: 'cancelled', updatedAt: new Date(this.clock.now()) })
      .where(eq(subscriptionMembers.id, member.id))
      .returning();
    return { member: updated, subscription };
  }

  async renew(userId: number, memberId: number): Promise<RenewOutcome> {
    const { member, subscription } = await this.member(userId, memberId);
    if (member.period === 'onetime') throw new AppError('conflict', 'A one-time subscription cannot be renewed');
    if (subscription.deleted)
      throw new AppError('subscription_deleted', 'This subscription was removed by the creator and cannot be renewed');
    const nowMs = this.clock.now();
    if (!isUnexpired(member, nowMs)) {
      return { member, subscription, renewal: { action: 'pay_invoice', subscriptionId: subscription.id } };
    }
    if (member.status === 'active') return { member, subscription, renewal: null };
    await this.stars?.editRenewals(member.id, false);
    const [updated] = await this.db
      .update(subscriptionMembers)
      .set({ status: 'active', renewalFailed: false, updatedAt: new Date(nowMs) })
      .where(eq(subscriptionMembers.id, member.id))
      .returning();
    return { member: updated, subscription, renewal: null };
  }

  // ---- cards

  async cards(userId: number): Promise<SavedCardRow[]> {
    const rows = await this.db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.userId, userId), eq(savedCards.deleted, false)))
      .orderBy(asc(savedCards.createdAt), asc(savedCards.id));
    return [...rows.filter((card) => card.primary), ...rows.filter((card) => !card.primary)];
  }

  async card(userId: number, cardId: number): Promise<SavedCardRow> {
    const [card] = await this.db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId), eq(savedCards.deleted, false)));
    if (card === undefined) throw notFound('Card not found');
    return card;
  }

  async setPrimary(userId: number, cardId: number): Promise<SavedCardRow> {
    const card = await this.card(userId, cardId);
    if (card.primary) return card;
    if (!card.active)
      throw new AppError('validation_error', 'An inactive card cannot be the primary card', { field: 'cardId' });
    return this.db.transaction(async (tx) => {
      // Clear first: the partial unique index allows one primary card per user.
      await tx
        .update(savedCards)
        .set({ primary: false })
        .where(and(eq(savedCards.userId, userId), ne(savedCards.id, cardId)));
      const [updated] = await tx.update(savedCards).set({ primary: true }).where(eq(savedCards.id, cardId)).returning();
      return updated;
    });
  }

  async remove(userId: number, cardId: number): Promise<void> {
    const card = await this.card(userId, cardId);
    await this.db.transaction(async (tx) => {
      await tx.update(savedCards).set({ deleted: true, primary: false }).where(eq(savedCards.id, card.id));
      await tx.update(subscriptionMembers).set({ cardId: null }).where(eq(subscriptionMembers.cardId, card.id));
      if (!card.primary) return;
      const [next] = await tx
        .select({ id: savedCards.id })
        .from(savedCards)
        .where(and(eq(savedCards.userId, userId), eq(savedCards.deleted, false), eq(savedCards.active, true)))
        .orderBy(asc(savedCards.createdAt), asc(savedCards.id))
        .limit(1);
      if (next !== undefined) await tx.update(savedCards).set({ primary: true }).where(eq(savedCards.id, next.id));
    });
  }
}
