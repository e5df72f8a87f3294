/** Text length limits of spec sections 5 and 9, and the remaining-characters counter. */
import { textLength } from './validators';

export const TEXT_LIMITS = {
  subscription: { name: 32, description: 300, buttonText: 20 },
  donation: { title: 32, description: 140, buttonText: 20 },
  cardHolder: 255,
  /** The payout card number field, spaces included. */
  cardNumberField: 24,
} as const;

/** The counter appears only when this many characters or fewer remain. */
export const REMAINING_COUNTER_THRESHOLD = 20;

/**
 * Characters left before `max`: null while more than 20 remain (counter hidden), negative once exceeded.
 * Counts code points, like the maxLen validator.
 */
export function remainingCharacters(value: string, max: number): number | null {
  const remaining = max - textLength(value);
  return remaining > REMAINING_COUNTER_THRESHOLD ? null : remaining;
}

export type TextFieldErrorCode = 'required' | 'too_long';

/**
 * A form text: required (after trimming) and at most `max` characters as typed, so it agrees with the counter.
 * Shared by the subscription and donation forms.
 */
export function checkText(value: string, max: number): { code: TextFieldErrorCode; max?: number } | null {
  if (value.trim().length === 0) return { code: 'required' };
  if (textLength(value) > max) return { code: 'too_long', max };
  return null;
}
