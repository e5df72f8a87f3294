/**
 * The bot's private-chat texts (server/modules/bot/texts.ts, one file per language in locales/): every page language
 * has every text, with English's placeholders, commands and line breaks, in its own words; the language of a
 * Telegram language_code; dates inside sentences.
 */
import { BOT_LANGUAGES, type BotTexts, botDate, botLanguage, botTexts, fill } from '../../../server/modules/bot/texts';
import { COMPLETE_LOCALES } from '../../../src/domain/languages';

/** Every text by its path ("payoutFailureReasons.card"): a group of texts is checked text by text. */
function flat(texts: BotTexts): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[key, value]]
        : Object.entries(value as Record<string, string>).map(([inner, text]) => [`${key}.${inner}`, text]),
    ),
  );
}

const english = flat(botTexts('en'));
const keys = Object.keys(english);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const others = BOT_LANGUAGES.filter((language) => language !== 'en');

it('speaks every page language the app offers', () => {
  expect([...BOT_LANGUAGES].sort()).toEqual([...COMPLETE_LOCALES].sort());
});

describe.each(others)('%s', (language) => {
  const grouped = botTexts(language);
  const texts = flat(grouped);

  it('has every text, non-empty, and nothing else', () => {
    expect(Object.keys(texts).sort()).toEqual([...keys].sort());
    for (const key of keys) expect((texts[key] ?? '').trim()).not.toBe('');
  });

  it("keeps each text's placeholders", () => {
    for (const key of keys)
      expect({ key, placeholders: placeholders(texts[key] ?? '') }).toEqual({
        key,
        placeholders: placeholders(english[key] ?? ''),
      });
  });

  it('keeps the commands and line breaks of the help, and says everything in its own words', () => {
    expect(texts.help).toContain('/start');
    expect(texts.help).toContain('$vip');
    expect(texts.help!.split('\n')).toHaveLength(english.help!.split('\n').length);
    const leftInEnglish = keys.filter((key) => texts[key] === english[key]);
    expect(leftInEnglish).toEqual([]);
  });

  it('keeps buttons and command descriptions short enough for Telegram', () => {
    for (const key of [
      'menuButton',
      'startButton',
      'subscriptionButton',
      'renewalReminderButton',
      'renewalFailedButton',
    ] as const) {
      expect({ key, length: grouped[key].length <= 32 }).toEqual({ key, length: true });
    }
    for (const key of ['commandStart', 'commandHelp'] as const) expect(grouped[key].length).toBeLessThanOrEqual(256);
  });
});

it('reads a Telegram language_code by its base language, else English', () => {
  expect(botLanguage('pt-br')).toBe('pt');
  expect(botLanguage('pt_BR')).toBe('pt');
  expect(botLanguage('DE')).toBe('de');
  expect(botLanguage('zh-hans')).toBe('en');
  expect(botLanguage(undefined)).toBe('en');
  expect(botTexts('uk-UA')).toBe(botTexts('uk'));
  expect(botTexts('ja')).toBe(botTexts('en'));
});

it('writes a day as the language does, without a closing abbreviation or period that would end the sentence twice', () => {
  const day = new Date(Date.UTC(2026, 1, 20, 23, 30));
  expect(botDate(day, 'en')).toBe('February 20, 2026');
  expect(botDate(day, 'ru')).toBe('20 февраля 2026');
  expect(botDate(day, 'uk')).toBe('20 лютого 2026');
  expect(botDate(day, 'de')).toBe('20. Februar 2026');
  expect(botDate(day, 'hr')).toBe('20. veljače 2026');
  expect(botDate(day, 'hu')).toBe('2026. február 20');
  expect(botDate(day, 'ko')).toBe('2026년 2월 20일');
  expect(botDate(day, 'ja')).toBe('February 20, 2026');
  for (const language of BOT_LANGUAGES)
    expect({ language, date: botDate(day, language) }).toEqual({ language, date: expect.stringMatching(/2026|٢٠٢٦/) });
  for (const language of BOT_LANGUAGES) expect(botDate(day, language)).not.toMatch(/\.$/);
});

it('fills placeholders and leaves unknown ones as they are', () => {
  expect(fill('{name} in {channel}: {other}', { name: 'VIP', channel: 'News' })).toBe('VIP in News: {other}');
});
