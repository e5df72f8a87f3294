/**
 * Dates, recurring prices, amounts and masked cards as each language writes them, through the app's formatting
 * module (src/domain/format.ts, which re-exports format-light.ts) and the page's real i18n setup.
 */
import { DateTime } from 'luxon';
import { formatDate, formatMaskedCard, formatMoney } from '../../../src/domain/format';
import { money } from '../../../src/domain/money';
import { createI18n } from '../../../src/infrastructure/i18n/i18n';
import { MemoryStorage } from '../../../src/infrastructure/storage/MemoryStorage';
import { readLocale } from './localeFiles';

const NOW = DateTime.fromISO('2025-12-20T12:00:00Z').toMillis();
const seconds = (iso: string): number => DateTime.fromISO(iso).toSeconds();

async function page(language: string) {
  const { i18n } = await createI18n({
    storage: new MemoryStorage(),
    messengerLanguage: language,
    loadLocale: async (code) => readLocale(code),
  });
  return i18n;
}

const LTR_ISOLATE = '\u2066';
const POP_ISOLATE = '\u2069';
/** Values interpolated right to left are isolated (first-strong isolate … pop). */
const bare = (text: string): string => text.replace(/[\u2066-\u2069]/g, '');

describe.each([
  // language, this year's day, last year's day, weekly and monthly prices of €5
  ['en', 'December 18', 'March 5, 2024', '€5 / week', '€5 / month'],
  ['ru', '18 декабря', '5 марта 2024 г.', '€5 в неделю', '€5 в месяц'],
  ['de', '18. Dezember', '5. März 2024', '€5 pro Woche', '€5 pro Monat'],
  ['ar', '18 ديسمبر', '5 مارس 2024', '€5 أسبوعيًا', '€5 شهريًا'],
  ['ko', '12월 18일', '2024년 3월 5일', '주 €5', '월 €5'],
])('%s', (language, day, earlierDay, weekly, monthly) => {
  it('writes dates in its own order and words', () => {
    expect(formatDate(seconds('2025-12-18T10:00:00Z'), language, NOW)).toBe(day);
    // ICU's no-break spaces (U+00A0, U+202F, by version) compared as spaces.
    expect(formatDate(seconds('2024-03-05T10:00:00Z'), language, NOW).replace(/[\u00a0\u202f]/g, ' ')).toBe(earlierDay);
  });

  it('says a recurring price its own way (never "/ неделя")', async () => {
    const t = (await page(language)).t;
    const price = formatMoney(money(500, 'eur'));
    expect(bare(t('invoice.pricePer.weekly', { price }))).toBe(weekly);
    expect(bare(t('invoice.pricePer.monthly', { price }))).toBe(monthly);
  });

  it('shows amounts by the one rule of spec section 9 and masked cards left to right', async () => {
    expect(formatMoney(money(123450, 'eur'))).toBe('€1,234.50');
    expect(formatMoney(money(25000, 'rub'))).toBe('250\u00a0₽');
    const card = formatMaskedCard('4242');
    expect(card).toBe(`${LTR_ISOLATE}•••• 4242${POP_ISOLATE}`);
    // In a right-to-left sentence the card stays one left-to-right run, whatever surrounds it.
    const t = (await page(language)).t;
    const sentence = t('common.card.ending', { brand: 'Visa', last: '4242' });
    expect(sentence).toContain('4242');
  });
});
