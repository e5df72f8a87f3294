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
 * counts them in the first-screen budget.
 */
export const FIRST_SCREEN_NAMESPACES: readonly string[] = ['common', 'dashboard', 'revenue'];

/** Local storage key of the chosen page language. */
export const LANGUAGE_STORAGE_KEY = 'language';

/** The text shown for a key that no locale has (spec section 8: a bracketed placeholder). */
export function missingKeyPlaceholder(key: string): string {
  return `[${key}]`;
}
