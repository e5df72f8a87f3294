/** Wire amounts are major units (number or numeric string); the domain holds integer minor units. */
import { type Currency, type Money, money, toMajor, toMinor } from '../../../domain/money';
import { parseDecimalAmount } from '../../../domain/amounts';
import type { MajorAmount } from '../../../contract/api';

export function moneyFromWire(amount: MajorAmount | string, currency: Currency): Money {
  if (typeof amount === 'string') {
    // Strings are parsed digit by digit, so "19.99" never passes through a float.
    const minor = parseDecimalAmount(amount, currency);
    if (minor !== null) return money(minor, currency);
    return money(toMinor(Number(amount), currency), currency);
  }
  return money(toMinor(amount, currency), currency);
}

export function optionalMoneyFromWire(amount: MajorAmount | string | undefined, currency: Currency): Money | undefined {
  return amount === undefined ? undefined : moneyFromWire(amount, currency);
}

export function moneyToWire(amount: Money): MajorAmount {
  return toMajor(amount.minor, amount.currency);
}
