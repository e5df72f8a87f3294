/**
 * Guards every namespace file of every locale (other helpers add theirs): complete locales have identical
 * keys, nothing is empty, each file holds one namespace named like the file, and placeholders match.
 */
import { COMPLETE_LOCALES } from '../../../src/infrastructure/i18n/languages';
import { localeFolders, namespaceFiles, readLocale, readNamespace } from './localeFiles';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every leaf as [dotted key, value]. */
function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return [[prefix, tree]];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

/** Keys with plural suffixes folded into their base key. */
function baseKeys(locale: string): Set<string> {
  return new Set(leaves(readLocale(locale)).map(([key]) => key.replace(PLURAL_SUFFIX, '')));
}

function placeholders(value: unknown): string[] {
  return [...String(value).matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();
}

describe('locale files', () => {
  const folders = localeFolders();

  it('exist for every complete locale, and every folder is a complete locale', () => {
    expect(folders).toEqual([...COMPLETE_LOCALES].sort());
  });

  it('have the same namespace files in every complete locale', () => {
    const english = namespaceFiles('en');
    expect(english).toContain('common.json');
    for (const locale of COMPLETE_LOCALES) expect(namespaceFiles(locale)).toEqual(english);
  });

  it.each(folders)('%s: each file holds exactly one namespace named like the file, so keys never clash', (locale) => {
    for (const file of namespaceFiles(locale)) {
      expect(Object.keys(readNamespace(locale, file))).toEqual([file.replace(/\.json$/, '')]);
    }
  });

  it.each(folders)('%s: no value is empty or not a string', (locale) => {
    for (const [key, value] of leaves(readLocale(locale))) {
      expect({ key, ok: typeof value === 'string' && value.trim() !== '' }).toEqual({ key, ok: true });
    }
  });

  it.each(COMPLETE_LOCALES.filter((locale) => locale !== 'en'))('%s has exactly the English keys', (locale) => {
    const english = [...baseKeys('en')].sort();
    const other = [...baseKeys(locale)].sort();
    expect({
      missing: english.filter((key) => !other.includes(key)),
      extra: other.filter((key) => !english.includes(key)),
    }).toEqual({ missing: [], extra: [] });
  });

  it.each(COMPLETE_LOCALES)('%s: plural keys have every form the language needs', (locale) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const keys = leaves(readLocale(locale)).map(([key]) => key);
    const pluralBases = new Set(
      keys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')),
    );
    for (const base of pluralBases) {
      for (const category of categories) expect(keys).toContain(`${base}_${category}`);
    }
  });

  it.each(COMPLETE_LOCALES.filter((locale) => locale !== 'en'))(
    '%s uses the same {{placeholders}} as English',
    (locale) => {
      const english = new Map(
        leaves(readLocale('en')).map(([key, value]) => [key.replace(PLURAL_SUFFIX, ''), placeholders(value)]),
      );
      for (const [key, value] of leaves(readLocale(locale))) {
        const base = key.replace(PLURAL_SUFFIX, '');
        // Plural forms may drop {{count}} where the word itself says the number ("one").
        const expected = (english.get(base) ?? []).filter((name) => !(PLURAL_SUFFIX.test(key) && name === 'count'));
        expect({ key, missing: expected.filter((name) => !placeholders(value).includes(name)) }).toEqual({
          key,
          missing: [],
        });
      }
    },
  );
});
