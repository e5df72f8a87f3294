/**
 * Revenue insights' reads from the counters migration 0056 keeps (rules: src/domain/insights.ts). Every query reads a
 * bounded set of rows: the creator's channels and subscriptions, their kept rows (one per subscription and currency,
 * one per channel and month), and the memberships whose expiry lies between a channel's `counted_at` and now, which
 * the member-counts job keeps to a few minutes' worth (insights_settle). Nothing counts members or ledger lines.
 */
import { sql } from 'drizzle-orm';
import type { ModerationState } from '../../../src/domain/entities';
import { type Db, rowsOf } from '../../platform/db/db';

/** Channels the job settles per transaction. */
const SETTLE_BATCH = 100;

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
  // The figures are a function (migration 0062) so that PostgreSQL plans them once per connection without the values:
  // planning this statement with its values on every call cost more than running it. The span of passed expiries
  // (spanFrom, spanTo] still bounds the (subscription_id, expires_at) index ranges it reads.
  const figures = db
    .select({
      kind: sql<'mrr' | 'month'>`f.kind`,
      key: sql<string>`f.key`,
      a: sql<number | string>`f.a`,
      b: sql<number | string>`f.b`,
    })
    .from(
      sql`revenue_insights_figures(${sql.placeholder('channelIds')}::bigint[], ${sql.placeholder('now')}::timestamptz,
        ${sql.placeholder('spanFrom')}::timestamptz, ${sql.placeholder('spanTo')}::timestamptz,
        ${sql.placeholder('since')}::date) f`,
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
