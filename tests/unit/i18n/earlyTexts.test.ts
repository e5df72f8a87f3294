import { type FirstScreenModules, preloadPageLanguage } from '../../../src/infrastructure/i18n/earlyTexts';

const MODULES: FirstScreenModules = {
  ru: ['/assets/texts-ru-first-a.js'],
  de: ['/assets/texts-de-first-b.js'],
  pt: ['/assets/texts-pt-first-c.js'],
  ar: ['/assets/texts-ar-first-d.js', '/assets/isolateValues-e.js'],
};

/** A launch URL's hash as the messenger builds it: tgWebAppData is the URL-encoded init data, whose user is JSON. */
function launchHash(user: Record<string, unknown> | string): string {
  const initData = new URLSearchParams({
    user: typeof user === 'string' ? user : JSON.stringify(user),
    auth_date: '1767225600',
    hash: 'h',
    signature: 's',
  });
  return `#tgWebAppData=${encodeURIComponent(initData.toString())}&tgWebAppVersion=8.0&tgWebAppPlatform=ios`;
}

function run(options: { hash?: string; stored?: string | null; storageThrows?: boolean }) {
  const preloaded: string[] = [];
  const language = preloadPageLanguage({
    location: { hash: options.hash ?? '', search: '' },
    storage: () => ({
      getItem: (key: string) => {
        if (options.storageThrows) throw new Error('SecurityError');
        return key === 'language' ? (options.stored ?? null) : null;
      },
    }),
    modules: MODULES,
    preload: (href) => preloaded.push(href),
  });
  return { language, preloaded };
}

const alice = { id: 1001, first_name: 'Alice' };

describe('preloadPageLanguage: the first texts of the language the app will show, before the entry has run', () => {
  it("preloads the launch user's language", () => {
    expect(run({ hash: launchHash({ ...alice, language_code: 'ru' }) })).toEqual({
      language: 'ru',
      preloaded: ['/assets/texts-ru-first-a.js'],
    });
  });

  it('reads a regional code by its base language', () => {
    expect(run({ hash: launchHash({ ...alice, language_code: 'pt-br' }) })).toEqual({
      language: 'pt',
      preloaded: ['/assets/texts-pt-first-c.js'],
    });
  });

  it('preloads the value isolation module too for a right-to-left language', () => {
    expect(run({ hash: launchHash({ ...alice, language_code: 'ar' }) }).preloaded).toEqual([
      '/assets/texts-ar-first-d.js',
      '/assets/isolateValues-e.js',
    ]);
  });

  it('takes the stored choice over the launch language, as the app does', () => {
    expect(run({ hash: launchHash({ ...alice, language_code: 'ru' }), stored: 'de' })).toEqual({
      language: 'de',
      preloaded: ['/assets/texts-de-first-b.js'],
    });
  });

  it('uses the stored choice on a reload without launch data in the URL', () => {
    expect(run({ stored: 'ru' })).toEqual({ language: 'ru', preloaded: ['/assets/texts-ru-first-a.js'] });
  });

  it('falls back to the launch language when storage cannot be read', () => {
    expect(run({ hash: launchHash({ ...alice, language_code: 'de' }), storageThrows: true })).toEqual({
      language: 'de',
      preloaded: ['/assets/texts-de-first-b.js'],
    });
  });

  it('preloads nothing for English (its first texts are in the entry) or a language not offered', () => {
    expect(run({ hash: launchHash({ ...alice, language_code: 'en' }) })).toEqual({ language: 'en', preloaded: [] });
    expect(run({ hash: launchHash({ ...alice, language_code: 'xx' }) })).toEqual({ language: 'en', preloaded: [] });
    expect(run({})).toEqual({ language: 'en', preloaded: [] });
  });

  it('ignores a user that is not valid JSON or not a user', () => {
    expect(run({ hash: launchHash('{not json') }).language).toBe('en');
    expect(run({ hash: launchHash({ language_code: 'ru' }) }).language).toBe('en');
  });
});
