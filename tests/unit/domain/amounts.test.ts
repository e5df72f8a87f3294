import {
  amountBounds,
  checkAmount,
  checkDonationInvoiceAmount,
  donationPresets,
  invoiceDefaultAmount,
  normalizeIntegerAmountInput,
  parseDecimalAmount,
  parseDonationInvoiceAmount,
} from '../../../src/domain/amounts';
import { type Currency, money } from '../../../src/domain/money';

const errorOf = (result: ReturnType<typeof checkAmount>) => (result.ok ? null : result.error);

describe('subscription amount bounds', () => {
  it.each([
    ['eur', 99, 'amount_below', 100],
    ['eur', 100, null, null],
    ['eur', 100000, null, null],
    ['eur', 100001, 'amount_above', 100000],
    ['rub', 19900, 'amount_below', 20000],
    ['rub', 20000, null, null],
    ['rub', 6000000, null, null],
    ['rub', 6000100, 'amount_above', 6000000],
  ] as const)('%s %i minor → %p', (currency, minor, code, bound) => {
    const error = errorOf(checkAmount('subscription', money(minor, currency)));
    expect(error?.code ?? null).toBe(code);
    expect(error?.bound?.minor ?? null).toBe(bound);
  });

  it('names the bound in the currency of the amount', () => {
    expect(errorOf(checkAmount('subscription', money(99, 'eur')))?.bound).toEqual(money(100, 'eur'));
  });

  it('requires an amount', () => {
    expect(errorOf(checkAmount('subscription', null))).toEqual({ code: 'amount_required' });
  });
});

describe('donation amount bounds', () => {
  it.each([
    ['eur', 99, 'amount_below'],
    ['eur', 100, null],
    ['eur', 200000, null],
    ['eur', 200001, 'amount_above'],
    ['rub', 19999, 'amount_below'],
    ['rub', 20000, null],
    ['rub', 15000000, null],
    ['rub', 15000001, 'amount_above'],
  ] as const)('%s %i minor → %p', (currency, minor, code) => {
    expect(errorOf(checkAmount('donation', money(minor, currency)))?.code ?? null).toBe(code);
  });

  it('donation allows more than a subscription in the same currency', () => {
    expect(checkAmount('donation', money(150000, 'eur')).ok).toBe(true);
    expect(checkAmount('subscription', money(150000, 'eur')).ok).toBe(false);
  });
});

describe('other currencies', () => {
  it('only need more than zero', () => {
    expect(amountBounds('subscription', 'usd')).toEqual({ min: money(1, 'usd'), max: null });
    expect(errorOf(checkAmount('subscription', money(0, 'usd')))?.code).toBe('amount_below');
    expect(checkAmount('subscription', money(1, 'usd')).ok).toBe(true);
    expect(checkAmount('donation', money(999_999_999, 'jpy')).ok).toBe(true);
  });
});

describe('parseDecimalAmount', () => {
  it.each([
    ['1', 'eur', 100],
    ['0.99', 'eur', 99],
    ['1000.01', 'eur', 100001],
    ['12,5', 'eur', 1250],
    [' 12.50 ', 'eur', 1250],
    ['12.', 'eur', 1200],
    ['1.234', 'eur', null],
    ['-5', 'eur', null],
    ['', 'eur', null],
    ['abc', 'eur', null],
    ['1e3', 'eur', null],
    ['500', 'jpy', 500],
    ['500.5', 'jpy', null],
  ] as const)('%p %s → %p', (text, currency, minor) => {
    expect(parseDecimalAmount(text, currency as Currency)).toBe(minor);
  });

  it('does not lose cents to floating point', () => {
    expect(parseDecimalAmount('0.29', 'eur')).toBe(29);
    expect(parseDecimalAmount('1.15', 'eur')).toBe(115);
  });
});

describe('donation invoice amount', () => {
  it('parses integers and strips a leading zero', () => {
    expect(parseDonationInvoiceAmount('05')).toEqual({ ok: true, value: 5 });
    expect(parseDonationInvoiceAmount('250')).toEqual({ ok: true, value: 250 });
    expect(normalizeIntegerAmountInput('05')).toBe('5');
    expect(normalizeIntegerAmountInput('0')).toBe('');
    expect(normalizeIntegerAmountInput('1a2')).toBe('12');
  });

  it('gives the generic amount error for empty or non-integer text', () => {
    expect(parseDonationInvoiceAmount('')).toEqual({ ok: false, error: { code: 'amount_required' } });
    expect(parseDonationInvoiceAmount('0')).toEqual({ ok: false, error: { code: 'amount_required' } });
    expect(parseDonationInvoiceAmount('5.5').ok).toBe(false);
  });

  it('applies the donation bounds', () => {
    expect(checkDonationInvoiceAmount('2000', 'eur')).toEqual({ ok: true, value: money(200000, 'eur') });
    expect(errorOf(checkDonationInvoiceAmount('2001', 'eur'))?.code).toBe('amount_above');
    expect(errorOf(checkDonationInvoiceAmount('199', 'rub'))?.code).toBe('amount_below');
    expect(errorOf(checkDonationInvoiceAmount('', 'rub'))?.code).toBe('amount_required');
  });
});

describe('donation presets and default', () => {
  it('offers eur 5, 10, 25, 100, 200', () => {
    expect(donationPresets('eur')).toEqual([500, 1000, 2500, 10000, 20000].map((minor) => money(minor, 'eur')));
  });

  it('offers 200, 500, 1000, 2000, 5000 in other currencies', () => {
    expect(donationPresets('rub').map((m) => m.minor)).toEqual([20000, 50000, 100000, 200000, 500000]);
    expect(donationPresets('jpy').map((m) => m.minor)).toEqual([200, 500, 1000, 2000, 5000]);
  });

  it('starts the invoice at eur 5, else 200', () => {
    expect(invoiceDefaultAmount('eur')).toEqual(money(500, 'eur'));
    expect(invoiceDefaultAmount('rub')).toEqual(money(20000, 'rub'));
    expect(invoiceDefaultAmount('usd')).toEqual(money(20000, 'usd'));
  });
});
