import {
  date,
  eq,
  firstFailure,
  isIsoDate,
  maxLen,
  minLen,
  oneOf,
  regex,
  required,
  textLength,
} from '../../../src/domain/validators';

describe('generic validators', () => {
  it('required rejects empty and whitespace-only values', () => {
    expect(required('')).toEqual({ rule: 'required' });
    expect(required('   ')).toEqual({ rule: 'required' });
    expect(required('a')).toBeNull();
  });

  it('minLen and maxLen are inclusive and count emoji as one character', () => {
    expect(minLen(3)('ab')).toEqual({ rule: 'min_length', params: { min: 3 } });
    expect(minLen(3)('abc')).toBeNull();
    expect(maxLen(3)('abc')).toBeNull();
    expect(maxLen(3)('abcd')).toEqual({ rule: 'max_length', params: { max: 3 } });
    expect(textLength('👍👍')).toBe(2);
    expect(maxLen(2)('👍👍')).toBeNull();
  });

  it('regex must match the whole value', () => {
    expect(regex('[0-9]{3}')('123')).toBeNull();
    expect(regex('[0-9]{3}')('1234')?.rule).toBe('regex');
    expect(regex('^[0-9]{3}$')('12a')?.rule).toBe('regex');
    expect(regex(/[a-z]+/)('abc')).toBeNull();
  });

  it('regex skips a pattern that does not compile', () => {
    expect(regex('[unclosed')('anything')).toBeNull();
  });

  it('oneOf and eq compare exactly', () => {
    expect(oneOf(['CHECKING', 'SAVINGS'])('SAVINGS')).toBeNull();
    expect(oneOf(['CHECKING', 'SAVINGS'])('savings')?.rule).toBe('one_of');
    expect(eq('RU')('RU')).toBeNull();
    expect(eq('RU')('ru')?.rule).toBe('equal_to');
  });

  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2025-04-31', false],
    ['2025-12-31', true],
    ['2025-13-01', false],
    ['2025-1-01', false],
    ['01.02.2025', false],
  ])('date %s valid: %p', (value, valid) => {
    expect(isIsoDate(value)).toBe(valid);
    expect(date(value) === null).toBe(valid);
  });

  it('firstFailure reports the first failing validator in order', () => {
    expect(firstFailure('', [required, maxLen(2)])?.rule).toBe('required');
    expect(firstFailure('abc', [required, maxLen(2)])?.rule).toBe('max_length');
    expect(firstFailure('ab', [required, maxLen(2)])).toBeNull();
  });
});
