import type { KeyValueStorage } from '../../application/ports/KeyValueStorage';
import type { MessengerPlatform } from '../../application/ports/MessengerPlatform';
import type { PageLanguagePreference } from '../../application/ports/PageLanguagePreference';
import { storePageLanguage } from './i18n';
import { COMPLETE_LOCALES, LANGUAGE_STORAGE_KEY, resolvePageLanguage } from './languages';

/**
 * The page language in local storage. The page resolved its language once at start (main.tsx), so the current one is
 * that same resolution; a new choice is stored and the page reloads, which starts it afresh in the new language
 * (direction and first-screen texts included) on the screen it was on: the launch data stays in the URL.
 */
export class StoredPageLanguage implements PageLanguagePreference {
  readonly offered = COMPLETE_LOCALES;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly platform: Pick<MessengerPlatform, 'launchInfo'>,
    private readonly reload: () => void = () => window.location.reload(),
  ) {}

  current(): string {
    return resolvePageLanguage({
      stored: this.storage.get(LANGUAGE_STORAGE_KEY),
      messenger: this.platform.launchInfo().user?.languageCode,
    });
  }

  apply(language: string): void {
    if (!this.offered.includes(language as (typeof COMPLETE_LOCALES)[number]) || language === this.current()) return;
    storePageLanguage(this.storage, language);
    this.reload();
  }
}
