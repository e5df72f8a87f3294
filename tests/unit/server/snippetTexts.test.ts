/**
 * The snippet page (server/modules/snippet) speaks every page locale the app offers: each has every text, with its
 * placeholders, the Accept-Language pick finds each, and a right-to-left language gets a right-to-left page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_LOCALES } from '../../../src/infrastructure/i18n/languages';
import { snippetLanguage, snippetNotFoundPage, snippetPage } from '../../../server/modules/snippet/page';
import type { SnippetSubscription } from '../../../server/modules/snippet/repository';
import { SNIPPET_LANGUAGES, snippetTexts } from '../../../server/modules/snippet/texts';

const subscription: SnippetSubscription = {
  id: 7,
  name: 'Club',
  description: 'Weekly letters',
  period: 'monthly',
  priceMinor: 1500,
  currency: 'eur',
  channelTitle: 'Letters',
  channelLanguage: 'en',
};
const links = {
  pageUrl: 'https://backers.example/snippet/subscription/7',
  openUrl: 'https://t.me/bot/app?startapp=subscription_7',
};

test('every page locale of the app, each with every text and its placeholders', () => {
  expect([...SNIPPET_LANGUAGES].sort()).toEqual([...PAGE_LOCALES].sort());
  const english = snippetTexts('en');
  for (const language of SNIPPET_LANGUAGES) {
    const texts = snippetTexts(language);
    for (const text of [texts.open, texts.notFoundTitle, texts.notFoundText])
      expect({ language, text: text.trim() === '' }).toEqual({ language, text: false });
    expect({ language, inChannel: texts.inChannel.includes('{{channel}}') }).toEqual({ language, inChannel: true });
    for (const period of ['onetime', 'weekly', 'monthly', 'yearly'] as const) {
      expect({ language, period, price: texts.period[period].includes('{{price}}') }).toEqual({
        language,
        period,
        price: true,
      });
    }
    if (language !== 'en')
      expect({ language, translated: texts.notFoundText !== english.notFoundText }).toEqual({
        language,
        translated: true,
      });
  }
});

test("the price lines are the app's own (channel.price of each locale's channel.json), word for word", () => {
  for (const language of SNIPPET_LANGUAGES) {
    const file = path.resolve('src', 'infrastructure', 'i18n', 'locales', language, 'channel.json');
    const app = (JSON.parse(readFileSync(file, 'utf8')) as { channel: { price: Record<string, string> } }).channel
      .price;
    expect({ language, period: snippetTexts(language).period }).toEqual({ language, period: app });
  }
});

test('Accept-Language picks any page locale by its q, then the channel language, then English', () => {
  expect(snippetLanguage('de-CH,de;q=0.9,en;q=0.5', undefined)).toBe('de');
  expect(snippetLanguage('zh-CN,tr;q=0.4,ko;q=0.6', undefined)).toBe('ko');
  expect(snippetLanguage('zh-CN', 'pt-BR')).toBe('pt');
  expect(snippetLanguage(undefined, 'zh')).toBe('en');
  // Tags with an underscore (as some clients and channel settings write them) name their base language too.
  expect(snippetLanguage('pt_BR, en;q=0.5', undefined)).toBe('pt');
  expect(snippetLanguage(undefined, 'ES_mx')).toBe('es');
});

test('a page fills the price and channel, in the language asked, right to left where the language is', () => {
  const german = snippetPage(subscription, 'de', links);
  expect(german).toContain('<html lang="de" dir="ltr">');
  expect(german).toContain('In Telegram öffnen');
  expect(german).toContain('Ein kostenpflichtiges Abonnement für Letters');
  expect(german).not.toMatch(/\{\{\w+\}\}/);
  const arabic = snippetPage(subscription, 'ar', links);
  expect(arabic).toContain('<html lang="ar" dir="rtl">');
  expect(arabic).toContain('اشتراك مدفوع في Letters');
  expect(arabic).not.toMatch(/\{\{\w+\}\}/);
  expect(snippetNotFoundPage('uk')).toContain('Підписку не знайдено');
});
