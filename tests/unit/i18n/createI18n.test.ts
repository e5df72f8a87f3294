/** @jest-environment jsdom */
import { LANGUAGE_STORAGE_KEY } from '../../../src/infrastructure/i18n/languages';
import { applyDocumentLanguage, createI18n, storePageLanguage } from '../../../src/infrastructure/i18n/i18n';
import { MemoryStorage } from '../../../src/infrastructure/storage/MemoryStorage';
import { namespaceFiles, readLocale, readNamespace } from './localeFiles';

/** Like locales/index.ts: the requested namespace files of a locale (all when none are named), merged. */
function readNamespaces(language: string, namespaces?: readonly string[]): Record<string, unknown> {
  const files = namespaceFiles(language).filter(
    (file) => namespaces === undefined || namespaces.includes(file.replace(/\.json$/, '')),
  );
  return Object.assign({}, ...files.map((file) => readNamespace(language, file)));
}

function setup(stored: string | null, messengerLanguage?: string) {
  const storage = new MemoryStorage();
  if (stored !== null) storage.set(LANGUAGE_STORAGE_KEY, stored);
  const requested: string[] = [];
  const loadLocale = async (language: string) => {
    requested.push(language);
    return readLocale(language);
  };
  return { storage, requested, page: createI18n({ storage, messengerLanguage, loadLocale }) };
}

describe('createI18n', () => {
  it('isolates interpolated values right to left only, so amounts and names keep their own direction', async () => {
    const arabic = await setup('ar').page;
    expect(arabic.direction).toBe('rtl');
    expect(arabic.i18n.t('invoice.donateAmount', { amount: '-€5' })).toContain('\u2068-€5\u2069');
    const english = await setup('en').page;
    expect(english.i18n.t('invoice.donateAmount', { amount: '-€5' })).not.toContain('\u2068');
  });

  it('switches language in place only once the texts of every loaded namespace are there, direction included', async () => {
    const storage = new MemoryStorage();
    const requested: [string, readonly string[] | undefined][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const page = await createI18n({
      storage,
      messengerLanguage: 'en',
      initialNamespaces: ['common'],
      loadLocale: async (language, namespaces) => {
        requested.push([language, namespaces]);
        if (language === 'ar') await gate;
        return readNamespaces(language, namespaces);
      },
    });
    await page.loadNamespaces(['invoice']);
    const seen: string[] = [];
    page.i18n.on('languageChanged', () => seen.push(page.i18n.t('invoice.donateAmount', { amount: '-€5' })));

    const switching = page.switchTo('ar');
    await Promise.resolve();
    // Still English while Arabic loads: the screen keeps its texts.
    expect(page.i18n.language).toBe('en');
    expect(page.i18n.t('common.retry')).toBe('Retry');
    release();
    await switching;
    expect(requested.at(-1)).toEqual(['ar', ['common', 'invoice']]);
    expect(page.language).toBe('ar');
    expect(page.direction).toBe('rtl');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('\u2068-€5\u2069');
    expect(seen[0]).not.toContain('[');
    // Back to left to right: no isolation marks.
    await page.switchTo('de');
    expect(page.i18n.t('invoice.donateAmount', { amount: '-€5' })).not.toContain('\u2068');
    expect(page.direction).toBe('ltr');
  });

  it.each([
    ['the screen asks first', 'load' as const],
    ['the language switches first', 'switch' as const],
  ])(
    "a screen's texts asked for while the language switches are there in the new language (%s)",
    async (_name, first) => {
      // Each load after the start waits until the test lets it go; the test lets the latest go first.
      const waiting: (() => void)[] = [];
      let gated = false;
      const page = await createI18n({
        storage: new MemoryStorage(),
        messengerLanguage: 'en',
        initialNamespaces: ['common'],
        loadLocale: async (language, namespaces) => {
          if (gated) await new Promise<void>((resolve) => waiting.push(resolve));
          return readNamespaces(language, namespaces);
        },
      });
      gated = true;
      const screen = () => page.loadNamespaces(['invoice']);
      const language = () => page.switchTo('de');
      const done = first === 'load' ? [screen(), language()] : [language(), screen()];
      let finished = false;
      void Promise.all(done).then(() => (finished = true));
      while (!finished) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        waiting.pop()?.();
      }
      expect(page.language).toBe('de');
      const text = page.i18n.t('invoice.donateAmount', { amount: '5 €' });
      expect(text).not.toContain('[');
      const german = await setup('de').page;
      expect(text).toBe(german.i18n.t('invoice.donateAmount', { amount: '5 €' }));
    },
  );

  it('loads only the resolved locale and translates from it', async () => {
    const { page, requested } = setup(null, 'ru');
    const { i18n, language, direction } = await page;
    expect(language).toBe('ru');
    expect(direction).toBe('ltr');
    expect(requested).toEqual(['ru']);
    expect(i18n.t('common.retry')).toBe('Повторить');
  });

  it('uses the stored language before the messenger language', async () => {
    const { i18n } = await setup('id', 'ru').page;
    expect(i18n.language).toBe('id');
    expect(i18n.t('common.error')).toBe('Kesalahan');
  });

  it('falls back to English for a messenger language that is not offered', async () => {
    const { i18n, language } = await setup(null, 'ja').page;
    expect(language).toBe('en');
    expect(i18n.t('common.somethingWentWrong')).toBe('Something went wrong.');
  });

  it('shows a key that no locale has as [key]', async () => {
    const { i18n } = await setup(null).page;
    expect(i18n.t('common.noSuchKey')).toBe('[common.noSuchKey]');
    expect(i18n.t('nowhere.atAll')).toBe('[nowhere.atAll]');
  });

  it('interpolates and picks plural forms', async () => {
    const en = (await setup(null, 'en').page).i18n;
    expect(en.t('common.charactersLeft', { count: 1 })).toBe('1 character left');
    expect(en.t('common.charactersLeft', { count: 5 })).toBe('5 characters left');
    const ru = (await setup(null, 'ru').page).i18n;
    expect(ru.t('common.charactersLeft', { count: 5 })).toBe('Осталось 5 символов');
    expect(ru.t('common.charactersLeft', { count: 2 })).toBe('Осталось 2 символа');
  });

  it('stores a chosen language for the next start', async () => {
    const { storage } = setup(null);
    storePageLanguage(storage, 'ru');
    const { language } = await createI18n({ storage, loadLocale: async (code) => readLocale(code) });
    expect(language).toBe('ru');
  });

  it('loads the initial namespaces first and the others when asked, each once', async () => {
    const requests: (readonly string[] | 'all')[] = [];
    const loadLocale = async (language: string, namespaces?: readonly string[]) => {
      requests.push(namespaces ?? 'all');
      return readNamespaces(language, namespaces);
    };
    const page = await createI18n({
      storage: new MemoryStorage(),
      loadLocale,
      initialNamespaces: ['common', 'dashboard'],
    });
    expect(requests).toEqual([['common', 'dashboard']]);
    expect(page.i18n.t('dashboard.title')).toBe('Dashboard');
    expect(page.i18n.t('channel.title')).toBe('[channel.title]'); // not loaded yet: why routes await their texts

    await page.loadNamespaces(['channel', 'common']);
    expect(requests).toEqual([['common', 'dashboard'], ['channel']]);
    expect(page.i18n.t('channel.title')).toBe('Channel');
    expect(page.i18n.t('common.retry')).toBe('Retry'); // adding a bundle keeps what was there

    await page.loadNamespaces(['channel', 'dashboard']);
    expect(requests).toHaveLength(2); // nothing new to load

    await page.loadNamespaces();
    expect(requests[2]).toBe('all');
    expect(page.i18n.t('payout.title')).not.toBe('[payout.title]');
    await page.loadNamespaces(['uikit']);
    expect(requests).toHaveLength(3); // everything is loaded
  });

  it('loads every namespace up front without initialNamespaces', async () => {
    const requests: (readonly string[] | undefined)[] = [];
    const page = await createI18n({
      storage: new MemoryStorage(),
      loadLocale: async (language, namespaces) => {
        requests.push(namespaces);
        return readNamespaces(language, namespaces);
      },
    });
    expect(requests).toEqual([undefined]);
    expect(page.i18n.t('channel.title')).toBe('Channel');
    await page.loadNamespaces(['channel']);
    expect(requests).toHaveLength(1);
  });

  it('sets lang and dir on the document element', () => {
    applyDocumentLanguage(document.documentElement, { language: 'ar', direction: 'rtl' });
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    applyDocumentLanguage(document.documentElement, { language: 'en', direction: 'ltr' });
    expect(document.documentElement.dir).toBe('ltr');
  });
});
