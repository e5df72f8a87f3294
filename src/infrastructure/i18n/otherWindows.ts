import { LANGUAGE_STORAGE_KEY, resolvePageLanguage } from './languages';

/** The part of `window` this needs: a `storage` event listener. */
export interface StorageEvents {
  addEventListener(type: 'storage', listener: (event: Pick<StorageEvent, 'key' | 'newValue'>) => void): void;
}

/**
 * A language chosen in another window of the app on this origin (the web messenger's app open in two tabs, the local
 * build beside the sandbox's emulator) applies here too, in place: local storage tells every other window of the
 * origin through a `storage` event. The stored value is resolved as at start (an unknown or removed choice falls back
 * to the messenger's language), so a value nobody offers never reaches the page.
 */
export function followLanguageOfOtherWindows(
  target: StorageEvents,
  messengerLanguage: string | undefined,
  switchTo: (language: string) => Promise<void>,
): void {
  target.addEventListener('storage', (event) => {
    // A `null` key: another window cleared the whole storage.
    if (event.key !== LANGUAGE_STORAGE_KEY && event.key !== null) return;
    void switchTo(resolvePageLanguage({ stored: event.newValue, messenger: messengerLanguage })).catch(() => undefined);
  });
}
