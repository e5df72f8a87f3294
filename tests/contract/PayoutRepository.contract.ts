import type { PayoutRepository } from '../../src/application/ports/PayoutRepository';
import type { ProviderGateway } from '../../src/application/ports/ProviderGateway';
import { errorDetailOf } from '../../src/application/ports/RepositoryError';
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import { money } from '../../src/domain/money';
import { type MakeContractSubject, expectCode, useContractSubject } from './fixture';

/** Saving a card account needs a provider token, so this suite's port is the pair. */
export interface PayoutPorts {
  readonly payouts: PayoutRepository;
  readonly provider: ProviderGateway;
}

const SWIFT = {
  city: 'Berlin',
  address: 'Unter den Linden 1',
  postal_code: '10117',
  iban: 'DE89 3704 0044 0532 0130 00',
};

export function describePayoutRepositoryContract(name: string, make: MakeContractSubject<PayoutPorts>): void {
  describe(`${name} (PayoutRepository contract)`, () => {
    const subject = useContractSubject(make);

    async function creator() {
      const user = await subject().fixture.asCreator();
      return { user, ports: subject().as(user) };
    }

    /** Payout cards are tokenised with the number only and the parameters' public token. */
    async function cardToken(ports: PayoutPorts, number: string) {
      const { token, tokenizeUrl } = await ports.payouts.parameters();
      return ports.provider.tokenizeCard({ number }, { publicToken: token, tokenizeUrl });
    }

    it('asks for verification first', async () => {
      const follower = await subject().fixture.asFollower();
      await expectCode(subject().as(follower).payouts.state(), 'verification_required');
      await expectCode(subject().as(follower).payouts.parameters(), 'verification_required');
    });

    it('answers balances, the next payout day and the withdrawals', async () => {
      const { fixture } = subject();
      const { user, ports } = await creator();
      await fixture.seedBalance(user, 'payout', money(12_000, 'eur'));
      const withdrawal = await fixture.seedTransaction(user, { type: 'withdrawal', amount: money(10_000, 'eur') });
      const state = await ports.payouts.state();
      expect(state.payoutBalances).toEqual([money(12_000, 'eur')]);
      expect(state.nextPayoutDate).toMatch(/^\d{4}-\d{2}-(10|25)$/);
      expect(state.withdrawals.items.map((t) => t.id)).toEqual([withdrawal.id]);
      expect(state.withdrawalAccount).toBeNull();
    });

    it('offers DE with card and swift payouts, a provider token and field requirements', async () => {
      const { ports } = await creator();
      const parameters = await ports.payouts.parameters();
      expect(parameters.token.length).toBeGreaterThan(0);
      const germany = parameters.supportedCountries.find((c) => c.countryCodeIso2 === 'DE');
      expect(germany).toMatchObject({ countryCodeIso3: 'DEU' });
      expect(germany?.availablePayoutMethods).toEqual(expect.arrayContaining(['bank_card', 'swift']));
      expect(await ports.payouts.banks({ country: 'DE', currency: 'eur' })).toEqual([]);
      const swift = parameters.requirements.find((r) => r.country === 'DE' && r.methodType === 'swift');
      expect(swift?.fields.map((f) => f.name)).toEqual(
        expect.arrayContaining(['city', 'address', 'postal_code', 'iban']),
      );
    });

    it('saves a card account for a card issued in the account country', async () => {
      const { ports } = await creator();
      const token = await cardToken(ports, PROVIDER_TEST_CARDS.approved.number);
      const saved = await ports.payouts.saveAccount({
        currency: 'eur',
        countryIso3: 'DEU',
        methodType: 'bank_card',
        params: {},
        card: { token: token.token, network: token.network, type: token.type, maskedNumber: token.maskedNumber },
      });
      expect(saved.withdrawalAccount).toMatchObject({ country: 'DE', methodType: 'bank_card', currency: 'eur' });
      expect(saved.card).toMatchObject({ last4: token.last4, brand: 'visa' });
      const state = await ports.payouts.state();
      expect(state.withdrawalAccount?.methodType).toBe('bank_card');
      expect(state.withdrawalCard?.last4).toBe(token.last4);
    });

    it('answers error_country_mismatch with the card country', async () => {
      const { ports } = await creator();
      const token = await cardToken(ports, PROVIDER_TEST_CARDS.russianMir.number);
      const saving = ports.payouts.saveAccount({
        currency: 'eur',
        countryIso3: 'DEU',
        methodType: 'bank_card',
        params: {},
        card: { token: token.token, network: token.network, type: token.type, maskedNumber: token.maskedNumber },
      });
      const error = await saving.catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'error_country_mismatch' });
      expect(errorDetailOf(error, 'cardCountry')).toBe('RU');
      expect((await ports.payouts.state()).withdrawalAccount).toBeNull();
    });

    it('needs every swift field and saves a complete swift account', async () => {
      const { ports } = await creator();
      const missing = await ports.payouts
        .saveAccount({ currency: 'eur', countryIso3: 'DEU', methodType: 'swift', params: { ...SWIFT, city: '' } })
        .catch((e: unknown) => e);
      expect(missing).toMatchObject({ code: 'error_fields_required' });
      expect(errorDetailOf(missing, 'field')).toBe('city');
      const saved = await ports.payouts.saveAccount({
        currency: 'eur',
        countryIso3: 'DEU',
        methodType: 'swift',
        params: SWIFT,
      });
      expect(saved.withdrawalAccount).toMatchObject({ country: 'DE', methodType: 'swift' });
      expect(saved.withdrawalAccount.params.city).toBe('Berlin');
    });

    it('needs the server-required fields of a bank account route', async () => {
      const { ports } = await creator();
      const parameters = await ports.payouts.parameters();
      const set = parameters.requirements.find(
        (r) => r.bankExternalId === undefined && r.fields.some((f) => f.required),
      );
      expect(set).toBeDefined();
      if (set === undefined) return;
      const country = parameters.supportedCountries.find((c) => c.countryCodeIso2 === set.country);
      const banks = await ports.payouts.banks({ country: set.country, currency: set.currency });
      await expectCode(
        ports.payouts.saveAccount({
          currency: set.currency,
          countryIso3: country?.countryCodeIso3 ?? '',
          methodType: set.methodType,
          bank: banks[0],
          params: {},
        }),
        'error_fields_required',
      );
    });

    it('refuses an unsupported country or a method the country does not offer, naming the field', async () => {
      const { ports } = await creator();
      const country = await ports.payouts
        .saveAccount({ currency: 'eur', countryIso3: 'ATA', methodType: 'swift', params: SWIFT })
        .catch((e: unknown) => e);
      expect(country).toMatchObject({ code: 'error_fields_required' });
      expect(errorDetailOf(country, 'field')).toBe('countryIso3');
      const method = await ports.payouts
        .saveAccount({ currency: 'eur', countryIso3: 'DEU', methodType: 'ru_account', params: {} })
        .catch((e: unknown) => e);
      expect(method).toMatchObject({ code: 'error_fields_required' });
      expect(errorDetailOf(method, 'field')).toBe('methodType');
    });
  });
}
