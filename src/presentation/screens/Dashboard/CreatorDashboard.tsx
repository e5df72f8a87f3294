import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { Channel } from '../../../domain/entities';
import { formatMoney } from '../../../domain/format-light';
import { Avatar } from '../../components/Avatar';
import { Cell } from '../../components/Cell';
import { Icon } from '../../components/Icon';
import { InfiniteList } from '../../components/InfiniteList';
import { RevenueSection } from '../../app/RevenueSection';
import { Section } from '../../components/Section';
import type { DashboardViewModel } from './DashboardViewModel';
import { TransactionsSection } from './TransactionsSection';

/** The channel's marks: bot disconnected, moderation in progress or rejected. */
function ChannelMarks({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const marks: string[] = [];
  if (!channel.connected) marks.push(t('dashboard.channelDisconnected'));
  if (channel.moderation === 'in_progress') marks.push(t('dashboard.channelModeration'));
  if (channel.moderation === 'rejected') marks.push(t('dashboard.channelRejected'));
  if (marks.length === 0) return null;
  return (
    <span className="dashboard-channel__marks">
      <Icon name="alert" size={16} />
      {marks.join(' · ')}
    </span>
  );
}

export const CreatorDashboard = observer(function CreatorDashboard({ vm }: { vm: DashboardViewModel }) {
  const { t } = useTranslation();
  return (
    <>
      <Section header={t('dashboard.balance')}>
        {vm.balances.map((row) => (
          <dl className="dashboard-balance" key={row.currency}>
            <div className="dashboard-balance__item">
              <dt>{t('dashboard.activeBalance')}</dt>
              <dd className="dashboard-balance__amount" dir="ltr">
                {formatMoney(row.active)}
              </dd>
            </div>
            <div className="dashboard-balance__item">
              <dt>{t('dashboard.payoutBalance')}</dt>
              <dd className="dashboard-balance__amount" dir="ltr">
                {formatMoney(row.payout)}
              </dd>
            </div>
          </dl>
        ))}
        <Cell to="/payout" title={t('dashboard.payouts')} chevron />
        {vm.needsPayoutDetails && (
          <Cell
            to="/payout/setup"
            title={t('dashboard.providePayoutDetails')}
            subtitle={t('dashboard.providePayoutDetailsHint')}
            before={<Icon name="card" />}
            chevron
          />
        )}
      </Section>

      <Section header={t('dashboard.channels')}>
        <InfiniteList
          hasMore={vm.hasMoreChannels}
          loading={vm.listStatus.channels === 'loading'}
          error={vm.listStatus.channels === 'error'}
          onLoadMore={vm.loadMoreChannels}
        >
          {vm.channels.map((channel) => (
            <Cell
              key={channel.id}
              to={`/channel/${channel.id}`}
              className="dashboard-channel"
              before={<Avatar id={channel.id} name={channel.name} src={channel.photoUrl} decorative />}
              title={channel.name}
              subtitle={
                <>
                  {t('dashboard.paidSubscribers', { count: channel.activeSubscribers })}
                  <ChannelMarks channel={channel} />
                </>
              }
              chevron
            />
          ))}
        </InfiniteList>
        <Cell
          to="/connectbot"
          title={t('dashboard.addChannel')}
          before={<Icon name="plus" />}
          className="dashboard-add-channel"
        />
      </Section>

      {vm.channels.length > 0 && <RevenueSection channelId={null} />}

      <Section>
        <Cell onClick={vm.openNews} title={t('dashboard.news')} chevron />
        <Cell onClick={vm.openHelp} title={t('dashboard.help')} chevron />
        <Cell to="/settings/language" title={t('dashboard.language')} chevron />
        <Cell to="/dashboard/follower" title={t('dashboard.toFollowerView')} chevron />
      </Section>

      <TransactionsSection vm={vm} />
    </>
  );
});
