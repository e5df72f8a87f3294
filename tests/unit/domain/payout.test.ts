import { DateTime } from 'luxon';
import { money } from '../../../src/domain/money';
import {
  announcePayouts,
  convertForPayout,
  expectedPayoutArrival,
  isExchangeRate,
  isPayoutDay,
  meetsPayoutMinimum,
  nextPayoutDate,
  PAYOUT_MINIMUM,
  payoutDateString,
  payoutMethodFromApi,
  payoutMethodToApi,
  payoutWindowFor,
} from '../../../src/domain/payout';

const utc = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).toMillis();
const iso = (ms: number, zone = 'utc') => DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true });

describe('payout method mapping', () => {
  it.each([
    ['bank_account', 'global', 'global_bank_account'],
    ['bank_account', 'ru', 'ru_account'],
    ['bank_account', undefined, 'swift'],
    ['bank_account', null, 'swift'],
    ['card', undefined, 'bank_card'],
    ['bank_card', 'global', 'bank_card'],
  ] as const)('%s + %p → %s', (methodType, systemType, method) => {
    expect(payoutMethodFromApi(methodType, systemType)).toBe(method);
  });

  it('round-trips every method', () => {
    for (const method of ['bank_card', 'swift', 'global_bank_account', 'ru_account'] as const) {
      const api = payoutMethodToApi(method);
      expect(payoutMethodFromApi(api.methodType, api.systemType)).toBe(method);
    }
  });
});

describe('payout minimum', () => {
  it('is €100.00 and ₽3,000.00', () => {
    expect(PAYOUT_MINIMUM.eur).toEqual(money(10000, 'eur'));
    expect(PAYOUT_MINIMUM.rub).toEqual(money(300000, 'rub'));
  });

  it.each([
    [money(9999, 'eur'), false],
    [money(10000, 'eur'), true],
    [money(299999, 'rub'), false],
    [money(300000, 'rub'), true],
    [money(10_000_000, 'usd'), false],
  ])('%p meets the minimum: %p', (balance, meets) => {
    expect(meetsPayoutMinimum(balance)).toBe(meets);
  });
});

describe('next payout date', () => {
  it.each([
    ['2025-03-01T00:00:00Z', '2025-03-10T12:00:00Z'],
    ['2025-03-09T23:59:59Z', '2025-03-10T12:00:00Z'],
    ['2025-03-10T11:59:59Z', '2025-03-10T12:00:00Z'],
    ['2025-03-10T12:00:00Z', '2025-03-25T12:00:00Z'],
    ['2025-03-24T23:00:00Z', '2025-03-25T12:00:00Z'],
    ['2025-03-25T12:00:00Z', '2025-04-10T12:00:00Z'],
    ['2025-03-31T23:59:59Z', '2025-04-10T12:00:00Z'],
    ['2025-02-28T23:00:00Z', '2025-03-10T12:00:00Z'],
    ['2025-12-26T00:00:00Z', '2026-01-10T12:00:00Z'],
  ])('after %s it is %s', (now, next) => {
    expect(iso(nextPayoutDate(utc(now)))).toBe(iso(utc(next)));
  });

  it('reads the day and hour in the given zone', () => {
    // 10:00 UTC is 13:00 in Moscow: past that day's payout there, not yet in UTC.
    const now = utc('2025-03-10T10:00:00Z');
    expect(iso(nextPayoutDate(now, 'Europe/Moscow'))).toBe(iso(utc('2025-03-25T09:00:00Z')));
    expect(iso(nextPayoutDate(now))).toBe(iso(utc('2025-03-10T12:00:00Z')));
  });

  it('formats the date as the API carries it', () => {
    expect(payoutDateString(nextPayoutDate(utc('2025-03-11T00:00:00Z')))).toBe('2025-03-25');
  });

  it('knows payout days', () => {
    expect(isPayoutDay(utc('2025-03-10T23:00:00Z'))).toBe(true);
    expect(isPayoutDay(utc('2025-03-25T00:00:00Z'))).toBe(true);
    expect(isPayoutDay(utc('2025-03-11T00:00:00Z'))).toBe(false);
    expect(isPayoutDay(utc('2025-03-09T23:00:00Z'), 'Europe/Moscow')).toBe(true);
  });
});

describe('payout windows', () => {
  it('the 10th pays the 1st to 15th of the previous month', () => {
    const [from, to] = payoutWindowFor(utc('2025-03-10T12:00:00Z'));
    expect(iso(from)).toBe(iso(utc('2025-02-01T00:00:00Z')));
    expect(iso(to)).toBe(iso(utc('2025-02-16T00:00:00Z')));
  });

  it('the 25th pays the 16th to the end of the previous month', () => {
    const [from, to] = payoutWindowFor(utc('2025-03-25T12:00:00Z'));
    expect(iso(from)).toBe(iso(utc('2025-02-16T00:00:00Z')));
    expect(iso(to)).toBe(iso(utc('2025-03-01T00:00:00Z')));
  });

  it('crosses the year and covers leap days', () => {
    const [from, to] = payoutWindowFor(utc('2025-01-10T12:00:00Z'));
    expect(iso(from)).toBe(iso(utc('2024-12-01T00:00:00Z')));
    expect(iso(to)).toBe(iso(utc('2024-12-16T00:00:00Z')));
    const [leapFrom, leapTo] = payoutWindowFor(utc('2024-03-25T12:00:00Z'));
    const leapDay = utc('2024-02-29T12:00:00Z');
    expect(leapDay >= leapFrom && leapDay < leapTo).toBe(true);
  });

  it('consecutive windows do not overlap and leave no gap', () => {
    const [, firstHalfEnd] = payoutWindowFor(utc('2025-05-10T12:00:00Z'));
    const [secondHalfStart, secondHalfEnd] = payoutWindowFor(utc('2025-05-25T12:00:00Z'));
    const [nextStart] = payoutWindowFor(utc('2025-06-10T12:00:00Z'));
    expect(secondHalfStart).toBe(firstHalfEnd);
    expect(nextStart).toBe(secondHalfEnd);
  });

  it('rejects a day that is not a payout day', () => {
    expect(() => payoutWindowFor(utc('2025-03-11T12:00:00Z'))).toThrow(RangeError);
  });
});

describe('expected arrival of a payout', () => {
  const at = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).toMillis();

  it('a card the next day, whatever the weekday', () => {
    expect(expectedPayoutArrival(at('2026-03-13T12:00'), 'bank_card')).toBe(at('2026-03-14T12:00'));
  });

  it('a bank account within three business days: weekends do not count', () => {
    // Tuesday → Friday; Friday → Wednesday; Saturday → Wednesday.
    expect(expectedPayoutArrival(at('2026-03-10T12:00'), 'swift')).toBe(at('2026-03-13T12:00'));
    expect(expectedPayoutArrival(at('2026-03-13T12:00'), 'ru_account')).toBe(at('2026-03-18T12:00'));
    expect(expectedPayoutArrival(at('2026-03-14T12:00'), 'global_bank_account')).toBe(at('2026-03-18T12:00'));
  });
});

describe('conversion of other currencies at payout', () => {
  it('converts exactly in minor units and rounds down, across exponents', () => {
    expect(convertForPayout(money(12_000, 'usd'), 'eur', '0.92')).toEqual(money(11_040, 'eur'));
    // 1 minor unit short of a cent is never paid: 333 * 0.333 = 110.889 cents → 110.
    expect(convertForPayout(money(333, 'usd'), 'eur', '0.333')).toEqual(money(110, 'eur'));
    // JPY has no minor units: ¥20,000 at 0.0061 = €122.00.
    expect(convertForPayout(money(20_000, 'jpy'), 'eur', '0.0061')).toEqual(money(12_200, 'eur'));
    expect(convertForPayout(money(1_000_000, 'eur'), 'rub', '98.039216')).toEqual(money(98_039_216, 'rub'));
  });

  it('refuses a rate that is not a positive plain decimal', () => {
    for (const rate of ['0', '-1', '1e3', '0.0', 'abc', '']) expect(isExchangeRate(rate)).toBe(false);
    expect(() => convertForPayout(money(100, 'usd'), 'eur', '1e3')).toThrow(RangeError);
  });

  it('announces other currencies for the next payout only with a rate and when the converted sum reaches the minimum', () => {
    const due = [money(15_000, 'eur'), money(12_000, 'usd'), money(5_000, 'gbp')];
    const balances = [...due, money(3_000, 'jpy')];
    expect(announcePayouts(balances, due, 'eur')).toEqual({
      next: [money(15_000, 'eur')],
      later: [money(12_000, 'usd'), money(5_000, 'gbp'), money(3_000, 'jpy')],
    });
    const rates = new Map([
      ['usd', '0.92'],
      ['gbp', '1.17'],
    ] as const);
    // $120 → €110.40 goes out; £50 → €58.50 stays below the €100 minimum.
    expect(announcePayouts(balances, due, 'eur', rates)).toEqual({
      next: [money(15_000, 'eur'), money(12_000, 'usd')],
      later: [money(5_000, 'gbp'), money(3_000, 'jpy')],
    });
  });
});
