/**
 * One lazily loaded chunk per complete locale: each loader module merges that locale's namespace files
 * (locales/<lang>/<namespace>.json) at build time. Kept free of `import.meta` so Jest can load this file.
 */
import type { CompleteLocale } from '../languages';
import type { LocaleLoader, Translations } from '../i18n';

const LOADERS: Record<CompleteLocale, () => Promise<{ default: Translations }>> = {
  en: () => import('./en'),
  ru: () => import('./ru'),
  id: () => import('./id'),
};

export const loadLocale: LocaleLoader = async (language) => {
  const load = LOADERS[language as CompleteLocale] ?? LOADERS.en;
  return (await load()).default;
};
