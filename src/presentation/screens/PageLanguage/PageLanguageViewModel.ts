import type { PageLanguagePreference } from '../../../application/ports/PageLanguagePreference';

/** Each page language in its own name (shown the same in every language, so not in the texts). */
const ENDONYMS: Readonly<Record<string, string>> = {
  ru: 'Русский',
  en: 'English',
  ar: 'العربية',
  be: 'Беларуская',
  ca: 'Català',
  hr: 'Hrvatski',
  cs: 'Čeština',
  nl: 'Nederlands',
  fi: 'Suomi',
  fr: 'Français',
  de: 'Deutsch',
  hu: 'Magyar',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  kk: 'Қазақ тілі',
  ko: '한국어',
  ms: 'Bahasa Melayu',
  pl: 'Polski',
  pt: 'Português',
  sr: 'Српски',
  sk: 'Slovenčina',
  es: 'Español',
  tr: 'Türkçe',
  uk: 'Українська',
};

export interface PageLanguageOption {
  readonly code: string;
  /** The language's own name ("Deutsch", "العربية"). */
  readonly name: string;
  readonly current: boolean;
}

/** /settings/language: the page languages of spec section 1 in their own names; choosing one applies it. */
export class PageLanguageViewModel {
  /** Chosen and being applied: the list stops taking choices until the page shows the new language. */
  applying = false;

  constructor(private readonly preference: PageLanguagePreference) {}

  get options(): readonly PageLanguageOption[] {
    const current = this.preference.current();
    return this.preference.offered.map((code) => ({ code, name: ENDONYMS[code] ?? code, current: code === current }));
  }

  /** Stores and applies a language other than the current one; answers whether it did. */
  choose(code: string): boolean {
    if (this.applying || code === this.preference.current() || !this.preference.offered.includes(code)) return false;
    this.applying = true;
    void this.preference.apply(code).finally(() => (this.applying = false));
    return true;
  }

  dispose(): void {}
}
