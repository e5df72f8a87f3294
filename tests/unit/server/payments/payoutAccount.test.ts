import { lengthHintFromPattern } from '../../../../src/domain/payout-fields';
import type { ProviderCard } from '../../../../server/modules/payments/PaymentProvider';
import {
  MANDATORY_PARAMETERS,
  PAYOUT_COUNTRIES,
  banksFor,
  requirementsFor,
} from '../../../../src/domain/payout-catalog';
import { validatePayoutAccount } from '../../../../server/modules/payouts/validateAccount';

const cards: Record<string, ProviderCard> = {
  tok_de: {
    brand: 'visa',
    type: 'debit',
    bin: '424242',
    last4: '4242',
    country: 'DE',
    maskedNumber: '424242******4242',
  },
  tok_fr: {
    brand: 'mastercard',
    type: 'credit',
    bin: '555555',
    last4: '4444',
    country: 'FR',
    maskedNumber: '555555******4444',
  },
  tok_us: {
    brand: 'visa',
    type: 'credit',
    bin: '400000',
    last4: '0127',
    country: 'US',
    maskedNumber: '400000******0127',
  },
};
const describe_ = async (token: string) => cards[token] ?? null;

describe('payout parameters table', () => {
  it('offers every supported country with ISO2, ISO3 and at least one method', () => {
    for (const country of PAYOUT_COUNTRIES) {
      expect(country.countryCodeIso2).toMatch(/^[A-Z]{2}$/);
      expect(country.countryCodeIso3).toMatch(/^[A-Z]{3}$/);
      expect(country.methods.length).toBeGreaterThan(0);
    }
    expect(PAYOUT_COUNTRIES.map((c) => c.countryCodeIso2)).not.toContain('US');
  });

  it('has requirements for every country, method and bank it offers', () => {
    for (const country of PAYOUT_COUNTRIES) {
      for (const { method, currency } of country.methods) {
        const banks = banksFor(country.countryCodeIso2, currency);
        const ids = banks.length > 0 ? banks.map((bank) => bank.externalId) : [undefined];
        for (const id of ids) expect(requirementsFor(country.countryCodeIso2, currency, method, id)).not.toBeNull();
      }
    }
  });

  it('gives the length hints the spec mentions (9 digits, 20 digits, 8 or 11 characters)', () => {
    const ru = requirementsFor('RU', 'rub', 'ru_account');
    const bik = ru?.fields.find((field) => field.name === 'bik');
    expect(lengthHintFromPattern(bik?.regex ?? '')).toEqual({ key: 'payout_hint_digits', params: { count: 9 } });
    const account = ru?.fields.find((field) => field.name === 'account');
    expect(lengthHintFromPattern(account?.regex ?? '')).toEqual({ key: 'payout_hint_digits', params: { count: 20 } });
    const swiftBic = requirementsFor('ID', 'eur', 'global_bank_account', 'id_bca')?.fields.find(
      (field) => field.name === 'swift_bic_code',
    );
    expect(lengthHintFromPattern(swiftBic?.regex ?? '')).toEqual({
      key: 'payout_hint_characters_or',
      params: { first: 8, second: 11 },
    });
    expect(MANDATORY_PARAMETERS.every((entry) => entry.fields.every((field) => field.invalidMessage.length > 0))).toBe(
      true,
    );
  });
});

describe('validatePayoutAccount', () => {
  it('saves a card account when the card was issued in the account country', async () => {
    const result = await validatePayoutAccount(
      { currency: 'eur', countryIso3: 'DEU', methodType: 'bank_card', card: { token: 'tok_de' }, params: {} },
      describe_,
    );
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        countryIso2: 'DE',
        methodType: 'bank_card',
        card: expect.objectContaining({ last4: '4242', country: 'DE', token: 'tok_de' }),
      }),
    });
  });

  it('answers error_country_mismatch with the card country, for supported and unsupported card countries', async () => {
    const fr = await validatePayoutAccount(
      { currency: 'eur', countryIso3: 'DEU', methodType: 'bank_card', card: { token: 'tok_fr' } },
      describe_,
    );
    expect(fr).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'error_country_mismatch', cardCountry: 'FR' }),
    });
    const us = await validatePayoutAccount(
      { currency: 'eur', countryIso3: 'DEU', methodType: 'bank_card', card: { token: 'tok_us' } },
      describe_,
    );
    expect(us).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'error_country_mismatch', cardCountry: 'US' }),
    });
  });

  it('needs a readable card token', async () => {
    for (const card of [undefined, { token: '' }, { token: 'tok_unknown' }]) {
      const result = await validatePayoutAccount(
        { currency: 'eur', countryIso3: 'DEU', methodType: 'bank_card', card },
        describe_,
      );
      expect(result).toEqual({
        ok: false,
        error: expect.objectContaining({ code: 'error_fields_required', field: 'cardNumber' }),
      });
    }
  });

  it('checks swift fields in order and keeps the IBAN in electronic form', async () => {
    const good = {
      city: 'Berlin',
      address: 'Unter den Linden 1',
      postal_code: '10117',
      iban: 'DE89 3704 0044 0532 0130 00',
    };
    const ok = await validatePayoutAccount(
      { currency: 'eur', countryIso3: 'DEU', methodType: 'swift', params: { ...good, unknown: 'x' } },
      describe_,
    );
    expect(ok).toEqual({
      ok: true,
      value: expect.objectContaining({ params: { ...good, iban: 'DE89370400440532013000' } }),
    });
    const missingCity = await validatePayoutAccount(
      { currency: 'eur', countryIso3: 'DEU', methodType: 'swift', params: { ...good, city: ' ' } },
      describe_,
    );
    expect(missingCity).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'error_fields_required', field: 'city' }),
    });
    const badIban = await validatePayoutAccount(
      { currency: 'eur', countryIso3: 'DEU', methodType: 'swift', params: { ...good, iban: 'DE89370400440532013001' } },
      describe_,
    );
    expect(badIban).toEqual({ ok: false, error: expect.objectContaining({ field: 'iban' }) });
  });

  it('requires a bank in Indonesia and checks the bank-specific account length', async () => {
    const params = {
      bank_account_number: '1234567890',
      id_type: 'NATIONAL_ID',
      id_number: 'AB123456',
      msisdn: '+628123456789',
      address: 'Jl. Sudirman 1',
      city: 'Jakarta',
      country_iso_code: 'ID',
    };
    const noBank = await validatePayoutAccount(
      { currency: 'eur', countryIso3: 'IDN', methodType: 'global_bank_account', params },
      describe_,
    );
    expect(noBank).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'error_fields_required', field: 'bank' }),
    });
    const bca = await validatePayoutAccount(
      {
        currency: 'eur',
        countryIso3: 'IDN',
        methodType: 'global_bank_account',
        bank: { externalId: 'id_bca', bankName: 'BCA' },
        params,
      },
      describe_,
    );
    expect(bca.ok).toBe(true);
    const mandiri = await validatePayoutAccount(
      {
        currency: 'eur',
        countryIso3: 'IDN',
        methodType: 'global_bank_account',
        bank: { externalId: 'id_mandiri' },
        params,
      },
      describe_,
    );
    expect(mandiri).toEqual({
      ok: false,
      error: {
        code: 'error_fields_required',
        field: 'bank_account_number',
        message: 'The account number has 13 digits',
      },
    });
    const wrongCountry = await validatePayoutAccount(
      {
        currency: 'eur',
        countryIso3: 'IDN',
        methodType: 'global_bank_account',
        bank: { externalId: 'id_bca' },
        params: { ...params, country_iso_code: 'MY' },
      },
      describe_,
    );
    expect(wrongCountry).toEqual({ ok: false, error: expect.objectContaining({ field: 'country_iso_code' }) });
    const badChoice = await validatePayoutAccount(
      {
        currency: 'eur',
        countryIso3: 'IDN',
        methodType: 'global_bank_account',
        bank: { externalId: 'id_bca' },
        params: { ...params, id_type: 'PAN_CARD' },
      },
      describe_,
    );
    expect(badChoice).toEqual({ ok: false, error: expect.objectContaining({ field: 'id_type' }) });
  });

  it('checks a Russian account: holder, INN, BIK 9 digits, account 20 digits', async () => {
    const good = { full_name: 'Petrova Anna', inn: '500100732259', bik: '044525225', account: '40817810899910004312' };
    expect(
      (
        await validatePayoutAccount(
          { currency: 'rub', countryIso3: 'RUS', methodType: 'ru_account', params: good },
          describe_,
        )
      ).ok,
    ).toBe(true);
    const shortBik = await validatePayoutAccount(
      { currency: 'rub', countryIso3: 'RUS', methodType: 'ru_account', params: { ...good, bik: '04452522' } },
      describe_,
    );
    expect(shortBik).toEqual({ ok: false, error: expect.objectContaining({ field: 'bik' }) });
    const longAccount = await validatePayoutAccount(
      {
        currency: 'rub',
        countryIso3: 'RUS',
        methodType: 'ru_account',
        params: { ...good, account: `${good.account}1` },
      },
      describe_,
    );
    expect(longAccount).toEqual({ ok: false, error: expect.objectContaining({ field: 'account' }) });
  });

  it('rejects an unsupported country, a method the country lacks and a wrong currency', async () => {
    expect(
      await validatePayoutAccount({ currency: 'eur', countryIso3: 'USA', methodType: 'swift' }, describe_),
    ).toEqual({ ok: false, error: expect.objectContaining({ field: 'countryIso3' }) });
    expect(
      await validatePayoutAccount({ currency: 'rub', countryIso3: 'RUS', methodType: 'swift' }, describe_),
    ).toEqual({ ok: false, error: expect.objectContaining({ field: 'methodType' }) });
    expect(
      await validatePayoutAccount({ currency: 'eur', countryIso3: 'RUS', methodType: 'ru_account' }, describe_),
    ).toEqual({ ok: false, error: expect.objectContaining({ field: 'currency' }) });
  });

  it('formats id_expiration_date before checking it', async () => {
    const params = {
      account_number: '123456789012',
      ifs_code: 'SBIN0001234',
      account_type: 'SAVINGS',
      id_type: 'PAN_CARD',
      id_number: 'ABCDE1234F',
      id_expiration_date: '31.12.2031',
      msisdn: '+919876543210',
      country_iso_code: 'IN',
    };
    const result = await validatePayoutAccount(
      { currency: 'eur', countryIso3: 'IND', methodType: 'global_bank_account', params },
      describe_,
    );
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ params: expect.objectContaining({ id_expiration_date: '2031-12-31' }) }),
    });
  });
});
