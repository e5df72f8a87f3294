/**
 * Retention offers (rules: src/domain/retention.ts; README.md beside this file): the creator's offer per subscription
 * with its counts, and the follower's side of it in the cancel flow (shown, accepted, declined).
 *
 * - Shown: recorded as an `offered` outcome (one row per membership, so per follower and subscription) the first time;
 *   shown again at the next cancel only while unanswered.
 * - Accepted: in one transaction with the membership's row locked (FOR UPDATE, as the settlement locks it), the
 *   membership's promo columns take the offer (price_minor the discounted price, promo_renewals_left the renewals,
 *   full_price_minor the price before, no code), and the outcome becomes `stayed`. A second accept finds it answered.
 * - Declined: the outcome becomes `left` (the cancel itself is the follower service's, unchanged).
 */
import { and, count, eq } from 'drizzle-orm';
import type { RetentionTermsDto } from '../../../src/contract/api';
import { type Currency, money } from '../../../src/domain/money';
import {
  type RetentionQuote,
  type RetentionRefusal,
  type RetentionStats,
  type RetentionTerms,
  checkRetention,
  checkRetentionTerms,
} from '../../../src/domain/retention';
import { AppError, notFound } from '../../platform/errors';
import type { DbOrTx } from '../../platform/db/db';
import {
  type MemberRow,
  type UserRow,
  channels,
  subscriptionMembers,
  subscriptions,
  users,
} from '../../platform/db/schema';
import { retentionOffers, retentionOutcomes } from '../../platform/db/schema-money';
import { type ServiceDeps, nowDate } from '../../platform/serviceDeps';
import { ownedSubscription } from '../subscriptions/access';

const REFUSAL_TEXT: Readonly<Record<RetentionRefusal, string>> = {
  no_offer: 'This subscription has no retention offer any more',
  onetime: 'A one-time subscription has no renewals to discount',
  subscription_deleted: 'The subscription was removed',
  payments_disabled: 'Payments for this channel are unavailable',
  not_active: 'The subscription is not active',
  stars: 'A Telegram Stars subscription keeps its price',
  promo: 'A promo code already discounts the renewals',
  answered: 'The offer was already answered',
  no_discount: 'The price is already the minimum',
  changed: 'The offer changed; look at it again',
};

export const retentionUnavailable = (reason: RetentionRefusal): AppError =>
  new AppError('retention_offer_unavailable', REFUSAL_TEXT[reason], { reason });

export interface CreatorRetentionView {
  readonly offer: RetentionTerms | null;
  readonly stats: RetentionStats;
}

export class RetentionService {
  constructor(private readonly deps: ServiceDeps) {}

  // ---- creator

  async view(user: UserRow, subscriptionId: number): Promise<CreatorRetentionView> {
    const { subscription } = await ownedSubscription(this.deps.db, user, subscriptionId);
    return this.viewOf(subscription.id);
  }

  async set(user: UserRow, subscriptionId: number, input: RetentionTermsDto): Promise<CreatorRetentionView> {
    const { db } = this.deps;
    const { subscription } = await ownedSubscription(db, user, subscriptionId, { write: true });
    if (subscription.deleted) throw new AppError('subscription_deleted', 'The subscription was removed');
    if (subscription.period === 'onetime')
      throw new AppError('conflict', 'A one-time subscription has no renewals to discount', {
        reason: 'retention_onetime',
      });
    const checked = checkRetentionTerms(input);
    if (!checked.ok)
      throw new AppError('validation_error', 'Whole percents 5 to 90, for 1 to 12 renewals', { ...checked.error });
    const at = nowDate(this.deps.clock);
    await db
      .insert(retentionOffers)
      .values({ subscriptionId: subscription.id, ...checked.value, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({ target: retentionOffers.subscriptionId, set: { ...checked.value, updatedAt: at } });
    return this.viewOf(subscription.id);
  }

  async remove(user: UserRow, subscriptionId: number): Promise<CreatorRetentionView> {
    const { db } = this.deps;
    const { subscription } = await ownedSubscription(db, user, subscriptionId, { write: true });
    await db.delete(retentionOffers).where(eq(retentionOffers.subscriptionId, subscription.id));
    return this.viewOf(subscription.id);
  }

  private async viewOf(subscriptionId: number): Promise<CreatorRetentionView> {
    const [[offer], stats] = await Promise.all([
      this.deps.db.select().from(retentionOffers).where(eq(retentionOffers.subscriptionId, subscriptionId)),
      this.stats(subscriptionId),
    ]);
    return { offer: offer === undefined ? null : { percent: offer.percent, renewals: offer.renewals }, stats };
  }

  /** One subscription's outcomes by kind, from the (subscription_id, outcome) index. */
  async stats(subscriptionId: number): Promise<RetentionStats> {
    const rows = await this.deps.db
      .select({ outcome: retentionOutcomes.outcome, n: count() })
      .from(retentionOutcomes)
      .where(eq(retentionOutcomes.subscriptionId, subscriptionId))
      .groupBy(retentionOutcomes.outcome);
    const of = (outcome: string) => Number(rows.find((row) => row.outcome === outcome)?.n ?? 0);
    const stayed = of('stayed');
    const left = of('left');
    return { offered: stayed + left + of('offered'), stayed, left };
  }

  // ---- follower

  /**
   * The offer a follower who cancels sees now (recorded as shown), or null: cancel directly. Someone else's
   * membership answers 404.
   */
  async show(userId: number, memberId: number): Promise<RetentionQuote | null> {
    const { db, clock } = this.deps;
    const member = await this.ownMember(db, userId, memberId);
    const checked = await this.check(db, member);
    if (!checked.ok) return null;
    const quote = checked.value;
    await db
      .insert(retentionOutcomes)
      .values({ ...this.outcomeValues(member, quote, 'offered'), offeredAt: nowDate(clock) })
      .onConflictDoNothing();
    return quote;
  }

  /**
   * Accepts the offer the screen showed (`shown`: its terms): the next renewals charge the discounted price. 409
   * retention_offer_unavailable with its reason when it cannot be (removed, changed, answered, ...).
   */
  async accept(userId: number, memberId: number, shown: RetentionTermsDto): Promise<void> {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const member = await this.ownMember(tx, userId, memberId, true);
      const checked = await this.check(tx, member);
      if (!checked.ok) throw retentionUnavailable(checked.error);
      const quote = checked.value;
      if (quote.percent !== shown.percent || quote.renewals !== shown.renewals) throw retentionUnavailable('changed');
      const at = nowDate(clock);
      await tx
        .update(subscriptionMembers)
        .set({
          priceMinor: quote.charged.minor,
          promoCodeId: null,
          promoRenewalsLeft: quote.renewals,
          fullPriceMinor: quote.price.minor,
          updatedAt: at,
        })
        .where(eq(subscriptionMembers.id, member.id));
      const values = { ...this.outcomeValues(member, quote, 'stayed'), answeredAt: at };
      await tx
        .insert(retentionOutcomes)
        .values({ ...values, offeredAt: at })
        .onConflictDoUpdate({ target: retentionOutcomes.memberId, set: values });
    });
  }

  /**
   * Records that a follower who was shown the offer declined it (before the cancel, which the caller makes). Nothing
   * is recorded when it was not shown or is already answered.
   */
  async decline(userId: number, memberId: number): Promise<void> {
    const { db, clock } = this.deps;
    const member = await this.ownMember(db, userId, memberId);
    await db
      .update(retentionOutcomes)
      .set({ outcome: 'left', answeredAt: nowDate(clock) })
      .where(and(eq(retentionOutcomes.memberId, member.id), eq(retentionOutcomes.outcome, 'offered')));
  }

  private async ownMember(db: DbOrTx, userId: number, memberId: number, lock = false): Promise<MemberRow> {
    const query = db
      .select()
      .from(subscriptionMembers)
      .where(and(eq(subscriptionMembers.id, memberId), eq(subscriptionMembers.userId, userId)));
    const [member] = lock ? await query.for('update') : await query;
    if (member === undefined) throw notFound('Subscription not found');
    return member;
  }

  private async check(db: DbOrTx, member: MemberRow) {
    const [row] = await db
      .select({
        deleted: subscriptions.deleted,
        channelDeleted: channels.deleted,
        moderation: channels.moderation,
        connected: channels.connected,
        creatorBanned: users.banned,
        percent: retentionOffers.percent,
        renewals: retentionOffers.renewals,
        outcome: retentionOutcomes.outcome,
      })
      .from(subscriptions)
      .innerJoin(channels, eq(channels.id, subscriptions.channelId))
      .innerJoin(users, eq(users.id, channels.ownerId))
      .leftJoin(retentionOffers, eq(retentionOffers.subscriptionId, subscriptions.id))
      .leftJoin(retentionOutcomes, eq(retentionOutcomes.memberId, member.id))
      .where(eq(subscriptions.id, member.subscriptionId));
    if (row === undefined) throw notFound('Subscription not found');
    return checkRetention({
      offer: row.percent === null || row.renewals === null ? null : { percent: row.percent, renewals: row.renewals },
      subscriptionDeleted: row.deleted,
      channelPayable: !row.channelDeleted && row.moderation === 'approved' && row.connected && !row.creatorBanned,
      member: {
        period: member.period,
        // A free trial is never charged (server/modules/trials): no renewal to discount, so, like a membership that
        // will not renew, it is offered nothing and its cancel goes straight through.
        status: member.trialEndsAt !== null ? 'cancelled' : member.status,
        expiresAtMs: member.expiresAt?.getTime() ?? null,
        paidWithStars: member.paymentMethod === 'telegram_stars',
        promoCodeId: member.promoCodeId,
        promoRenewalsLeft: member.promoRenewalsLeft,
        price: money(member.priceMinor, member.currency as Currency),
      },
      outcome: row.outcome,
      nowMs: this.deps.clock.now(),
    });
  }

  private outcomeValues(member: MemberRow, quote: RetentionQuote, outcome: 'offered' | 'stayed') {
    return {
      subscriptionId: member.subscriptionId,
      memberId: member.id,
      userId: member.userId,
      outcome,
      percent: quote.percent,
      renewals: quote.renewals,
      priceMinor: quote.price.minor,
      offeredPriceMinor: quote.charged.minor,
      currency: quote.price.currency,
    };
  }
}
