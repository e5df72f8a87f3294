import type { Currency } from '../../domain/money';
import type { RevenuePeriod } from '../../domain/revenue';

/** One bucket of the series (src/contract/revenue.ts RevenueBucketSchema): epoch seconds, integer minor units. */
export interface RevenueSeriesBucket {
  readonly start: number;
  readonly end: number;
  readonly subscriptionsMinor: number;
  readonly donationsMinor: number;
  readonly totalMinor: number;
  readonly newMembers: number;
  readonly lostMembers: number;
  /** The part of totalMinor earned from Telegram Stars sales, and the Stars they were paid with. */
  readonly starsMinor: number;
  readonly stars: number;
}

export interface RevenueSeries {
  readonly period: RevenuePeriod;
  readonly currency: Currency;
  readonly currencies: readonly Currency[];
  /** Minutes east of UTC the buckets were cut in. */
  readonly offsetMinutes: number;
  readonly buckets: readonly RevenueSeriesBucket[];
}

export interface RevenueExportLink {
  readonly url: string;
  readonly fileName: string;
}

/** A creator's earnings at a glance (GET /revenue) and the CSV export link (POST /revenue/export). */
export interface RevenueRepository {
  /**
   * One channel's series, or every channel's when `channelId` is null, in `currency` (null: the one earned most;
   * the answer names every currency with earnings in the range).
   */
  series(period: RevenuePeriod, channelId: number | null, currency: Currency | null): Promise<RevenueSeries>;
  /** A short-lived link to the CSV of [from, to) (epoch seconds). */
  exportLink(from: number, to: number, channelId: number | null): Promise<RevenueExportLink>;
}
