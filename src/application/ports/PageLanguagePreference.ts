/** The page language the person chose (spec section 1: stored first, then the messenger's language, then English). */
export interface PageLanguagePreference {
  /** The page locales offered, in the spec's order. */
  readonly offered: readonly string[];
  /** The language the page shows. */
  current(): string;
  /** Stores the choice and shows the page in it; resolves once it does. */
  apply(language: string): Promise<void>;
}
