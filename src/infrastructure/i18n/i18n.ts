import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
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
  readonly language: string;
  readonly direction: 'ltr' | 'rtl';
  /** Adds the page language's `namespaces` (all when omitted) that are not loaded yet; resolves once they are. */
  readonly loadNamespaces: (namespaces?: readonly string[]) => Promise<void>;
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
  const direction = textDirection(language);
  const i18n = createInstance().use(initReactI18next);
  // Right to left, every interpolated value is isolated (isolateValues.ts, a chunk only such pages load).
  if (direction === 'rtl') i18n.use((await import('./isolateValues')).default);
  await i18n.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation } },
    interpolation: { escapeValue: false, alwaysFormat: direction === 'rtl' }, // React escapes
    returnNull: false,
    parseMissingKeyHandler: setup.missingKey ?? missingKeyPlaceholder,
    react: { useSuspense: false },
  });
  const loaded = new Set(setup.initialNamespaces);
  let loadedAll = setup.initialNamespaces === undefined;
  const loadNamespaces = async (namespaces?: readonly string[]): Promise<void> => {
    const missing = namespaces?.filter((namespace) => !loaded.has(namespace));
    if (loadedAll || missing?.length === 0) return;
    const texts = await setup.loadLocale(language, missing);
    i18n.addResourceBundle(language, 'translation', texts, true, false);
    if (missing === undefined) loadedAll = true;
    else for (const namespace of missing) loaded.add(namespace);
  };
  return { i18n, language, direction, loadNamespaces };
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
