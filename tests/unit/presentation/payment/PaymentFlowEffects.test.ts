import { PaymentFlowEffects } from '../../../../src/presentation/payment/PaymentFlowEffects';

function recordingHost() {
  const calls: string[] = [];
  return {
    calls,
    host: {
      openLink: (url: string) => void calls.push(`link ${url}`),
      openTelegramLink: (url: string) => void calls.push(`tg ${url}`),
      close: () => void calls.push('close'),
    },
  };
}

describe('PaymentFlowEffects: the payment session outside its own state', () => {
  it('hands one navigation request to the mounted screen, replacing the entry, once', () => {
    const effects = new PaymentFlowEffects(recordingHost().host);
    effects.navigate('/invoice/subscription/7');
    expect(effects.navigation).toEqual({ to: '/invoice/subscription/7', replace: true });
    expect(effects.consumeNavigation()).toEqual({ to: '/invoice/subscription/7', replace: true });
    expect(effects.consumeNavigation()).toBeNull();
    effects.navigate('/payment/redirect');
    effects.forgetNavigation();
    expect(effects.navigation).toBeNull();
  });

  it('after a paid subscription opens a t.me invite inside the messenger and any other link in the browser', () => {
    const { host, calls } = recordingHost();
    const effects = new PaymentFlowEffects(host);
    effects.leaveAfterPayment('subscription', 'https://t.me/+invite');
    effects.leaveAfterPayment('subscription', 'https://example.org/join');
    effects.leaveAfterPayment('subscription', undefined);
    expect(calls).toEqual(['tg https://t.me/+invite', 'link https://example.org/join']);
  });

  it('after a paid donation closes the app, and opens the hosted page of a link payment', () => {
    const { host, calls } = recordingHost();
    const effects = new PaymentFlowEffects(host);
    effects.leaveAfterPayment('donation', undefined);
    effects.openPaymentPage('https://pay.example/link/1');
    expect(calls).toEqual(['close', 'link https://pay.example/link/1']);
  });
});
