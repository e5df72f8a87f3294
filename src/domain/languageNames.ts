/**
 * Each page language in its own name ("Deutsch", "العربية"): shown the same in every language, so not in the texts.
 * The mini-app's /settings/language and the operator console's language control list them. A file of its own so the
 * mini-app's first screen, which needs the language rules but not the names, does not carry them.
 */
import type { CompleteLocale } from './languages';

export const LANGUAGE_NAMES: Readonly<Record<CompleteLocale, string>> = {
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
