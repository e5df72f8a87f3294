import type { PageLanguagePreference } from '../../../application/ports/PageLanguagePreference';
import { LANGUAGE_NAMES } from '../../../domain/languageNames';

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
    return this.preference.offered.map((code) => ({
      code,
      name: (LANGUAGE_NAMES as Readonly<Record<string, string>>)[code] ?? code,
      current: code === current,
    }));
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
