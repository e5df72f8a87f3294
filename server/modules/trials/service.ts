/**
 * Free trials (src/domain/trial.ts; README.md here): the invoice's offer, the follower's start and the creator's
 * figures. The end (reminder, pay link, outcome) is the trials job's (job.ts); a payment converts a trial in the
 * settlement transaction (payments/settlement.ts).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Period } from '../../../src/domain/entities';
import type { Currency } from '../../../src/domain/money';
import {
  type TrialDays,
  type TrialRefusal,
  type TrialStats,
  isTrialDays,
  trialEndMs,
  trialRefusal,
} from '../../../src/domain/trial';
import { AppError } from '../../platform/errors';
import type { DbOrTx } from '../../platform/db/db';
import {
  type MemberRow,
  type SubscriptionRow,
  subscriptionMembers,
  subscriptionTrials,
  subscriptions,
} from '../../platform/db/schema';
import type { ServiceDeps } from '../../platform/serviceDeps';
import type { UserRow } from '../../platform/db/schema';
import { assertPayableTarget, loadSubscriptionTarget } from '../payments/invoiceTargets';
import { ownedSubscription } from '../subscriptions/access';

/** What the invoice shows a follower who may start the trial. */
export interface TrialOffer {
  readonly days: TrialDays;
  /** Started now, it ends then: the day the follower is asked to pay. */
  readonly endsAtMs: number;
  readonly priceMinor: number;
  readonly currency: Currency;
}

const REFUSAL_MESSAGES: Readonly<Record<TrialRefusal, string>> = {
  not_offered: 'This subscription offers no free trial',
  not_recurring: 'Only recurring subscriptions have free trials',
  stars_only: 'Free trials need card payments, which are unavailable here',
  member: 'You are already a member of this channel',
  used_before: 'You already had a membership or a trial in this channel',
};

export function trialUnavailable(reason: TrialRefusal): AppError {
  return new AppError('trial_unavailable', REFUSAL_MESSAGES[reason], { reason });
}

/** The follower's memberships of any subscription of the channel, and whether they ever had a trial there. */
async function channelHistory(
  db: DbOrTx,
  channelId: number,
  userId: number,
  nowMs: number,
): Promise<{ currentMember: boolean; everMember: boolean }> {
  const [row] = await db
    .select({
      members: count(subscriptionMembers.id),
      current: sql<number>`count(*) filter (where ${subscriptionMembers.expiresAt} > ${new Date(nowMs)}
        or (${subscriptionMembers.period} = 'onetime' and ${subscriptionMembers.expiresAt} is null))`,
      trials: sql<number>`(select count(*) from ${subscriptionTrials} where ${subscriptionTrials.channelId} = ${channelId}
        and ${subscriptionTrials.userId} = ${userId})`,
    })
    .from(subscriptionMembers)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionMembers.subscriptionId))
    .where(and(eq(subscriptionMembers.userId, userId), eq(subscriptions.channelId, channelId)));
  return {
    currentMember: Number(row?.current ?? 0) > 0,
    everMember: Number(row?.members ?? 0) > 0 || Number(row?.trials ?? 0) > 0,
  };
}

export class TrialService {
  /** Trial figures over subscriptions or whole channels, prepared once (one statement per call). */
  private readonly figures;

  constructor(
    private readonly deps: ServiceDeps,
    /** Whether card payments are available (a trial converts by a card payment; Stars subscriptions have none). */
    private readonly cardPayable: () => boolean,
  ) {
    const ofScope = sql`(select s.id from subscriptions s where s.id = any(${sql.placeholder('subscriptionIds')}::bigint[])
      or s.channel_id = any(${sql.placeholder('channelIds')}::bigint[]))`;
    // Running trials through an index range over the open ones; ended ones from the kept counter rows.
    this.figures = deps.db
      .select({
        running: sql<number | string>`(select count(*) from subscription_trials t where t.subscription_id in ${ofScope}
          and t.outcome is null and t.ends_at > ${sql.placeholder('now')}::timestamptz)`,
        converted: sql<number | string>`coalesce(sum(c.converted), 0)`,
        lapsed: sql<number | string>`coalesce(sum(c.lapsed), 0)`,
      })
      .from(sql`subscription_trial_counts c`)
      .where(sql`c.subscription_id in ${ofScope}`)
      .prepare('trial_stats');
  }

  /** The refusal for this follower and subscription at `nowMs`, or null when they may start the trial. */
  private async refusal(db: DbOrTx, subscription: SubscriptionRow, userId: number, nowMs: number) {
    const base = {
      trialDays: subscription.trialDays,
      period: subscription.period as Period,
      cardPayable: this.cardPayable(),
    };
    const early = trialRefusal({ ...base, currentMember: false, everMember: false });
    if (early !== null) return early;
    return trialRefusal({ ...base, ...(await channelHistory(db, subscription.channelId, userId, nowMs)) });
  }

  /** What the invoice offers this payer: null when the subscription has no trial or they may not start it. */
  async offer(subscription: SubscriptionRow, userId: number, nowMs: number): Promise<TrialOffer | null> {
    if (subscription.trialDays === null || !isTrialDays(subscription.trialDays)) return null;
    if ((await this.refusal(this.deps.db, subscription, userId, nowMs)) !== null) return null;
    return {
      days: subscription.trialDays,
      endsAtMs: trialEndMs(nowMs, subscription.trialDays),
      priceMinor: subscription.priceMinor,
      currency: subscription.currency,
    };
  }

  /**
   * Starts the follower's trial: a membership that gives access at once and ends at the trial's end (never charged),
   * and the trial's row. Refused with the rules of a payment (not_found, payments_disabled) and 422
   * trial_unavailable with its reason. Once per follower per channel also under concurrency: the check and the
   * inserts run under a per-(channel, follower) lock, and the unique (channel_id, user_id) backs it.
   */
  async start(user: UserRow, subscriptionId: number): Promise<{ member: MemberRow; subscription: SubscriptionRow }> {
    const { db, clock } = this.deps;
    const nowMs = clock.now();
    const target = await loadSubscriptionTarget(db, subscriptionId);
    assertPayableTarget('subscription', target);
    return db.transaction(async (tx) => {
      const channelId = target!.channel.id;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`trial:${channelId}:${user.id}`}, 0))`);
      // The lock a payment's settlement takes (payments/settlement.ts): a payment and a trial never cross.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`membership:${subscriptionId}:${user.id}`}, 0))`,
      );
      const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
      const refusal = await this.refusal(tx, subscription!, user.id, nowMs);
      if (refusal !== null) throw trialUnavailable(refusal);
      const days = subscription!.trialDays as TrialDays;
      const at = new Date(nowMs);
      const endsAt = new Date(trialEndMs(nowMs, days));
      const [member] = await tx
        .insert(subscriptionMembers)
        .values({
          subscriptionId,
          userId: user.id,
          status: 'active',
          period: subscription!.period,
          activatedAt: at,
          expiresAt: endsAt,
          trialEndsAt: endsAt,
          // What paying to stay costs (the invoice's price then; a promo code may lower that payment).
          priceMinor: subscription!.priceMinor,
          currency: subscription!.currency,
          paymentMethod: null,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning();
      if (member === undefined) throw trialUnavailable('used_before');
      const inserted = await tx
        .insert(subscriptionTrials)
        .values({
          channelId,
          subscriptionId,
          userId: user.id,
          memberId: member.id,
          days,
          startedAt: at,
          endsAt,
        })
        .onConflictDoNothing()
        .returning({ id: subscriptionTrials.id });
      if (inserted.length === 0) throw trialUnavailable('used_before');
      return { member, subscription: subscription! };
    });
  }

  /**
   * The creator's figures for one subscription: trials running now (an index range over its open trials) and the
   * ended ones from its counter row: no count over its members.
   */
  async stats(user: UserRow, subscriptionId: number): Promise<TrialStats> {
    const { subscription } = await ownedSubscription(this.deps.db, user, subscriptionId);
    return this.statsOf([subscription.id]);
  }

  /**
   * The same figures over every subscription of these channels, in one prepared statement (revenue insights, lent
   * through server/services.ts).
   */
  async statsOfChannels(channelIds: readonly number[]): Promise<TrialStats> {
    return this.statsOf([], channelIds);
  }

  private async statsOf(subscriptionIds: readonly number[], channelIds: readonly number[] = []): Promise<TrialStats> {
    if (subscriptionIds.length === 0 && channelIds.length === 0) return { onTrial: 0, ended: 0, converted: 0 };
    const [row] = await this.figures.execute({
      subscriptionIds: [...subscriptionIds],
      channelIds: [...channelIds],
      now: new Date(this.deps.clock.now()).toISOString(),
    });
    const converted = Number(row?.converted ?? 0);
    return { onTrial: Number(row?.running ?? 0), ended: converted + Number(row?.lapsed ?? 0), converted };
  }
}
