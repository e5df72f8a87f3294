/**
 * The locale files (locales/<lang>/<namespace>.json), each loadable on its own. A locale's table of files
 * (locales/<lang>.ts) shares a chunk with its first-screen namespaces (vite.config.ts), so the entry holds one
 * loader per language, not one per file. Jest never loads these modules (`import.meta`); tests read the files from disk
 * (tests/unit/i18n/localeFiles.ts).
 */
import type { CompleteLocale } from '../languages';
import type { LocaleLoader, Translations } from '../i18n';

type NamespaceFiles = Record<string, () => Promise<Translations>>;

const LOCALES: Record<CompleteLocale, () => Promise<{ default: NamespaceFiles }>> = {
  ru: () => import('./ru'),
  en: () => import('./en'),
  ar: () => import('./ar'),
  be: () => import('./be'),
  ca: () => import('./ca'),
  hr: () => import('./hr'),
  cs: () => import('./cs'),
  nl: () => import('./nl'),
  fi: () => import('./fi'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  hu: () => import('./hu'),
  id: () => import('./id'),
  it: () => import('./it'),
  kk: () => import('./kk'),
  ko: () => import('./ko'),
  ms: () => import('./ms'),
  pl: () => import('./pl'),
  pt: () => import('./pt'),
  sr: () => import('./sr'),
  sk: () => import('./sk'),
  es: () => import('./es'),
  tr: () => import('./tr'),
  uk: () => import('./uk'),
};

/** Loads `namespaces` (all when omitted) of `language`, a complete locale (else English). */
export const loadLocale: LocaleLoader = async (language, namespaces) => {
  const files = (await (LOCALES[language as CompleteLocale] ?? LOCALES.en)()).default;
  const wanted = Object.keys(files).filter(
    (path) => namespaces === undefined || namespaces.includes(path.slice(path.lastIndexOf('/') + 1, -'.json'.length)),
  );
  const trees = await Promise.all(wanted.map((path) => files[path]()));
  return Object.assign({}, ...trees) as Translations;
};
