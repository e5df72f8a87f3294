/**
 * Loading of i18n namespaces before a screen renders. The composition root provides the loader (the page
 * language's `loadNamespaces`); routes await it together with their screen's chunk. Until provided (tests,
 * which load every text up front) it resolves at once.
 */
export type TextsLoader = (namespaces?: readonly string[]) => Promise<void>;

let loader: TextsLoader = () => Promise.resolve();

export function provideTexts(load: TextsLoader): void {
  loader = load;
}

/** Resolves once `namespaces` (every namespace of the page language when omitted) are loaded. */
export function loadTexts(namespaces?: readonly string[]): Promise<void> {
  return loader(namespaces);
}

/** Shows the page in another language once its texts are loaded (the composition root provides it). */
export type LanguageSwitch = (language: string) => Promise<void>;

let languageSwitch: LanguageSwitch | null = null;

export function provideLanguageSwitch(change: LanguageSwitch): void {
  languageSwitch = change;
}

/** The provided switch, or null (tests, and pages that start again to change language). */
export function currentLanguageSwitch(): LanguageSwitch | null {
  return languageSwitch;
}
