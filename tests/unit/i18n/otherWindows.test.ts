import { LANGUAGE_STORAGE_KEY } from '../../../src/infrastructure/i18n/languages';
import { type StorageEvents, followLanguageOfOtherWindows } from '../../../src/infrastructure/i18n/otherWindows';

type Listener = Parameters<StorageEvents['addEventListener']>[1];

function setup(messengerLanguage?: string) {
  const listeners: Listener[] = [];
  const switched: string[] = [];
  followLanguageOfOtherWindows(
    { addEventListener: (_type, listener) => listeners.push(listener) },
    messengerLanguage,
    async (language) => {
      switched.push(language);
    },
  );
  const fire = (key: string | null, newValue: string | null) =>
    listeners.forEach((listener) => listener({ key, newValue }));
  return { fire, switched };
}

describe('followLanguageOfOtherWindows', () => {
  it('applies a language another window stored', () => {
    const { fire, switched } = setup('en');
    fire(LANGUAGE_STORAGE_KEY, 'fi');
    fire(LANGUAGE_STORAGE_KEY, 'ar');
    expect(switched).toEqual(['fi', 'ar']);
  });

  it('ignores other keys', () => {
    const { fire, switched } = setup('en');
    fire('token', 'fi');
    expect(switched).toEqual([]);
  });

  it('resolves a removed, cleared or unknown choice as at start: the messenger language', () => {
    const { fire, switched } = setup('de');
    fire(LANGUAGE_STORAGE_KEY, null);
    fire(null, null);
    fire(LANGUAGE_STORAGE_KEY, 'xx-nonsense');
    expect(switched).toEqual(['de', 'de', 'de']);
  });
});
