/** Wire amounts are major units (number or numeric string); the domain holds integer minor units. */
import { type Currency, type LedgerCurrency, type Money, money, toMajor, toMinor } from '../../../domain/money';
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

/**
 * A ledger amount: a spec currency, or `xtr` (whole Telegram Stars, exponent 0) on a payer's lines of a Stars payment.
 * Stars are carried in a Money whose currency reads 'xtr', which formatMoney shows as "250 ⭐".
 */
export function ledgerMoneyFromWire(amount: MajorAmount | string, currency: LedgerCurrency): Money {
  return moneyFromWire(amount, currency as Currency);
}

export function moneyToWire(amount: Money): MajorAmount {
  return toMajor(amount.minor, amount.currency);
}
