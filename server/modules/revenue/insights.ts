/**
 * Revenue insights' reads from the counters migration 0056 keeps (rules: src/domain/insights.ts). Every query reads a
 * bounded set of rows: the creator's channels and subscriptions, their kept rows (one per subscription and currency,
 * one per channel and month), and the memberships whose expiry lies between a channel's `counted_at` and now, which
 * the member-counts job keeps to a few minutes' worth (insights_settle). Nothing counts members or ledger lines.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../platform/db/db';

/** Channels the job settles per transaction. */
const SETTLE_BATCH = 100;

/** The member's renewal price's currency: Stars (`xtr`) when Telegram renews it, else the membership's. */
const MRR_CURRENCY = sql.raw(
  `case when m.payment_method = 'telegram_stars' and m.stars_price is not null then 'xtr' else m.currency end`,
);
const MRR_YEARLY = sql.raw(
  `(case when m.payment_method = 'telegram_stars' and m.stars_price is not null then m.stars_price else m.price_minor end) * insights_periods_a_year(m.period)`,
);
/** +1 for an end in (counted_at, now] (kept before it passed), −1 for one in (now, counted_at] (a clock behind). */
const PASSED_SIGN = sql.raw(`case when m.expires_at > k.counted_at then 1 else -1 end`);

export interface KeptMrr {
  readonly currency: string;
  readonly yearlyMinor: number;
  readonly members: number;
}

/** Expiries in (from, to] are the only ones a read may have to add. */
export interface PassedSpan {
  readonly from: Date;
  readonly to: Date;
}

export interface InsightsScope {
  readonly channelIds: readonly number[];
  readonly span: PassedSpan;
}

export interface KeptMonth {
  /** `YYYY-MM` (UTC). */
  readonly month: string;
  readonly joined: number;
  readonly lost: number;
}

export class InsightsRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * The creator's channels in scope (not deleted: every one, or the one named) and the span of expiries a read must
   * add (between each channel's counted_at and now), as constants: the planner then reads them as one short range of
   * the (subscription_id, expires_at) index rather than every member.
   */
  async scope(creatorId: number, channelId: number | null, now: Date): Promise<InsightsScope> {
    const rows = rowsOf<{ id: number; counted_at: string | Date | null }>(
      await this.db.execute(
        sql`select c.id, k.counted_at from channels c left join channel_insights k on k.channel_id = c.id
          where c.owner_id = ${creatorId} and not c.deleted${channelId === null ? sql`` : sql` and c.id = ${channelId}`}`,
      ),
    );
    const times = [
      now.getTime(),
      ...rows.flatMap((row) => (row.counted_at ? [new Date(row.counted_at).getTime()] : [])),
    ];
    return {
      channelIds: rows.map((row) => Number(row.id)),
      span: { from: new Date(Math.min(...times)), to: new Date(Math.max(...times)) },
    };
  }

  /** MRR's yearly run rate per currency at `now` over the channels' subscriptions that are not deleted. */
  async mrr(channelIds: readonly number[], now: Date, span: PassedSpan): Promise<KeptMrr[]> {
    if (channelIds.length === 0) return [];
    const ids = idList(channelIds);
    const at = sql`${now.toISOString()}::timestamptz`;
    const rows = rowsOf<{ currency: string; yearly: number | string; members: number | string }>(
      await this.db.execute(sql`
        select currency, sum(yearly)::int8 as yearly, sum(members)::int8 as members from (
          select r.currency, r.yearly_minor as yearly, r.members
            from subscriptions s join subscription_mrr r on r.subscription_id = s.id
            where s.channel_id in (${ids}) and not s.deleted
          union all
          select ${MRR_CURRENCY}, -${PASSED_SIGN} * ${MRR_YEARLY}, -${PASSED_SIGN}
            from channel_insights k
            join subscriptions s on s.channel_id = k.channel_id and not s.deleted
            join subscription_members m on m.subscription_id = s.id and ${passedRange(span)}
              and m.expires_at > least(k.counted_at, ${at}) and m.expires_at <= greatest(k.counted_at, ${at})
            where k.channel_id in (${ids}) and m.status = 'active' and insights_periods_a_year(m.period) > 0
              and m.trial_ends_at is null
        ) e group by currency`),
    );
    return rows
      .map((row) => ({ currency: row.currency, yearlyMinor: Number(row.yearly), members: Number(row.members) }))
      .filter((row) => row.members > 0 || row.yearlyMinor !== 0);
  }

  /** Members gained and lost per UTC month from `from` (a month's first day) to `now`. */
  async months(channelIds: readonly number[], from: Date, now: Date, span: PassedSpan): Promise<KeptMonth[]> {
    if (channelIds.length === 0) return [];
    const ids = idList(channelIds);
    const at = sql`${now.toISOString()}::timestamptz`;
    const since = sql`${from.toISOString().slice(0, 10)}::date`;
    const rows = rowsOf<{ month: string | Date; joined: number | string; lost: number | string }>(
      await this.db.execute(sql`
        select to_char(month, 'YYYY-MM') as month, sum(joined)::int8 as joined, sum(lost)::int8 as lost from (
          select month, joined, lost from channel_month_members where channel_id in (${ids}) and month >= ${since}
          union all
          select insights_month(m.expires_at), 0, ${PASSED_SIGN}
            from channel_insights k
            join subscriptions s on s.channel_id = k.channel_id
            join subscription_members m on m.subscription_id = s.id and ${passedRange(span)}
              and m.expires_at > least(k.counted_at, ${at}) and m.expires_at <= greatest(k.counted_at, ${at})
            where k.channel_id in (${ids}) and m.trial_ends_at is null
        ) e where month >= ${since} group by month`),
    );
    return rows.map((row) => ({ month: String(row.month), joined: Number(row.joined), lost: Number(row.lost) }));
  }
}

function passedRange(span: PassedSpan): SQL {
  return sql`m.expires_at > ${span.from.toISOString()}::timestamptz and m.expires_at <= ${span.to.toISOString()}::timestamptz`;
}

function idList(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/** The member-counts job's part for insights: takes the ends passed by `nowMs` into the kept rows, in batches. */
export async function settleInsights(db: Db, nowMs: number): Promise<{ settled: number }> {
  let settled = 0;
  for (;;) {
    const [row] = rowsOf<{ moved: number }>(
      await db.execute(
        sql`select insights_settle(${new Date(nowMs).toISOString()}::timestamptz, ${SETTLE_BATCH}) as moved`,
      ),
    );
    const moved = Number(row?.moved ?? 0);
    settled += moved;
    if (moved < SETTLE_BATCH) return { settled };
  }
}
