import type { KeyValueStorage } from '../../application/ports/KeyValueStorage';
import type { MessengerPlatform } from '../../application/ports/MessengerPlatform';
import type { PageLanguagePreference } from '../../application/ports/PageLanguagePreference';
import { storePageLanguage } from './i18n';
import { COMPLETE_LOCALES, LANGUAGE_STORAGE_KEY, resolvePageLanguage } from './languages';

/**
 * The page language in local storage, resolved like the page did at start (main.tsx). A new choice is stored, then the
 * page changes language in place once the new texts are loaded (`switchTexts`): the screen stays as it was until
 * then, never blank. Without a switch, or when it fails, the page reloads, which starts it afresh in the new
 * language on the screen it was on (the launch data stays in the URL).
 */
export class StoredPageLanguage implements PageLanguagePreference {
  readonly offered = COMPLETE_LOCALES;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly platform: Pick<MessengerPlatform, 'launchInfo'>,
    private readonly switchTexts: ((language: string) => Promise<void>) | null = null,
    private readonly reload: () => void = () => window.location.reload(),
  ) {}

  current(): string {
    return resolvePageLanguage({
      stored: this.storage.get(LANGUAGE_STORAGE_KEY),
      messenger: this.platform.launchInfo().user?.languageCode,
    });
  }

  async apply(language: string): Promise<void> {
    if (!this.offered.includes(language as (typeof COMPLETE_LOCALES)[number]) || language === this.current()) return;
    storePageLanguage(this.storage, language);
    if (this.switchTexts === null) return this.reload();
    try {
      await this.switchTexts(language);
    } catch {
      this.reload(); // the texts did not load (offline): a fresh start shows the stored choice or the error screen
    }
  }
}
