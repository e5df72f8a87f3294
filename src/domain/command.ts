/**
 * The subscription command (spec section 5): "$" followed by a-z only. Characters that are not a-z are removed,
 * not converted (uppercase letters, digits and spaces disappear), as the spec says.
 */
export const COMMAND_PREFIX = '$';

/**
 * Cleans what the user typed: keeps a-z after a single leading "$" (added when missing). Empty text stays empty so
 * the field can be cleared.
 */
export function sanitizeCommand(text: string): string {
  if (text === '') return '';
  return COMMAND_PREFIX + text.replace(/[^a-z]/g, '');
}

/** Focusing an empty field puts the "$" in. */
export function commandOnFocus(text: string): string {
  return text === '' ? COMMAND_PREFIX : text;
}

/** Leaving a field that holds only "$" clears it. */
export function commandOnBlur(text: string): string {
  return text === COMMAND_PREFIX ? '' : text;
}

/** A complete command: "$" and at least one a-z letter. */
export function isValidCommand(text: string): boolean {
  return /^\$[a-z]+$/.test(text);
}
