/** Payout account setup rules (spec sections 5 and 8). */
import luhn10 from 'card-validator/dist/luhn-10';
import { isValidIBAN } from 'ibantools';
import { DateTime } from 'luxon';
import type { Bank, PayoutFieldName, PayoutFieldRequirement, SupportedCountry } from './entities';
import { type Result, err, ok } from './result';
import { TEXT_LIMITS } from './text-limits';
import { eq, maxLen, oneOf, regex, textLength } from './validators';

// ---- bank card

/** Digits grouped by four with single spaces, cut to the 24-character field (20 digits). */
export function formatCardNumberInput(text: string): string {
  const digits = text.replace(/\D/g, '');
  const grouped = digits.match(/\d{1,4}/g)?.join(' ') ?? '';
  return grouped.slice(0, TEXT_LIMITS.cardNumberField).trimEnd();
}

/** A payout card number: 12 to 19 digits (spaces ignored) passing the Luhn check digit. */
export function isValidPayoutCardNumber(text: string): boolean {
  const digits = text.replace(/\s/g, '');
  return /^\d{12,19}$/.test(digits) && luhn10(digits);
}

// ---- swift

export const SWIFT_LIMITS = {
  city: { max: 64 },
  address: { max: 256 },
  postal_code: { max: 64 },
  iban: { min: 14, max: 34 },
} as const;
export type SwiftField = keyof typeof SWIFT_LIMITS;
/** Checked in the spec's order. */
export const SWIFT_FIELDS: readonly SwiftField[] = ['city', 'address', 'postal_code', 'iban'];

export interface SwiftFieldError {
  readonly field: SwiftField;
  readonly reason: 'required' | 'min_length' | 'max_length' | 'invalid_iban';
  readonly min?: number;
  readonly max?: number;
}

/** IBAN in electronic form: spaces and dashes removed, upper case. */
export function normalizeIban(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * Swift fields: all required (after trimming), city ≤ 64, address ≤ 256, postal_code ≤ 64, iban 14–34 characters
 * (counted without spaces) and a valid IBAN (country format and checksum). Returns the first invalid field, or the
 * trimmed values with the IBAN in electronic form.
 */
export function validateSwiftFields(
  fields: Partial<Record<SwiftField, string>>,
): Result<Record<SwiftField, string>, SwiftFieldError> {
  const cleaned = {} as Record<SwiftField, string>;
  for (const field of SWIFT_FIELDS) {
    const raw = (fields[field] ?? '').trim();
    const value = field === 'iban' ? normalizeIban(raw) : raw;
    if (value === '') return err({ field, reason: 'required' });
    const limits: { min?: number; max: number } = SWIFT_LIMITS[field];
    const length = textLength(value);
    if (limits.min !== undefined && length < limits.min) return err({ field, reason: 'min_length', min: limits.min });
    if (length > limits.max) return err({ field, reason: 'max_length', max: limits.max });
    if (field === 'iban' && !isValidIBAN(value)) return err({ field, reason: 'invalid_iban' });
    cleaned[field] = value;
  }
  return ok(cleaned);
}

// ---- server-supplied requirements (global bank account, ru account)

export type RequirementFailure = 'required' | 'regex' | 'max_length' | 'one_of' | 'equal_to';
export interface InvalidPayoutField {
  readonly name: PayoutFieldName;
  readonly reason: RequirementFailure;
  /** The field's own invalid message (i18n key or text from the server). */
  readonly invalidMessage: string;
}

/**
 * Checks values against the server's requirements in their order and returns the first invalid field, or null.
 * Values are trimmed. A required field must be filled; an optional empty field is skipped, a filled one is checked
 * like a required one. Checks run regex, max length, one-of, equal-to (the spec's order).
 */
export function validateRequirements(
  requirements: readonly PayoutFieldRequirement[],
  values: Readonly<Partial<Record<PayoutFieldName, string>>>,
): InvalidPayoutField | null {
  for (const requirement of requirements) {
    const value = (values[requirement.name] ?? '').trim();
    const fail = (reason: RequirementFailure): InvalidPayoutField => ({
      name: requirement.name,
      reason,
      invalidMessage: requirement.invalidMessage,
    });
    if (value === '') {
      if (requirement.required) return fail('required');
      continue;
    }
    if (requirement.regex !== undefined && regex(requirement.regex)(value) !== null) return fail('regex');
    if (requirement.maxLength !== undefined && maxLen(requirement.maxLength)(value) !== null) return fail('max_length');
    if (requirement.oneOf !== undefined && oneOf(requirement.oneOf)(value) !== null) return fail('one_of');
    if (requirement.equalTo !== undefined && eq(requirement.equalTo)(value) !== null) return fail('equal_to');
  }
  return null;
}

// ---- length hints

export interface LengthHint {
  readonly key:
    | 'payout_hint_digits'
    | 'payout_hint_characters'
    | 'payout_hint_digits_or'
    | 'payout_hint_characters_or'
    | 'payout_hint_digits_range'
    | 'payout_hint_characters_range';
  readonly params: Readonly<Record<string, number>>;
}

/** Possible lengths of a pattern piece, and whether it matches digits only. */
interface Shape {
  lengths: Set<number>;
  digitsOnly: boolean;
}

const MAX_SPAN = 64;

class PatternShapeParser {
  private pos = 0;
  constructor(private readonly source: string) {}

  parse(): Shape {
    const shape = this.alternation();
    if (this.pos !== this.source.length) throw new Error('unsupported pattern');
    return shape;
  }

  private alternation(): Shape {
    let shape = this.sequence();
    while (this.source[this.pos] === '|') {
      this.pos += 1;
      const next = this.sequence();
      shape = {
        lengths: new Set([...shape.lengths, ...next.lengths]),
        digitsOnly: shape.digitsOnly && next.digitsOnly,
      };
    }
    return shape;
  }

  private sequence(): Shape {
    let shape: Shape = { lengths: new Set([0]), digitsOnly: true };
    while (this.pos < this.source.length && this.source[this.pos] !== '|' && this.source[this.pos] !== ')') {
      const atom = this.quantified(this.atom());
      const sums = new Set<number>();
      for (const a of shape.lengths) for (const b of atom.lengths) sums.add(a + b);
      if (sums.size > MAX_SPAN) throw new Error('too many lengths');
      shape = { lengths: sums, digitsOnly: shape.digitsOnly && atom.digitsOnly };
    }
    return shape;
  }

  private atom(): Shape {
    const char = this.source[this.pos];
    if (char === '(') {
      this.pos += this.source.startsWith('(?:', this.pos) ? 3 : 1;
      const inner = this.alternation();
      if (this.source[this.pos] !== ')') throw new Error('unclosed group');
      this.pos += 1;
      return inner;
    }
    if (char === '[') {
      const end = this.source.indexOf(']', this.pos + 1);
      if (end === -1) throw new Error('unclosed class');
      const body = this.source.slice(this.pos + 1, end);
      this.pos = end + 1;
      return { lengths: new Set([1]), digitsOnly: /^(?:0-9|\\d)+$/.test(body) };
    }
    if (char === '\\') {
      const escaped = this.source[this.pos + 1];
      if (escaped === undefined) throw new Error('dangling escape');
      this.pos += 2;
      return { lengths: new Set([1]), digitsOnly: escaped === 'd' };
    }
    if (char === '*' || char === '+' || char === '?' || char === '{') throw new Error('misplaced quantifier');
    this.pos += 1;
    // Anchors match no characters.
    if (char === '^' || char === '$') return { lengths: new Set([0]), digitsOnly: true };
    return { lengths: new Set([1]), digitsOnly: /\d/.test(char) };
  }

  private quantified(atom: Shape): Shape {
    const char = this.source[this.pos];
    if (char === '*' || char === '+') throw new Error('unbounded');
    let min: number;
    let max: number;
    if (char === '?') {
      this.pos += 1;
      min = 0;
      max = 1;
    } else if (char === '{') {
      const match = /^\{(\d+)(?:,(\d+))?\}/.exec(this.source.slice(this.pos));
      if (match === null) throw new Error('unbounded or malformed quantifier');
      this.pos += match[0].length;
      min = Number(match[1]);
      max = match[2] === undefined ? min : Number(match[2]);
      if (max < min || max - min > MAX_SPAN) throw new Error('unsupported range');
    } else {
      return atom;
    }
    const lengths = new Set<number>();
    for (let times = min; times <= max; times += 1) {
      for (const length of atom.lengths) lengths.add(length * times);
    }
    return { lengths, digitsOnly: atom.digitsOnly };
  }
}

/**
 * A length hint for a server pattern: '^\d{18}$' gives "18 digits", '^[A-Z0-9]{8}([A-Z0-9]{3})?$' gives
 * "8 or 11 characters", '^[0-9]{6,10}$' gives "6 to 10 digits". Returns an i18n key and params, or null when the
 * pattern has no bounded length (+, *) or is too complex to read.
 */
export function lengthHintFromPattern(pattern: string): LengthHint | null {
  let shape: Shape;
  try {
    shape = new PatternShapeParser(pattern).parse();
  } catch {
    return null;
  }
  const lengths = [...shape.lengths].filter((length) => length > 0).sort((a, b) => a - b);
  if (lengths.length === 0) return null;
  const unit = shape.digitsOnly ? 'digits' : 'characters';
  if (lengths.length === 1) return { key: `payout_hint_${unit}`, params: { count: lengths[0] } };
  if (lengths.length === 2) return { key: `payout_hint_${unit}_or`, params: { first: lengths[0], second: lengths[1] } };
  const min = lengths[0];
  const max = lengths[lengths.length - 1];
  if (max - min + 1 === lengths.length) return { key: `payout_hint_${unit}_range`, params: { min, max } };
  return null;
}

// ---- other fields

/**
 * id_expiration_date as the API wants it (yyyy-MM-dd), from dd.mm.yyyy, dd/mm/yyyy or yyyy-mm-dd (one-digit day and
 * month allowed). Null when the input is none of these or not a real date.
 */
export function formatIdExpirationDate(input: string): string | null {
  const text = input.trim();
  let parts: { year: number; month: number; day: number } | null = null;
  const dayFirst = /^(\d{1,2})([./])(\d{1,2})\2(\d{4})$/.exec(text);
  const yearFirst = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (dayFirst !== null) parts = { day: Number(dayFirst[1]), month: Number(dayFirst[3]), year: Number(dayFirst[4]) };
  else if (yearFirst !== null)
    parts = { year: Number(yearFirst[1]), month: Number(yearFirst[2]), day: Number(yearFirst[3]) };
  if (parts === null) return null;
  const date = DateTime.fromObject(parts, { zone: 'utc' });
  return date.isValid ? date.toFormat('yyyy-MM-dd') : null;
}

export type CountryMismatchDecision = 'same' | 'offer_switch' | 'not_supported';

/**
 * What to do on error_country_mismatch (section 8). Same country (ISO2, any case): nothing to switch. Otherwise the
 * card's country must be a supported payout country that offers the bank_card method (the switch moves the account
 * to that country and the card method); if it does, offer the switch, else say it is not supported.
 */
export function countryMismatchDecision(
  accountCountry: string,
  cardCountry: string,
  supportedCountries: readonly Pick<SupportedCountry, 'countryCodeIso2' | 'availablePayoutMethods'>[],
): CountryMismatchDecision {
  const card = cardCountry.trim().toUpperCase();
  if (accountCountry.trim().toUpperCase() === card) return 'same';
  const supported = supportedCountries.find((country) => country.countryCodeIso2.toUpperCase() === card);
  return supported !== undefined && supported.availablePayoutMethods.includes('bank_card')
    ? 'offer_switch'
    : 'not_supported';
}

export const SELECT_BANK_ERROR = 'payout_setup_select_bank';

/**
 * A bank must be chosen when banks exist for the country and currency. Returns the chosen bank (null when there are
 * no banks) or the payout_setup_select_bank error when none or an unknown one is chosen.
 */
export function requireBank(
  banks: readonly Bank[],
  selectedExternalId: string | null | undefined,
): Result<Bank | null, { code: typeof SELECT_BANK_ERROR }> {
  if (banks.length === 0) return ok(null);
  const bank = banks.find((candidate) => candidate.externalId === selectedExternalId);
  return bank === undefined ? err({ code: SELECT_BANK_ERROR }) : ok(bank);
}
