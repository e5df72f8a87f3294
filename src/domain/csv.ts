/** CSV as RFC 4180 writes it: the revenue export and the operator console's payout file. */

/** A plain decimal ("-10.50"): a spreadsheet reads it as the number it is, so it needs no neutralising. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A cell a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+…`, `-…`, `@…`, or one hidden behind a leading
 * tab or carriage return) is prefixed with a single quote, as OWASP advises against CSV injection: names, titles
 * and reasons come from users.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * One field per RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. Text that would
 * start a formula is neutralised first (neutraliseFormula); numbers are written as they are.
 */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : typeof value === 'number' ? String(value) : neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows joined with CRLF (RFC 4180), ending with a line break. */
export function csvDocument(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
