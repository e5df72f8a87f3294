/**
 * Sandbox configuration the in-memory backend starts with: languages, payout countries, banks and field
 * requirements. The payout table mirrors the reference server's (server/payments/payouts/parameters.ts) so demos and
 * contract suites behave alike on both.
 */
import type { PayoutFieldRequirement, PayoutMethod } from '../../domain/entities';
import type { Currency } from '../../domain/money';
import { SWIFT_LIMITS } from '../../domain/payout-fields';
import type { BackendConfig, PayoutConfig } from './records';

const SWIFT_FIELDS: PayoutFieldRequirement[] = [
  { name: 'city', required: true, maxLength: SWIFT_LIMITS.city.max, invalidMessage: 'Enter the city, up to 64 characters' },
  { name: 'address', required: true, maxLength: SWIFT_LIMITS.address.max, invalidMessage: 'Enter the address, up to 256 characters' },
  { name: 'postal_code', required: true, maxLength: SWIFT_LIMITS.postal_code.max, invalidMessage: 'Enter the postal code, up to 64 characters' },
  { name: 'iban', required: true, regex: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$', maxLength: SWIFT_LIMITS.iban.max, invalidMessage: 'Enter a valid IBAN, 14 to 34 characters' },
];

const INDONESIA_BANKS = [
  { externalId: 'id_bca', bankName: 'Bank Central Asia (BCA)', digits: 10 },
  { externalId: 'id_mandiri', bankName: 'Bank Mandiri', digits: 13 },
  { externalId: 'id_bni', bankName: 'Bank Negara Indonesia (BNI)', digits: 10 },
  { externalId: 'id_bri', bankName: 'Bank Rakyat Indonesia (BRI)', digits: 15 },
];

function indonesiaFields(digits: number): PayoutFieldRequirement[] {
  return [
    { name: 'bank_account_number', required: true, regex: `^\\d{${digits}}$`, maxLength: digits, invalidMessage: `The account number has ${digits} digits` },
    { name: 'id_type', required: true, oneOf: ['NATIONAL_ID', 'PASSPORT'], invalidMessage: 'Choose national ID or passport' },
    { name: 'id_number', required: true, regex: '^[A-Z0-9]{6,16}$', maxLength: 16, invalidMessage: 'Enter the ID number, 6 to 16 letters or digits' },
    { name: 'msisdn', required: true, regex: '^\\+62\\d{8,12}$', maxLength: 15, invalidMessage: 'Enter a phone number starting with +62' },
    { name: 'address', required: true, maxLength: 256, invalidMessage: 'Enter the address, up to 256 characters' },
    { name: 'city', required: true, maxLength: 64, invalidMessage: 'Enter the city, up to 64 characters' },
    { name: 'swift_bic_code', required: false, regex: '^[A-Z0-9]{8}([A-Z0-9]{3})?$', maxLength: 11, invalidMessage: 'The SWIFT/BIC code has 8 or 11 characters' },
    { name: 'country_iso_code', required: true, equalTo: 'ID', invalidMessage: 'The account must be in Indonesia (ID)' },
  ];
}

const INDIA_FIELDS: PayoutFieldRequirement[] = [
  { name: 'account_number', required: true, regex: '^\\d{9,18}$', maxLength: 18, invalidMessage: 'The account number has 9 to 18 digits' },
  { name: 'ifs_code', required: true, regex: '^[A-Z]{4}0[A-Z0-9]{6}$', maxLength: 11, invalidMessage: 'The IFS code has 11 characters, like SBIN0001234' },
  { name: 'account_type', required: true, oneOf: ['CHECKING', 'SAVINGS'], invalidMessage: 'Choose checking or savings' },
  { name: 'id_type', required: true, oneOf: ['PAN_CARD', 'PASSPORT', 'VOTERS_ID'], invalidMessage: 'Choose PAN card, passport or voter ID' },
  { name: 'id_number', required: true, regex: '^[A-Z0-9]{8,12}$', maxLength: 12, invalidMessage: 'Enter the ID number, 8 to 12 letters or digits' },
  { name: 'id_expiration_date', required: false, regex: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10, invalidMessage: 'Enter the expiry date as yyyy-MM-dd' },
  { name: 'msisdn', required: true, regex: '^\\+91\\d{10}$', maxLength: 13, invalidMessage: 'Enter a phone number starting with +91' },
  { name: 'country_iso_code', required: true, equalTo: 'IN', invalidMessage: 'The account must be in India (IN)' },
];

const RUSSIA_ACCOUNT_FIELDS: PayoutFieldRequirement[] = [
  { name: 'bik', required: true, regex: '^04\\d{7}$', maxLength: 9, invalidMessage: 'The BIK has 9 digits and starts with 04' },
  { name: 'account', required: true, regex: '^\\d{20}$', maxLength: 20, invalidMessage: 'The account number has 20 digits' },
  { name: 'bank', required: false, maxLength: 128, invalidMessage: 'The bank name is up to 128 characters' },
];

type Offer = { method: PayoutMethod; currency: Currency };
const EU_OFFERS: Offer[] = [{ method: 'bank_card', currency: 'eur' }, { method: 'swift', currency: 'eur' }];
const COUNTRIES: { iso2: string; iso3: string; offers: Offer[] }[] = [
  { iso2: 'DE', iso3: 'DEU', offers: EU_OFFERS },
  { iso2: 'FR', iso3: 'FRA', offers: EU_OFFERS },
  { iso2: 'ES', iso3: 'ESP', offers: EU_OFFERS },
  { iso2: 'IT', iso3: 'ITA', offers: EU_OFFERS },
  { iso2: 'NL', iso3: 'NLD', offers: EU_OFFERS },
  { iso2: 'ID', iso3: 'IDN', offers: [{ method: 'global_bank_account', currency: 'eur' }] },
  { iso2: 'IN', iso3: 'IND', offers: [{ method: 'global_bank_account', currency: 'eur' }] },
  { iso2: 'RU', iso3: 'RUS', offers: [{ method: 'bank_card', currency: 'rub' }, { method: 'ru_account', currency: 'rub' }] },
];

function requirementSets(iso2: string, offer: Offer): PayoutConfig['requirements'] {
  const base = { country: iso2, currency: offer.currency, methodType: offer.method };
  switch (offer.method) {
    case 'bank_card':
      return [{ ...base, fields: [] }];
    case 'swift':
      return [{ ...base, fields: SWIFT_FIELDS }];
    case 'ru_account':
      return [{ ...base, fields: RUSSIA_ACCOUNT_FIELDS }];
    case 'global_bank_account':
      if (iso2 === 'IN') return [{ ...base, fields: INDIA_FIELDS }];
      return INDONESIA_BANKS.map((bank) => ({ ...base, bankExternalId: bank.externalId, fields: indonesiaFields(bank.digits) }));
  }
}

export function defaultBackendConfig(): BackendConfig {
  return {
    languages: [
      { code: 'en', name: 'English', englishName: 'English' },
      { code: 'ru', name: 'Русский', englishName: 'Russian' },
      { code: 'id', name: 'Bahasa Indonesia', englishName: 'Indonesian' },
    ],
    payout: {
      publicToken: 'sandbox-public-token',
      supportedCountries: COUNTRIES.map((c) => ({ countryCodeIso2: c.iso2, countryCodeIso3: c.iso3, availablePayoutMethods: c.offers.map((o) => o.method) })),
      offers: COUNTRIES.flatMap((c) => c.offers.map((o) => ({ country: c.iso2, ...o }))),
      requirements: COUNTRIES.flatMap((c) => c.offers.flatMap((o) => requirementSets(c.iso2, o))),
      banks: INDONESIA_BANKS.map(({ externalId, bankName }) => ({ country: 'ID', currency: 'eur' as const, bank: { externalId, bankName } })),
    },
  };
}
