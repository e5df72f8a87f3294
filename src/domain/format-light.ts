/**
 * The formatting of spec section 9 that needs no luxon (numbers, money, avatar and collapsible-text rules, and the
 * device-zone list time stamp), so the first screen can use it without loading luxon (22 kB gzip). format.ts
 * re-exports all of it next to the luxon-based date formats.
 */
import { type Money, currencyExponent } from './money';

const NBSP = '\u00a0';

function withCurrency(amountText: string, money: Money): string {
  const negative = amountText.startsWith('-');
  const digits = negative ? amountText.slice(1) : amountText;
  const sign = negative ? '-' : '';
  if (money.currency === 'eur') return `${sign}€${digits}`;
  if (money.currency === 'rub') return `${sign}${digits}${NBSP}₽`;
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

/** "€5", "€1,234.50", "200 ₽", "10.99 USD": formatAmount with the currency; symbols only for eur and rub. */
export function formatMoney(money: Money): string {
  return withCurrency(formatAmount(money), money);
}

/** Like formatMoney with an explicit "+" on positive amounts (transaction lists). */
export function formatSignedMoney(money: Money): string {
  const text = formatMoney(money);
  return money.minor > 0 ? `+${text}` : text;
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
export function truncateForCollapse(text: string, limit = COLLAPSIBLE_TEXT_LIMIT): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, truncated: false };
  return { text: `${chars.slice(0, limit).join('').trimEnd()}…`, truncated: true };
}

/**
 * Short month names of the page languages ('d MMM'), exactly as luxon's formatMessageTime (format.ts) reads them, so
 * the dashboard's list and the other screens' lists say a date the same way (format-light.test.ts compares every
 * locale). Where ICU has no short month of its own for 'd MMM' (cs, fi, sk), luxon reads the month's number, and so does
 * this table. A locale that is not offered is never the page language (it falls back to English) and reads in English.
 */
const SHORT_MONTHS: Readonly<Record<string, readonly string[]>> = {
  ar: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
  be: ['сту', 'лют', 'сак', 'кра', 'мая', 'чэр', 'ліп', 'жні', 'вер', 'кас', 'ліс', 'сне'],
  ca: ['de gen.', 'de febr.', 'de març', 'd’abr.', 'de maig', 'de juny', 'de jul.', 'd’ag.', 'de set.', 'd’oct.', 'de nov.', 'de des.'],
  cs: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
  de: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
  fi: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  hr: ['sij', 'velj', 'ožu', 'tra', 'svi', 'lip', 'srp', 'kol', 'ruj', 'lis', 'stu', 'pro'],
  hu: ['jan.', 'febr.', 'márc.', 'ápr.', 'máj.', 'jún.', 'júl.', 'aug.', 'szept.', 'okt.', 'nov.', 'dec.'],
  id: ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'],
  it: ['gen', 'feb', 'mar', 'apr', 'mag', 'giu', 'lug', 'ago', 'set', 'ott', 'nov', 'dic'],
  kk: ['қаң.', 'ақп.', 'нау.', 'сәу.', 'мам.', 'мау.', 'шіл.', 'там.', 'қыр.', 'қаз.', 'қар.', 'жел.'],
  ko: ['1월', '2월', '3월', '4월', '5월', '6월', '7월', '8월', '9월', '10월', '11월', '12월'],
  ms: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ogo', 'Sep', 'Okt', 'Nov', 'Dis'],
  nl: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
  pl: ['sty', 'lut', 'mar', 'kwi', 'maj', 'cze', 'lip', 'sie', 'wrz', 'paź', 'lis', 'gru'],
  pt: ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'],
  ru: ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'],
  sk: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
  sr: ['јан', 'феб', 'мар', 'апр', 'мај', 'јун', 'јул', 'авг', 'сеп', 'окт', 'нов', 'дец'],
  tr: ['Oca', 'Şub', 'Mar', 'Nis', 'May', 'Haz', 'Tem', 'Ağu', 'Eyl', 'Eki', 'Kas', 'Ara'],
  uk: ['січ.', 'лют.', 'бер.', 'квіт.', 'трав.', 'черв.', 'лип.', 'серп.', 'вер.', 'жовт.', 'лист.', 'груд.'],
};

const pad2 = (value: number): string => String(value).padStart(2, '0');

/**
 * The list time stamp (spec section 9) in the device's zone: 'HH:mm' today, 'd MMM' earlier this year, 'dd.MM.yy'
 * before that; the same text as format.ts formatMessageTime (luxon) gives for the device zone. Date's local fields and
 * a month table, no Intl: the first Intl date or number format a page builds costs 20-30 ms of locale data, on the
 * first screen's critical path.
 */
export function formatListTime(epochSeconds: number, locale: string, nowMs: number): string {
  const date = new Date(epochSeconds * 1000);
  const now = new Date(nowMs);
  const sameYear = date.getFullYear() === now.getFullYear();
  if (sameYear && date.getMonth() === now.getMonth() && date.getDate() === now.getDate()) return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
  if (sameYear) return `${date.getDate()} ${(SHORT_MONTHS[locale.split('-')[0]!.toLowerCase()] ?? SHORT_MONTHS.en!)[date.getMonth()]}`;
  return `${pad2(date.getDate())}.${pad2(date.getMonth() + 1)}.${String(date.getFullYear()).slice(-2)}`;
}
