import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import isolateValues from './isolateValues';
import type { KeyValueStorage } from '../../application/ports/KeyValueStorage';
import {
  COMPLETE_LOCALES,
  LANGUAGE_STORAGE_KEY,
  missingKeyPlaceholder,
  resolvePageLanguage,
  textDirection,
} from './languages';

/** Namespace files of one locale merged into one tree: `{ common: {...}, dashboard: {...} }`. */
export type Translations = Readonly<Record<string, unknown>>;

/**
 * Loads namespaces of one locale, merged (in the app: lazily loaded chunks, see locales/index.ts); without
 * `namespaces`, every namespace of the locale.
 */
export type LocaleLoader = (language: string, namespaces?: readonly string[]) => Promise<Translations>;

export interface I18nSetup {
  readonly storage: KeyValueStorage;
  /** The messenger user's language_code. */
  readonly messengerLanguage?: string;
  readonly loadLocale: LocaleLoader;
  /** The namespaces loaded before the first render; the rest load with the routes that use them. Default: all. */
  readonly initialNamespaces?: readonly string[];
  readonly offered?: readonly string[];
  /** What a key no locale has shows: `[key]` by default (spec section 8); production builds pass `hideMissingKey`. */
  readonly missingKey?: (key: string) => string;
}

export interface PageLanguage {
  readonly i18n: I18n;
  /** The page language now (it changes with `switchTo`). */
  readonly language: string;
  readonly direction: 'ltr' | 'rtl';
  /** Adds the page language's `namespaces` (all when omitted) that are not loaded yet; resolves once they are. */
  readonly loadNamespaces: (namespaces?: readonly string[]) => Promise<void>;
  /**
   * Shows the page in `language`: its texts of every namespace loaded so far load first, and only then does the
   * page change language, so the screen shown stays (in the old language) until the new texts are there.
   */
  readonly switchTo: (language: string) => Promise<void>;
}

/**
 * Creates the i18next instance for the page language and registers it with react-i18next. All texts live
 * in the single `translation` namespace; keys are prefixed by their file (`common.retry`), and each file
 * (our "namespace") is added to it when first needed (`loadNamespaces`, awaited by a route before its screen
 * renders, so a screen never shows bracketed keys while its texts load). There is no
 * fallback language: a key missing from the page locale shows as `[key]` (the completeness test keeps
 * complete locales identical, so this only happens for a key no locale has).
 */
export async function createI18n(setup: I18nSetup): Promise<PageLanguage> {
  const offered = setup.offered ?? COMPLETE_LOCALES;
  const language = resolvePageLanguage(
    { stored: setup.storage.get(LANGUAGE_STORAGE_KEY), messenger: setup.messengerLanguage },
    offered,
  );
  const translation = await setup.loadLocale(language, setup.initialNamespaces);
  const i18n = createInstance().use(initReactI18next).use(isolateValues);
  await i18n.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation } },
    // React escapes. Every value passes the formatter, which isolates it right to left only (isolateValues.ts).
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
    parseMissingKeyHandler: setup.missingKey ?? missingKeyPlaceholder,
    react: { useSuspense: false },
  });
  let current = language;
  const loaded = new Set(setup.initialNamespaces);
  let loadedAll = setup.initialNamespaces === undefined;
  // Loading a screen's namespaces and switching the language run one after the other: run together, a switch would
  // load the namespaces loaded so far while a screen's were still loading in the old language, and that screen would
  // render in the new language without its texts.
  let queue: Promise<void> = Promise.resolve();
  const inTurn = (operation: () => Promise<void>): Promise<void> => {
    const run = queue.then(operation);
    queue = run.catch(() => undefined);
    return run;
  };
  const loadNamespaces = (namespaces?: readonly string[]): Promise<void> =>
    inTurn(async () => {
      const missing = namespaces?.filter((namespace) => !loaded.has(namespace));
      if (loadedAll || missing?.length === 0) return;
      const texts = await setup.loadLocale(current, missing);
      i18n.addResourceBundle(current, 'translation', texts, true, false);
      if (missing === undefined) loadedAll = true;
      else for (const namespace of missing) loaded.add(namespace);
    });
  const switchTo = (next: string): Promise<void> =>
    inTurn(async () => {
      if (next === current) return;
      const texts = await setup.loadLocale(next, loadedAll ? undefined : [...loaded]);
      i18n.addResourceBundle(next, 'translation', texts, true, true);
      current = next;
      await i18n.changeLanguage(next);
    });
  return {
    i18n,
    get language() {
      return current;
    },
    get direction() {
      return textDirection(current);
    },
    loadNamespaces,
    switchTo,
  };
}

/** Sets `lang` and `dir` on the document element. */
export function applyDocumentLanguage(root: HTMLElement, page: Pick<PageLanguage, 'language' | 'direction'>): void {
  root.lang = page.language;
  root.dir = page.direction;
}

/** Saves the page language for the next start (it is applied on reload). */
export function storePageLanguage(storage: KeyValueStorage, language: string): void {
  storage.set(LANGUAGE_STORAGE_KEY, language);
}
