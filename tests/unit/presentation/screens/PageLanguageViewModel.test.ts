import { COMPLETE_LOCALES, LANGUAGE_STORAGE_KEY } from '../../../../src/infrastructure/i18n/languages';
import { StoredPageLanguage } from '../../../../src/infrastructure/i18n/StoredPageLanguage';
import { MemoryStorage } from '../../../../src/infrastructure/storage/MemoryStorage';
import { PageLanguageViewModel } from '../../../../src/presentation/screens/PageLanguage/PageLanguageViewModel';
import { FakePlatform } from '../support/FakePlatform';

/** The real preference over memory storage; a reload is counted instead of made. */
function setup(stored?: string, messenger?: string, switchTexts: ((language: string) => Promise<void>) | null = null) {
  const storage = new MemoryStorage();
  if (stored !== undefined) storage.set(LANGUAGE_STORAGE_KEY, stored);
  const platform = new FakePlatform();
  platform.launch = { ...platform.launch, user: { id: 1, firstName: 'Nina', languageCode: messenger } };
  let reloads = 0;
  const preference = new StoredPageLanguage(storage, platform, switchTexts, () => {
    reloads += 1;
  });
  return { storage, vm: new PageLanguageViewModel(preference), reloads: () => reloads };
}

describe('PageLanguageViewModel', () => {
  it('lists the 24 page languages in their own names, in the spec order, marking the current one', () => {
    const { vm } = setup(undefined, 'de-AT');
    expect(vm.options.map((option) => option.code)).toEqual([...COMPLETE_LOCALES]);
    expect(vm.options.find((option) => option.code === 'de')).toEqual({ code: 'de', name: 'Deutsch', current: true });
    expect(vm.options.find((option) => option.code === 'ar')?.name).toBe('العربية');
    expect(vm.options.find((option) => option.code === 'ko')?.name).toBe('한국어');
    expect(vm.options.filter((option) => option.current)).toHaveLength(1);
    expect(new Set(vm.options.map((option) => option.name)).size).toBe(24);
  });

  it('takes the stored language over the messenger one, and English without either', () => {
    expect(setup('fr', 'de').vm.options.find((option) => option.current)?.code).toBe('fr');
    expect(setup(undefined, 'xx').vm.options.find((option) => option.current)?.code).toBe('en');
  });

  it('stores a new choice and reloads the page in it', () => {
    const { vm, storage, reloads } = setup(undefined, 'ru');
    expect(vm.choose('ar')).toBe(true);
    expect(storage.get(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(reloads()).toBe(1);
    expect(vm.options.find((option) => option.current)?.code).toBe('ar');
    // A second tap while the page reloads does nothing.
    expect(vm.choose('de')).toBe(false);
    expect(storage.get(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(reloads()).toBe(1);
  });

  it('leaves the current language and unknown codes alone', () => {
    const { vm, storage, reloads } = setup('ru');
    expect(vm.choose('ru')).toBe(false);
    expect(vm.choose('xx')).toBe(false);
    expect(storage.get(LANGUAGE_STORAGE_KEY)).toBe('ru');
    expect(reloads()).toBe(0);
  });

  it('with a switch, changes language in place once the texts are loaded, taking no other choice meanwhile', async () => {
    let finish!: () => void;
    const switched: string[] = [];
    const { vm, storage, reloads } = setup(undefined, 'ru', (language) => {
      switched.push(language);
      return new Promise<void>((resolve) => (finish = resolve));
    });
    expect(vm.choose('de')).toBe(true);
    expect(storage.get(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(switched).toEqual(['de']);
    expect(vm.choose('fr')).toBe(false);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(vm.applying).toBe(false);
    expect(vm.choose('fr')).toBe(true);
    expect(switched).toEqual(['de', 'fr']);
    expect(reloads()).toBe(0);
  });

  it('reloads when the new texts cannot be loaded', async () => {
    const { vm, reloads } = setup(undefined, 'ru', () => Promise.reject(new Error('offline')));
    vm.choose('de');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reloads()).toBe(1);
  });
});
