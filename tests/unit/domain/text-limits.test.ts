import { checkText, remainingCharacters } from '../../../src/domain/text-limits';

describe('text limits', () => {
  it.each([
    [11, null], // 21 remain: hidden
    [12, 20], // 20 remain: shown
    [32, 0],
    [33, -1],
  ])('with %i of 32 characters the counter shows %p', (length, shown) => {
    expect(remainingCharacters('a'.repeat(length), 32)).toBe(shown);
  });

  it('counts an emoji as one character', () => {
    expect(remainingCharacters('😀'.repeat(20), 20)).toBe(0);
  });

  it('checkText requires text and caps its length', () => {
    expect(checkText(' ', 5)).toEqual({ code: 'required' });
    expect(checkText('12345', 5)).toBeNull();
    expect(checkText('123456', 5)).toEqual({ code: 'too_long', max: 5 });
  });
});
