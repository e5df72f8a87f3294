/**
 * Number, money and date formatting of spec section 9. Every function takes its locale, zone and "now" explicitly.
 * Decisions: dates follow the language through Intl ('March 5, 2024', '5. März'); message times within the year read 'd MMM', older
 * ones 'dd.MM.yy'; money shows "€5" and "5 ₽" (no-break space) and other currencies as "5 USD".
 */
import { DateTime } from 'luxon';

// The formatting that needs no luxon lives apart, so the dashboard's first chunk can use it without luxon.
export * from './format-light';

function at(epochSeconds: number, locale: string, zone: string): DateTime {
  return DateTime.fromSeconds(epochSeconds, { zone, locale });
}

/**
 * A day as the language writes it (Intl through luxon): 'March 5', '5 марта', '5. März', '3월 5일'; the year is added
 * when it is not the current one ('March 5, 2024', '5 марта 2024 г.'). Never a pattern of our own: word order, the
 * day's punctuation and the month's case differ per language.
 */
export function formatDate(epochSeconds: number, locale: string, nowMs: number, zone = 'UTC'): string {
  const date = at(epochSeconds, locale, zone);
  const sameYear = date.year === DateTime.fromMillis(nowMs, { zone }).year;
  return date.toLocaleString(
    sameYear ? { month: 'long', day: 'numeric' } : { year: 'numeric', month: 'long', day: 'numeric' },
  );
}

/**
 * The short month name of 'd MMM': luxon's 'MMM', the month as it reads inside a date. For a day with a short month
 * ICU has only a numeric month in some languages (cs, fi, sk: "5. 1."), where luxon's 'MMM' is "1" and "5 1" would
 * read as two numbers; there the stand-alone short name ('LLL': "led", "tammi", "jan") is read instead.
 */
function shortMonth(date: DateTime): string {
  const inDate = date.toFormat('MMM');
  return /\p{L}/u.test(inDate) ? inDate : date.toFormat('LLL');
}

/** Member page dates: '05 Mar 2025'. */
export function formatMemberDate(epochSeconds: number, locale = 'en', zone = 'UTC'): string {
  const date = at(epochSeconds, locale, zone);
  return `${date.toFormat('dd')} ${shortMonth(date)} ${date.toFormat('yyyy')}`;
}

/** 'HH:mm' today, 'd MMM' earlier this year, 'dd.MM.yy' before that. */
export function formatMessageTime(epochSeconds: number, locale: string, nowMs: number, zone = 'UTC'): string {
  const date = at(epochSeconds, locale, zone);
  const now = DateTime.fromMillis(nowMs, { zone });
  if (date.hasSame(now, 'day')) return date.toFormat('HH:mm');
  if (date.year === now.year) return `${date.toFormat('d')} ${shortMonth(date)}`;
  return date.toFormat('dd.MM.yy');
}

/**
 * Calendar days from today to the day of `epochSeconds` in the zone (0 for today or the past) for "renews in N days".
 * Counting calendar days, not 24-hour blocks, makes "tomorrow at 00:10" read 1 and "tonight" read 0.
 */
export function daysUntil(epochSeconds: number, nowMs: number, zone = 'UTC'): number {
  const today = DateTime.fromMillis(nowMs, { zone }).startOf('day');
  const target = DateTime.fromSeconds(epochSeconds, { zone }).startOf('day');
  return Math.max(0, Math.round(target.diff(today, 'days').days));
}

/** A calendar month as the language writes it, short ("Nov 2026", "нояб. 2026 г."): Intl through luxon, in `zone`. */
export function formatMonth(epochSeconds: number, locale: string, zone = 'UTC'): string {
  return at(epochSeconds, locale, zone).toLocaleString({ month: 'short', year: 'numeric' });
}
