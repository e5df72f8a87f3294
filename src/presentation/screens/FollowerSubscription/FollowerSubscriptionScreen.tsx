import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../domain/format';
import { Avatar, Button, Cell, Section } from '../../components';
import '../../payment/payment.css';
import { Screen } from '../../shell/Screen';
import { deviceZone } from '../../app/deviceZone';
import type { FollowerSubscriptionViewModel } from './FollowerSubscriptionViewModel';
import { RetentionOfferPanel } from './RetentionOfferPanel';

/** /follower/subscription/{subscriptionMemberId}. */
function FollowerSubscriptionScreen({ vm }: { vm: FollowerSubscriptionViewModel }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    void vm.load();
  }, [vm]);

  const membership = vm.membership;
  const view = vm.view;
  const title = membership?.subscription.name ?? t('follower.title');
  const date = (epochSeconds: number): string => formatDate(epochSeconds, i18n.language, vm.now(), deviceZone());
  const price = membership
    ? membership.member.period === 'onetime'
      ? formatMoney(membership.member.price)
      : t(`invoice.pricePer.${membership.member.period}`, { price: formatMoney(membership.member.price) })
    : '';

  const confirmTexts = () =>
    view?.line
      ? {
          title: t('follower.cancelConfirmTitle'),
          message: t('follower.cancelConfirmText', { date: date(view.line.at) }),
          confirm: t('follower.cancel'),
          keep: t('follower.keep'),
        }
      : null;
  const cancel = async (): Promise<void> => {
    const texts = confirmTexts();
    if (texts !== null) await vm.startCancel(texts);
  };
  const accept = async (): Promise<void> => {
    const texts = confirmTexts();
    if (texts !== null) await vm.accept(texts);
  };
  const renew = async (): Promise<void> => {
    const next = await vm.renew();
    if (next !== null) void navigate(next);
  };

  return (
    <Screen title={title} state={vm.state} onRetry={() => void vm.load()}>
      {membership && view && (
        <>
          <header className="invoice-header">
            <Avatar
              id={membership.channel.id}
              name={membership.channel.name}
              src={membership.channel.photoUrl}
              size={72}
              decorative
            />
            <h1 className="invoice-header__channel">{membership.channel.name}</h1>
          </header>
          <Section header={t('follower.details')}>
            <Cell
              title={membership.subscription.name}
              subtitle={t(`invoice.periodName.${membership.member.period}`)}
              after={<strong>{price}</strong>}
            />
            <Cell
              title={t('follower.paidWith')}
              after={
                <span data-testid="paid-with">
                  {membership.member.trialEndsAt !== undefined
                    ? t('trial.invoice.section')
                    : view.label === 'gift'
                      ? t('follower.label.gift')
                      : membership.member.paidWith === 'stars'
                        ? t('follower.telegramStars')
                        : t('follower.card')}
                </span>
              }
            />
            <Cell
              title={t('follower.status')}
              after={
                <span className={`follower-label follower-label--${view.label}`}>
                  {t(`follower.label.${view.label}`)}
                </span>
              }
            />
            {view.line && vm.lineKey && (
              <Cell
                className="follower-line"
                title={
                  view.line.deletedSuffix
                    ? t('follower.lineWithSuffix', {
                        line: t(vm.lineKey, { date: date(view.line.at) }),
                        suffix: t('follower.deletedSuffix'),
                      })
                    : t(vm.lineKey, { date: date(view.line.at) })
                }
              />
            )}
          </Section>
          {vm.offer && membership.member.period !== 'onetime' && (
            <RetentionOfferPanel
              offer={vm.offer}
              period={membership.member.period}
              accessUntil={view.line ? date(view.line.at) : null}
              busy={vm.busy}
              onAccept={() => void accept()}
              onDecline={() => void vm.decline()}
            />
          )}
          {!vm.offer && (view.canRenew || view.canCancel) && (
            <div className="placeholder__actions follower-actions">
              {view.canRenew && (
                <Button stretched loading={vm.busy === 'renew'} onClick={() => void renew()}>
                  {view.renewShowsPrice ? t('follower.renewFor', { price }) : t('follower.renew')}
                </Button>
              )}
              {view.canCancel && (
                <Button stretched mode="destructive" loading={vm.busy === 'cancel'} onClick={() => void cancel()}>
                  {t('follower.cancel')}
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </Screen>
  );
}

export default observer(FollowerSubscriptionScreen);
