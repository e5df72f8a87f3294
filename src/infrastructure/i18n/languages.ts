/**
 * The app's side of the page language (spec section 1): the rules themselves are src/domain/languages.ts, re-exported
 * here; what is the app's own is which texts load first, where the choice is stored, and the missing-key text.
 */
export {
  COMPLETE_LOCALES,
  type CompleteLocale,
  DEFAULT_LANGUAGE,
  type LanguageSources,
  PAGE_LOCALES,
  baseLanguage,
  resolvePageLanguage,
  textDirection,
} from '../../domain/languages';

/**
 * The namespaces (locales/<lang>/<namespace>.json) loaded before the first render: the shell's texts and the
 * first screen's (the dashboard). vite.config.ts puts them in one chunk per language; scripts/bench-bundle.mjs
 * counts them in the first-screen budget. The dashboard's transaction list names each line's type and payout method
 * with the transaction namespace's texts, so it is one of them.
 */
export const FIRST_SCREEN_NAMESPACES: readonly string[] = ['common', 'dashboard', 'revenue', 'transaction'];

/** Local storage key of the chosen page language. */
export const LANGUAGE_STORAGE_KEY = 'language';

/** The text shown for a key that no locale has (spec section 8: a bracketed placeholder). */
export function missingKeyPlaceholder(key: string): string {
  return `[${key}]`;
}

const reportedMissingKeys = new Set<string>();

/**
 * Production builds: a key no locale has never reaches a person's screen as `[key]` (an empty text instead, which
 * lists of parts leave out); it is reported once on the console, where the end-to-end sweep catches it. The
 * completeness tests keep such keys out of the catalogue's enumerations.
 */
export function hideMissingKey(key: string): string {
  if (!reportedMissingKeys.has(key)) {
    reportedMissingKeys.add(key);
    console.warn(`i18n: missing text for key ${key}`);
  }
  return '';
}
