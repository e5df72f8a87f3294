import {
  COMPLETE_LOCALES, DEFAULT_LANGUAGE, PAGE_LOCALES, baseLanguage, missingKeyPlaceholder, resolvePageLanguage, textDirection,
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
    expect(resolvePageLanguage({ stored: 'de', messenger: 'ru' })).toBe('ru');
  });

  it('resolves page locales that are not complete yet to English', () => {
    const incomplete = PAGE_LOCALES.filter((code) => !(COMPLETE_LOCALES as readonly string[]).includes(code));
    expect(incomplete.length).toBeGreaterThanOrEqual(20);
    for (const code of incomplete) expect(resolvePageLanguage({ stored: code, messenger: code })).toBe('en');
  });

  it('reads regional and differently cased codes by their base language', () => {
    expect(baseLanguage('pt-BR')).toBe('pt');
    expect(baseLanguage(' RU ')).toBe('ru');
    expect(baseLanguage('id_ID')).toBe('id');
    expect(baseLanguage(undefined)).toBeNull();
    expect(resolvePageLanguage({ messenger: 'ru-RU' })).toBe('ru');
    expect(resolvePageLanguage({ stored: 'EN-gb', messenger: 'ru' })).toBe('en');
  });

  it('offers exactly en, ru and id as complete locales', () => {
    expect([...COMPLETE_LOCALES].sort()).toEqual(['en', 'id', 'ru']);
  });
});

describe('text direction', () => {
  it('is right-to-left for Arabic once Arabic is offered', () => {
    const language = resolvePageLanguage({ messenger: 'ar' }, [...COMPLETE_LOCALES, 'ar']);
    expect(language).toBe('ar');
    expect(textDirection(language)).toBe('rtl');
  });

  it('stays left-to-right while Arabic is not offered (the page falls back to English)', () => {
    const language = resolvePageLanguage({ messenger: 'ar' });
    expect(language).toBe('en');
    expect(textDirection(language)).toBe('ltr');
  });

  it('is left-to-right for every complete locale', () => {
    for (const code of COMPLETE_LOCALES) expect(textDirection(code)).toBe('ltr');
  });
});

describe('missing keys', () => {
  it('show as a bracketed placeholder', () => {
    expect(missingKeyPlaceholder('dashboard.title')).toBe('[dashboard.title]');
  });
});
