import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../domain/format';
import { Button, Icon, Placeholder, Section, Spinner } from '../../components';
import '../../payment/payment.css';
import './gift.css';
import { Screen } from '../../shell/Screen';
import { deviceZone } from '../../app/deviceZone';
import type { GiftSentViewModel } from './GiftSentViewModel';

/** /gift/sent/:paymentId: the giver's gift: its payment under way, failed, or paid with the link to share. */
function GiftSentScreen({ vm }: { vm: GiftSentViewModel }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    void vm.load();
    return () => vm.dispose();
  }, [vm]);
  const view = vm.view;
  if (vm.state.status !== 'ready' || view.kind === 'pending') {
    return (
      <Screen title={t('payment.inProgressTitle')} state={vm.state} onRetry={() => void vm.load()} back="hidden">
        <Placeholder
          className="payment-progress"
          icon={<Spinner size={40} />}
          title={t('payment.inProgressTitle')}
          text={t('payment.inProgressText')}
        />
      </Screen>
    );
  }
  if (view.kind === 'failed') {
    const retry = vm.retryPath;
    return (
      <Screen
        title={t('payment.failure.title')}
        mainButton={
          retry === null ? undefined : { text: t('payment.failure.retry'), onClick: () => void navigate(retry) }
        }
      >
        <Placeholder
          className="payment-failure"
          icon={<Icon name="alert" size={48} />}
          title={t('payment.failure.title')}
          text={t(`payment.failure.reason.${view.reason}`)}
        />
        <p className="payment-failure__code">{t('payment.failure.code', { code: view.code })}</p>
      </Screen>
    );
  }
  const { gift } = view.purchase;
  const period = t(`gift.period.${gift.period}`);
  const shareText = t('gift.sent.shareText', { period, name: gift.subscriptionName, channel: gift.channelName });
  const status =
    gift.state === 'redeemed' ? t('gift.sent.redeemed') : gift.state === 'open' ? null : t('gift.sent.refunded');
  return (
    <Screen
      title={t('gift.sent.title')}
      mainButton={
        gift.state === 'open' ? { text: t('gift.sent.share'), onClick: () => vm.share(shareText) } : undefined
      }
    >
      <Placeholder
        className="gift-hero"
        icon={<Icon name="gift" size={48} />}
        title={t('gift.sent.ready')}
        text={
          status ?? t('gift.sent.text', { date: formatDate(gift.expiresAt, i18n.language, Date.now(), deviceZone()) })
        }
      />
      <Section header={t('gift.sent.link')}>
        <div className="gift-link">
          <p className="gift-link__what">{shareText}</p>
          <output className="gift-link__url" data-testid="gift-link" dir="ltr">
            {gift.link}
          </output>
          {gift.state === 'open' && (
            <div className="gift-link__actions">
              <Button mode="tinted" onClick={() => vm.share(shareText)}>
                {t('gift.sent.share')}
              </Button>
              <Button mode="plain" onClick={() => void vm.copy()}>
                {t('gift.sent.copy')}
              </Button>
            </div>
          )}
        </div>
      </Section>
    </Screen>
  );
}

export default observer(GiftSentScreen);
