/**
 * Generic validators of spec section 5: required, minLen, maxLen, regex, oneOf, eq, date (yyyy-MM-dd).
 * Each builds a check that returns null when the value passes or a failure naming the rule.
 * Lengths count Unicode code points (an emoji is one character), the same way the remaining-characters counter does,
 * so a value the counter accepts is never rejected here, on the client or on the server.
 */
import { DateTime } from 'luxon';

export type ValidationRule = 'required' | 'min_length' | 'max_length' | 'regex' | 'one_of' | 'equal_to' | 'date';

export interface ValidationFailure {
  readonly rule: ValidationRule;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type Validator = (value: string) => ValidationFailure | null;

/** Length in code points. */
export function textLength(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/** Fails on an empty or whitespace-only value. */
export const required: Validator = (value) => (value.trim().length === 0 ? { rule: 'required' } : null);

export function minLen(min: number): Validator {
  return (value) => (textLength(value) < min ? { rule: 'min_length', params: { min } } : null);
}

export function maxLen(max: number): Validator {
  return (value) => (textLength(value) > max ? { rule: 'max_length', params: { max } } : null);
}

/**
 * The whole value must match the pattern (it is anchored here, so server patterns written without ^...$ still
 * validate the full value). A pattern that does not compile cannot be checked and is skipped rather than
 * blocking the user.
 */
export function regex(pattern: string | RegExp): Validator {
  const source = typeof pattern === 'string' ? pattern : pattern.source;
  const flags = typeof pattern === 'string' ? '' : pattern.flags.replace(/[gy]/g, '');
  let compiled: RegExp | null;
  try {
    compiled = new RegExp(`^(?:${source})$`, flags);
  } catch {
    compiled = null;
  }
  return (value) =>
    compiled !== null && !compiled.test(value) ? { rule: 'regex', params: { pattern: source } } : null;
}

export function oneOf(allowed: readonly string[]): Validator {
  return (value) => (allowed.includes(value) ? null : { rule: 'one_of', params: { allowed: allowed.join(', ') } });
}

export function eq(expected: string): Validator {
  return (value) => (value === expected ? null : { rule: 'equal_to', params: { expected } });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written yyyy-MM-dd (2024-02-29 yes, 2023-02-29 no). */
export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && DateTime.fromFormat(value, 'yyyy-MM-dd', { zone: 'utc' }).isValid;
}

export const date: Validator = (value) =>
  isIsoDate(value) ? null : { rule: 'date', params: { format: 'yyyy-MM-dd' } };

/** Runs validators in order and returns the first failure. */
export function firstFailure(value: string, validators: readonly Validator[]): ValidationFailure | null {
  for (const validate of validators) {
    const failure = validate(value);
    if (failure !== null) return failure;
  }
  return null;
}
