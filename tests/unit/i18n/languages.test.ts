import {
  COMPLETE_LOCALES,
  DEFAULT_LANGUAGE,
  PAGE_LOCALES,
  baseLanguage,
  hideMissingKey,
  missingKeyPlaceholder,
  resolvePageLanguage,
  textDirection,
} from '../../../src/infrastructure/i18n/languages';

describe('page language (spec section 1: local storage, then the messenger language, then English)', () => {
  it('prefers the stored language over the messenger language', () => {
    expect(resolvePageLanguage({ stored: 'ru', messenger: 'id' })).toBe('ru');
  });

  it('uses the messenger language when nothing is stored', () => {
    expect(resolvePageLanguage({ stored: null, messenger: 'id' })).toBe('id');
    expect(resolvePageLanguage({ messenger: 'ru' })).toBe('ru');
  });

  it('falls back to English when neither source names an offered locale', () => {
    expect(resolvePageLanguage({})).toBe('en');
    expect(resolvePageLanguage({ stored: '', messenger: '' })).toBe('en');
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it('skips a stored language that is not offered and takes the messenger one', () => {
    expect(resolvePageLanguage({ stored: 'xx', messenger: 'ru' })).toBe('ru');
    expect(resolvePageLanguage({ stored: 'fa', messenger: 'de' })).toBe('de');
  });

  it('offers every page locale of spec section 1 and nothing else', () => {
    for (const code of PAGE_LOCALES) expect(resolvePageLanguage({ messenger: code })).toBe(code);
    expect(resolvePageLanguage({ messenger: 'ja' })).toBe('en');
  });

  it('reads regional and differently cased codes by their base language', () => {
    expect(baseLanguage('pt-BR')).toBe('pt');
    expect(baseLanguage(' RU ')).toBe('ru');
    expect(baseLanguage('id_ID')).toBe('id');
    expect(baseLanguage(undefined)).toBeNull();
    expect(resolvePageLanguage({ messenger: 'ru-RU' })).toBe('ru');
    expect(resolvePageLanguage({ stored: 'EN-gb', messenger: 'ru' })).toBe('en');
  });

  it('offers the 24 locales of spec section 1', () => {
    expect(COMPLETE_LOCALES).toHaveLength(24);
    expect([...COMPLETE_LOCALES].sort()).toEqual([...PAGE_LOCALES].sort());
  });
});

describe('text direction', () => {
  it('is right-to-left for Arabic', () => {
    const language = resolvePageLanguage({ messenger: 'ar-EG' });
    expect(language).toBe('ar');
    expect(textDirection(language)).toBe('rtl');
  });

  it('is left-to-right for every other offered locale', () => {
    for (const code of COMPLETE_LOCALES.filter((locale) => locale !== 'ar')) expect(textDirection(code)).toBe('ltr');
  });
});

describe('missing keys', () => {
  it('show as a bracketed placeholder', () => {
    expect(missingKeyPlaceholder('dashboard.title')).toBe('[dashboard.title]');
  });

  it('never show in production builds: an empty text, reported once on the console', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(hideMissingKey('transaction.type.unheard_of')).toBe('');
      expect(hideMissingKey('transaction.type.unheard_of')).toBe('');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain('transaction.type.unheard_of');
    } finally {
      warn.mockRestore();
    }
  });
});
