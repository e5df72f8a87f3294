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

const BENEFITS = ['subscriptions', 'donations', 'payouts'] as const;

/**
 * The identity check: Sumsub's WebSDK (@sumsub/websdk, loaded only on this screen) with the session's access token,
 * in the user's language. Its frame comes from the base URL the token names (Sumsub, or the sandbox's double); an
 * expired token (the frame's invalid-token error) is replaced through the expiration handler with a fresh one.
 */
const KycWidget = observer(function KycWidget({ vm }: { vm: VerificationViewModel }) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const hasSession = vm.token !== undefined;
  const title = t('verification.widgetTitle');
  useEffect(() => {
    const element = container.current;
    // The first token launches the widget; later ones reach it through the expiration handler, not a relaunch.
    const token = vm.token;
    if (!hasSession || element === null || token === undefined) return undefined;
    let sdk: { destroy(): void } | null = null;
    let cancelled = false;
    void import('@sumsub/websdk').then(
      ({ default: snsWebSdk }) => {
        if (cancelled) return;
        const built = snsWebSdk
          .init(token, () => vm.freshToken())
          .withConf({ lang: i18n.language })
          .withOptions({ addViewportTag: false, adaptIframeHeight: true })
          .on('idCheck.onApplicantSubmitted', () => vm.refreshNow())
          .on('idCheck.onApplicantStatusChanged', () => vm.refreshNow())
          .on('idCheck.onError', (error) => vm.onWidgetError((error as { code?: string }).code ?? ''))
          .build();
        built.launch(element);
        element.querySelector('iframe')?.setAttribute('title', title);
        sdk = built;
      },
      () => vm.refreshNow(),
    );
    return () => {
      cancelled = true;
      sdk?.destroy();
    };
  }, [vm, hasSession, i18n.language, title]);
  if (!hasSession) {
    return <Placeholder level={1} title={t('verification.inProgressTitle')} text={t('verification.inProgressText')} />;
  }
  return (
    <div className="verification-widget">
      <h1 className="visually-hidden">{title}</h1>
      <div ref={container} className="verification-widget__frame" />
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
          <Placeholder
            level={1}
            icon={<Icon name="star" size={48} />}
            title={t('verification.introTitle')}
            text={t('verification.introText')}
          />
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
            <Checkbox
              label={t('verification.termsCheckbox')}
              checked={vm.termsAccepted}
              onChange={vm.setTermsAccepted}
            />
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
    case 'manual_review':
      return (
        <Placeholder
          icon={<Icon name="info" size={48} />}
          title={t('verification.manualReviewTitle')}
          text={t('verification.manualReviewText')}
          actions={<Button onClick={vm.close}>{t('common.close')}</Button>}
        />
      );
    case 'rejected':
      return (
        <Placeholder
          icon={<Icon name="alert" size={48} />}
          title={t('verification.rejectedTitle')}
          text={t('verification.rejectedText')}
          actions={support}
        />
      );
    case 'retry':
      return (
        <Placeholder
          icon={<Icon name="alert" size={48} />}
          title={t('verification.retryTitle')}
          text={t('verification.retryText')}
          actions={support}
        />
      );
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
      return (
        <Placeholder
          icon={<Icon name="check" size={48} />}
          title={t('verification.successTitle')}
          text={t('verification.successText')}
        />
      );
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
  if (vm.view === 'intro' && vm.introStep === 'benefits')
    mainButton = { text: t('verification.get'), onClick: vm.showTerms };
  else if (vm.view === 'intro')
    mainButton = { text: t('common.continue'), onClick: () => void onContinue(), loading: vm.starting };
  else if (vm.view === 'retry')
    mainButton = { text: t('verification.retry'), onClick: () => void vm.retry(), loading: vm.starting };
  else if (vm.view === 'success')
    mainButton = { text: t('verification.connectBot'), onClick: () => void navigate('/connectbot') };

  return (
    <Screen title={t('verification.title')} state={vm.state} mainButton={mainButton} className="verification">
      <VerificationView vm={vm} />
    </Screen>
  );
});

export default VerificationScreen;
