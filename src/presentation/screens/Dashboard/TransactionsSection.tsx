import { observer } from 'mobx-react-lite';
import { memo } from 'react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Role, Transaction } from '../../../domain/entities';
import { formatListTime, formatSignedMoney } from '../../../domain/format-light';
import { badgeFor, isWithdrawal, signedAmount } from '../../../domain/transactions';
import { Badge } from '../../components/Badge';
import { Cell } from '../../components/Cell';
import { EmptyState } from '../../components/EmptyState';
import { InfiniteList } from '../../components/InfiniteList';
import { Section } from '../../components/Section';
import { useShortMonthNames } from '../../shared/useShortMonthNames';
import { WITHDRAWAL_TITLE_KEY, withdrawalSubtitle } from '../../shared/withdrawalRow';
import { useAfterFirstScreen } from '../../shell/firstPaint';
import type { DashboardViewModel } from './DashboardViewModel';

function fullName(user: { firstName: string; lastName?: string }): string {
  return user.lastName ? `${user.firstName} ${user.lastName}` : user.firstName;
}

/**
 * A row renders again only when its own props change: a page arriving leaves the rows above it alone. The texts come
 * from the section (a new `t` with every language change), so the rows do not subscribe to i18n one by one.
 */
const TransactionRow = memo(function TransactionRow({
  transaction,
  mode,
  nowMs,
  t,
  shortMonths,
}: {
  transaction: Transaction;
  mode: Role;
  nowMs: number;
  t: TFunction;
  shortMonths: readonly string[];
}) {
  const badge = badgeFor(transaction.type);
  const label = transaction.gift === true ? t(`common.giftType.${transaction.type}`) : t(`common.badge.${badge}`);
  const counterpart =
    mode === 'creator'
      ? ((transaction.user && fullName(transaction.user)) ?? transaction.channel?.name)
      : (transaction.channel?.name ?? (transaction.user && fullName(transaction.user)));
  const amount = signedAmount(transaction.type, transaction.total);
  const amountText = formatSignedMoney(amount);
  // A withdrawal has no counterpart: its type is its title (the payout screen's words), where it went the subtitle.
  const withdrawal = isWithdrawal(transaction.type);
  const title = withdrawal ? t(WITHDRAWAL_TITLE_KEY) : (counterpart ?? label);
  const subtitle = withdrawal ? withdrawalSubtitle(t, transaction) : counterpart ? label : undefined;
  return (
    <Cell
      to={`/transaction/${transaction.id}`}
      className="dashboard-transaction"
      before={<Badge type={badge} decorative />}
      title={title}
      subtitle={subtitle}
      after={
        <span className="dashboard-transaction__after">
          <span className={amount.minor > 0 ? 'dashboard-amount dashboard-amount--in' : 'dashboard-amount'} dir="ltr">
            {amountText}
          </span>
          <time dateTime={new Date(transaction.createdAt * 1000).toISOString()}>
            {formatListTime(transaction.createdAt, shortMonths, nowMs)}
          </time>
        </span>
      }
    />
  );
});

/**
 * The dashboard's transactions, loading more pages while scrolling (both modes). The last section, below the fold,
 * and most of the screen's elements: on the page's first screen it renders right after the first paint, which would
 * otherwise wait for it; it only adds to the bottom of the page, so nothing above it moves.
 */
export const TransactionsSection = observer(function TransactionsSection({ vm }: { vm: DashboardViewModel }) {
  const { t } = useTranslation();
  const shortMonths = useShortMonthNames();
  const afterFirstScreen = useAfterFirstScreen();
  if (!afterFirstScreen) return null;
  const mode = vm.mode ?? 'follower';
  // To the minute: list stamps only compare days, and a steady value lets unchanged rows skip rendering.
  const nowMs = Math.floor(vm.now() / 60_000) * 60_000;
  return (
    <Section header={t('dashboard.transactions')}>
      {vm.transactions.length === 0 && !vm.hasMoreTransactions ? (
        <EmptyState text={t('dashboard.noTransactions')} />
      ) : (
        <InfiniteList
          hasMore={vm.hasMoreTransactions}
          loading={vm.moreStatus === 'loading'}
          error={vm.moreStatus === 'error'}
          onLoadMore={vm.loadMoreTransactions}
        >
          {vm.transactions.map((transaction) => (
            <TransactionRow
              key={transaction.id}
              transaction={transaction}
              mode={mode}
              nowMs={nowMs}
              t={t}
              shortMonths={shortMonths}
            />
          ))}
        </InfiniteList>
      )}
    </Section>
  );
});
