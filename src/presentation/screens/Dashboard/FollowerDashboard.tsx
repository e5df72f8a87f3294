import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { CardDisplay } from '../../components/CardDisplay';
import { Cell } from '../../components/Cell';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { InfiniteList } from '../../components/InfiniteList';
import { Section } from '../../components/Section';
import type { DashboardViewModel, MembershipRow } from './DashboardViewModel';
import { TransactionsSection } from './TransactionsSection';

function MembershipCell({ row }: { row: MembershipRow }) {
  const { t } = useTranslation();
  const name = row.channel?.name ?? row.subscription?.name ?? t('dashboard.subscription');
  const details = [
    row.subscription?.name,
    t(`dashboard.memberLabel.${row.view.label}`),
    // A gift's period was paid by its giver: how the follower pays says nothing about it.
    row.view.label === 'gift'
      ? null
      : row.member.paidWith === 'stars'
        ? t('dashboard.paidWithStars')
        : t('dashboard.paidWithCard'),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Cell
      to={`/follower/subscription/${row.member.id}`}
      before={
        <Avatar id={row.channel?.id ?? row.member.subscriptionId} name={name} src={row.channel?.photoUrl} decorative />
      }
      title={name}
      subtitle={details}
      chevron
    />
  );
}

export const FollowerDashboard = observer(function FollowerDashboard({ vm }: { vm: DashboardViewModel }) {
  const { t } = useTranslation();
  const card = vm.primaryCard;
  const active = vm.activeSubscriptions;
  const inactive = vm.inactiveSubscriptions;
  return (
    <>
      <Section>
        {vm.showsCreatorSwitch && <Cell to="/dashboard/creator" title={t('dashboard.toCreatorView')} chevron />}
        {vm.showsEarnLink && (
          <Cell
            to="/verification"
            title={t('dashboard.earn')}
            subtitle={t('dashboard.earnHint')}
            before={<Icon name="star" />}
            chevron
          />
        )}
        <Cell to="/faq" title={t('dashboard.faq')} chevron />
        <Cell to="/support" title={t('common.support')} chevron />
        <Cell onClick={vm.openNews} title={t('dashboard.news')} chevron />
        <Cell to="/settings/language" title={t('dashboard.language')} chevron />
      </Section>

      <Section header={t('dashboard.paymentMethods')}>
        <Cell
          to="/payment"
          before={<Icon name="card" />}
          title={t('dashboard.savedCards', { count: vm.cardCount })}
          after={card ? <CardDisplay brand={card.cardBrand} last={card.cardLast} /> : undefined}
          chevron
        />
      </Section>

      {/* One list for both sections: pages come newest first and each may add to either. */}
      <InfiniteList
        hasMore={vm.hasMoreSubscriptions}
        loading={vm.listStatus.subscriptions === 'loading'}
        error={vm.listStatus.subscriptions === 'error'}
        onLoadMore={vm.loadMoreSubscriptions}
        className="dashboard-memberships"
      >
        <Section header={t('dashboard.activeSubscriptions')}>
          {active.length === 0 && !vm.hasMoreSubscriptions ? (
            <EmptyState text={t('dashboard.noActiveSubscriptions')} />
          ) : (
            active.map((row) => <MembershipCell key={row.member.id} row={row} />)
          )}
        </Section>

        {inactive.length > 0 && (
          <Section header={t('dashboard.inactiveSubscriptions')}>
            {inactive.map((row) => (
              <MembershipCell key={row.member.id} row={row} />
            ))}
          </Section>
        )}
      </InfiniteList>

      <TransactionsSection vm={vm} />
    </>
  );
});
