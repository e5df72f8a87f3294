/**
 * The creator's promo codes (rules: src/domain/promo.ts; redemption on the payment path: ../payments/promos.ts):
 * create one for a subscription or for every subscription of its channel, list them with their redemptions and
 * revenue, pause and delete. Only the channel's owner sees or changes a code (someone else's answers 404).
 */
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { NewPromoRequest } from '../../../src/contract/api';
import { parseWireAmount } from '../../../src/domain/amounts';
import { type Currency, type Money, money } from '../../../src/domain/money';
import { normalizePromoCode } from '../../../src/domain/promo';
import { AppError, notFound, validationError } from '../../platform/errors';
import { rowsOf } from '../../platform/db/db';
import type { UserRow } from '../../platform/db/schema';
import { type PromoCodeRow, promoCodeCounts, promoCodeRevenue, promoCodes } from '../../platform/db/schema-money';
import { type ServiceDeps, nowDate } from '../../platform/serviceDeps';
import { ownedChannel } from '../channels/access';
import { ownedSubscription } from '../subscriptions/access';
import { UNIQUE_VIOLATION, sqlState } from '../../platform/db/moneyDb';

/** Codes not deleted per channel: every list answers them all, without a cursor. */
export const MAX_PROMOS_PER_CHANNEL = 100;

export interface PromoStats {
  readonly redemptions: number;
  readonly pending: number;
  readonly revenue: readonly Money[];
}

export interface PromoView {
  readonly row: PromoCodeRow;
  readonly stats: PromoStats;
  /** The subscription whose invoice the share link opens (null: none to name). */
  readonly shareSubscriptionId: number | null;
}

export class PromoService {
  /** Revenue insights' codes of channels with their kept counts, prepared once. */
  private readonly codesOfChannels;

  constructor(private readonly deps: ServiceDeps) {
    // One statement: each code with its kept counts, one row per revenue currency.
    this.codesOfChannels = deps.db
      .select({
        row: promoCodes,
        redemptions: promoCodeCounts.redemptions,
        pending: promoCodeCounts.pending,
        currency: promoCodeRevenue.currency,
        amount: promoCodeRevenue.amount,
      })
      .from(promoCodes)
      .leftJoin(promoCodeCounts, eq(promoCodeCounts.promoCodeId, promoCodes.id))
      .leftJoin(promoCodeRevenue, eq(promoCodeRevenue.promoCodeId, promoCodes.id))
      .where(
        and(
          sql`${promoCodes.channelId} = any(${sql.placeholder('channelIds')}::bigint[])`,
          or(
            eq(promoCodes.deleted, false),
            sql`exists (select 1 from payments p where p.promo_code_id = ${promoCodes.id})`,
          ),
        ),
      )
      .orderBy(desc(promoCodes.id), asc(promoCodeRevenue.currency))
      .prepare('promo_codes_of_channels');
  }

  /** The codes that apply to a subscription: its own and its channel's, newest first. */
  async list(user: UserRow, subscriptionId: number): Promise<PromoView[]> {
    const { subscription, channel } = await ownedSubscription(this.deps.db, user, subscriptionId);
    const rows = await this.deps.db
      .select()
      .from(promoCodes)
      .where(
        and(
          eq(promoCodes.channelId, channel.id),
          eq(promoCodes.deleted, false),
          or(isNull(promoCodes.subscriptionId), eq(promoCodes.subscriptionId, subscription.id)),
        ),
      )
      .orderBy(desc(promoCodes.id));
    const stats = await this.stats(rows.map((row) => row.id));
    return rows.map((row) => ({ row, stats: stats.get(row.id) ?? EMPTY, shareSubscriptionId: subscription.id }));
  }

  async create(user: UserRow, subscriptionId: number, input: NewPromoRequest): Promise<PromoView> {
    const { db, clock } = this.deps;
    const { subscription, channel } = await ownedSubscription(db, user, subscriptionId, {
      write: true,
      needsBot: true,
    });
    if (subscription.deleted) throw new AppError('subscription_deleted', 'The subscription was removed');
    const code = normalizePromoCode(input.code);
    if (code === null)
      throw new AppError('validation_error', 'A code is 3 to 24 letters, digits or inner hyphens', {
        field: 'code',
        reason: 'promo_code_format',
      });
    let value: number;
    let discountCurrency: Currency | null = null;
    if (input.discountType === 'percent') {
      if (input.percent === undefined) throw validationError('percent', 'percent is required for a percent discount');
      value = input.percent;
    } else {
      const amount = parseWireAmount(input.amount, subscription.currency);
      if (amount === null || amount.minor <= 0)
        throw new AppError('validation_error', 'The discount must be an amount above zero', {
          field: 'amount',
          reason: 'amount_required',
        });
      value = amount.minor;
      discountCurrency = subscription.currency;
    }
    if (input.duration === 'periods' && input.periods === undefined)
      throw validationError('periods', 'periods is required for a discount of several periods');
    const nowMs = clock.now();
    if (input.endsAt !== undefined && input.endsAt * 1000 <= nowMs)
      throw new AppError('validation_error', 'The end date must be in the future', {
        field: 'endsAt',
        reason: 'promo_end_past',
      });
    const at = nowDate(clock);
    try {
      const row = await db.transaction(async (tx) => {
        const [{ n }] = rowsOf<{ n: number }>(
          await tx.execute(
            sql`select count(*)::int as n from ${promoCodes} where ${promoCodes.channelId} = ${channel.id} and not ${promoCodes.deleted}`,
          ),
        );
        if (Number(n) >= MAX_PROMOS_PER_CHANNEL)
          throw new AppError('conflict', `A channel has at most ${MAX_PROMOS_PER_CHANNEL} promo codes`, {
            reason: 'promo_limit',
          });
        const [inserted] = await tx
          .insert(promoCodes)
          .values({
            channelId: channel.id,
            subscriptionId: input.scope === 'channel' ? null : subscription.id,
            code,
            discountKind: input.discountType,
            discountValue: value,
            discountCurrency,
            duration: input.duration,
            periods: input.duration === 'periods' ? (input.periods ?? null) : null,
            maxRedemptions: input.maxRedemptions ?? null,
            endsAt: input.endsAt === undefined ? null : new Date(input.endsAt * 1000),
            newMembersOnly: input.newMembersOnly === true,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        return inserted;
      });
      return { row, stats: EMPTY, shareSubscriptionId: subscription.id };
    } catch (error) {
      if (sqlState(error) === UNIQUE_VIOLATION)
        throw new AppError('conflict', 'The channel has a code with this name already', {
          field: 'code',
          reason: 'promo_code_taken',
        });
      throw error;
    }
  }

  async pause(user: UserRow, promoId: number, paused: boolean): Promise<PromoView> {
    return this.change(user, promoId, { paused });
  }

  async delete(user: UserRow, promoId: number): Promise<PromoView> {
    return this.change(user, promoId, { deleted: true });
  }

  private async change(user: UserRow, promoId: number, set: { paused?: boolean; deleted?: boolean }) {
    const { db } = this.deps;
    const [found] = await db.select().from(promoCodes).where(eq(promoCodes.id, promoId));
    if (found === undefined || found.deleted) throw notFound('Promo code not found');
    try {
      await ownedChannel(db, user, found.channelId, { write: true });
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') throw notFound('Promo code not found');
      throw error;
    }
    const [row] = await db
      .update(promoCodes)
      .set({ ...set, updatedAt: nowDate(this.deps.clock) })
      .where(eq(promoCodes.id, promoId))
      .returning();
    const stats = await this.stats([promoId]);
    return { row, stats: stats.get(promoId) ?? EMPTY, shareSubscriptionId: row.subscriptionId };
  }

  /**
   * Every code of these channels that is not deleted or brought a payment, newest first, with its stats (revenue
   * insights: lent through server/services.ts). At most 100 live codes a channel.
   */
  async ofChannels(channelIds: readonly number[]): Promise<PromoView[]> {
    if (channelIds.length === 0) return [];
    const rows = await this.codesOfChannels.execute({ channelIds: [...channelIds] });
    const stats = statsByCode(rows.map(({ row, ...kept }) => ({ id: row.id, ...kept })));
    // One row per code and revenue currency, newest code first: the first row of each code keeps its place.
    const codes = new Map(rows.map(({ row }) => [row.id, row]));
    return [...codes.values()].map((row) => ({
      row,
      stats: stats.get(row.id) ?? EMPTY,
      shareSubscriptionId: row.subscriptionId,
    }));
  }

  /**
   * Per code: paid redemptions not refunded, payments under way, and the revenue from the ledger (what the payers
   * paid for the code's payments, first ones and discounted renewals, minus refunds) per currency, as the triggers of
   * migration 0058 keep them: one row per code and currency, whatever the number of payments.
   */
  private async stats(ids: readonly number[]): Promise<Map<number, PromoStats>> {
    if (ids.length === 0) return new Map();
    return statsByCode(
      rowsOf<KeptStatsRow>(
        await this.deps.db.execute(sql`select ids.id, c.redemptions, c.pending, r.currency, r.amount
        from unnest(${`{${ids.join(',')}}`}::bigint[]) as ids(id)
        left join promo_code_counts c on c.promo_code_id = ids.id
        left join promo_code_revenue r on r.promo_code_id = ids.id
        order by r.currency`),
      ),
    );
  }
}

/** A code with its kept counts and one currency of its kept revenue (none: nulls), as both reads answer them. */
interface KeptStatsRow {
  readonly id: number | string;
  readonly redemptions: number | null;
  readonly pending: number | null;
  readonly currency: string | null;
  readonly amount: number | string | null;
}

/** Each code's stats from its rows (one per revenue currency, in the order the currencies come). */
function statsByCode(rows: readonly KeptStatsRow[]): Map<number, PromoStats> {
  const result = new Map<number, PromoStats>();
  for (const row of rows) {
    const id = Number(row.id);
    const stats = result.get(id) ?? {
      redemptions: Number(row.redemptions ?? 0),
      pending: Number(row.pending ?? 0),
      revenue: [],
    };
    result.set(id, {
      ...stats,
      revenue:
        row.currency === null ? stats.revenue : [...stats.revenue, money(Number(row.amount), row.currency as Currency)],
    });
  }
  return result;
}

const EMPTY: PromoStats = { redemptions: 0, pending: 0, revenue: [] };
