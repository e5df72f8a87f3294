/**
 * Splitting a payment into fees and the creator's payout, in integer minor units.
 * Rounding (documented decision): the service fee is `price × bps / 10 000` rounded half up to a whole minor unit,
 * computed on the price (not on price minus provider fee) and capped so the payout never goes negative. The payout
 * amount is what is left, so price = providerFee + serviceFee + payoutAmount holds exactly.
 */
import { type Money, money } from './money';

export const DEFAULT_SERVICE_FEE_BPS = 1000;
const BPS_PER_WHOLE = 10000;

export interface PaymentSplit {
  readonly price: Money;
  readonly providerFee: Money;
  readonly serviceFee: Money;
  readonly payoutAmount: Money;
}

/** Throws a RangeError for a bug: mixed currencies, negative amounts, a fee rate outside 0..10 000 bps, or a provider fee above the price. */
export function splitPayment(
  price: Money,
  serviceFeeBps: number = DEFAULT_SERVICE_FEE_BPS,
  providerFee: Money = money(0, price.currency),
): PaymentSplit {
  if (providerFee.currency !== price.currency) throw new RangeError('provider fee currency differs from the price');
  if (!Number.isInteger(serviceFeeBps) || serviceFeeBps < 0 || serviceFeeBps > BPS_PER_WHOLE)
    throw new RangeError(`invalid service fee ${serviceFeeBps} bps`);
  if (price.minor < 0 || providerFee.minor < 0) throw new RangeError('amounts must not be negative');
  if (providerFee.minor > price.minor) throw new RangeError('provider fee exceeds the price');

  const product = price.minor * serviceFeeBps;
  if (!Number.isSafeInteger(product)) throw new RangeError('price too large');
  const rounded = Math.floor((product + BPS_PER_WHOLE / 2) / BPS_PER_WHOLE);
  const serviceFee = Math.min(rounded, price.minor - providerFee.minor);
  return {
    price,
    providerFee,
    serviceFee: money(serviceFee, price.currency),
    payoutAmount: money(price.minor - providerFee.minor - serviceFee, price.currency),
  };
}
