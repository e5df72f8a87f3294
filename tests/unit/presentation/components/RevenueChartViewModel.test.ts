import type { RevenueRepository, RevenueSeries } from '../../../../src/application/ports/RevenueRepository';
import type { Currency } from '../../../../src/domain/money';
import type { RevenuePeriod } from '../../../../src/domain/revenue';
import { RevenueChartViewModel } from '../../../../src/presentation/components/RevenueChart/RevenueChartViewModel';
import { FakePlatform } from '../support/FakePlatform';
import { toastStore } from '../screens/support/subscriptionFakes';

const bucket = (
  start: number,
  subscriptionsMinor: number,
  donationsMinor: number,
  newMembers = 0,
  lostMembers = 0,
  starsMinor = 0,
  stars = 0,
) => ({
  start,
  end: start + 86400,
  subscriptionsMinor,
  donationsMinor,
  totalMinor: subscriptionsMinor + donationsMinor,
  newMembers,
  lostMembers,
  starsMinor,
  stars,
});

/** An in-memory revenue API that records what it was asked. */
class FakeRevenue implements RevenueRepository {
  readonly asked: { period: RevenuePeriod; channelId: number | null }[] = [];
  readonly askedCurrencies: (Currency | null)[] = [];
  readonly exports: { from: number; to: number; channelId: number | null }[] = [];
  /** Every currency the creator earned in; the first is the default. */
  earnedIn: Currency[] = ['eur'];
  async series(period: RevenuePeriod, channelId: number | null, currency: Currency | null): Promise<RevenueSeries> {
    this.asked.push({ period, channelId });
    this.askedCurrencies.push(currency);
    return {
      period,
      currency: currency ?? this.earnedIn[0]!,
      currencies: this.earnedIn,
      offsetMinutes: 180,
      buckets: [bucket(1000, 900, 0, 1), bucket(87400, 1000, 450, 2, 1)],
    };
  }
  async exportLink(from: number, to: number, channelId: number | null) {
    this.exports.push({ from, to, channelId });
    return {
      url: 'https://backers.example/api/v2/revenue/export/t.s',
      fileName: 'backers-transactions.csv',
      expiresAt: 0,
    };
  }
}

describe('RevenueChartViewModel', () => {
  it('loads the series for its channel, switches the period, and sums the bars', async () => {
    const revenue = new FakeRevenue();
    const platform = new FakePlatform();
    const vm = new RevenueChartViewModel(revenue, platform, toastStore(platform), 7);
    await vm.load();
    expect(
      vm.bars.map((bar) => [bar.subscriptions.minor, bar.donations.minor, bar.newMembers, bar.lostMembers]),
    ).toEqual([
      [900, 0, 1, 0],
      [1000, 450, 2, 1],
    ]);
    expect(vm.total).toEqual({ minor: 2350, currency: 'eur' });
    expect(vm.scaleMinor).toBe(1450);
    vm.selectPeriod('month');
    await Promise.resolve();
    expect(revenue.asked).toEqual([
      { period: 'day', channelId: 7 },
      { period: 'month', channelId: 7 },
    ]);
  });

  it('shows every currency the creator earns in, and keeps the one chosen across periods', async () => {
    const revenue = new FakeRevenue();
    revenue.earnedIn = ['rub', 'eur'];
    const platform = new FakePlatform();
    const vm = new RevenueChartViewModel(revenue, platform, toastStore(platform), null);
    await vm.load();
    expect(vm.currencies).toEqual(['rub', 'eur']);
    expect(vm.currency).toBe('rub');
    vm.selectCurrency('eur');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(vm.currency).toBe('eur');
    expect(vm.total?.currency).toBe('eur');
    vm.selectPeriod('week');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revenue.askedCurrencies).toEqual([null, 'eur', 'eur']);
    vm.selectCurrency('eur'); // already shown: nothing to load
    expect(revenue.askedCurrencies).toHaveLength(3);
  });

  it('downloads the CSV of the span shown through the platform', async () => {
    const revenue = new FakeRevenue();
    const platform = new FakePlatform();
    const vm = new RevenueChartViewModel(revenue, platform, toastStore(platform), null);
    await vm.load();
    await vm.exportCsv();
    expect(revenue.exports).toEqual([{ from: 1000, to: 87400 + 86400, channelId: null }]);
    expect(platform.downloads).toEqual([
      { url: 'https://backers.example/api/v2/revenue/export/t.s', fileName: 'backers-transactions.csv' },
    ]);
  });

  it.each([
    ['browser', { key: 'revenue.exportStarted' }],
    ['host', null],
    ['cancelled', null],
  ] as const)('a download through the %s says it started only when the host shows nothing', async (outcome, said) => {
    const platform = new FakePlatform();
    platform.downloadOutcome = outcome;
    const toasts = toastStore(platform);
    const vm = new RevenueChartViewModel(new FakeRevenue(), platform, toasts, null);
    await vm.load();
    await vm.exportCsv();
    expect(toasts.current?.message ?? null).toEqual(said);
    expect(vm.exporting).toBe(false);
  });

  it("sums the period's Telegram Stars sales in its currency with the Stars paid; none without Stars sales", async () => {
    const revenue = new FakeRevenue();
    const platform = new FakePlatform();
    const vm = new RevenueChartViewModel(revenue, platform, toastStore(platform), 7);
    await vm.load();
    expect(vm.starsSales).toBeNull();
    revenue.series = async (period, _channelId, currency) => ({
      period,
      currency: currency ?? 'eur',
      currencies: ['eur'],
      offsetMinutes: 0,
      buckets: [bucket(1000, 900, 0, 1, 0, 450, 417), bucket(87400, 1000, 450, 0, 0, 450, 417)],
    });
    await vm.load();
    expect(vm.starsSales).toEqual({ earned: { minor: 900, currency: 'eur' }, stars: 834 });
  });
});
