/**
 * The locale files (locales/<lang>/<namespace>.json), each loadable on its own. A locale's table of files
 * (locales/<lang>.ts) shares a chunk with its first-screen namespaces (vite.config.ts), so the entry holds three
 * loaders, not one per file. Jest never loads these modules (`import.meta`); tests read the files from disk
 * (tests/unit/i18n/localeFiles.ts).
 */
import type { CompleteLocale } from '../languages';
import type { LocaleLoader, Translations } from '../i18n';

type NamespaceFiles = Record<string, () => Promise<Translations>>;

const LOCALES: Record<CompleteLocale, () => Promise<{ default: NamespaceFiles }>> = {
  en: () => import('./en'),
  ru: () => import('./ru'),
  id: () => import('./id'),
};

/** Loads `namespaces` (all when omitted) of `language`, a complete locale (else English). */
export const loadLocale: LocaleLoader = async (language, namespaces) => {
  const files = (await (LOCALES[language as CompleteLocale] ?? LOCALES.en)()).default;
  const wanted = Object.keys(files).filter((path) => namespaces === undefined || namespaces.includes(path.slice(path.lastIndexOf('/') + 1, -'.json'.length)));
  const trees = await Promise.all(wanted.map((path) => files[path]()));
  return Object.assign({}, ...trees) as Translations;
};
