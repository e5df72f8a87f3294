import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatDate, formatMoney, formatStars } from '../../../domain/format';
import { deviceZone } from '../../app/deviceZone';
import {
  Avatar,
  Cell,
  CollapsibleText,
  EmptyState,
  InfiniteList,
  Section,
  SegmentedControl,
  Spinner,
} from '../../components';
import { Screen } from '../../shell/Screen';
import './subscription.css';
import { userDisplayName } from '../../shared/userName';
import { MEMBER_GROUPS, type SubscriptionViewModel } from './SubscriptionViewModel';
import { useOpenScreen } from '../../navigation/keptScreens';

const MembersSection = observer(function MembersSection({
  vm,
  channelId,
}: {
  vm: SubscriptionViewModel;
  channelId: number;
}) {
  const { t, i18n } = useTranslation();
  const list = vm.currentList;
  const panelId = `members-${vm.group}`;
  return (
    <section className="subscription-members" aria-labelledby="members-heading">
      <h2 className="section__header" id="members-heading">
        {t('members.title')}
      </h2>
      <SegmentedControl
        label={t('members.groupsLabel')}
        value={vm.group}
        onChange={vm.selectGroup}
        panelIdPrefix="members"
        segments={MEMBER_GROUPS.map((group) => ({ value: group, label: t(`members.group.${group}`) }))}
      />
      <div id={panelId} role="tabpanel" aria-label={t(`members.group.${vm.group}`)}>
        <Section>
          <div className="subscription-members__filters">
            <SegmentedControl
              label={t('members.filtersLabel')}
              value={vm.filter}
              onChange={vm.selectFilter}
              segments={vm.filters.map((filter) => ({ value: filter, label: t(`members.filter.${filter}`) }))}
            />
          </div>
          {!list.loaded && list.loading ? (
            <div className="infinite-list__status">
              <Spinner size={24} label={t('common.loading')} />
            </div>
          ) : list.loaded && list.items.length === 0 ? (
            <EmptyState text={t('members.empty')} />
          ) : (
            <InfiniteList
              hasMore={list.nextFrom !== null || !list.loaded}
              loading={list.loading}
              error={list.failed}
              onLoadMore={vm.loadMore}
            >
              {vm.rows.map(({ member, user, status, renewalRetrying, trialUntil }) => {
                const name = userDisplayName(user, t('members.unknownUser'));
                const subtitle =
                  trialUntil !== null
                    ? t('trial.until', { date: formatDate(trialUntil, i18n.language, Date.now(), deviceZone()) })
                    : renewalRetrying
                      ? t('members.renewalRetry.status')
                      : t(`members.status.${status}`);
                return (
                  <Cell
                    key={member.id}
                    to={`/channel/${channelId}/subscription/${vm.subscriptionId}/member/${member.id}`}
                    title={name}
                    subtitle={subtitle}
                    before={<Avatar id={user?.id ?? member.userId} name={name} src={user?.photoUrl} decorative />}
                    chevron
                  />
                );
              })}
            </InfiniteList>
          )}
        </Section>
      </div>
    </section>
  );
});

/** /channel/:channelId/subscription/:subscriptionId: the subscription, its actions and its members. */
function SubscriptionScreen({ vm }: { vm: SubscriptionViewModel }) {
  const { t } = useTranslation();
  const params = useParams();
  const channelId = Number(params.channelId);

  useOpenScreen(vm);

  const { subscription } = vm;
  const base = `/channel/${channelId}/subscription/${vm.subscriptionId}`;

  return (
    <Screen
      title={subscription?.name ?? t('subscription.detail.title')}
      state={vm.state}
      onRetry={() => void vm.load()}
    >
      {subscription && (
        <>
          <header className="subscription-header">
            <h1 className="subscription-header__title">{subscription.name}</h1>
            <p className="subscription-header__price">
              {t('subscription.detail.price', {
                price: formatMoney(subscription.price),
                period: t(`subscription.period.${subscription.period}`),
              })}
            </p>
            {vm.starsPrice?.stars != null && (
              <p className="subscription-header__meta" data-testid="subscription-stars">
                {t(`subscription.detail.stars.${vm.starsPrice.offer}`, { stars: formatStars(vm.starsPrice.stars) })}
              </p>
            )}
            <p className="subscription-header__meta">
              {t('subscription.detail.activeSubscribers', { count: subscription.activeSubscribers })}
            </p>
            {subscription.isDeleted && (
              <p className="subscription-header__deleted">{t('subscription.detail.deletedNote')}</p>
            )}
            <CollapsibleText text={subscription.description} />
          </header>

          <Section header={t('subscription.detail.actions')}>
            {vm.canEdit && <Cell to={`${base}/edit`} title={t('subscription.detail.edit')} chevron />}
            {vm.canPublish && vm.canEdit && (
              <Cell to={`${base}/preview`} title={t('subscription.detail.publish')} chevron />
            )}
            {!subscription.isDeleted && <Cell to={`${base}/promos`} title={t('promo.title')} chevron />}
            {!subscription.isDeleted && subscription.period !== 'onetime' && (
              <Cell to={`${base}/retention`} title={t('retention.title')} chevron />
            )}
            {vm.giftStats !== null && subscription.period !== 'onetime' && (
              <Cell
                title={t('gift.stats.title')}
                after={
                  <span data-testid="gift-stats">
                    {t('gift.stats.text', { sold: vm.giftStats.sold, redeemed: vm.giftStats.redeemed })}
                  </span>
                }
              />
            )}
            <Cell
              to={`/channel/${channelId}/subscription/command?subscriptionId=${vm.subscriptionId}`}
              title={t('subscription.detail.command')}
              after={subscription.command && <span dir="ltr">{subscription.command}</span>}
              chevron
            />
            {subscription.isDeleted ? (
              <Cell
                onClick={() => void vm.restore()}
                disabled={vm.busy !== null}
                title={t('subscription.detail.restore')}
                after={vm.busy === 'restore' ? <Spinner size={20} /> : undefined}
              />
            ) : (
              <Cell
                onClick={() =>
                  void vm.remove({
                    title: t('subscription.detail.deleteConfirmTitle'),
                    message: t('subscription.detail.deleteConfirmText'),
                    confirm: t('subscription.detail.deleteConfirmButton'),
                  })
                }
                disabled={vm.busy !== null}
                destructive
                title={t('subscription.detail.delete')}
                after={vm.busy === 'delete' ? <Spinner size={20} /> : undefined}
              />
            )}
          </Section>

          {vm.showsTrialStats && vm.trialStats && (
            <Section header={t('trial.stats.title')}>
              <Cell
                title={t('trial.stats.onTrial')}
                after={<span data-testid="trial-on-trial">{vm.trialStats.onTrial}</span>}
              />
              <Cell
                title={t('trial.stats.converted')}
                after={
                  <span data-testid="trial-converted">
                    {t('trial.stats.convertedValue', {
                      converted: vm.trialStats.converted,
                      ended: vm.trialStats.ended,
                    })}
                  </span>
                }
              />
            </Section>
          )}

          <MembersSection vm={vm} channelId={channelId} />
        </>
      )}
    </Screen>
  );
}

export default observer(SubscriptionScreen);
