import { numberInputOnBlur, sanitizeNumberInput } from '../../../src/domain/number-input';

describe('number input', () => {
  it.each([
    ['.5', '0.5'],
    ['12', '12'],
    ['12,5', '12.5'],
    ['1a2b', '12'],
    ['€ 1 000', '1000'],
    ['1.2.3', '1.23'],
    ['1.239', '1.23'],
    ['1.', '1.'],
    [',', '0.'],
    ['', ''],
    ['-5', '5'],
  ])('sanitizes %p to %p', (input, output) => {
    expect(sanitizeNumberInput(input)).toBe(output);
  });

  it('drops the decimals for a currency without minor units', () => {
    expect(sanitizeNumberInput('12.5', 0)).toBe('12');
  });

  it('removes a trailing dot on blur only', () => {
    expect(numberInputOnBlur('12.')).toBe('12');
    expect(numberInputOnBlur('12.5')).toBe('12.5');
    expect(numberInputOnBlur('')).toBe('');
  });
});
