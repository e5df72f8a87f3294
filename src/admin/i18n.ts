/** The console's texts: en and ru, in their own namespace files (not the mini-app's locale folders). */
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en/admin.json';
import ru from './locales/ru/admin.json';
import type { Language } from './viewModels/ShellViewModel';

export const ADMIN_RESOURCES = { en: { translation: en }, ru: { translation: ru } } as const;

export async function createAdminI18n(language: Language): Promise<I18n> {
  const i18n = createInstance();
  await i18n
    .use(initReactI18next)
    .init({ lng: language, fallbackLng: 'en', resources: ADMIN_RESOURCES, interpolation: { escapeValue: false } });
  return i18n;
}
