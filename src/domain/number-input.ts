/** The decimal number input (spec section 5). */
export const MAX_DECIMALS = 2;

/**
 * Cleans typed text into a decimal: only digits, dots and commas survive; commas become dots; only the first dot
 * is kept (later ones are dropped); a leading dot gets a zero prefix; at most two decimals (extra ones are cut).
 */
export function sanitizeNumberInput(text: string, maxDecimals: number = MAX_DECIMALS): string {
  const cleaned = text.replace(/[^\d.,]/g, '').replace(/,/g, '.');
  const dot = cleaned.indexOf('.');
  if (dot === -1) return cleaned;
  const whole = cleaned.slice(0, dot);
  const fraction = cleaned
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, maxDecimals);
  if (maxDecimals === 0) return whole === '' ? '0' : whole;
  return `${whole === '' ? '0' : whole}.${fraction}`;
}

/** On blur a trailing dot is removed ("12." becomes "12"). */
export function numberInputOnBlur(text: string): string {
  return text.endsWith('.') ? text.slice(0, -1) : text;
}
