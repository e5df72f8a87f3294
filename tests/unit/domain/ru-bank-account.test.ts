/**
 * Russian payout accounts as Smart Glocal's payouts/payout-russia describes them (an individual's 12-digit INN, the
 * allowed account prefixes), with the tax service's INN check digits and the Bank of Russia's control key.
 */
import {
  RU_ACCOUNT_PREFIXES,
  accountMatchesBik,
  isValidPersonalInn,
  normalizeRuAccount,
  validateRuAccount,
} from '../../../src/domain/ru-bank-account';

const good = { full_name: 'Petrova Anna', inn: '500100732259', bik: '044525225', account: '40817810899910004312' };

describe('INN of an individual', () => {
  it.each(['500100732259', '772153468700'])('accepts %s', (inn) => expect(isValidPersonalInn(inn)).toBe(true));
  it.each([
    ['500100732258', 'last check digit off'],
    ['500100732249', 'eleventh digit off'],
    ['7707083893', "a company's 10 digits"],
    ['50010073225a', 'a letter'],
    ['', 'empty'],
  ])('refuses %s (%s)', (inn) => expect(isValidPersonalInn(inn)).toBe(false));
});

describe('control key of an account with its BIK', () => {
  it('passes a real bank account and a corrected seed account', () => {
    expect(accountMatchesBik('044525225', '40702810938000000001')).toBe(true);
    expect(accountMatchesBik('044525225', '40817810899910004312')).toBe(true);
  });
  it('fails when any single digit of the account changes', () => {
    const account = '40817810899910004312';
    for (let index = 0; index < account.length; index += 1) {
      const digit = Number(account[index]);
      const changed = `${account.slice(0, index)}${(digit + 1) % 10}${account.slice(index + 1)}`;
      expect([index, accountMatchesBik('044525225', changed)]).toEqual([index, false]);
    }
  });
  it('a settlement centre (BIK ending 000–002) keys with "0" and the BIK’s 5th and 6th digits', () => {
    // Key "052" for BIK 044552000: find the one check digit that fits, and see the last-three reading refuse it.
    const fits = [...'0123456789']
      .map((digit) => `40817810${digit}00000000001`)
      .filter((account) => accountMatchesBik('044552000', account));
    expect(fits).toHaveLength(1);
    expect(accountMatchesBik('044552999', fits[0]!)).toBe(accountMatchesBik('044525999', fits[0]!));
  });
});

describe('validateRuAccount', () => {
  it('accepts a complete account', () => expect(validateRuAccount(good)).toBeNull());
  it.each([
    [{ full_name: '' }, 'full_name', 'full_name_required'],
    [{ full_name: 'Anna' }, 'full_name', 'full_name_format'],
    [{ full_name: 'Anna 007' }, 'full_name', 'full_name_format'],
    [{ full_name: `${'A'.repeat(200)} ${'B'.repeat(60)}` }, 'full_name', 'full_name_max_length'],
    [{ inn: '' }, 'inn', 'inn_required'],
    [{ inn: '7707083893' }, 'inn', 'inn_format'],
    [{ inn: '500100732258' }, 'inn', 'inn_checksum'],
    [{ bik: '' }, 'bik', 'bik_required'],
    [{ bik: '144525225' }, 'bik', 'bik_format'],
    [{ account: '' }, 'account', 'account_required'],
    [{ account: '4081781089991000431' }, 'account', 'account_format'],
    [{ account: '40702810938000000001' }, 'account', 'account_prefix'],
    [{ account: '40817810099910004312' }, 'account', 'account_control_key'],
  ])('%o → %s %s', (changed, field, code) =>
    expect(validateRuAccount({ ...good, ...changed })).toEqual({ field, code }),
  );
  it('takes Cyrillic names with hyphens and a patronymic', () =>
    expect(validateRuAccount({ ...good, full_name: 'Салтыкова-Щедрина Мария Ивановна' })).toBeNull());
  it('every prefix the reference allows, and only those', () => {
    expect([...RU_ACCOUNT_PREFIXES].sort()).toEqual(
      [
        '40817810',
        '42301810',
        '42302810',
        '42303810',
        '42304810',
        '42305810',
        '42306810',
        '42307810',
        '40802810',
        '40502810',
        '40820810',
      ].sort(),
    );
  });
  it('normalises what people paste', () =>
    expect(
      normalizeRuAccount({
        full_name: ' Petrova  Anna ',
        inn: '5001 0073 2259',
        bik: '044 525 225',
        account: '4081-7810-8999-1000-4312',
      }),
    ).toEqual(good));
});
