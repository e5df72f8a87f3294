import type { ProviderGateway } from '../../src/application/ports/ProviderGateway';
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import { type MakeContractSubject, expectCode, useContractSubject } from './fixture';

const card = (number: string) => ({ number, holderName: 'Test Holder', expiryMonth: '12', expiryYear: '34', cvc: '123' });

export function describeProviderGatewayContract(name: string, make: MakeContractSubject<ProviderGateway>): void {
  describe(`${name} (ProviderGateway contract)`, () => {
    const subject = useContractSubject(make);

    it('tokenises a valid card and answers only masked data', async () => {
      const user = await subject().fixture.asFollower();
      const number = PROVIDER_TEST_CARDS.approved.number;
      const token = await subject().as(user).tokenizeCard(card(number.replace(/(\d{4})/g, '$1 ').trim()));
      expect(token.token.length).toBeGreaterThan(0);
      expect(token).toMatchObject({ network: 'visa', last4: number.slice(-4), bin: number.slice(0, 6), country: PROVIDER_TEST_CARDS.approved.country });
      expect(token.maskedNumber.endsWith(number.slice(-4))).toBe(true);
      expect(JSON.stringify(token)).not.toContain(number);
    });

    it('reports the issuing country of the card', async () => {
      const user = await subject().fixture.asFollower();
      const token = await subject().as(user).tokenizeCard(card(PROVIDER_TEST_CARDS.russianMir.number));
      expect(token).toMatchObject({ network: 'mir', country: 'RU' });
    });

    it('rejects a number with a wrong check digit', async () => {
      const user = await subject().fixture.asFollower();
      await expectCode(subject().as(user).tokenizeCard(card('4242424242424241')), 'invalid_card_number');
    });

    it('answers session_not_found for an unknown session token', async () => {
      const user = await subject().fixture.asFollower();
      await expectCode(subject().as(user).sessionStatus('no-such-session'), 'session_not_found');
    });
  });
}
