/**
 * No value is left in English beyond brand names: for every locale but English, a value identical to
 * the English one fails unless it is a brand or technical name, has no words of its own (placeholders and
 * punctuation only, e.g. "{{price}} · {{period}}"), or is in that language's allowlist of words that are genuinely
 * the same (src/infrastructure/i18n/locales/same-as-english.json, each list with its "_why").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPLETE_LOCALES } from '../../../src/infrastructure/i18n/languages';
import { LOCALES_DIR, readLocale } from './localeFiles';

interface Allowlist {
  readonly brands: readonly string[];
  readonly [language: string]: unknown;
}

const allowlist = JSON.parse(readFileSync(join(LOCALES_DIR, 'same-as-english.json'), 'utf8')) as Allowlist;

function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return [[prefix, tree]];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

/** True when nothing but placeholders, digits, spaces and punctuation is left: nothing to translate. */
function hasNoWords(value: string): boolean {
  return !/\p{L}/u.test(value.replace(/{{\s*\w+\s*}}/g, ''));
}

function allowedFor(language: string): Set<string> {
  const entry = allowlist[language] as { values?: string[] } | undefined;
  return new Set([...allowlist.brands, ...(entry?.values ?? [])]);
}

const english = new Map(leaves(readLocale('en')));

describe('translations', () => {
  it.each(COMPLETE_LOCALES.filter((locale) => locale !== 'en'))(
    '%s: no value is left in English beyond brand names',
    (locale) => {
      const allowed = allowedFor(locale);
      const leftInEnglish = leaves(readLocale(locale))
        .filter(
          ([key, value]) =>
            typeof value === 'string' && value === english.get(key) && !hasNoWords(value) && !allowed.has(value),
        )
        .map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
      expect(leftInEnglish).toEqual([]);
    },
  );

  it('keeps every allowlisted word in use and explained, so the list stays short', () => {
    for (const [language, entry] of Object.entries(allowlist)) {
      if (language === '_why' || language === 'brands') continue;
      const { _why: why, values } = entry as { _why?: string; values: string[] };
      expect({ language, explained: typeof why === 'string' && why.length > 0 }).toEqual({ language, explained: true });
      const translated = new Map(leaves(readLocale(language)));
      const unused = values.filter(
        (value) => ![...translated].some(([key, text]) => text === value && english.get(key) === value),
      );
      expect({ language, unused }).toEqual({ language, unused: [] });
    }
  });

  it('flags an English leftover', () => {
    const allowed = allowedFor('de');
    expect(allowed.has('Save')).toBe(false);
    expect(hasNoWords('{{price}} · {{period}}')).toBe(true);
    expect(hasNoWords('{{count}} error')).toBe(false);
  });
});
