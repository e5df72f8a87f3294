/**
 * The console's texts (src/admin/locales/<lang>/admin.json) in every page language, checked as
 * tests/unit/i18n/completeness.test.ts and untranslated.test.ts check the mini-app's: each language has exactly the
 * English keys (plural forms folded, every form its plural rules need) with the same {{variables}}, nothing empty, and
 * no value left in English beyond the allowlist (src/admin/locales/same-as-english.json: brand and technical names
 * for all, and per language the words that are genuinely the same, each list with its "_why").
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PAGE_LOCALES } from '../../../src/domain/languages';

const LOCALES_DIR = join(__dirname, '../../../src/admin/locales');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

interface Allowlist {
  readonly brands: readonly string[];
  readonly [language: string]: unknown;
}

const folders = readdirSync(LOCALES_DIR)
  .filter((name) => statSync(join(LOCALES_DIR, name)).isDirectory())
  .sort();
const allowlist = JSON.parse(readFileSync(join(LOCALES_DIR, 'same-as-english.json'), 'utf8')) as Allowlist;

function read(locale: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, locale, 'admin.json'), 'utf8')) as Record<string, unknown>;
}

/** Every leaf as [dotted key, value]. */
function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return [[prefix, tree]];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

function placeholders(value: unknown): string[] {
  return [...String(value).matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]!).sort();
}

/** True when nothing but placeholders, digits, spaces and punctuation is left: nothing to translate. */
function hasNoWords(value: string): boolean {
  return !/\p{L}/u.test(value.replace(/{{\s*\w+\s*}}/g, ''));
}

const english = leaves(read('en'));
const englishBases = new Map(english.map(([key, value]) => [key.replace(PLURAL_SUFFIX, ''), value]));
const others = PAGE_LOCALES.filter((locale) => locale !== 'en');

describe('console texts', () => {
  it('exist for every page language, and only for those', () => {
    expect(folders).toEqual([...PAGE_LOCALES].sort());
  });

  it.each(PAGE_LOCALES)('%s: one "admin" namespace, no value empty or not a string', (locale) => {
    const texts = read(locale);
    expect(Object.keys(texts)).toEqual(['admin']);
    for (const [key, value] of leaves(texts)) {
      expect({ key, ok: typeof value === 'string' && value.trim() !== '' }).toEqual({ key, ok: true });
    }
  });

  it.each(others)('%s has exactly the English keys', (locale) => {
    const bases = new Set(leaves(read(locale)).map(([key]) => key.replace(PLURAL_SUFFIX, '')));
    expect({
      missing: [...englishBases.keys()].filter((key) => !bases.has(key)),
      extra: [...bases].filter((key) => !englishBases.has(key)),
    }).toEqual({ missing: [], extra: [] });
  });

  it.each(PAGE_LOCALES)('%s: plural keys have every form the language needs', (locale) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const keys = leaves(read(locale)).map(([key]) => key);
    const bases = new Set(keys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')));
    for (const base of bases) {
      const forms = categories.map((category) => `${base}_${category}`);
      expect({ base, missing: forms.filter((form) => !keys.includes(form)) }).toEqual({ base, missing: [] });
    }
  });

  it.each(others)('%s uses the same {{variables}} as English', (locale) => {
    for (const [key, value] of leaves(read(locale))) {
      const plural = PLURAL_SUFFIX.test(key);
      // A plural form may drop {{count}} where the word itself says the number ("one").
      const expected = placeholders(englishBases.get(key.replace(PLURAL_SUFFIX, ''))).filter(
        (name) => !(plural && name === 'count'),
      );
      const own = placeholders(value);
      expect({ key, missing: expected.filter((name) => !own.includes(name)) }).toEqual({ key, missing: [] });
      const known = placeholders(englishBases.get(key.replace(PLURAL_SUFFIX, '')));
      expect({ key, unknown: own.filter((name) => !known.includes(name)) }).toEqual({ key, unknown: [] });
    }
  });

  it.each(others)('%s: no value is left in English beyond the allowlist', (locale) => {
    const entry = allowlist[locale] as { values?: string[] } | undefined;
    const allowed = new Set([...allowlist.brands, ...(entry?.values ?? [])]);
    const englishValues = new Map(english);
    const leftInEnglish = leaves(read(locale))
      .filter(
        ([key, value]) =>
          typeof value === 'string' && value === englishValues.get(key) && !hasNoWords(value) && !allowed.has(value),
      )
      .map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
    expect(leftInEnglish).toEqual([]);
  });

  it('keeps every allowlisted word in use and explained, so the list stays short', () => {
    const englishValues = new Map(english);
    for (const [language, entry] of Object.entries(allowlist)) {
      if (language === '_why' || language === 'brands') continue;
      const { _why: why, values } = entry as { _why?: string; values: string[] };
      expect({ language, explained: typeof why === 'string' && why.length > 0 }).toEqual({ language, explained: true });
      const translated = leaves(read(language));
      const unused = values.filter(
        (value) => !translated.some(([key, text]) => text === value && englishValues.get(key) === value),
      );
      expect({ language, unused }).toEqual({ language, unused: [] });
    }
  });
});
