/**
 * Revenue at a glance: the earnings series (per day, week or month in the creator's zone; rules in
 * src/domain/revenue.ts) and the CSV export of the same ledger lines.
 *
 * The CSV reaches the user through a short-lived signed link rather than the API itself: inside the messenger the
 * host downloads the file (Mini Apps 8.0 `web_app_request_file_download`) or the browser opens it (`openLink`), and
 * neither sends our Authorization header. The link carries the scope, the period and an expiry, signed with an HMAC
 * keyed from the bot token (no new secret to configure); it names one user's data and expires after 5 minutes.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DateTime } from 'luxon';
import type {
  RevenueExportRequest,
  RevenueExportResponse,
  RevenueInsightsQuery,
  RevenueInsightsResponse,
  RevenueQuery,
  RevenueResponse,
} from '../../../src/contract/revenue';
import { insightMonthOf, insightMonthStarts, monthlyFromYearly } from '../../../src/domain/insights';
import { type TrialStats, conversionPercent } from '../../../src/domain/trial';
import { type Currency, decimalMajor } from '../../../src/domain/money';
import {
  type RevenueLine,
  type RevenueSeriesInput,
  buildRevenueSeries,
  dateAtOffset,
  isoAtOffset,
  quarterHourOffset,
  revenueBucketStarts,
  revenueRange,
  revenueZone,
  signedRevenueMinor,
} from '../../../src/domain/revenue';
import { csvDocument } from '../../../src/domain/csv';
import { AppError, notFound } from '../../platform/errors';
import type { UserRow } from '../../platform/db/schema';
import type { ServiceDeps } from '../../platform/serviceDeps';
import { assertModerated, ownedChannel, requireVerified } from '../channels/access';
import { type LinePosition, type RevenueLineRow, RevenueRepository, type RevenueScope } from './repository';
import { InsightsRepository } from './insights';
import { RevenueSeriesRepository } from './series';

/** A promo code with its redemptions and revenue (the promo codes' own stats, lent through server/services.ts). */
export interface PromoCodeStats {
  readonly id: number;
  readonly code: string;
  readonly channelId: number;
  readonly subscriptionId: number | null;
  readonly deleted: boolean;
  readonly redemptions: number;
  readonly revenue: readonly { readonly currency: Currency; readonly minor: number }[];
}
export type PromoStatsOfChannels = (channelIds: readonly number[]) => Promise<PromoCodeStats[]>;
/** Free trials running and ended (the trials' own figures, lent through server/services.ts). */
export type TrialStatsOfChannels = (channelIds: readonly number[]) => Promise<TrialStats>;

const EXPORT_LINK_TTL_MS = 5 * 60_000;
const MAX_EXPORT_SPAN_MS = 366 * 24 * 3600_000;
/** Lines read per statement while the export streams: a few hundred kB of CSV each. */
const EXPORT_PAGE = 1000;
const DEFAULT_CURRENCY: Currency = 'eur';

interface ExportClaims {
  readonly userId: number;
  readonly channelId: number | null;
  readonly from: number;
  readonly to: number;
  readonly offsetMinutes: number;
  readonly expiresAt: number;
}

export interface RevenueCsv {
  readonly fileName: string;
  /** The file's text in pieces: the header row, then a page of lines at a time (RFC 4180, CRLF after each row). */
  readonly lines: AsyncIterable<string>;
}

export class RevenueService {
  private readonly signingKey: Buffer;
  private readonly insightsRepository: InsightsRepository;
  private readonly seriesRepository: RevenueSeriesRepository;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly promoStats: PromoStatsOfChannels = () => Promise.resolve([]),
    private readonly trialStats: TrialStatsOfChannels = () => Promise.resolve({ onTrial: 0, ended: 0, converted: 0 }),
  ) {
    this.signingKey = createHash('sha256').update(`backers revenue export\n${deps.config.botToken}`).digest();
    this.insightsRepository = new InsightsRepository(deps.db);
    this.seriesRepository = new RevenueSeriesRepository(deps.db);
  }

  private async scope(user: UserRow, channelId: number | undefined): Promise<RevenueScope> {
    requireVerified(user);
    if (channelId !== undefined) await ownedChannel(this.deps.db, user, channelId);
    return { creatorId: user.id, channelId: channelId ?? null };
  }

  async series(user: UserRow, query: RevenueQuery, offsetMinutes: number): Promise<RevenueResponse> {
    const now = this.deps.clock.now();
    // Buckets are cut on quarter hours, whole numbers of kept slots: an offset off that grid (no real zone has one)
    // is taken as the nearest on it rather than reading every line.
    const offset = quarterHourOffset(offsetMinutes);
    const range = revenueRange(query.period, now, offset);
    const { currencies, series } = await this.slotSeries(user, query, now, offset, range.to);
    const currency = query.currency ?? currencies[0] ?? DEFAULT_CURRENCY;
    const buckets = buildRevenueSeries({ period: query.period, now, offsetMinutes: offset, ...series(currency) });
    return {
      period: query.period,
      currency,
      currencies,
      offsetMinutes: offset,
      buckets: buckets.map((bucket) => ({
        ...bucket,
        start: Math.floor(bucket.start / 1000),
        end: Math.floor(bucket.end / 1000),
      })),
    };
  }

  /**
   * The series' inputs from the kept slots (migration 0060): a row per bucket, currency, source and line type, read
   * with the channel's owner check in one statement.
   */
  private async slotSeries(
    user: UserRow,
    query: RevenueQuery,
    now: number,
    offset: number,
    to: number,
  ): Promise<SeriesInputs> {
    requireVerified(user);
    const starts = revenueBucketStarts(query.period, now, offset);
    const { totals, members, channel } = await this.seriesRepository.read(
      { creatorId: user.id, channelId: query.channelId ?? null },
      starts,
      to,
      now,
    );
    // What ownedChannel answers: someone else's channel is a missing one, a channel in moderation is refused.
    if (query.channelId !== undefined) {
      if (channel === null || channel.ownerId !== user.id) throw notFound('Channel not found');
      assertModerated(channel);
    }
    const earnings = new Map<Currency, number>();
    for (const total of totals)
      if (total.lines !== 0)
        earnings.set(
          total.currency,
          (earnings.get(total.currency) ?? 0) + signedRevenueMinor({ type: total.type, amountMinor: total.amount }),
        );
    return {
      currencies: byEarnings(earnings),
      series: (currency) => ({
        // Each total as one line (sums add as their lines would), its Stars part apart.
        lines: totals
          .filter((total) => total.currency === currency)
          .flatMap((total): RevenueLine[] => {
            const base = { type: total.type, countsAt: starts[total.bucket]!, source: total.source };
            const card: RevenueLine = { ...base, amountMinor: total.amount - total.starsMinor };
            return total.starsMinor !== 0 || total.stars !== 0
              ? [card, { ...base, amountMinor: total.starsMinor, stars: total.stars }]
              : [card];
          }),
        joins: [],
        expiries: members.expiriesNow,
        memberCounts: members.counts.map((counted) => ({ ...counted, at: starts[counted.bucket]! })),
      }),
    };
  }

  /**
   * MRR, members gained and lost per month (the last 12, UTC) and revenue per promo code, from kept counters
   * (migration 0056) and the promo codes' stats: nothing here grows with the creator's members or ledger.
   */
  async insights(user: UserRow, query: RevenueInsightsQuery): Promise<RevenueInsightsResponse> {
    requireVerified(user);
    const repository = this.insightsRepository;
    const now = this.deps.clock.now();
    const starts = insightMonthStarts(now);
    const { channelIds, span, channel } = await repository.scope(user.id, query.channelId ?? null, new Date(now));
    // What ownedChannel answers, from the same read: someone else's channel is a missing one, one in moderation is
    // refused (a deleted one of the owner's shows nothing).
    if (query.channelId !== undefined) {
      if (channel === null || channel.ownerId !== user.id) throw notFound('Channel not found');
      assertModerated(channel);
    }
    const [{ mrr, months: kept }, promos, trials] = await Promise.all([
      repository.figures(channelIds, new Date(starts[0]!), new Date(now), span),
      this.promoStats(channelIds),
      this.trialStats(channelIds),
    ]);
    const byMonth = new Map(kept.map((row) => [row.month, row]));
    const stars = mrr.find((row) => row.currency === 'xtr');
    return {
      mrr: mrr
        .filter((row) => row.currency !== 'xtr')
        .map((row) => ({
          currency: row.currency as Currency,
          minor: monthlyFromYearly(row.yearlyMinor),
          members: row.members,
        }))
        .sort((a, b) => b.minor - a.minor || a.currency.localeCompare(b.currency)),
      starsMrr: stars ? { stars: monthlyFromYearly(stars.yearlyMinor), members: stars.members } : null,
      months: starts.map((start) => {
        const month = insightMonthOf(start);
        const row = byMonth.get(month);
        return { month, start: start / 1000, newMembers: row?.joined ?? 0, lostMembers: row?.lost ?? 0 };
      }),
      promos: promos.map((promo) => ({ ...promo, revenue: [...promo.revenue] })),
      trials: { ...trials, conversionPercent: conversionPercent(trials) },
    };
  }

  /** A signed link to the CSV of [from, to), valid for 5 minutes. */
  async exportLink(
    user: UserRow,
    request: RevenueExportRequest,
    offsetMinutes: number,
    apiBase: string,
  ): Promise<RevenueExportResponse> {
    const scope = await this.scope(user, request.channelId);
    const from = request.from * 1000;
    const to = request.to * 1000;
    if (to <= from || to - from > MAX_EXPORT_SPAN_MS) {
      throw new AppError('validation_error', 'The period must end after it starts and span at most 366 days', {
        field: 'to',
      });
    }
    const expiresAt = this.deps.clock.now() + EXPORT_LINK_TTL_MS;
    const claims: ExportClaims = {
      userId: user.id,
      channelId: scope.channelId,
      from,
      to,
      offsetMinutes: revenueZone(offsetMinutes).offset(from),
      expiresAt,
    };
    const token = this.tokenOf(claims);
    return {
      url: `${apiBase}/revenue/export/${token}`,
      fileName: exportFileName(claims),
      expiresAt: Math.floor(expiresAt / 1000),
    };
  }

  /**
   * The CSV a signed link names; a forged, altered or expired link is 404 (it names nothing), refused before any line
   * is read. The first page is read before this returns, so a failure there is an error answer rather than a broken
   * download; the rest come EXPORT_PAGE at a time as the answer is sent: a year of a big creator's million lines
   * never sits in memory whole.
   */
  async csv(token: string): Promise<RevenueCsv> {
    const claims = this.verify(token);
    const repository = new RevenueRepository(this.deps.db);
    const scope = { creatorId: claims.userId, channelId: claims.channelId };
    const offset = claims.offsetMinutes;
    // The ledger as it is now: lines written while the file is sent are left out of every page.
    const writtenBy = new Date(this.deps.clock.now());
    const page = (after: LinePosition | null) =>
      repository.linePage(scope, new Date(claims.from), new Date(claims.to), writtenBy, after, EXPORT_PAGE);
    const rows = (lines: readonly RevenueLineRow[]) =>
      csvDocument(
        lines.map((line) => [
          line.id,
          isoAtOffset(line.createdAt.getTime(), offset),
          dateAtOffset(Date.parse(line.countsAt), offset),
          line.type,
          line.subscriptionId === null ? 'donation' : 'subscription',
          line.channelTitle ?? '',
          line.subscriptionName ?? line.donationTitle ?? '',
          decimalMajor(signedRevenueMinor({ type: line.type, amountMinor: line.amount }), line.currency),
          line.currency.toUpperCase(),
        ]),
      );
    const first = await page(null);
    const head =
      csvDocument([['id', 'created_at', 'counts_on', 'type', 'source', 'channel', 'title', 'amount', 'currency']]) +
      rows(first);
    async function* lines(): AsyncGenerator<string> {
      yield head;
      for (let current = first; current.length === EXPORT_PAGE;) {
        const last = current[current.length - 1]!;
        current = await page({ countsAt: last.countsAt, id: last.id });
        if (current.length > 0) yield rows(current);
      }
    }
    return { fileName: exportFileName(claims), lines: lines() };
  }

  /** Short enough for a path parameter: the claims as base-36 numbers joined by `_`, then a 128-bit HMAC. */
  private tokenOf(claims: ExportClaims): string {
    const payload = [
      claims.userId,
      claims.channelId ?? 0,
      claims.from / 1000,
      claims.to / 1000,
      claims.offsetMinutes,
      Math.ceil(claims.expiresAt / 1000),
    ]
      .map((value) => Math.trunc(value).toString(36))
      .join('_');
    return `${payload}.${this.sign(payload)}`;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.signingKey).update(payload).digest().subarray(0, 16).toString('base64url');
  }

  private verify(token: string): ExportClaims {
    const [payload, signature, ...rest] = token.split('.');
    const expected = payload ? Buffer.from(this.sign(payload)) : Buffer.alloc(0);
    const given = Buffer.from(signature ?? '');
    if (!payload || rest.length > 0 || expected.length !== given.length || !timingSafeEqual(expected, given))
      throw notFound('Export not found');
    const [userId, channelId, from, to, offsetMinutes, expiresAt] = payload
      .split('_')
      .map((part) => parseInt(part, 36));
    const claims: ExportClaims = {
      userId: userId!,
      channelId: channelId || null,
      from: from! * 1000,
      to: to! * 1000,
      offsetMinutes: offsetMinutes!,
      expiresAt: expiresAt! * 1000,
    };
    if (claims.expiresAt <= this.deps.clock.now()) throw notFound('Export link expired');
    return claims;
  }
}

interface SeriesInputs {
  /** The currencies with earnings lines in the range, by earnings (most first), then by code. */
  readonly currencies: Currency[];
  readonly series: (currency: Currency) => Pick<RevenueSeriesInput, 'lines' | 'joins' | 'expiries' | 'memberCounts'>;
}

function byEarnings(totals: ReadonlyMap<Currency, number>): Currency[] {
  return [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([currency]) => currency);
}

function exportFileName(claims: Pick<ExportClaims, 'from' | 'to' | 'offsetMinutes'>): string {
  const zone = revenueZone(claims.offsetMinutes);
  const first = DateTime.fromMillis(claims.from, { zone }).toISODate();
  const last = DateTime.fromMillis(claims.to - 1, { zone }).toISODate();
  return `backers-transactions-${first}-${last}.csv`;
}
