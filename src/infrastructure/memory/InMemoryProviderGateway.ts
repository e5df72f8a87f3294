import { detectCardBrand, validateCardNumber } from '../../domain/payment-card';
import type { CardDetails, CardToken, ProviderGateway, ProviderSession } from '../../application/ports/ProviderGateway';
import { type InMemoryBackend, fail } from './InMemoryBackend';
import { advancePayment } from './payments';
import { testCardBehaviour } from './testCards';

/**
 * The sandbox card provider, sharing the backend's state so a paid session settles the payment. Card numbers are
 * kept only as brand, BIN and last four digits.
 */
export class InMemoryProviderGateway implements ProviderGateway {
  constructor(private readonly backend: InMemoryBackend) {}

  async tokenizeCard(card: CardDetails, _publicToken?: string): Promise<CardToken> {
    const number = card.number.replace(/\s+/g, '');
    if (validateCardNumber(number) !== null) fail('invalid_card_number', 'Invalid card number');
    if (card.cvc !== undefined && !/^\d{3,4}$/.test(card.cvc)) fail('invalid_cvc', 'Invalid security code');
    const behaviour = testCardBehaviour(number, detectCardBrand(number));
    const last4 = number.slice(-4);
    const bin = number.slice(0, 6);
    const token: CardToken = {
      token: this.backend.nextToken('card'),
      network: detectCardBrand(number),
      type: 'credit',
      last4,
      bin,
      country: behaviour.country,
      maskedNumber: `${bin}${'*'.repeat(number.length - 10)}${last4}`,
    };
    this.backend.providerTokens.set(token.token, {
      token: token.token, brand: token.network, type: token.type, last4, bin, country: token.country, maskedNumber: token.maskedNumber,
      scenario: behaviour.scenario, decline: behaviour.decline, challengeFails: behaviour.challengeFails, recurringFails: behaviour.recurringFails,
    });
    return token;
  }

  /** Every read is one poll: the session stays pending for the configured number of reads. */
  async sessionStatus(publicToken: string): Promise<ProviderSession> {
    const session = this.backend.providerSessions.get(publicToken);
    const payment = session && this.backend.payments.get(session.paymentId);
    if (session === undefined || payment === undefined) fail('session_not_found', 'Unknown payment session');
    advancePayment(this.backend, payment);
    switch (payment.status) {
      case 'paid':
        return { status: 'paid' };
      case 'error':
        return { status: 'cancelled', error: payment.error ? { ...payment.error } : undefined };
      case 'action_required':
        return { status: 'action_required', redirectUrl: payment.redirectUrl };
      case 'pending':
        return { status: 'pending' };
    }
  }
}
