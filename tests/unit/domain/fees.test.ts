import { splitPayment } from '../../../src/domain/fees';
import { money } from '../../../src/domain/money';

describe('payment split', () => {
  it('takes 10% by default and leaves the rest to the creator', () => {
    expect(splitPayment(money(1000, 'eur'))).toEqual({
      price: money(1000, 'eur'),
      providerFee: money(0, 'eur'),
      serviceFee: money(100, 'eur'),
      payoutAmount: money(900, 'eur'),
    });
  });

  it('rounds the service fee half up and always sums exactly', () => {
    expect(splitPayment(money(105, 'eur'), 1000, money(3, 'eur')).serviceFee.minor).toBe(11); // 10.5 → 11
    expect(splitPayment(money(104, 'eur'), 1000, money(3, 'eur')).serviceFee.minor).toBe(10); // 10.4 → 10
    for (const price of [1, 99, 100, 101, 12345, 6000000]) {
      for (const bps of [0, 250, 1000, 3333]) {
        const split = splitPayment(money(price, 'rub'), bps, money(Math.floor(price / 50), 'rub'));
        expect(split.providerFee.minor + split.serviceFee.minor + split.payoutAmount.minor).toBe(price);
        expect(split.payoutAmount.minor).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('caps the service fee so the payout never goes negative', () => {
    const split = splitPayment(money(100, 'eur'), 1000, money(95, 'eur'));
    expect(split.serviceFee.minor).toBe(5);
    expect(split.payoutAmount.minor).toBe(0);
  });

  it('rejects bugs', () => {
    expect(() => splitPayment(money(100, 'eur'), 1000, money(1, 'rub'))).toThrow(RangeError);
    expect(() => splitPayment(money(100, 'eur'), 1000, money(101, 'eur'))).toThrow(RangeError);
    expect(() => splitPayment(money(100, 'eur'), 10001)).toThrow(RangeError);
    expect(() => splitPayment(money(100, 'eur'), 10.5)).toThrow(RangeError);
  });
});
