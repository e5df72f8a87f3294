import { money } from '../../../src/domain/money';
import { announcePayouts } from '../../../src/domain/payout';

describe('announcePayouts: what the payout page may promise for the next run', () => {
  it('announces the due sum in the account currency that reaches the minimum; the rest of the balance waits', () => {
    const balances = [money(30_000, 'eur'), money(400_000, 'rub')];
    expect(announcePayouts(balances, [money(12_000, 'eur'), money(400_000, 'rub')], 'eur')).toEqual({
      next: [money(12_000, 'eur')],
      later: [money(18_000, 'eur'), money(400_000, 'rub')],
    });
  });

  it('announces nothing below the minimum, without an account, or in another currency', () => {
    const balances = [money(9_999, 'eur')];
    expect(announcePayouts(balances, [money(9_999, 'eur')], 'eur')).toEqual({ next: [], later: [money(9_999, 'eur')] });
    expect(announcePayouts([money(20_000, 'eur')], [money(20_000, 'eur')], null)).toEqual({
      next: [],
      later: [money(20_000, 'eur')],
    });
    expect(announcePayouts([money(20_000, 'eur')], [money(20_000, 'eur')], 'rub')).toEqual({
      next: [],
      later: [money(20_000, 'eur')],
    });
  });

  it('announces the minimum itself (inclusive) and leaves no zero rest', () => {
    expect(announcePayouts([money(10_000, 'eur')], [money(10_000, 'eur')], 'eur')).toEqual({
      next: [money(10_000, 'eur')],
      later: [],
    });
  });
});
