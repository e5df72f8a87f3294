import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NoPaymentPlaceholder } from '../../payment/NoPaymentPlaceholder';
import { useFlowNavigation } from '../../payment/useFlowNavigation';
import '../../payment/payment.css';
import { Screen } from '../../shell/Screen';
import { LOADING } from '../../shell/screenState';
import type { PaymentRedirectViewModel } from './PaymentRedirectViewModel';

/** /payment/redirect: the bank's confirmation page in a frame, with the time left. */
function PaymentRedirectScreen({ vm }: { vm: PaymentRedirectViewModel }) {
  const { t } = useTranslation();
  useFlowNavigation(vm.flowNavigation);
  useEffect(() => vm.start(), [vm]);
  const title = t('payment.redirect.title');
  const url = vm.redirectUrl;
  if (vm.settled) return <Screen title={title} state={LOADING} />;
  if (url === null) return <NoPaymentPlaceholder title={title} />;
  return (
    <Screen title={title} className="payment-redirect">
      <p className="payment-redirect__timer" role="timer" aria-live="off">
        {t('payment.redirect.timeLeft', { time: vm.countdownText })}
      </p>
      <iframe
        className="payment-redirect__frame"
        src={url}
        title={t('payment.redirect.frameTitle')}
        referrerPolicy="no-referrer"
      />
    </Screen>
  );
}

export default observer(PaymentRedirectScreen);
