/**
 * The console's texts, one file per language (locales/<lang>/admin.json, apart from the mini-app's locale folders).
 * English is bundled (the fallback, and the first render's texts when the browser is English); every other language is
 * its own chunk, loaded when chosen, so the console's first load carries one language, not twenty-four.
 */
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en/admin.json';
import type { Language } from './viewModels/ShellViewModel';

type Texts = typeof en;

/** Loaders of every language but English; a language whose file is missing falls back to English. */
const LOADERS = import.meta.glob<Texts>(['./locales/*/admin.json', '!./locales/en/admin.json'], { import: 'default' });

async function load(i18n: I18n, language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const loader = LOADERS[`./locales/${language}/admin.json`];
  if (loader) i18n.addResourceBundle(language, 'translation', await loader());
}

export interface AdminI18n {
  readonly i18n: I18n;
  /**
   * Loads the language's texts (once) and switches to them, unless another language was asked for meanwhile: the later
   * choice wins, however long each file takes.
   */
  show(language: Language): Promise<void>;
}

export async function createAdminI18n(language: Language): Promise<AdminI18n> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  let wanted = language;
  const show = async (next: Language) => {
    wanted = next;
    await load(i18n, next);
    if (wanted === next) await i18n.changeLanguage(next);
  };
  await show(language);
  return { i18n, show };
}
