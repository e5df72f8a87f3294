import type { InvoiceRepository } from '../../src/application/ports/InvoiceRepository';
import type { CardDetails, ProviderGateway } from '../../src/application/ports/ProviderGateway';
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import { type MakeContractSubject, expectCode, useContractSubject } from './fixture';

/** The provider's card tokenisation, with the one-use public token the app asks its server for first. */
export interface ProviderPorts {
  readonly provider: ProviderGateway;
  readonly invoices: InvoiceRepository;
}

const card = (number: string): CardDetails => ({
  number,
  holderName: 'Test Holder',
  expiryMonth: '12',
  expiryYear: '34',
  cvc: '123',
});

export function describeProviderGatewayContract(name: string, make: MakeContractSubject<ProviderPorts>): void {
  describe(`${name} (ProviderGateway contract)`, () => {
    const subject = useContractSubject(make);

    async function tokenize(details: CardDetails) {
      const ports = subject().as(await subject().fixture.asFollower());
      return ports.provider.tokenizeCard(details, await ports.invoices.cardTokenization());
    }

    it('tokenises a valid card and answers only masked data', async () => {
      const number = PROVIDER_TEST_CARDS.approved.number;
      const token = await tokenize(card(number.replace(/(\d{4})/g, '$1 ').trim()));
      expect(token.token.length).toBeGreaterThan(0);
      expect(token).toMatchObject({ network: 'visa', last4: number.slice(-4), bin: number.slice(0, 6) });
      expect(token.maskedNumber.endsWith(number.slice(-4))).toBe(true);
      expect(JSON.stringify(token)).not.toContain(number);
    });

    it('tells the card network', async () => {
      expect(await tokenize(card(PROVIDER_TEST_CARDS.russianMir.number))).toMatchObject({
        network: 'mir',
        last4: PROVIDER_TEST_CARDS.russianMir.number.slice(-4),
      });
    });

    it('rejects a number with a wrong check digit', async () => {
      await expectCode(tokenize(card('4242424242424241')), 'invalid_card_number');
    });
  });
}
