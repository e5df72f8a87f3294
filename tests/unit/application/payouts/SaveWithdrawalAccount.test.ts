import type { PayoutParameters } from '../../../../src/application/ports/PayoutRepository';
import {
  type SaveWithdrawalAccountInput,
  SaveWithdrawalAccount,
} from '../../../../src/application/use-cases/payouts/SaveWithdrawalAccount';
import { PROVIDER_TEST_CARDS } from '../../../../src/contract/api';
import type { PayoutForm } from '../../../../src/domain/entities';
import { defaultBackendConfig } from '../../../../src/infrastructure/memory/defaults';
import type { BackendConfig } from '../../../../src/infrastructure/memory/records';
import { createWorld } from '../support/world';

async function setup(config: BackendConfig = defaultBackendConfig()) {
  const world = createWorld({ config });
  const creator = world.seed.user({ verification: 'approved' });
  const ports = world.as(creator);
  const parameters = await ports.payouts.parameters();
  const save = new SaveWithdrawalAccount(ports.payouts, ports.provider);
  const stored = () => world.backend.userRecord(creator.id);
  const run = async (form: PayoutForm, overrides: Partial<SaveWithdrawalAccountInput> = {}) => {
    const banks = await ports.payouts.banks({ country: form.countryCodeIso2, currency: form.currency });
    return save.execute({ form, parameters, banks, ...overrides });
  };
  return { world, parameters, run, stored };
}

const germany = { countryCodeIso2: 'DE', countryCodeIso3: 'DEU', currency: 'eur' } as const;
const cardForm = (cardNumber: string): PayoutForm => ({ ...germany, methodType: 'bank_card', fields: { cardNumber } });
const swiftForm = (fields: PayoutForm['fields']): PayoutForm => ({
  ...germany,
  methodType: 'swift',
  fields: {
    city: 'Berlin',
    address: 'Unter den Linden 1',
    postal_code: '10117',
    iban: 'DE89 3704 0044 0532 0130 00',
    ...fields,
  },
});

describe('SaveWithdrawalAccount', () => {
  describe('bank card', () => {
    it('tokenises the card at the provider and saves only the token', async () => {
      const { run, stored } = await setup();
      const result = await run(cardForm('4242 4242 4242 4242'));
      expect(result.ok && result.value.card).toMatchObject({ last4: '4242', brand: 'visa' });
      expect(stored().withdrawalAccount).toEqual({
        country: 'DE',
        methodType: 'bank_card',
        currency: 'eur',
        params: {},
      });
      expect(JSON.stringify(stored())).not.toContain('4242424242424242');
    });

    it('refuses a wrong check digit before calling anyone', async () => {
      const { run, world } = await setup();
      const result = await run(cardForm('4242 4242 4242 4241'));
      expect(result).toEqual({
        ok: false,
        error: { kind: 'invalid', field: 'cardNumber', code: 'invalid_card_number' },
      });
      expect(world.backend.providerTokens.size).toBe(0);
    });

    it("offers switching to the card's country when that country takes cards", async () => {
      const { run, stored } = await setup();
      const result = await run(cardForm(PROVIDER_TEST_CARDS.russianMir.number));
      expect(result).toEqual({
        ok: false,
        error: {
          kind: 'country_mismatch',
          cardCountry: 'RU',
          decision: 'offer_switch',
          switchTo: expect.objectContaining({ countryCodeIso2: 'RU', countryCodeIso3: 'RUS' }),
        },
      });
      expect(stored().withdrawalAccount).toBeNull();
    });

    it("says the card's country is not supported when it takes no cards", async () => {
      const config = defaultBackendConfig();
      config.payout.supportedCountries = config.payout.supportedCountries.map((c) =>
        c.countryCodeIso2 === 'RU' ? { ...c, availablePayoutMethods: ['ru_account'] } : c,
      );
      const { run } = await setup(config);
      const result = await run(cardForm(PROVIDER_TEST_CARDS.russianMir.number));
      expect(result.ok === false && result.error).toEqual({
        kind: 'country_mismatch',
        cardCountry: 'RU',
        decision: 'not_supported',
        switchTo: undefined,
      });
    });
  });

  describe('swift', () => {
    it.each([
      ['city', { city: ' ' }, 'required'],
      ['address', { address: 'a'.repeat(257) }, 'max_length'],
      ['postal_code', { postal_code: '' }, 'required'],
      ['iban', { iban: 'DE89 3704' }, 'min_length'],
    ])('refuses %s (%s) with its own message key', async (field, fields, reason) => {
      const { run } = await setup();
      const result = await run(swiftForm(fields));
      expect(result).toEqual({
        ok: false,
        error: expect.objectContaining({ kind: 'invalid', field, reason, code: `payout_${field}_${reason}` }),
      });
    });

    it('saves the account with the IBAN in electronic form', async () => {
      const { run, stored } = await setup();
      const result = await run(swiftForm({}));
      expect(result.ok).toBe(true);
      expect(stored().withdrawalAccount?.params.iban).toBe('DE89370400440532013000');
    });
  });

  describe('bank account with server requirements', () => {
    const indonesia: PayoutForm = {
      countryCodeIso2: 'ID',
      countryCodeIso3: 'IDN',
      currency: 'eur',
      methodType: 'global_bank_account',
      fields: {
        bank_account_number: '1234567890',
        id_type: 'PASSPORT',
        id_number: 'A1234567',
        msisdn: '+6281234567890',
        address: 'Jl. Sudirman 1',
        city: 'Jakarta',
        country_iso_code: 'ID',
      },
    };
    const india: PayoutForm = {
      countryCodeIso2: 'IN',
      countryCodeIso3: 'IND',
      currency: 'eur',
      methodType: 'global_bank_account',
      fields: {
        account_number: '123456789',
        ifs_code: 'SBIN0001234',
        account_type: 'SAVINGS',
        id_type: 'PASSPORT',
        id_number: 'P1234567',
        id_expiration_date: '31.12.2030',
        msisdn: '+919876543210',
        country_iso_code: 'IN',
      },
    };

    it('needs a bank when the country and currency have banks', async () => {
      const { run } = await setup();
      expect(await run(indonesia)).toEqual({
        ok: false,
        error: { kind: 'invalid', field: 'bank', code: 'payout_setup_select_bank' },
      });
    });

    it("checks the chosen bank's own requirements and reports the first invalid field with its message", async () => {
      const { run } = await setup();
      // BCA account numbers have 10 digits, Mandiri ones 13.
      const result = await run({
        ...indonesia,
        bankExternalId: 'id_mandiri',
        fields: { ...indonesia.fields, msisdn: 'x' },
      });
      expect(result).toEqual({
        ok: false,
        error: {
          kind: 'invalid',
          field: 'bank_account_number',
          code: 'The account number has 13 digits',
          reason: 'regex',
        },
      });
    });

    it('saves with the chosen bank', async () => {
      const { run, stored } = await setup();
      const result = await run({ ...indonesia, bankExternalId: 'id_bca', bankName: 'Bank Central Asia (BCA)' });
      expect(result.ok).toBe(true);
      expect(stored().withdrawalAccount).toMatchObject({
        country: 'ID',
        methodType: 'global_bank_account',
        params: { bank_account_number: '1234567890', msisdn: '+6281234567890' },
      });
    });

    it('formats id_expiration_date before sending', async () => {
      const { run, stored } = await setup();
      expect((await run(india)).ok).toBe(true);
      expect(stored().withdrawalAccount?.params.id_expiration_date).toBe('2030-12-31');
    });

    it("refuses an id_expiration_date that is not a date, with the field's message", async () => {
      const { run } = await setup();
      const result = await run({ ...india, fields: { ...india.fields, id_expiration_date: '31.02.2030' } });
      expect(result).toEqual({
        ok: false,
        error: {
          kind: 'invalid',
          field: 'id_expiration_date',
          code: 'Enter the expiry date as yyyy-MM-dd',
          reason: 'date',
        },
      });
    });

    it("passes the server's error_fields_required message and field on when the screen's requirements are stale", async () => {
      const { run, parameters } = await setup();
      const stale: PayoutParameters = { ...parameters, requirements: [] };
      const result = await run({ ...india, fields: {} }, { parameters: stale });
      expect(result).toEqual({
        ok: false,
        error: {
          kind: 'request',
          code: 'error_fields_required',
          message: 'The account number has 9 to 18 digits',
          details: { field: 'account_number' },
        },
      });
    });
  });

  describe('Russian account', () => {
    const russia: PayoutForm = {
      countryCodeIso2: 'RU',
      countryCodeIso3: 'RUS',
      currency: 'rub',
      methodType: 'ru_account',
      fields: { full_name: 'Petrova Anna', inn: '500100732259', bik: '044525225', account: '40817810899910004312' },
    };

    it('refuses each field with our own text key, before the server is asked', async () => {
      const { run, stored } = await setup();
      expect(await run({ ...russia, fields: { ...russia.fields, inn: '500100732258' } })).toEqual({
        ok: false,
        error: {
          kind: 'invalid',
          field: 'inn',
          code: 'payout_ru_inn_checksum',
          reason: 'inn_checksum',
          params: { max: 256 },
        },
      });
      expect(await run({ ...russia, fields: { ...russia.fields, account: '40702810938000000001' } })).toMatchObject({
        error: { field: 'account', code: 'payout_ru_account_prefix' },
      });
      expect(await run({ ...russia, fields: { ...russia.fields, full_name: '' } })).toMatchObject({
        error: { field: 'full_name', code: 'payout_ru_full_name_required' },
      });
      expect(stored().withdrawalAccount).toBeFalsy();
    });

    it('saves the account as the provider wants it: digits only, one space between names', async () => {
      const { run, stored } = await setup();
      const pasted = { ...russia.fields, full_name: ' Petrova  Anna', account: '4081 7810 8999 1000 4312' };
      expect((await run({ ...russia, fields: pasted })).ok).toBe(true);
      expect(stored().withdrawalAccount).toMatchObject({
        country: 'RU',
        methodType: 'ru_account',
        params: russia.fields,
      });
    });
  });
});
