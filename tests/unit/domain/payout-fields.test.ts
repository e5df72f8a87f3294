import type { PayoutFieldRequirement } from '../../../src/domain/entities';
import {
  countryMismatchDecision,
  formatCardNumberInput,
  formatIdExpirationDate,
  isValidPayoutCardNumber,
  lengthHintFromPattern,
  requireBank,
  validateRequirements,
  validateSwiftFields,
} from '../../../src/domain/payout-fields';

describe('payout card number', () => {
  it.each([
    ['4111111111111111', '4111 1111 1111 1111'],
    ['4111 1111-1111x1111', '4111 1111 1111 1111'],
    ['12345', '1234 5'],
    ['1234', '1234'],
    ['12345678901234567890', '1234 5678 9012 3456 7890'],
    ['123456789012345678901', '1234 5678 9012 3456 7890'],
    ['', ''],
  ])('formats %p as %p', (input, output) => {
    expect(formatCardNumberInput(input)).toBe(output);
  });

  it('never exceeds the 24-character field', () => {
    expect(formatCardNumberInput('9'.repeat(40))).toHaveLength(24);
  });

  it.each([
    ['4111 1111 1111 1111', true],
    ['4111111111111112', false],
    ['675900000000', true], // 12 digits
    ['4111111111111111110', true], // 19 digits
    ['40000000000000000002', false], // 20 digits, valid check digit
    ['79927398713', false], // 11 digits, valid check digit
    ['', false],
  ])('%p is a valid payout card: %p', (number, validity) => {
    expect(isValidPayoutCardNumber(number)).toBe(validity);
  });
});

describe('swift fields', () => {
  const valid = { city: 'Berlin', address: 'Unter den Linden 1', postal_code: '10117', iban: 'DE89370400440532013000' };
  const errorOf = (fields: Partial<typeof valid>) => {
    const result = validateSwiftFields(fields);
    return result.ok ? null : result.error;
  };

  it('accepts valid fields and normalises the IBAN', () => {
    expect(validateSwiftFields({ ...valid, city: ' Berlin ', iban: 'de89 3704 0044 0532 0130 00' })).toEqual({
      ok: true,
      value: { ...valid },
    });
  });

  it('requires every field, checked in order city, address, postal code, iban', () => {
    expect(errorOf({})).toEqual({ field: 'city', reason: 'required' });
    expect(errorOf({ city: 'x' })).toEqual({ field: 'address', reason: 'required' });
    expect(errorOf({ city: 'x', address: 'y' })).toEqual({ field: 'postal_code', reason: 'required' });
    expect(errorOf({ city: 'x', address: 'y', postal_code: 'z' })).toEqual({ field: 'iban', reason: 'required' });
  });

  it.each([
    ['city', 64],
    ['address', 256],
    ['postal_code', 64],
  ] as const)('%s fits %i characters', (field, max) => {
    expect(errorOf({ ...valid, [field]: 'a'.repeat(max) })).toBeNull();
    expect(errorOf({ ...valid, [field]: 'a'.repeat(max + 1) })).toEqual({ field, reason: 'max_length', max });
  });

  it.each([
    ['NO93860111179', { field: 'iban', reason: 'min_length', min: 14 }], // 13
    ['NO938601111794', { field: 'iban', reason: 'invalid_iban' }], // 14: long enough, not an IBAN
    ['NO9386011117947', null], // 15: shortest real IBAN
    ['RU0204452560040702810412345678901', null], // 33: longest real IBAN
    [`DE89${'0'.repeat(30)}`, { field: 'iban', reason: 'invalid_iban' }], // 34
    [`DE89${'0'.repeat(31)}`, { field: 'iban', reason: 'max_length', max: 34 }], // 35
    ['DE89370400440532013001', { field: 'iban', reason: 'invalid_iban' }], // bad checksum
  ])('iban %s → %p', (iban, error) => {
    expect(errorOf({ ...valid, iban })).toEqual(error);
  });
});

describe('server-supplied requirements', () => {
  const requirements: PayoutFieldRequirement[] = [
    { name: 'bik', required: true, regex: '^\\d{9}$', invalidMessage: 'payout_invalid_bik' },
    { name: 'account', required: true, maxLength: 20, regex: '\\d+', invalidMessage: 'payout_invalid_account' },
    {
      name: 'account_type',
      required: false,
      oneOf: ['CHECKING', 'SAVINGS'],
      invalidMessage: 'payout_invalid_account_type',
    },
    { name: 'country_iso_code', required: true, equalTo: 'RU', invalidMessage: 'payout_invalid_country' },
  ];
  const good = { bik: '044525225', account: '40702810412345678901', country_iso_code: 'RU' };

  it('passes valid values and skips an empty optional field', () => {
    expect(validateRequirements(requirements, good)).toBeNull();
  });

  it.each([
    [{ bik: '' }, 'bik', 'required', 'payout_invalid_bik'],
    [{ bik: '04452522' }, 'bik', 'regex', 'payout_invalid_bik'],
    [{ account: '123456789012345678901' }, 'account', 'max_length', 'payout_invalid_account'],
    [{ account: '12ab' }, 'account', 'regex', 'payout_invalid_account'],
    [{ account_type: 'DEPOSIT' }, 'account_type', 'one_of', 'payout_invalid_account_type'],
    [{ country_iso_code: 'KZ' }, 'country_iso_code', 'equal_to', 'payout_invalid_country'],
  ])('%p fails %s with %s', (override, name, reason, invalidMessage) => {
    expect(validateRequirements(requirements, { ...good, ...override })).toEqual({ name, reason, invalidMessage });
  });

  it('reports the first invalid field in the requirements order', () => {
    expect(validateRequirements(requirements, { account: 'x', country_iso_code: 'KZ' })?.name).toBe('bik');
  });

  it('trims values before checking', () => {
    expect(validateRequirements(requirements, { ...good, bik: ' 044525225 ' })).toBeNull();
  });
});

describe('length hints', () => {
  it.each([
    ['^[A-Z0-9]{8}([A-Z0-9]{3})?$', { key: 'payout_hint_characters_or', params: { first: 8, second: 11 } }],
    ['^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$', { key: 'payout_hint_characters_or', params: { first: 8, second: 11 } }],
    ['^\\d{18}$', { key: 'payout_hint_digits', params: { count: 18 } }],
    ['^[0-9]{11}$', { key: 'payout_hint_digits', params: { count: 11 } }],
    ['^\\d{9}$', { key: 'payout_hint_digits', params: { count: 9 } }],
    ['^(\\d{9}|\\d{11})$', { key: 'payout_hint_digits_or', params: { first: 9, second: 11 } }],
    ['^[0-9]{6,10}$', { key: 'payout_hint_digits_range', params: { min: 6, max: 10 } }],
    ['^[A-Z]{4}0[A-Z0-9]{6}$', { key: 'payout_hint_characters', params: { count: 11 } }],
    ['^\\d+$', null],
    ['.*', null],
    ['^[', null],
  ])('%s → %p', (pattern, hint) => {
    expect(lengthHintFromPattern(pattern)).toEqual(hint);
  });
});

describe('id expiration date', () => {
  it.each([
    ['31.12.2030', '2030-12-31'],
    ['31/12/2030', '2030-12-31'],
    ['1.2.2030', '2030-02-01'],
    ['2030-12-31', '2030-12-31'],
    ['2028-02-29', '2028-02-29'],
    ['29.02.2027', null],
    ['31.04.2030', null],
    ['31-12-2030', null],
    ['31.12/2030', null],
    ['12.31', null],
    ['', null],
  ])('%p → %p', (input, output) => {
    expect(formatIdExpirationDate(input)).toBe(output);
  });
});

describe('country mismatch', () => {
  const supported = [
    { countryCodeIso2: 'DE', availablePayoutMethods: ['bank_card', 'swift'] as const },
    { countryCodeIso2: 'FR', availablePayoutMethods: ['swift'] as const },
  ].map((c) => ({ ...c, availablePayoutMethods: [...c.availablePayoutMethods] }));

  it('same country needs no switch, whatever the case', () => {
    expect(countryMismatchDecision('de', 'DE', supported)).toBe('same');
  });

  it('offers a switch to a supported card country', () => {
    expect(countryMismatchDecision('FR', 'de', supported)).toBe('offer_switch');
  });

  it('refuses an unsupported country or one without card payouts', () => {
    expect(countryMismatchDecision('DE', 'US', supported)).toBe('not_supported');
    expect(countryMismatchDecision('DE', 'FR', supported)).toBe('not_supported');
  });
});

describe('bank choice', () => {
  const banks = [{ externalId: 'b1', bankName: 'Bank One' }];

  it('is required only when banks exist', () => {
    expect(requireBank([], undefined)).toEqual({ ok: true, value: null });
    expect(requireBank(banks, 'b1')).toEqual({ ok: true, value: banks[0] });
    expect(requireBank(banks, undefined)).toEqual({ ok: false, error: { code: 'payout_setup_select_bank' } });
    expect(requireBank(banks, 'gone')).toEqual({ ok: false, error: { code: 'payout_setup_select_bank' } });
  });
});
