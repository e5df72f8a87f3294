import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { VERIFICATION_TERMS_ALERT_KEY } from '../../../domain/verification';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Placeholder } from '../../components/Placeholder';
import { Checkbox } from '../../components/Switch';
import type { MainButtonConfig } from '../../shell/hostButtons';
import { Screen } from '../../shell/Screen';
import type { VerificationViewModel } from './VerificationViewModel';
import './verification.css';

/** Messages the identity-check widget posts to its parent (server/modules/verification/kyc/widget.ts). */
interface WidgetMessage {
  readonly source: 'backers-kyc';
  readonly event: 'ready' | 'decision' | 'error';
  readonly code?: string;
}

function isWidgetMessage(data: unknown): data is WidgetMessage {
  return typeof data === 'object' && data !== null && (data as { source?: unknown }).source === 'backers-kyc';
}

const BENEFITS = ['subscriptions', 'donations', 'payouts'] as const;

/** The identity-check widget in a frame; its messages drive a status read or a fresh token. */
const KycWidget = observer(function KycWidget({ vm }: { vm: VerificationViewModel }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent): void => {
      if (event.source !== frame.current?.contentWindow || !isWidgetMessage(event.data)) return;
      if (event.data.event === 'decision') vm.refreshNow();
      else if (event.data.event === 'error') void vm.onWidgetError(event.data.code ?? '');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [vm]);
  if (vm.widgetUrl === undefined) {
    return <Placeholder level={1} title={t('verification.inProgressTitle')} text={t('verification.inProgressText')} />;
  }
  return (
    <div className="verification-widget">
      <h1 className="visually-hidden">{t('verification.widgetTitle')}</h1>
      <iframe ref={frame} className="verification-widget__frame" title={t('verification.widgetTitle')} src={vm.widgetUrl} allow="camera; microphone" />
    </div>
  );
});

const VerificationView = observer(function VerificationView({ vm }: { vm: VerificationViewModel }) {
  const { t } = useTranslation();
  const support = <Button onClick={vm.openSupport}>{t('common.support')}</Button>;

  switch (vm.view) {
    case null:
      return null;
    case 'intro':
      return vm.introStep === 'benefits' ? (
        <div className="verification-intro">
          <Placeholder level={1} icon={<Icon name="star" size={48} />} title={t('verification.introTitle')} text={t('verification.introText')} />
          <ul className="verification-benefits">
            {BENEFITS.map((benefit) => (
              <li key={benefit}>
                <Icon name="check" size={20} />
                <span>{t(`verification.benefit.${benefit}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="verification-intro">
          <Placeholder level={1} title={t('verification.termsTitle')} text={t('verification.termsText')} />
          <div className="verification-terms">
            <Checkbox label={t('verification.termsCheckbox')} checked={vm.termsAccepted} onChange={vm.setTermsAccepted} />
            <Button mode="plain" size="small" onClick={vm.openTerms}>
              {t('verification.termsLink')}
            </Button>
          </div>
        </div>
      );
    case 'widget':
      return <KycWidget vm={vm} />;
    case 'in_progress_external':
      return (
        <Placeholder
          title={t('verification.inProgressTitle')}
          text={t('verification.inProgressExternalText')}
          actions={
            vm.widgetUrl !== undefined && (
              <Button mode="tinted" onClick={vm.openWidgetPage}>
                {t('verification.openPage')}
              </Button>
            )
          }
        />
      );
    case 'rejected':
      return <Placeholder icon={<Icon name="alert" size={48} />} title={t('verification.rejectedTitle')} text={t('verification.rejectedText')} actions={support} />;
    case 'waiting':
      return (
        <Placeholder
          icon={<Icon name="info" size={48} />}
          title={t('verification.waitingTitle')}
          text={t('verification.waitingText')}
          actions={<Button onClick={vm.close}>{t('common.close')}</Button>}
        />
      );
    case 'success':
      return <Placeholder icon={<Icon name="check" size={48} />} title={t('verification.successTitle')} text={t('verification.successText')} />;
  }
});

/** /verification: the six states of spec section 4. */
const VerificationScreen = observer(function VerificationScreen({ vm }: { vm: VerificationViewModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    vm.load();
  }, [vm]);

  const onContinue = async (): Promise<void> => {
    await vm.startWithAlert(t(`verification.${VERIFICATION_TERMS_ALERT_KEY}`));
  };

  let mainButton: MainButtonConfig | undefined;
  if (vm.view === 'intro' && vm.introStep === 'benefits') mainButton = { text: t('verification.get'), onClick: vm.showTerms };
  else if (vm.view === 'intro') mainButton = { text: t('common.continue'), onClick: () => void onContinue(), loading: vm.starting };
  else if (vm.view === 'success') mainButton = { text: t('verification.connectBot'), onClick: () => void navigate('/connectbot') };

  return (
    <Screen title={t('verification.title')} state={vm.state} mainButton={mainButton} className="verification">
      <VerificationView vm={vm} />
    </Screen>
  );
});

export default VerificationScreen;
