/**
 * Prints formatListTime's answers (device zone) as JSON, for the stamps and locales given as JSON in argv[2]
 * ({ stamps: number[], locales: string[], now: number }), each locale with the short month names its page texts hold
 * (locales/<language>/common.json, `common.shortMonths`). format-light.test.ts runs it with TZ set, since a process's
 * zone can't change inside Jest.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SHORT_MONTH_KEYS, formatListTime } from '../../../../src/domain/format-light';
import { baseLanguage } from '../../../../src/infrastructure/i18n/languages';

const { stamps, locales, now } = JSON.parse(process.argv[2]!) as { stamps: number[]; locales: string[]; now: number };

function shortMonths(locale: string): string[] {
  // Jest starts this from the repository root.
  const file = path.resolve('src', 'infrastructure', 'i18n', 'locales', baseLanguage(locale)!, 'common.json');
  const texts = JSON.parse(readFileSync(file, 'utf8')) as { common: { shortMonths: Record<string, string> } };
  return SHORT_MONTH_KEYS.map((key) => texts.common.shortMonths[key]!);
}

console.log(
  JSON.stringify(
    locales.map((locale) => {
      const months = shortMonths(locale);
      return stamps.map((stamp) => formatListTime(stamp, months, now));
    }),
  ),
);
