import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Subscription, Transaction } from '../../../domain/entities';
import { formatDate, formatMoney, formatSignedMoney } from '../../../domain/format';
import { badgeFor, signedAmount, transactionTypeKey } from '../../../domain/transactions';
import { Avatar, Badge, Button, Cell, EmptyState, Icon, InfiniteList, Section } from '../../components';
import type { ChannelViewModel } from './ChannelViewModel';
import { DisconnectedRow } from './DisconnectedRow';
import { DASHBOARD_PATH, channelPaths, transactionPath } from '../../shared/channelLinks';
import { deleteChannelTexts } from '../../shared/channelDeletion';
import { deviceZone } from '../../app/deviceZone';
import { RevenueSection } from '../../app/RevenueSection';

/** Three dots: the shared icon set has no "more" glyph. */
function MoreIcon() {
  return (
    <svg
      className="icon"
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

/** The More menu (a disclosure): Settings and Delete. Escape or a tap elsewhere closes it. */
function MoreMenu({ settingsPath, onDelete }: { readonly settingsPath: string; readonly onDelete: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    root.current?.querySelector<HTMLElement>('.more-menu__item')?.focus();
    const onPointer = (event: PointerEvent): void => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      root.current?.querySelector<HTMLElement>('.more-menu__trigger')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="more-menu" ref={root}>
      <Button
        mode="tinted"
        className="channel-actions__button more-menu__trigger"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        before={<MoreIcon />}
      >
        {t('channel.more')}
      </Button>
      {open && (
        <ul id={menuId} className="more-menu__list">
          <li>
            <Link className="more-menu__item" to={settingsPath}>
              {t('channel.settings')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="more-menu__item more-menu__item--destructive"
              onClick={() => {
                setOpen(false);
                onDelete();
              }}
            >
              {t('channel.delete.action')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

function SubscriptionRow({
  channelId,
  subscription,
}: {
  readonly channelId: number;
  readonly subscription: Subscription;
}) {
  const { t } = useTranslation();
  const price = t(`channel.price.${subscription.period}`, { price: formatMoney(subscription.price) });
  const members = t('channel.subscriptions.members', { count: subscription.activeSubscribers });
  return (
    <Cell
      to={channelPaths(channelId).subscription(subscription.id)}
      className="channel-subscription"
      title={subscription.name}
      subtitle={`${price} · ${members}`}
      after={
        subscription.isDeleted ? (
          <span className="channel-subscription__deleted">{t('channel.subscriptions.deleted')}</span>
        ) : undefined
      }
      chevron
    />
  );
}

function TransactionRow({ transaction, now }: { readonly transaction: Transaction; readonly now: number }) {
  const { t, i18n } = useTranslation();
  const kind = t(transactionTypeKey(transaction, 'channel.transactions.type'));
  const who = transaction.user
    ? [transaction.user.firstName, transaction.user.lastName].filter(Boolean).join(' ')
    : null;
  const what = transaction.subscription?.name ?? kind;
  const date = formatDate(transaction.createdAt, i18n.language, now, deviceZone());
  return (
    <Cell
      to={transactionPath(transaction.id)}
      before={<Badge type={badgeFor(transaction.type)} decorative />}
      title={who ?? what}
      subtitle={`${who === null ? kind : what} · ${date}`}
      after={
        <span className="channel-transaction__amount" dir="ltr">
          {formatSignedMoney(signedAmount(transaction.type, transaction.amount))}
        </span>
      }
    />
  );
}

/** The channel's main view: header with actions, disconnected warning, subscriptions, transactions. */
export const ChannelMain = observer(function ChannelMain({ vm }: { readonly vm: ChannelViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const channel = vm.channel;
  if (channel === null) return null;
  const paths = channelPaths(channel.id);
  const now = vm.now();

  const onDelete = async (): Promise<void> => {
    const outcome = await vm.deleteWithPopups(deleteChannelTexts(t, channel.name));
    if (outcome.kind === 'deleted') void navigate(DASHBOARD_PATH, { replace: true });
  };

  return (
    <div className="channel-main">
      <header className="channel-header">
        <Avatar id={channel.id} name={channel.name} src={channel.photoUrl} size={80} decorative />
        <h1 className="channel-header__name">{channel.name}</h1>
        {channel.userName && <p className="channel-header__handle">@{channel.userName}</p>}
        <p className="channel-header__subscribers">
          {t('channel.paidSubscribers', { count: channel.activeSubscribers })}
        </p>
      </header>
      <div className="channel-actions" role="group" aria-label={t('channel.actions')}>
        <Button
          mode="tinted"
          className="channel-actions__button"
          disabled={!vm.actionsEnabled}
          onClick={() => void navigate(paths.createDonation)}
          before={<Icon name="heart" size={20} />}
        >
          {t('channel.donation')}
        </Button>
        <Button
          mode="tinted"
          className="channel-actions__button"
          disabled={!vm.actionsEnabled}
          onClick={() => void navigate(paths.createSubscription)}
          before={<Icon name="star" size={20} />}
        >
          {t('channel.subscription')}
        </Button>
        <MoreMenu settingsPath={paths.settings} onDelete={() => void onDelete()} />
      </div>

      {vm.isDisconnected && <DisconnectedRow />}

      <Section header={t('channel.subscriptions.title')}>
        {vm.subscriptions.length === 0 ? (
          <EmptyState text={t('channel.subscriptions.empty')} />
        ) : (
          vm.subscriptions.map((subscription) => (
            <SubscriptionRow key={subscription.id} channelId={channel.id} subscription={subscription} />
          ))
        )}
        {vm.hasMoreSubscriptions && (
          <div className="channel-more">
            {vm.subscriptionsStatus === 'error' && <span role="alert">{t('common.loadMoreFailed')}</span>}
            <Button
              mode="plain"
              size="small"
              loading={vm.subscriptionsStatus === 'loading'}
              onClick={() => void vm.loadMoreSubscriptions()}
            >
              {vm.subscriptionsStatus === 'error' ? t('common.retry') : t('channel.subscriptions.showMore')}
            </Button>
          </div>
        )}
      </Section>

      <RevenueSection channelId={channel.id} />

      <Section header={t('channel.transactions.title')}>
        {vm.transactions.length === 0 && !vm.hasMoreTransactions ? (
          <EmptyState text={t('channel.transactions.empty')} />
        ) : (
          <InfiniteList
            hasMore={vm.hasMoreTransactions}
            loading={vm.transactionsStatus === 'loading'}
            error={vm.transactionsStatus === 'error'}
            onLoadMore={() => void vm.loadMoreTransactions()}
          >
            {vm.transactions.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} now={now} />
            ))}
          </InfiniteList>
        )}
      </Section>
    </div>
  );
});
