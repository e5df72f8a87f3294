/**
 * Checking a withdrawal account before it is saved (POST /payout/account): one rule for the reference server and the
 * in-memory backend. Both give it their payout catalog (the server its fixed table, the in-memory backend its
 * configurable one) and a way to read a tokenized card; it answers the section 8 codes: error_fields_required (with the
 * field and its message) and error_country_mismatch (with the card's country).
 */
import type { Bank, PayoutFieldName, PayoutFieldRequirement, PayoutMethod, SupportedCountry } from './entities';
import { PAYOUT_FIELD_NAMES, PAYOUT_METHOD_TYPES } from './entities';
import type { PayoutCurrency } from './money';
import { PAYOUT_CURRENCIES } from './money';
import {
  countryMismatchDecision,
  formatIdExpirationDate,
  requireBank,
  validateRequirements,
  validateSwiftFields,
} from './payout-fields';
import { type Result, err, ok } from './result';
import { RU_ACCOUNT_MESSAGES, normalizeRuAccount, validateRuAccount } from './ru-bank-account';

/** What the payout provider accepts, as the checking side knows it. */
export interface PayoutAccountCatalog {
  readonly supportedCountries: readonly SupportedCountry[];
  /** The currency `method` pays out in for the country, or undefined when the country does not offer it. */
  currencyOf(countryIso2: string, method: PayoutMethod): PayoutCurrency | undefined;
  banks(countryIso2: string, currency: PayoutCurrency): readonly Bank[];
  /** The fields of a choice, or null when that combination is not offered. */
  requirements(
    countryIso2: string,
    currency: PayoutCurrency,
    method: PayoutMethod,
    bankExternalId: string | undefined,
  ): readonly PayoutFieldRequirement[] | null;
}

/** The request as it arrives: nothing in it is trusted. */
export interface PayoutAccountRequest {
  readonly currency: unknown;
  readonly countryIso3: unknown;
  readonly methodType: unknown;
  readonly card?: { readonly token?: unknown } | null;
  readonly bank?: { readonly externalId?: unknown; readonly bankName?: unknown } | null;
  readonly params?: unknown;
}

export interface CheckedPayoutAccount<Card> {
  readonly countryIso2: string;
  readonly countryIso3: string;
  readonly currency: PayoutCurrency;
  readonly methodType: PayoutMethod;
  readonly bank: Bank | null;
  /** Only the method's own fields, trimmed; anything else in the request is dropped, never stored. */
  readonly params: Readonly<Record<string, string>>;
  readonly card: (Card & { readonly token: string }) | null;
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

function fieldsRequired(message: string, field: string): { ok: false; error: PayoutAccountError } {
  return err({ code: 'error_fields_required', message, field });
}

/** Only string (or number) values of known field names survive, trimmed. */
function knownParams(raw: unknown): Partial<Record<PayoutFieldName, string>> {
  const params: Partial<Record<PayoutFieldName, string>> = {};
  if (typeof raw !== 'object' || raw === null) return params;
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    if (
      (PAYOUT_FIELD_NAMES as readonly string[]).includes(name) &&
      (typeof value === 'string' || typeof value === 'number')
    ) {
      params[name as PayoutFieldName] = String(value).trim();
    }
  }
  return params;
}

/**
 * Checks the account the way the payout provider would: a supported country, a method it offers and that method's
 * currency; for a card, one issued in the account's country; otherwise the method's fields (a bank first where the
 * country lists banks).
 */
export async function checkPayoutAccount<Card extends { readonly country: string }>(
  input: PayoutAccountRequest,
  catalog: PayoutAccountCatalog,
  describeCard: (token: string) => Promise<Card | null>,
): Promise<Result<CheckedPayoutAccount<Card>, PayoutAccountError>> {
  const iso3 = typeof input.countryIso3 === 'string' ? input.countryIso3.trim().toUpperCase() : '';
  const country = catalog.supportedCountries.find((candidate) => candidate.countryCodeIso3 === iso3);
  if (country === undefined) return fieldsRequired('Payouts are not available in this country', 'countryIso3');
  const method = input.methodType;
  if (typeof method !== 'string' || !(PAYOUT_METHOD_TYPES as readonly string[]).includes(method))
    return fieldsRequired('Choose how to receive payouts', 'methodType');
  const methodType = method as PayoutMethod;
  const currency = catalog.currencyOf(country.countryCodeIso2, methodType);
  if (currency === undefined)
    return fieldsRequired('This payout method is not available in this country', 'methodType');
  if (
    typeof input.currency !== 'string' ||
    !(PAYOUT_CURRENCIES as readonly string[]).includes(input.currency) ||
    input.currency !== currency
  ) {
    return fieldsRequired(`Payouts by this method are made in ${currency.toUpperCase()}`, 'currency');
  }
  const base = { countryIso2: country.countryCodeIso2, countryIso3: country.countryCodeIso3, currency, methodType };
  const params = knownParams(input.params);

  switch (methodType) {
    case 'bank_card': {
      const token = input.card?.token;
      if (typeof token !== 'string' || token === '') return fieldsRequired('Enter the card number', 'cardNumber');
      const card = await describeCard(token);
      if (card === null) return fieldsRequired('The card could not be read, enter it again', 'cardNumber');
      // The provider may not report where the card was issued: the country is checked only when it is known.
      if (
        card.country.trim() !== '' &&
        countryMismatchDecision(country.countryCodeIso2, card.country, catalog.supportedCountries) !== 'same'
      ) {
        return err({
          code: 'error_country_mismatch',
          message: `The card was issued in ${card.country}, not in ${country.countryCodeIso2}`,
          cardCountry: card.country,
        });
      }
      return ok({ ...base, bank: null, params: {}, card: { ...card, token } });
    }
    case 'swift': {
      const checked = validateSwiftFields(params);
      if (!checked.ok)
        return fieldsRequired(SWIFT_MESSAGES[checked.error.reason] ?? 'This field is not valid', checked.error.field);
      return ok({ ...base, bank: null, params: { ...checked.value }, card: null });
    }
    case 'global_bank_account':
    case 'ru_account': {
      const banks = catalog.banks(country.countryCodeIso2, currency);
      const chosen = requireBank(banks, typeof input.bank?.externalId === 'string' ? input.bank.externalId : null);
      if (!chosen.ok) return fieldsRequired('Select a bank', 'bank');
      const fields = catalog.requirements(country.countryCodeIso2, currency, methodType, chosen.value?.externalId);
      if (fields === null) return fieldsRequired('This payout method is not available in this country', 'methodType');
      if (methodType === 'ru_account') {
        const ru = validateRuAccount(params);
        if (ru !== null) return fieldsRequired(RU_ACCOUNT_MESSAGES[ru.code], ru.field);
        Object.assign(params, normalizeRuAccount(params));
      }
      if (params.id_expiration_date)
        params.id_expiration_date = formatIdExpirationDate(params.id_expiration_date) ?? params.id_expiration_date;
      const invalid = validateRequirements(fields, params);
      if (invalid !== null) return fieldsRequired(invalid.invalidMessage, invalid.name);
      const kept: Record<string, string> = {};
      for (const requirement of fields) {
        const value = params[requirement.name];
        if (value !== undefined && value !== '') kept[requirement.name] = value;
      }
      return ok({ ...base, bank: chosen.value ?? null, params: kept, card: null });
    }
  }
}
