/**
 * Server-side check of POST /payout/account with the same domain rules the client runs (src/domain/payout-fields.ts),
 * so a request that skips the client still cannot save a bad account. Answers the section 8 codes:
 * error_fields_required (with the field's message) and error_country_mismatch (with the card's country).
 */
import type { PayoutFieldName, PayoutMethod } from '../../../src/domain/entities';
import { PAYOUT_FIELD_NAMES, PAYOUT_METHOD_TYPES } from '../../../src/domain/entities';
import type { PayoutCurrency } from '../../../src/domain/money';
import { PAYOUT_CURRENCIES } from '../../../src/domain/money';
import {
  countryMismatchDecision, formatIdExpirationDate, requireBank, validateRequirements, validateSwiftFields,
} from '../../../src/domain/payout-fields';
import { type Result, err, ok } from '../../../src/domain/result';
import type { ProviderCard } from '../payments/PaymentProvider';
import { PAYOUT_COUNTRIES, banksFor, countryByIso3, requirementsFor } from '../../../src/domain/payout-catalog';

export interface PayoutAccountInput {
  readonly currency: unknown;
  readonly countryIso3: unknown;
  readonly methodType: unknown;
  readonly card?: { readonly token?: unknown } | null;
  readonly bank?: { readonly externalId?: unknown; readonly bankName?: unknown } | null;
  readonly params?: unknown;
}

export interface ValidPayoutAccount {
  readonly countryIso2: string;
  readonly countryIso3: string;
  readonly currency: PayoutCurrency;
  readonly methodType: PayoutMethod;
  readonly bank: { readonly externalId: string; readonly bankName: string } | null;
  readonly params: Readonly<Record<string, string>>;
  readonly card: (ProviderCard & { readonly token: string }) | null;
}

export type PayoutAccountError =
  | { readonly code: 'error_fields_required'; readonly message: string; readonly field?: string }
  | { readonly code: 'error_country_mismatch'; readonly message: string; readonly cardCountry: string };

const SWIFT_MESSAGES: Readonly<Record<string, string>> = {
  required: 'This field is required',
  min_length: 'The IBAN is too short',
  max_length: 'The value is too long',
  invalid_iban: 'The IBAN is not valid',
};

function fieldsRequired(message: string, field?: string): { ok: false; error: PayoutAccountError } {
  return err(field === undefined ? { code: 'error_fields_required', message } : { code: 'error_fields_required', message, field });
}

/** Only string values of known field names survive; everything else is dropped, never stored. */
function knownParams(raw: unknown): Partial<Record<PayoutFieldName, string>> {
  const params: Partial<Record<PayoutFieldName, string>> = {};
  if (typeof raw !== 'object' || raw === null) return params;
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    if ((PAYOUT_FIELD_NAMES as readonly string[]).includes(name) && (typeof value === 'string' || typeof value === 'number')) {
      params[name as PayoutFieldName] = String(value).trim();
    }
  }
  return params;
}

export async function validatePayoutAccount(
  input: PayoutAccountInput,
  describeToken: (token: string) => Promise<ProviderCard | null>,
): Promise<Result<ValidPayoutAccount, PayoutAccountError>> {
  const country = typeof input.countryIso3 === 'string' ? countryByIso3(input.countryIso3) : undefined;
  if (country === undefined) return fieldsRequired('Payouts are not available in this country', 'countryIso3');
  const methodType = input.methodType;
  if (typeof methodType !== 'string' || !(PAYOUT_METHOD_TYPES as readonly string[]).includes(methodType)) {
    return fieldsRequired('Choose how to receive payouts', 'methodType');
  }
  const offer = country.methods.find((candidate) => candidate.method === methodType);
  if (offer === undefined) return fieldsRequired('This payout method is not available in this country', 'methodType');
  if (typeof input.currency !== 'string' || !(PAYOUT_CURRENCIES as readonly string[]).includes(input.currency) || input.currency !== offer.currency) {
    return fieldsRequired(`Payouts by this method are made in ${offer.currency.toUpperCase()}`, 'currency');
  }
  const base = { countryIso2: country.countryCodeIso2, countryIso3: country.countryCodeIso3, currency: offer.currency, methodType: offer.method };
  const params = knownParams(input.params);

  switch (offer.method) {
    case 'bank_card': {
      const token = input.card?.token;
      if (typeof token !== 'string' || token === '') return fieldsRequired('Enter the card number', 'cardNumber');
      const card = await describeToken(token);
      if (card === null) return fieldsRequired('The card could not be read, enter it again', 'cardNumber');
      const supported = PAYOUT_COUNTRIES.map((entry) => ({ countryCodeIso2: entry.countryCodeIso2, availablePayoutMethods: entry.methods.map((m) => m.method) }));
      if (countryMismatchDecision(country.countryCodeIso2, card.country, supported) !== 'same') {
        return err({ code: 'error_country_mismatch', message: `The card was issued in ${card.country}, not in ${country.countryCodeIso2}`, cardCountry: card.country });
      }
      return ok({ ...base, bank: null, params: {}, card: { ...card, token } });
    }
    case 'swift': {
      const checked = validateSwiftFields(params);
      if (!checked.ok) return fieldsRequired(SWIFT_MESSAGES[checked.error.reason] ?? 'This field is not valid', checked.error.field);
      return ok({ ...base, bank: null, params: checked.value, card: null });
    }
    case 'global_bank_account':
    case 'ru_account': {
      const banks = banksFor(country.countryCodeIso2, offer.currency);
      const chosen = requireBank(banks, typeof input.bank?.externalId === 'string' ? input.bank.externalId : null);
      if (!chosen.ok) return fieldsRequired('Select a bank', 'bank');
      const requirements = requirementsFor(country.countryCodeIso2, offer.currency, offer.method, chosen.value?.externalId);
      if (requirements === null) return fieldsRequired('This payout method is not available in this country', 'methodType');
      if (params.id_expiration_date !== undefined && params.id_expiration_date !== '') {
        params.id_expiration_date = formatIdExpirationDate(params.id_expiration_date) ?? params.id_expiration_date;
      }
      const invalid = validateRequirements(requirements.fields, params);
      if (invalid !== null) return fieldsRequired(invalid.invalidMessage, invalid.name);
      const kept: Record<string, string> = {};
      for (const requirement of requirements.fields) {
        const value = params[requirement.name];
        if (value !== undefined && value !== '') kept[requirement.name] = value;
      }
      return ok({ ...base, bank: chosen.value, params: kept, card: null });
    }
  }
}
