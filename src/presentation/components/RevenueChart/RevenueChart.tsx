import { observer } from 'mobx-react-lite';
import { memo, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBucketLabel, formatMoney, formatStars } from '../../../domain/format-light';
import { useShortMonthNames } from '../../shared/useShortMonthNames';
import { Button } from '../Button';
import { Cell } from '../Cell';
import { Section } from '../Section';
import { SegmentedControl } from '../SegmentedControl';
import type { RevenueSeries } from '../../../application/ports/RevenueRepository';
import { REVENUE_CHART_PERIODS, type RevenueBar, type RevenueChartViewModel } from './RevenueChartViewModel';
import './revenueChart.css';

const BAR_WIDTH = 8;
const GAP = 2;
const HEIGHT = 96;

/** A bucket's date ("18 Dec"), or its month for monthly buckets, in the page language. */
function bucketLabel(series: RevenueSeries, bar: RevenueBar, shortMonths: readonly string[]): string {
  return formatBucketLabel(bar.start, series.offsetMinutes, series.period === 'month', shortMonths);
}

/** The bars as a table, visually hidden: what screen readers get instead of the drawing. */
const RevenueTable = memo(function RevenueTable({
  series,
  bars,
}: {
  series: RevenueSeries | null;
  bars: readonly RevenueBar[];
}) {
  const { t } = useTranslation();
  const shortMonths = useShortMonthNames();
  if (series === null) return null;
  const label = (bar: RevenueBar) => bucketLabel(series, bar, shortMonths);
  return (
    // Hidden by a wrapper: a table grows to its content whatever its width, and would overflow the screen.
    <div className="visually-hidden">
      <table>
        <caption>{t('revenue.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('revenue.bucket')}</th>
            <th scope="col">{t('revenue.subscriptions')}</th>
            <th scope="col">{t('revenue.donations')}</th>
            <th scope="col">{t('revenue.newMembers')}</th>
            <th scope="col">{t('revenue.lostMembers')}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.start}>
              <th scope="row">{label(bar)}</th>
              <td>{formatMoney(bar.subscriptions)}</td>
              <td>{formatMoney(bar.donations)}</td>
              <td>{bar.newMembers}</td>
              <td>{bar.lostMembers}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

/**
 * The view: the period switch, the bars (hand-written SVG) with a table for screen readers, and the CSV export.
 * Every line is there from the first render and the series only fills them in, so nothing below moves when it
 * arrives (the section renders with the dashboard, before its data).
 */
export const RevenueChartView = observer(function RevenueChartView({ vm }: { vm: RevenueChartViewModel }) {
  const { t } = useTranslation();
  const shortMonths = useShortMonthNames();
  const { bars, series, total, scaleMinor, starsSales } = vm;
  const width = Math.max(1, bars.length * (BAR_WIDTH + GAP));
  const height = (minor: number) => (Math.max(minor, 0) / scaleMinor) * HEIGHT;
  // The screen readers' table (up to 30 rows) follows the bars in a render of its own (React's deferred value:
  // interruptible, in slices), not in the task that draws the chart.
  const deferredSeries = useDeferredValue(series);
  const deferredBars = useDeferredValue(bars);
  return (
    <Section header={t('revenue.title')} className="revenue-chart">
      <div className="revenue-chart__body">
        <SegmentedControl
          label={t('revenue.periodLabel')}
          value={vm.period}
          onChange={vm.selectPeriod}
          segments={REVENUE_CHART_PERIODS.map((period) => ({ value: period, label: t(`revenue.period.${period}`) }))}
        />
        {/* The total and, for a creator earning in several currencies, which one the chart shows: a row tall enough for
            the switch from the first render, so nothing below moves when the series names its currencies. */}
        <div className="revenue-chart__head">
          {vm.state.status === 'error' ? (
            <p className="revenue-chart__note revenue-chart__line" role="alert">
              {t('revenue.failed')}{' '}
              <Button mode="plain" size="small" onClick={() => void vm.load()}>
                {t('common.retry')}
              </Button>
            </p>
          ) : (
            <p className="revenue-chart__total revenue-chart__line" aria-hidden={total ? undefined : true}>
              {total ? (
                <>
                  {t('revenue.total')}: <span dir="ltr">{formatMoney(total)}</span>
                </>
              ) : (
                '\u00a0'
              )}
            </p>
          )}
          {vm.currencies.length > 1 && vm.currency !== null && (
            <SegmentedControl
              label={t('revenue.currencyLabel')}
              value={vm.currency}
              onChange={vm.selectCurrency}
              segments={vm.currencies.map((currency) => ({ value: currency, label: currency.toUpperCase() }))}
            />
          )}
        </div>
        <div className="revenue-chart__plot">
          <svg
            className="revenue-chart__svg"
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            {...(series
              ? { role: 'img', 'aria-label': t('revenue.chartLabel', { total: total ? formatMoney(total) : '' }) }
              : { 'aria-hidden': true })}
            data-testid="revenue-chart"
          >
            {bars.map((bar, index) => {
              const subscriptions = height(bar.subscriptions.minor);
              const donations = height(bar.donations.minor);
              const x = index * (BAR_WIDTH + GAP);
              return (
                <g key={bar.start}>
                  <rect
                    className="revenue-chart__subscriptions"
                    x={x}
                    y={HEIGHT - subscriptions}
                    width={BAR_WIDTH}
                    height={subscriptions}
                  />
                  <rect
                    className="revenue-chart__donations"
                    x={x}
                    y={HEIGHT - subscriptions - donations}
                    width={BAR_WIDTH}
                    height={donations}
                  />
                </g>
              );
            })}
          </svg>
          {/* Over the empty plot rather than below it: the lines under the chart stay where they are. */}
          {series && vm.isEmpty && <p className="revenue-chart__note revenue-chart__empty">{t('revenue.empty')}</p>}
        </div>
        {/* The span's first and last dates under the bars (screen readers have every date in the table). */}
        <p className="revenue-chart__axis" aria-hidden="true">
          <span>{series && bars.length > 0 ? bucketLabel(series, bars[0]!, shortMonths) : '\u00a0'}</span>
          <span>{series && bars.length > 1 ? bucketLabel(series, bars[bars.length - 1]!, shortMonths) : ''}</span>
        </p>
        <ul className="revenue-chart__legend" aria-hidden="true">
          <li className="revenue-chart__key revenue-chart__key--subscriptions">{t('revenue.subscriptions')}</li>
          <li className="revenue-chart__key revenue-chart__key--donations">{t('revenue.donations')}</li>
        </ul>
        <RevenueTable series={deferredSeries} bars={deferredBars} />
        {starsSales && (
          <p className="revenue-chart__line" data-testid="revenue-stars">
            {t('revenue.stars')}: <span dir="ltr">{formatMoney(starsSales.earned)}</span> ·{' '}
            <span dir="ltr">{formatStars(starsSales.stars)}</span>
          </p>
        )}
        <p className="revenue-chart__members revenue-chart__line" aria-hidden={series ? undefined : true}>
          {series
            ? `${t('revenue.newMembers')}: ${bars.reduce((sum, bar) => sum + bar.newMembers, 0)} · ${t('revenue.lostMembers')}: ${bars.reduce((sum, bar) => sum + bar.lostMembers, 0)}`
            : '\u00a0'}
        </p>
        <Button
          mode="tinted"
          size="medium"
          stretched
          disabled={series === null}
          loading={vm.exporting}
          onClick={() => void vm.exportCsv()}
        >
          {t('revenue.export')}
        </Button>
      </div>
      {/* MRR, members per month and promo codes: a screen of its own, loaded when opened. */}
      <Cell
        to={vm.channelId === null ? '/revenue' : `/revenue?channelId=${vm.channelId}`}
        title={t('revenue.insights')}
        chevron
      />
    </Section>
  );
});
