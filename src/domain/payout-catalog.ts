/**
 * The reference payout catalog: what the payout provider accepts (spec sections 3, 5 and 7: supported countries, banks
 * and the mandatory parameters per country, currency, method and bank). One table for the reference server
 * (server/modules/payouts) and the in-memory backend (src/infrastructure/memory), so both answer GET /payout and
 * validate accounts alike; the app itself reads the table from GET /payout, never from here. The spec does not show the real table; this one is modelled on what payout
 * networks ask for: EU countries pay out by card or SWIFT (IBAN) in eur; Indonesia and India to a local bank account
 * in eur (converted by the provider); Russia by card or to a bank account (BIK + 20-digit account) in rub.
 * Field names are those of section 3; patterns are anchored by the validators, written with ^...$ for the client's
 * length hints ("9 digits", "8 or 11 characters").
 */
import type { Bank, PayoutFieldRequirement, PayoutMethod } from './entities';
import type { PayoutCurrency } from './money';
import { SWIFT_LIMITS } from './payout-fields';
import { RU_ACCOUNT_MESSAGES, RU_FULL_NAME_MAX } from './ru-bank-account';

export interface PayoutCountry {
  readonly countryCodeIso2: string;
  readonly countryCodeIso3: string;
  /** Methods in the order the client offers them, each with the currency it pays out in. */
  readonly methods: readonly { readonly method: PayoutMethod; readonly currency: PayoutCurrency }[];
}

export const PAYOUT_COUNTRIES: readonly PayoutCountry[] = [
  {
    countryCodeIso2: 'DE',
    countryCodeIso3: 'DEU',
    methods: [
      { method: 'bank_card', currency: 'eur' },
      { method: 'swift', currency: 'eur' },
    ],
  },
  {
    countryCodeIso2: 'FR',
    countryCodeIso3: 'FRA',
    methods: [
      { method: 'bank_card', currency: 'eur' },
      { method: 'swift', currency: 'eur' },
    ],
  },
  {
    countryCodeIso2: 'ES',
    countryCodeIso3: 'ESP',
    methods: [
      { method: 'bank_card', currency: 'eur' },
      { method: 'swift', currency: 'eur' },
    ],
  },
  {
    countryCodeIso2: 'IT',
    countryCodeIso3: 'ITA',
    methods: [
      { method: 'bank_card', currency: 'eur' },
      { method: 'swift', currency: 'eur' },
    ],
  },
  {
    countryCodeIso2: 'NL',
    countryCodeIso3: 'NLD',
    methods: [
      { method: 'bank_card', currency: 'eur' },
      { method: 'swift', currency: 'eur' },
    ],
  },
  { countryCodeIso2: 'ID', countryCodeIso3: 'IDN', methods: [{ method: 'global_bank_account', currency: 'eur' }] },
  { countryCodeIso2: 'IN', countryCodeIso3: 'IND', methods: [{ method: 'global_bank_account', currency: 'eur' }] },
  {
    countryCodeIso2: 'RU',
    countryCodeIso3: 'RUS',
    methods: [
      { method: 'bank_card', currency: 'rub' },
      { method: 'ru_account', currency: 'rub' },
    ],
  },
];

export function countryByIso2(iso2: string): PayoutCountry | undefined {
  const code = iso2.trim().toUpperCase();
  return PAYOUT_COUNTRIES.find((country) => country.countryCodeIso2 === code);
}

export function countryByIso3(iso3: string): PayoutCountry | undefined {
  const code = iso3.trim().toUpperCase();
  return PAYOUT_COUNTRIES.find((country) => country.countryCodeIso3 === code);
}

/** Banks per country and currency (externalId is the provider's bank code). */
const BANKS: Readonly<Record<string, readonly Bank[]>> = {
  'ID:eur': [
    { externalId: 'id_bca', bankName: 'Bank Central Asia (BCA)' },
    { externalId: 'id_mandiri', bankName: 'Bank Mandiri' },
    { externalId: 'id_bni', bankName: 'Bank Negara Indonesia (BNI)' },
    { externalId: 'id_bri', bankName: 'Bank Rakyat Indonesia (BRI)' },
  ],
};

export function banksFor(countryIso2: string, currency: string): readonly Bank[] {
  return BANKS[`${countryIso2.trim().toUpperCase()}:${currency.trim().toLowerCase()}`] ?? [];
}

export interface MandatoryParameters {
  readonly country: string;
  readonly currency: PayoutCurrency;
  readonly methodType: PayoutMethod;
  readonly bankExternalId?: string;
  readonly fields: readonly PayoutFieldRequirement[];
}

const SWIFT_FIELDS: readonly PayoutFieldRequirement[] = [
  {
    name: 'city',
    required: true,
    maxLength: SWIFT_LIMITS.city.max,
    invalidMessage: 'Enter the city, up to 64 characters',
  },
  {
    name: 'address',
    required: true,
    maxLength: SWIFT_LIMITS.address.max,
    invalidMessage: 'Enter the address, up to 256 characters',
  },
  {
    name: 'postal_code',
    required: true,
    maxLength: SWIFT_LIMITS.postal_code.max,
    invalidMessage: 'Enter the postal code, up to 64 characters',
  },
  {
    name: 'iban',
    required: true,
    regex: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$',
    maxLength: SWIFT_LIMITS.iban.max,
    invalidMessage: 'Enter a valid IBAN, 14 to 34 characters',
  },
];

const INDONESIA_ACCOUNT_DIGITS: Readonly<Record<string, number>> = {
  id_bca: 10,
  id_mandiri: 13,
  id_bni: 10,
  id_bri: 15,
};

function indonesiaFields(bankExternalId: string): readonly PayoutFieldRequirement[] {
  const digits = INDONESIA_ACCOUNT_DIGITS[bankExternalId];
  return [
    {
      name: 'bank_account_number',
      required: true,
      regex: `^\\d{${digits}}$`,
      maxLength: digits,
      invalidMessage: `The account number has ${digits} digits`,
    },
    {
      name: 'id_type',
      required: true,
      oneOf: ['NATIONAL_ID', 'PASSPORT'],
      invalidMessage: 'Choose national ID or passport',
    },
    {
      name: 'id_number',
      required: true,
      regex: '^[A-Z0-9]{6,16}$',
      maxLength: 16,
      invalidMessage: 'Enter the ID number, 6 to 16 letters or digits',
    },
    {
      name: 'msisdn',
      required: true,
      regex: '^\\+62\\d{8,12}$',
      maxLength: 15,
      invalidMessage: 'Enter a phone number starting with +62',
    },
    { name: 'address', required: true, maxLength: 256, invalidMessage: 'Enter the address, up to 256 characters' },
    { name: 'city', required: true, maxLength: 64, invalidMessage: 'Enter the city, up to 64 characters' },
    {
      name: 'swift_bic_code',
      required: false,
      regex: '^[A-Z0-9]{8}([A-Z0-9]{3})?$',
      maxLength: 11,
      invalidMessage: 'The SWIFT/BIC code has 8 or 11 characters',
    },
    {
      name: 'country_iso_code',
      required: true,
      equalTo: 'ID',
      invalidMessage: 'The account must be in Indonesia (ID)',
    },
  ];
}

const INDIA_FIELDS: readonly PayoutFieldRequirement[] = [
  {
    name: 'account_number',
    required: true,
    regex: '^\\d{9,18}$',
    maxLength: 18,
    invalidMessage: 'The account number has 9 to 18 digits',
  },
  {
    name: 'ifs_code',
    required: true,
    regex: '^[A-Z]{4}0[A-Z0-9]{6}$',
    maxLength: 11,
    invalidMessage: 'The IFS code has 11 characters, like SBIN0001234',
  },
  {
    name: 'account_type',
    required: true,
    oneOf: ['CHECKING', 'SAVINGS'],
    invalidMessage: 'Choose checking or savings',
  },
  {
    name: 'id_type',
    required: true,
    oneOf: ['PAN_CARD', 'PASSPORT', 'VOTERS_ID'],
    invalidMessage: 'Choose PAN card, passport or voter ID',
  },
  {
    name: 'id_number',
    required: true,
    regex: '^[A-Z0-9]{8,12}$',
    maxLength: 12,
    invalidMessage: 'Enter the ID number, 8 to 12 letters or digits',
  },
  {
    name: 'id_expiration_date',
    required: false,
    regex: '^\\d{4}-\\d{2}-\\d{2}$',
    maxLength: 10,
    invalidMessage: 'Enter the expiry date as yyyy-MM-dd',
  },
  {
    name: 'msisdn',
    required: true,
    regex: '^\\+91\\d{10}$',
    maxLength: 13,
    invalidMessage: 'Enter a phone number starting with +91',
  },
  { name: 'country_iso_code', required: true, equalTo: 'IN', invalidMessage: 'The account must be in India (IN)' },
];

/** The reference's fields for an individual (src/domain/ru-bank-account.ts checks them further: check digits, prefixes). */
const RUSSIA_ACCOUNT_FIELDS: readonly PayoutFieldRequirement[] = [
  {
    name: 'full_name',
    required: true,
    maxLength: RU_FULL_NAME_MAX,
    invalidMessage: RU_ACCOUNT_MESSAGES.full_name_format,
  },
  {
    name: 'inn',
    required: true,
    regex: '^\\d{12}$',
    maxLength: 12,
    invalidMessage: RU_ACCOUNT_MESSAGES.inn_format,
  },
  {
    name: 'bik',
    required: true,
    regex: '^04\\d{7}$',
    maxLength: 9,
    invalidMessage: RU_ACCOUNT_MESSAGES.bik_format,
  },
  {
    name: 'account',
    required: true,
    regex: '^\\d{20}$',
    maxLength: 20,
    invalidMessage: RU_ACCOUNT_MESSAGES.account_format,
  },
  { name: 'bank', required: false, maxLength: 128, invalidMessage: 'The bank name is up to 128 characters' },
];

/** Every requirement set, as `mandatoryParametersV2` carries them. Card payouts need no fields (the card is a token). */
export const MANDATORY_PARAMETERS: readonly MandatoryParameters[] = [
  ...PAYOUT_COUNTRIES.flatMap((country) =>
    country.methods.flatMap(({ method, currency }): MandatoryParameters[] => {
      const base = { country: country.countryCodeIso2, currency, methodType: method };
      switch (method) {
        case 'bank_card':
          return [{ ...base, fields: [] }];
        case 'swift':
          return [{ ...base, fields: SWIFT_FIELDS }];
        case 'ru_account':
          return [{ ...base, fields: RUSSIA_ACCOUNT_FIELDS }];
        case 'global_bank_account': {
          if (country.countryCodeIso2 === 'IN') return [{ ...base, fields: INDIA_FIELDS }];
          return banksFor(country.countryCodeIso2, currency).map((bank) => ({
            ...base,
            bankExternalId: bank.externalId,
            fields: indonesiaFields(bank.externalId),
          }));
        }
      }
    }),
  ),
];

/** The requirements for a choice, or null when that combination is not offered. */
export function requirementsFor(
  countryIso2: string,
  currency: string,
  method: PayoutMethod,
  bankExternalId?: string | null,
): MandatoryParameters | null {
  const code = countryIso2.toUpperCase();
  return (
    MANDATORY_PARAMETERS.find(
      (entry) =>
        entry.country === code &&
        entry.currency === currency &&
        entry.methodType === method &&
        (entry.bankExternalId === undefined || entry.bankExternalId === bankExternalId),
    ) ?? null
  );
}

/** A guess at the user's country from the messenger language, used until an account is saved. */
const COUNTRY_BY_LANGUAGE: Readonly<Record<string, string>> = {
  ru: 'RU',
  id: 'ID',
  de: 'DE',
  fr: 'FR',
  es: 'ES',
  it: 'IT',
  nl: 'NL',
  hi: 'IN',
};

export function countryFromLanguage(languageCode: string | null | undefined): string | null {
  if (typeof languageCode !== 'string') return null;
  return COUNTRY_BY_LANGUAGE[languageCode.slice(0, 2).toLowerCase()] ?? null;
}
