/**
 * Page language rules (spec section 1): local storage, then the messenger user's language, then English.
 * Every locale of spec section 1 is offered; any other code resolves to English. Pure rules, shared by the app
 * (src/infrastructure/i18n/languages.ts re-exports them) and the server's pages (the snippet page).
 */

/** The page locales of spec section 1, in the spec's order. Every one is complete (tests/unit/i18n/completeness.test.ts). */
export const PAGE_LOCALES = [
  'ru',
  'en',
  'ar',
  'be',
  'ca',
  'hr',
  'cs',
  'nl',
  'fi',
  'fr',
  'de',
  'hu',
  'id',
  'it',
  'kk',
  'ko',
  'ms',
  'pl',
  'pt',
  'sr',
  'sk',
  'es',
  'tr',
  'uk',
] as const;

/** Locales a page can be shown in: all of spec section 1's. */
export const COMPLETE_LOCALES = PAGE_LOCALES;
export type CompleteLocale = (typeof COMPLETE_LOCALES)[number];

export const DEFAULT_LANGUAGE = 'en';

const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur']);

/** "en-US", "pt_BR", " RU " → "en", "pt", "ru"; empty or missing → null. */
export function baseLanguage(code: string | null | undefined): string | null {
  const base = (code ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return base === '' ? null : base;
}

export interface LanguageSources {
  /** The value saved in local storage, if any. */
  readonly stored?: string | null;
  /** The messenger user's language_code, if any. */
  readonly messenger?: string | null;
}

/** `code`'s base language when it is one of `offered` ("pt-BR" → "pt"), else null. */
export function offeredLanguage<L extends string>(code: string | null | undefined, offered: readonly L[]): L | null {
  const base = baseLanguage(code);
  return offered.find((language) => language === base) ?? null;
}

/** The first source naming an offered locale, else English. */
export function resolvePageLanguage(sources: LanguageSources, offered: readonly string[] = COMPLETE_LOCALES): string {
  for (const candidate of [sources.stored, sources.messenger]) {
    const language = offeredLanguage(candidate, offered);
    if (language !== null) return language;
  }
  return DEFAULT_LANGUAGE;
}

export function textDirection(language: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(baseLanguage(language) ?? '') ? 'rtl' : 'ltr';
}
