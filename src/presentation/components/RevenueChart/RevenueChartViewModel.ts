import { makeAutoObservable, runInAction } from 'mobx';
import type { Downloads } from '../../../application/ports/Downloads';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type {
  RevenueRepository,
  RevenueSeries,
  RevenueSeriesBucket,
} from '../../../application/ports/RevenueRepository';
import { type Currency, type Money, money } from '../../../domain/money';
import { REVENUE_PERIODS, type RevenuePeriod } from '../../../domain/revenue-periods';
import { AsyncState } from '../../shell/screenState';
import type { ToastStore } from '../../toasts/ToastStore';
import { failureMessage } from '../../toasts/failureMessage';

export const REVENUE_CHART_PERIODS: readonly RevenuePeriod[] = REVENUE_PERIODS;

/** One bar: the bucket's earnings split and its members gained and lost. */
export interface RevenueBar {
  /** Epoch seconds of the bucket's start. */
  readonly start: number;
  readonly subscriptions: Money;
  readonly donations: Money;
  readonly total: Money;
  readonly newMembers: number;
  readonly lostMembers: number;
}

/**
 * Revenue at a glance on the dashboard (every channel) and the channel page (one): earnings per day, week or month by
 * subscriptions and donations, members gained and lost, and the CSV of the period shown.
 */
export class RevenueChartViewModel {
  readonly loader = new AsyncState(errorCodeOf);
  period: RevenuePeriod = 'day';
  /** The currency chosen; null until the creator picks one (the server shows the one earned most). */
  chosenCurrency: Currency | null = null;
  series: RevenueSeries | null = null;
  exporting = false;

  constructor(
    private readonly revenue: RevenueRepository,
    private readonly downloads: Downloads,
    private readonly toasts: ToastStore,
    readonly channelId: number | null,
  ) {
    makeAutoObservable<RevenueChartViewModel, 'revenue' | 'downloads' | 'toasts'>(
      this,
      { revenue: false, downloads: false, toasts: false, loader: false, channelId: false },
      { autoBind: true },
    );
  }

  get state() {
    return this.loader.state;
  }

  async load(): Promise<void> {
    const { period, chosenCurrency } = this;
    await this.loader.run(
      () => this.revenue.series(period, this.channelId, chosenCurrency),
      (series) => (this.series = series),
    );
  }

  selectPeriod(period: RevenuePeriod): void {
    if (period === this.period) return;
    this.period = period;
    void this.load();
  }

  /** Every currency with earnings in the range, most earned first: a switch shows when there is more than one. */
  get currencies(): readonly Currency[] {
    const series = this.series;
    if (series === null) return [];
    return series.currencies.includes(series.currency) ? series.currencies : [series.currency, ...series.currencies];
  }

  /** The currency shown. */
  get currency(): Currency | null {
    return this.series?.currency ?? this.chosenCurrency;
  }

  selectCurrency(currency: Currency): void {
    if (currency === this.currency) return;
    this.chosenCurrency = currency;
    void this.load();
  }

  get bars(): RevenueBar[] {
    const series = this.series;
    if (series === null) return [];
    const of = (minor: number) => money(minor, series.currency);
    return series.buckets.map((bucket: RevenueSeriesBucket) => ({
      start: bucket.start,
      subscriptions: of(bucket.subscriptionsMinor),
      donations: of(bucket.donationsMinor),
      total: of(bucket.totalMinor),
      newMembers: bucket.newMembers,
      lostMembers: bucket.lostMembers,
    }));
  }

  /** The period's sum, for the heading and the chart's accessible name. */
  get total(): Money | null {
    const series = this.series;
    return series === null
      ? null
      : money(
          series.buckets.reduce((sum, bucket) => sum + bucket.totalMinor, 0),
          series.currency,
        );
  }

  /** What the period earned from Telegram Stars sales and the Stars paid, or null when none sold in Stars. */
  get starsSales(): { readonly earned: Money; readonly stars: number } | null {
    const series = this.series;
    if (series === null) return null;
    const earned = series.buckets.reduce((sum, bucket) => sum + bucket.starsMinor, 0);
    const stars = series.buckets.reduce((sum, bucket) => sum + bucket.stars, 0);
    return earned === 0 && stars === 0 ? null : { earned: money(earned, series.currency), stars };
  }

  /** The largest bar (at least 1 minor unit), so bars scale to the chart's height; refunds can make a bucket negative. */
  get scaleMinor(): number {
    return Math.max(
      1,
      ...this.bars.map((bar) => Math.max(bar.subscriptions.minor, 0) + Math.max(bar.donations.minor, 0)),
    );
  }

  get isEmpty(): boolean {
    return this.bars.every((bar) => bar.total.minor === 0 && bar.newMembers === 0 && bar.lostMembers === 0);
  }

  /** Downloads the CSV of the span the chart shows (its first bucket's start to its last one's end). */
  async exportCsv(): Promise<void> {
    const series = this.series;
    if (series === null || this.exporting || series.buckets.length === 0) return;
    this.exporting = true;
    try {
      const link = await this.revenue.exportLink(
        series.buckets[0]!.start,
        series.buckets[series.buckets.length - 1]!.end,
        this.channelId,
      );
      const outcome = await this.downloads.downloadFile(link.url, link.fileName);
      // The host shows its own download; a link opened in the browser may show nothing here, so say it started.
      if (outcome === 'browser') this.toasts.success('revenue.exportStarted');
    } catch (error) {
      this.toasts.fail(failureMessage({ code: errorCodeOf(error) }));
    } finally {
      runInAction(() => (this.exporting = false));
    }
  }

  dispose(): void {
    this.loader.dispose();
  }
}
