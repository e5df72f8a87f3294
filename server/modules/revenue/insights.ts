/**
 * Revenue insights' reads from the counters migration 0056 keeps (rules: src/domain/insights.ts). Every query reads a
 * bounded set of rows: the creator's channels and subscriptions, their kept rows (one per subscription and currency,
 * one per channel and month), and the memberships whose expiry lies between a channel's `counted_at` and now, which
 * the member-counts job keeps to a few minutes' worth (insights_settle). Nothing counts members or ledger lines.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { ModerationState } from '../../../src/domain/entities';
import { type Db, rowsOf } from '../../platform/db/db';

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
  /** The channel named (one channel's scope), whoever owns it; null when there is none or none was named. */
  readonly channel: { readonly ownerId: number; readonly moderation: ModerationState } | null;
}

export interface KeptMonth {
  /** `YYYY-MM` (UTC). */
  readonly month: string;
  readonly joined: number;
  readonly lost: number;
}

export interface KeptFigures {
  readonly mrr: readonly KeptMrr[];
  readonly months: readonly KeptMonth[];
}

/**
 * The reads as prepared statements, built once per database (and prepared once per connection on PostgreSQL): their
 * text is long, and parsing it and building it with drizzle on every call cost more than the database's answer.
 */
function insightsStatements(db: Db) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const ids = sql`any(${sql.placeholder('channelIds')}::bigint[])`;
  const scope = (oneChannel: boolean, name: string) =>
    db
      .select({
        id: sql<number | string>`c.id`,
        countedAt: sql<string | Date | null>`k.counted_at`,
        ownerId: sql<number | string>`c.owner_id`,
        deleted: sql<boolean>`c.deleted`,
        moderation: sql<ModerationState>`c.moderation`,
      })
      .from(sql`channels c left join channel_insights k on k.channel_id = c.id`)
      .where(
        // One channel: read whoever owns it and deleted or not, for the caller's owner check in the same round trip.
        oneChannel
          ? sql`c.id = ${sql.placeholder('channelId')}`
          : sql`c.owner_id = ${sql.placeholder('creatorId')} and not c.deleted`,
      )
      .prepare(name);
  // The ends passed since each channel's counted_at (or, with a clock behind, not yet passed), which the kept rows
  // still count as running: one short range of the (subscription_id, expires_at) index per subscription, within the
  // span of every channel's (spanFrom, spanTo]. PostgreSQL keeps planning this statement with its values (a generic
  // plan cannot know how short the span is and costs more), so the span reads as the short range it is.
  const passed = (deleted: SQL) => sql`channel_insights k
      join subscriptions s on s.channel_id = k.channel_id${deleted}
      join subscription_members m on m.subscription_id = s.id
        and m.expires_at > ${sql.placeholder('spanFrom')}::timestamptz
        and m.expires_at <= ${sql.placeholder('spanTo')}::timestamptz
        and m.expires_at > least(k.counted_at, ${now}) and m.expires_at <= greatest(k.counted_at, ${now})
      where k.channel_id = ${ids} and m.trial_ends_at is null`;
  const since = sql`${sql.placeholder('since')}::date`;
  const figures = db
    .select({
      kind: sql<'mrr' | 'month'>`f.kind`,
      key: sql<string>`f.key`,
      a: sql<number | string>`f.a`,
      b: sql<number | string>`f.b`,
    })
    .from(
      sql`(
        select 'mrr' as kind, currency as key, sum(yearly)::int8 as a, sum(members)::int8 as b from (
          select r.currency, r.yearly_minor as yearly, r.members
            from subscriptions s join subscription_mrr r on r.subscription_id = s.id
            where s.channel_id = ${ids} and not s.deleted
          union all
          select ${MRR_CURRENCY}, -${PASSED_SIGN} * ${MRR_YEARLY}, -${PASSED_SIGN}
            from ${passed(sql` and not s.deleted`)} and m.status = 'active' and insights_periods_a_year(m.period) > 0
        ) e group by currency
        union all
        select 'month', to_char(month, 'YYYY-MM'), sum(joined)::int8, sum(lost)::int8 from (
          select month, joined, lost from channel_month_members where channel_id = ${ids} and month >= ${since}
          union all
          select insights_month(m.expires_at), 0, ${PASSED_SIGN} from ${passed(sql``)}
        ) e where month >= ${since} group by month
      ) f`,
    )
    .prepare('revenue_insights_figures');
  return {
    scopeAll: scope(false, 'revenue_insights_scope_all'),
    scopeOne: scope(true, 'revenue_insights_scope_one'),
    figures,
  };
}

export class InsightsRepository {
  private readonly statements: ReturnType<typeof insightsStatements>;

  constructor(db: Db) {
    this.statements = insightsStatements(db);
  }

  /**
   * The creator's channels in scope (not deleted: every one, or the one named) and the span of expiries a read must
   * add (between each channel's counted_at and now), passed to the figures: planned with its values, it reads as one
   * short range of the (subscription_id, expires_at) index rather than every member.
   */
  async scope(creatorId: number, channelId: number | null, now: Date): Promise<InsightsScope> {
    const read =
      channelId === null
        ? await this.statements.scopeAll.execute({ creatorId })
        : await this.statements.scopeOne.execute({ channelId });
    const named = channelId === null ? undefined : read[0];
    const rows = read.filter((row) => Number(row.ownerId) === creatorId && !row.deleted);
    const times = [now.getTime(), ...rows.flatMap((row) => (row.countedAt ? [new Date(row.countedAt).getTime()] : []))];
    return {
      channelIds: rows.map((row) => Number(row.id)),
      span: { from: new Date(Math.min(...times)), to: new Date(Math.max(...times)) },
      channel: named ? { ownerId: Number(named.ownerId), moderation: named.moderation } : null,
    };
  }

  /**
   * In one statement: MRR's yearly run rate per currency at `now` over the channels' subscriptions that are not
   * deleted, and the members gained and lost per UTC month from `from` (a month's first day) to `now`.
   */
  async figures(channelIds: readonly number[], from: Date, now: Date, span: PassedSpan): Promise<KeptFigures> {
    if (channelIds.length === 0) return { mrr: [], months: [] };
    const rows = await this.statements.figures.execute({
      channelIds: [...channelIds],
      now: now.toISOString(),
      spanFrom: span.from.toISOString(),
      spanTo: span.to.toISOString(),
      since: from.toISOString().slice(0, 10),
    });
    return {
      mrr: rows
        .filter((row) => row.kind === 'mrr')
        .map((row) => ({ currency: row.key, yearlyMinor: Number(row.a), members: Number(row.b) }))
        .filter((row) => row.members > 0 || row.yearlyMinor !== 0),
      months: rows
        .filter((row) => row.kind === 'month')
        .map((row) => ({ month: row.key, joined: Number(row.a), lost: Number(row.b) })),
    };
  }
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
