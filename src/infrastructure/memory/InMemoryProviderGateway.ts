import { detectCardBrand, validateCardNumber } from '../../domain/payment-card';
import type {
  CardDetails,
  CardToken,
  CardTokenization,
  ProviderGateway,
} from '../../application/ports/ProviderGateway';
import { type InMemoryBackend, fail } from './InMemoryBackend';
import { testCardBehaviour } from './testCards';

/**
 * The sandbox card provider, sharing the backend's state so a paid session settles the payment. Card numbers are
 * kept only as brand, BIN and last four digits.
 */
/** The in-memory backend tokenises in process; this stands for the tokenize URL the server would hand out. */
export const IN_MEMORY_TOKENIZE_URL = 'memory://provider/tokenize';

export class InMemoryProviderGateway implements ProviderGateway {
  constructor(private readonly backend: InMemoryBackend) {}

  async tokenizeCard(card: CardDetails, _access: CardTokenization): Promise<CardToken> {
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
      maskedNumber: `${bin}${'*'.repeat(number.length - 10)}${last4}`,
    };
    this.backend.providerTokens.set(token.token, {
      token: token.token,
      brand: token.network,
      type: token.type,
      last4,
      bin,
      country: behaviour.country,
      maskedNumber: token.maskedNumber,
      scenario: behaviour.scenario,
      decline: behaviour.decline,
      challengeFails: behaviour.challengeFails,
      recurringFails: behaviour.recurringFails,
    });
    return token;
  }
}
