/**
 * The formatting of spec section 9 that needs no luxon (numbers, money, avatar and collapsible-text rules, and the
 * device-zone list time stamp), so the first screen can use it without loading luxon (22 kB gzip). format.ts
 * re-exports all of it next to the luxon-based date formats.
 */
import { type Money, STARS_LEDGER_CURRENCY, currencyExponent } from './money';

const NBSP = '\u00a0';

function withCurrency(amountText: string, money: Money): string {
  const negative = amountText.startsWith('-');
  const digits = negative ? amountText.slice(1) : amountText;
  const sign = negative ? '-' : '';
  if (money.currency === 'eur') return `${sign}€${digits}`;
  if (money.currency === 'rub') return `${sign}${digits}${NBSP}₽`;
  // A payer's ledger lines of a Telegram Stars payment are in whole Stars (money.ts).
  if ((money.currency as string) === STARS_LEDGER_CURRENCY) return `${sign}${digits}${NBSP}⭐`;
  return `${sign}${digits}${NBSP}${money.currency.toUpperCase()}`;
}

/**
 * The one rule for amounts shown to people (spec section 9), in the app, the bot's messages and the operator console:
 * en-US grouping; a whole amount without decimals ("15", "1,000"), any other with all its currency's decimals
 * ("15.50", never "15.5"). Exact on the minor units, no Intl (see formatNumber).
 */
export function formatAmount(money: Money): string {
  const scale = 10 ** currencyExponent(money.currency);
  const magnitude = Math.abs(money.minor);
  const whole = String(Math.floor(magnitude / scale)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = magnitude % scale;
  const decimals = fraction === 0 ? '' : `.${String(fraction).padStart(currencyExponent(money.currency), '0')}`;
  return `${money.minor < 0 ? '-' : ''}${whole}${decimals}`;
}

/** "€5", "€1,234.50", "200 ₽", "250 ⭐", "10.99 USD": formatAmount with the currency; symbols for eur, rub, Stars. */
export function formatMoney(money: Money): string {
  return withCurrency(formatAmount(money), money);
}

/** A count of Telegram Stars as amounts are shown (en-US grouping) with the star after it: "10,000 ⭐". */
export function formatStars(stars: number): string {
  const digits = String(Math.abs(Math.trunc(stars))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${stars < 0 ? '-' : ''}${digits}${NBSP}⭐`;
}

/** Like formatMoney with an explicit "+" on positive amounts (transaction lists). */
export function formatSignedMoney(money: Money): string {
  const text = formatMoney(money);
  return money.minor > 0 ? `+${text}` : text;
}

/**
 * A card by its last digits, "•••• 4242", isolated left to right (U+2066 … U+2069): inside an Arabic sentence it
 * still reads "•••• 4242", never "4242 ••••", and never reorders the words around it.
 */
export function formatMaskedCard(last: string): string {
  return `\u2066•••• ${last}\u2069`;
}

export const AVATAR_GRADIENT_COUNT = 7;
export const AVATAR_DEFAULT_SIZE = 40;

/** Which of the seven avatar gradients an id gets (ids of channels can be negative). */
export function avatarGradientIndex(id: number): number {
  return Math.abs(id) % AVATAR_GRADIENT_COUNT;
}

export const COLLAPSIBLE_TEXT_LIMIT = 100;

/**
 * The collapsed form of a long text: the first `limit` characters (code points, never splitting an emoji), trailing
 * spaces trimmed, plus an ellipsis. Text within the limit is returned whole with truncated false.
 */
export function truncateForCollapse(
  text: string,
  limit = COLLAPSIBLE_TEXT_LIMIT,
): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, truncated: false };
  return { text: `${chars.slice(0, limit).join('').trimEnd()}…`, truncated: true };
}

/** The keys of the page language's short month names (i18n `common.shortMonths.<key>`), January first. */
export const SHORT_MONTH_KEYS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

const pad2 = (value: number): string => String(value).padStart(2, '0');

/**
 * The list time stamp (spec section 9) in the device's zone: 'HH:mm' today, 'd MMM' earlier this year, 'dd.MM.yy'
 * before that; the same text as format.ts formatMessageTime (luxon) gives for the device zone, given the page
 * language's short month names (i18n `common.shortMonths`, which are luxon's: format-light.test.ts compares every
 * language). Date's local fields and the names, no Intl: the first Intl date or number format a page builds costs
 * 20-30 ms of locale data, on the first screen's critical path.
 */
export function formatListTime(epochSeconds: number, shortMonths: readonly string[], nowMs: number): string {
  const date = new Date(epochSeconds * 1000);
  const now = new Date(nowMs);
  const sameYear = date.getFullYear() === now.getFullYear();
  if (sameYear && date.getMonth() === now.getMonth() && date.getDate() === now.getDate())
    return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
  if (sameYear) return `${date.getDate()} ${shortMonths[date.getMonth()]}`;
  return `${pad2(date.getDate())}.${pad2(date.getMonth() + 1)}.${String(date.getFullYear()).slice(-2)}`;
}

/**
 * A revenue bucket's name (the revenue table's rows), read in the zone the buckets were cut in (the series' offset):
 * 'd MMM' for day and week buckets, 'MMM yyyy' for month buckets, with the page language's short month names (i18n
 * `common.shortMonths`). No Intl, as formatListTime: the page's first Intl date format (ICU's locale data, 12–17 ms
 * on a desktop, four times that on a phone) was the longest task after the dashboard's first paint.
 */
export function formatBucketLabel(
  startEpochSeconds: number,
  offsetMinutes: number,
  monthly: boolean,
  shortMonths: readonly string[],
): string {
  const date = new Date((startEpochSeconds + offsetMinutes * 60) * 1000);
  const month = shortMonths[date.getUTCMonth()];
  return monthly ? `${month} ${date.getUTCFullYear()}` : `${date.getUTCDate()} ${month}`;
}
