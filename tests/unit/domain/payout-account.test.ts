import type { PayoutAccountCatalog } from '../../../src/domain/payout-account';
import { checkPayoutAccount } from '../../../src/domain/payout-account';

/** A catalog of two countries: Germany (card or SWIFT in eur) and a test country with one bank and one field. */
const catalog: PayoutAccountCatalog = {
  supportedCountries: [
    { countryCodeIso2: 'DE', countryCodeIso3: 'DEU', availablePayoutMethods: ['bank_card', 'swift'] },
    { countryCodeIso2: 'ZZ', countryCodeIso3: 'ZZZ', availablePayoutMethods: ['global_bank_account'] },
  ],
  currencyOf: (country, method) =>
    country === 'DE'
      ? method === 'bank_card' || method === 'swift'
        ? 'eur'
        : undefined
      : method === 'global_bank_account'
        ? 'eur'
        : undefined,
  banks: (country) => (country === 'ZZ' ? [{ externalId: 'zz_bank', bankName: 'ZZ Bank' }] : []),
  requirements: (country, _currency, _method, bank) =>
    country === 'ZZ' && bank === 'zz_bank'
      ? [
          {
            name: 'bank_account_number',
            required: true,
            regex: '^\\d{4}$',
            invalidMessage: 'The account number has 4 digits',
          },
        ]
      : null,
};
const cards = new Map([
  ['tok_de', { country: 'DE', last4: '4242' }],
  ['tok_fr', { country: 'ZZ', last4: '0000' }],
]);
const describe_ = async (token: string) => cards.get(token) ?? null;

describe('checkPayoutAccount: the one withdrawal-account rule of the server and the in-memory backend', () => {
  it('accepts a card issued in the account country and keeps its token', async () => {
    const result = await checkPayoutAccount(
      { countryIso3: 'deu', methodType: 'bank_card', currency: 'eur', card: { token: 'tok_de' } },
      catalog,
      describe_,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        countryIso2: 'DE',
        countryIso3: 'DEU',
        currency: 'eur',
        methodType: 'bank_card',
        bank: null,
        params: {},
        card: { country: 'DE', last4: '4242', token: 'tok_de' },
      },
    });
  });

  it('refuses a card from another supported country with its country', async () => {
    const result = await checkPayoutAccount(
      { countryIso3: 'DEU', methodType: 'bank_card', currency: 'eur', card: { token: 'tok_fr' } },
      catalog,
      describe_,
    );
    expect(result).toEqual({
      ok: false,
      error: { code: 'error_country_mismatch', message: 'The card was issued in ZZ, not in DE', cardCountry: 'ZZ' },
    });
  });

  it.each([
    [
      { countryIso3: 'XXX', methodType: 'swift', currency: 'eur' },
      'countryIso3',
      'Payouts are not available in this country',
    ],
    [
      { countryIso3: 'DEU', methodType: 'carrier_pigeon', currency: 'eur' },
      'methodType',
      'Choose how to receive payouts',
    ],
    [
      { countryIso3: 'DEU', methodType: 'ru_account', currency: 'rub' },
      'methodType',
      'This payout method is not available in this country',
    ],
    [
      { countryIso3: 'DEU', methodType: 'swift', currency: 'rub' },
      'currency',
      'Payouts by this method are made in EUR',
    ],
    [{ countryIso3: 'DEU', methodType: 'bank_card', currency: 'eur' }, 'cardNumber', 'Enter the card number'],
    [
      { countryIso3: 'DEU', methodType: 'bank_card', currency: 'eur', card: { token: 'tok_unknown' } },
      'cardNumber',
      'The card could not be read, enter it again',
    ],
    [
      {
        countryIso3: 'DEU',
        methodType: 'swift',
        currency: 'eur',
        params: { city: 'Berlin', address: 'Main 1', postal_code: '10115', iban: 'DE00' },
      },
      'iban',
      'The IBAN is too short',
    ],
    [
      {
        countryIso3: 'ZZZ',
        methodType: 'global_bank_account',
        currency: 'eur',
        params: { bank_account_number: '1234' },
      },
      'bank',
      'Select a bank',
    ],
    [
      {
        countryIso3: 'ZZZ',
        methodType: 'global_bank_account',
        currency: 'eur',
        bank: { externalId: 'zz_bank' },
        params: { bank_account_number: '12' },
      },
      'bank_account_number',
      'The account number has 4 digits',
    ],
  ])('answers error_fields_required for %j', async (input, field, message) => {
    expect(await checkPayoutAccount(input, catalog, describe_)).toEqual({
      ok: false,
      error: { code: 'error_fields_required', field, message },
    });
  });

  it("keeps only the method's own fields, trimmed, with the chosen bank", async () => {
    const result = await checkPayoutAccount(
      {
        countryIso3: 'ZZZ',
        methodType: 'global_bank_account',
        currency: 'eur',
        bank: { externalId: 'zz_bank' },
        params: { bank_account_number: ' 1234 ', city: 'ignored', evil: 'x' },
      },
      catalog,
      describe_,
    );
    expect(result).toMatchObject({
      ok: true,
      value: {
        bank: { externalId: 'zz_bank', bankName: 'ZZ Bank' },
        params: { bank_account_number: '1234' },
        card: null,
      },
    });
  });
});
