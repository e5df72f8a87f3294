import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RevenueInsightsView } from '../../../application/use-cases/revenue/LoadRevenueInsights';
import { formatMoney, formatMonth, formatStars } from '../../../domain/format';
import { EmptyState, Section } from '../../components';
import { Screen } from '../../shell/Screen';
import type { RevenueInsightsViewModel } from './RevenueInsightsViewModel';
import './revenueInsights.css';

function Mrr({ insights }: { insights: RevenueInsightsView }) {
  const { t } = useTranslation();
  const rows = [
    ...insights.mrr.map((row) => ({ key: row.currency, amount: formatMoney(row), members: row.members })),
    ...(insights.starsMrr
      ? [{ key: 'stars', amount: formatStars(insights.starsMrr.stars), members: insights.starsMrr.members }]
      : []),
  ];
  return (
    <Section header={t('insights.mrr.title')} footer={t('insights.mrr.footer')}>
      {rows.length === 0 ? (
        <EmptyState text={t('insights.mrr.empty')} />
      ) : (
        <ul className="insights-list" data-testid="insights-mrr">
          {rows.map((row) => (
            <li key={row.key} className="insights-list__row">
              <span className="insights-list__amount" dir="ltr">
                {row.amount}
              </span>
              <span className="insights-list__hint">{t('insights.mrr.members', { count: row.members })}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Months({ insights }: { insights: RevenueInsightsView }) {
  const { t, i18n } = useTranslation();
  const width = (count: number) => `${Math.round((count / insights.monthScale) * 100)}%`;
  return (
    <Section header={t('insights.members.title')} footer={t('insights.members.footer')}>
      {insights.quietMonths && <p className="insights-note">{t('insights.members.empty')}</p>}
      <table className="insights-months" data-testid="insights-months">
        <caption className="visually-hidden">{t('insights.members.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('insights.members.month')}</th>
            <th scope="col">{t('insights.members.new')}</th>
            <th scope="col">{t('insights.members.lost')}</th>
          </tr>
        </thead>
        <tbody>
          {[...insights.months].reverse().map((month) => (
            <tr key={month.month}>
              <th scope="row">{formatMonth(month.start, i18n.language)}</th>
              <td>
                <span className="insights-months__count">{month.newMembers}</span>
                <span className="insights-months__bar insights-months__bar--new" aria-hidden="true">
                  <span style={{ width: width(month.newMembers) }} />
                </span>
              </td>
              <td>
                <span className="insights-months__count">{month.lostMembers}</span>
                <span className="insights-months__bar insights-months__bar--lost" aria-hidden="true">
                  <span style={{ width: width(month.lostMembers) }} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function Trials({ insights }: { insights: RevenueInsightsView }) {
  const { t } = useTranslation();
  const { onTrial, ended, converted, conversionPercent } = insights.trials;
  return (
    <Section header={t('insights.trials.title')}>
      <ul className="insights-list" data-testid="insights-trials">
        <li className="insights-list__row">{t('insights.trials.onTrial', { value: onTrial })}</li>
        <li className="insights-list__row">
          {conversionPercent === null
            ? t('insights.trials.noneEnded')
            : t('insights.trials.converted', { value: converted, ended, percent: conversionPercent })}
        </li>
      </ul>
    </Section>
  );
}

function Promos({ insights }: { insights: RevenueInsightsView }) {
  const { t } = useTranslation();
  return (
    <Section header={t('insights.promos.title')}>
      {insights.promos.length === 0 ? (
        <EmptyState text={t('insights.promos.empty')} />
      ) : (
        <ul className="insights-list" data-testid="insights-promos">
          {insights.promos.map((promo) => (
            <li key={promo.id} className="insights-list__row">
              <span className="insights-list__code" dir="ltr">
                {promo.code}
              </span>
              <span className="insights-list__hint">
                {t('insights.promos.stats', {
                  count: promo.redemptions,
                  revenue: promo.revenue.length === 0 ? '0' : promo.revenue.map(formatMoney).join(', '),
                })}
                {promo.deleted && ` · ${t('insights.promos.deleted')}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** /revenue: monthly recurring revenue, members gained and lost per month, revenue per promo code. */
function RevenueInsightsScreen({ vm }: { vm: RevenueInsightsViewModel }) {
  const { t } = useTranslation();
  useEffect(() => {
    void vm.load();
    return vm.dispose;
  }, [vm]);
  return (
    <Screen title={t('insights.title')} state={vm.state} onRetry={() => void vm.load()}>
      <h1 className="visually-hidden">{t('insights.title')}</h1>
      {vm.insights !== null && (
        <div className="insights">
          <Mrr insights={vm.insights} />
          <Months insights={vm.insights} />
          <Trials insights={vm.insights} />
          <Promos insights={vm.insights} />
        </div>
      )}
    </Screen>
  );
}

export default observer(RevenueInsightsScreen);
