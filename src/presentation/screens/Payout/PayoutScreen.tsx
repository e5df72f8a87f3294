import { observer } from 'mobx-react-lite';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayoutTracking } from '../../../application/ports/PayoutRepository';
import type { Transaction } from '../../../domain/entities';
import type { Money } from '../../../domain/money';
import { formatDate, formatMoney, formatSignedMoney } from '../../../domain/format';
import { badgeFor, signedAmount } from '../../../domain/transactions';
import { payoutFailureReason } from '../../../domain/payout-failure';
import { Badge, Cell, EmptyState, InfiniteList, Section } from '../../components';
import { Screen } from '../../shell/Screen';
import { countryName } from '../../shared/countryName';
import './payout.css';
import { deviceZone } from '../../app/deviceZone';
import { WITHDRAWAL_TITLE_KEY, withdrawalSubtitle } from '../../shared/withdrawalRow';
import type { PayoutViewModel } from './PayoutViewModel';
import { useOpenScreen } from '../../navigation/keptScreens';

function WithdrawalRow({ transaction, locale, nowMs }: { transaction: Transaction; locale: string; nowMs: number }) {
  const { t } = useTranslation();
  const account = transaction.withdrawalAccount;
  return (
    <Cell
      to={`/transaction/${transaction.id}`}
      before={<Badge type={badgeFor(transaction.type)} decorative />}
      title={t(WITHDRAWAL_TITLE_KEY)}
      subtitle={[withdrawalSubtitle(t, transaction), formatDate(transaction.createdAt, locale, nowMs, deviceZone())]
        .filter(Boolean)
        .join(' · ')}
      after={
        <span>
          <span dir="ltr">{formatSignedMoney(signedAmount(transaction.type, transaction.total))}</span>
          {account && <span className="visually-hidden">, {countryName(account.country, locale)}</span>}
        </span>
      }
    />
  );
}

/** "€6.96 · 2,437.5 ₽": each amount keeps its own order in a right-to-left page. */
function Amounts({ amounts }: { amounts: readonly Money[] }) {
  return amounts.map((amount, index) => (
    <Fragment key={index}>
      {index > 0 && ' · '}
      <span dir="ltr">{formatMoney(amount)}</span>
    </Fragment>
  ));
}

/** One payout and its steps: requested, sent (with the expected arrival), arrived or failed with the reason. */
function TrackedPayoutRow({ payout, locale, nowMs }: { payout: PayoutTracking; locale: string; nowMs: number }) {
  const { t } = useTranslation();
  const date = (seconds: number) => formatDate(seconds, locale, nowMs, deviceZone());
  const steps = [t('payout.tracker.requested', { date: date(payout.requestedAt) })];
  if (payout.sentAt !== undefined) steps.push(t('payout.tracker.sent', { date: date(payout.sentAt) }));
  if (payout.status === 'arrived' && payout.finishedAt !== undefined)
    steps.push(t('payout.tracker.arrived', { date: date(payout.finishedAt) }));
  if (payout.expectedArrivalAt !== undefined)
    steps.push(t('payout.tracker.expected', { date: date(payout.expectedArrivalAt) }));
  if (payout.status === 'failed')
    steps.push(t('payout.tracker.failed', { reason: t(`payout.failure.${payoutFailureReason(payout.error?.code)}`) }));
  return (
    <Cell
      title={<span dir="ltr">{formatMoney(payout.amount)}</span>}
      subtitle={steps.join(' · ')}
      after={
        <span className={`payout-status payout-status--${payout.status}`}>
          {t(`payout.tracker.status.${payout.status}`)}
        </span>
      }
      className={`payout-tracked payout-tracked--${payout.status}`}
    />
  );
}

/** /payout: balances per currency, next payout date, learn more, payout settings and the payout transactions. */
function PayoutScreen({ vm }: { vm: PayoutViewModel }) {
  const { t, i18n } = useTranslation();

  useOpenScreen(vm);

  const nowMs = vm.now();
  const nextPayout = vm.nextPayoutSeconds;
  const laterPayout = vm.laterPayoutSeconds;

  return (
    <Screen title={t('payout.title')} state={vm.state} onRetry={() => void vm.load()}>
      <h1 className="visually-hidden">{t('payout.title')}</h1>
      <Section header={t('payout.balances')}>
        {vm.balances.length === 0 ? (
          <EmptyState text={t('payout.noBalances')} />
        ) : (
          <table className="payout-balances" data-testid="payout-balances">
            <thead>
              <tr>
                <th scope="col" className="payout-balances__head">
                  {t('payout.currency')}
                </th>
                <th scope="col" className="payout-balances__head payout-balances__head--amount">
                  {t('payout.activeBalance')}
                </th>
                <th scope="col" className="payout-balances__head payout-balances__head--amount">
                  {t('payout.payoutBalance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {vm.balances.map((row) => (
                <tr key={row.currency} data-testid={`balance-${row.currency}`}>
                  <th scope="row">{row.currency.toUpperCase()}</th>
                  <td className="payout-balances__amount" dir="ltr">
                    {formatMoney(row.active)}
                  </td>
                  <td className="payout-balances__amount" dir="ltr">
                    {formatMoney(row.payout)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section>
        {nextPayout !== null && (
          <Cell
            title={t('payout.nextPayout')}
            subtitle={
              vm.nextPayoutAmounts.length > 0 ? (
                <Amounts amounts={vm.nextPayoutAmounts} />
              ) : (
                t('payout.nothingInNextPayout')
              )
            }
            after={formatDate(nextPayout, i18n.language, nowMs, 'UTC')}
          />
        )}
        {laterPayout !== null && vm.laterPayoutAmounts.length > 0 && (
          <Cell
            title={t('payout.laterPayout')}
            subtitle={<Amounts amounts={vm.laterPayoutAmounts} />}
            after={t('payout.notBefore', { date: formatDate(laterPayout, i18n.language, nowMs, 'UTC') })}
          />
        )}
        {vm.convertsInto !== null && (
          <p className="payout-note">{t('payout.convertedNote', { currency: vm.convertsInto })}</p>
        )}
        <p className="payout-note">{t('payout.schedule')}</p>
        <Cell onClick={vm.openHelp} title={t('payout.learnMore')} chevron />
      </Section>
      {vm.tracked.length > 0 && (
        <Section header={t('payout.tracker.title')}>
          {vm.tracked.map((payout) => (
            <TrackedPayoutRow
              key={`${payout.payoutDate}-${payout.amount.currency}`}
              payout={payout}
              locale={i18n.language}
              nowMs={nowMs}
            />
          ))}
        </Section>
      )}
      <Section>
        <Cell
          to="/payout/settings"
          title={t('payout.settings')}
          after={vm.hasAccount ? undefined : t('payout.notSetUp')}
          chevron
        />
      </Section>
      <Section header={t('payout.transactions')}>
        {vm.withdrawals.length === 0 && !vm.hasMore ? (
          <EmptyState text={t('payout.noTransactions')} />
        ) : (
          <InfiniteList
            hasMore={vm.hasMore}
            loading={vm.moreStatus === 'loading'}
            error={vm.moreStatus === 'error'}
            onLoadMore={() => void vm.loadMore()}
          >
            {vm.withdrawals.map((transaction) => (
              <WithdrawalRow key={transaction.id} transaction={transaction} locale={i18n.language} nowMs={nowMs} />
            ))}
          </InfiniteList>
        )}
      </Section>
    </Screen>
  );
}

export default observer(PayoutScreen);
