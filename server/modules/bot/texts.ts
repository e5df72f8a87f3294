/**
 * What the bot says in private chats, in every page language the app offers (src/domain/languages.ts: a follower or
 * creator reads the bot in the language they read the app in); any other language reads English. One file per
 * language in ./locales. Placeholders: {name}, {channel}, {amount}, {reason}, {link}, {date}, {recipient}
 * (tests/unit/server/botTexts.test.ts holds every language to English's).
 */
import { DateTime } from 'luxon';
import { stripBidiControls } from '../../../src/domain/bidi';
import { COMPLETE_LOCALES, offeredLanguage } from '../../../src/domain/languages';
import { BOT_TEXTS } from './locales';
import type { BotLanguage, BotTexts } from './locales/types';

export type { BotLanguage, BotTexts } from './locales/types';
export const BOT_LANGUAGES: readonly BotLanguage[] = COMPLETE_LOCALES;

/** The bot's language for a Telegram language_code ("pt-br" → pt, "ru" → ru; unknown or none → en). */
export function botLanguage(languageCode: string | undefined | null): BotLanguage {
  return offeredLanguage(languageCode, BOT_LANGUAGES) ?? 'en';
}

/** The texts for a Telegram language_code. */
export function botTexts(languageCode: string | undefined | null): BotTexts {
  return BOT_TEXTS[botLanguage(languageCode)];
}

/**
 * A day as the bot writes it inside a sentence, in the reader's language and in UTC (the bot does not know the
 * reader's zone): the language's long date ("February 20, 2026", "20. Februar 2026", "2026년 2월 20일") without a
 * closing abbreviation or period ("г.", "р.", "2026."), which would end the sentence twice.
 */
export function botDate(at: Date, languageCode: string | undefined | null): string {
  const text = DateTime.fromJSDate(at, { zone: 'utc' })
    .setLocale(botLanguage(languageCode))
    .toLocaleString({ day: 'numeric', month: 'long', year: 'numeric' });
  return text.replace(/\s+(г|р)\.$/u, '').replace(/\.$/u, '');
}

/** The template with its placeholders filled; values lose direction controls (user text: src/domain/bidi.ts). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    values[key] === undefined ? whole : stripBidiControls(values[key]),
  );
}

/**
 * A person's reason (an operator's, a reviewer's) put inside one of our sentences, which goes on after it: without its
 * own closing full stop, which would end the sentence twice ("Spam.."), and `none` when nothing was given.
 */
export function reasonInSentence(reason: string | null | undefined, none: string): string {
  return reason?.trim().replace(/[.。]+$/u, '') || none;
}

/** A day as the progress line of a post writes it: day and short month in the language, in UTC ("Dec 15", "15 дек."). */
export function botShortDate(at: Date, languageCode: string | undefined | null): string {
  return DateTime.fromJSDate(at, { zone: 'utc' })
    .setLocale(botLanguage(languageCode))
    .toLocaleString({ day: 'numeric', month: 'short' });
}
