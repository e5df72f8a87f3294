/** Wire amounts: a JSON number or a plain decimal string, nothing else; property-based with fast-check. */
import fc from 'fast-check';
import { parseWireAmount, wireAmountText } from '../../../src/domain/amounts';
import { CURRENCIES, currencyExponent } from '../../../src/domain/money';

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
const currency = fc.constantFrom(...CURRENCIES);

describe('wireAmountText', () => {
  test.each([
    ['0x10'],
    ['0b11'],
    ['0o7'],
    ['1e3'],
    [' 5'],
    ['5 '],
    ['+5'],
    ['-5'],
    ['5,00'],
    ['.5'],
    ['5.'],
    ['Infinity'],
    ['NaN'],
    ['٥'],
    ['5\n'],
  ])('refuses the text %j', (text) => {
    expect(wireAmountText(text)).toBeNull();
    expect(parseWireAmount(text, 'eur')).toBeNull();
  });

  test.each([
    [true],
    [false],
    [null],
    [undefined],
    [[5]],
    [{ value: 5 }],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [-5],
    [1e21],
    [1e-7],
  ])('refuses the value %p', (value) => expect(wireAmountText(value)).toBeNull());

  test('reads 5, "5", "5.00" and "" (nothing entered) as their text', () => {
    expect(wireAmountText(5)).toBe('5');
    expect(wireAmountText(5.5)).toBe('5.5');
    expect(wireAmountText('5.00')).toBe('5.00');
    expect(wireAmountText('')).toBe('');
    expect(parseWireAmount('', 'eur')).toBeNull();
  });

  test('any non-negative integer (as number or digit string) is that many major units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), currency, fc.boolean(), (major, cur, asText) => {
        const parsed = parseWireAmount(asText ? String(major) : major, cur);
        expect(parsed).toEqual({ minor: major * 10 ** currencyExponent(cur), currency: cur });
      }),
    );
  });

  test("a decimal with at most the currency's decimals is exact, with more it is refused", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 1, max: 4 }),
        (whole, fraction, digits) => {
          const decimals = String(fraction).padStart(4, '0').slice(0, digits);
          const parsed = parseWireAmount(`${whole}.${decimals}`, 'eur');
          if (digits <= 2)
            expect(parsed).toEqual({ minor: whole * 100 + Number(decimals.padEnd(2, '0')), currency: 'eur' });
          else expect(parsed).toBeNull();
        },
      ),
    );
  });

  test('any string that is not a plain decimal is refused', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        fc.pre(text !== '' && !PLAIN_DECIMAL.test(text));
        expect(wireAmountText(text)).toBeNull();
      }),
    );
  });

  test('whatever is accepted is digits with an optional dot and decimals', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.double(), fc.stringMatching(/^[0-9xob.eE+\- ]{0,8}$/)), (value) => {
        const text = wireAmountText(value);
        if (text !== null && text !== '') expect(text).toMatch(PLAIN_DECIMAL);
        if (typeof value !== 'number' && typeof value !== 'string') expect(text).toBeNull();
      }),
    );
  });
});
