import { checkText, remainingCharacters, TEXT_LIMITS } from '../../../src/domain/text-limits';

describe('text limits', () => {
  it('has the spec limits', () => {
    expect(TEXT_LIMITS.subscription).toEqual({ name: 32, description: 300, buttonText: 20 });
    expect(TEXT_LIMITS.donation).toEqual({ title: 32, description: 140, buttonText: 20 });
    expect(TEXT_LIMITS.cardHolder).toBe(255);
    expect(TEXT_LIMITS.cardNumberField).toBe(24);
  });

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
