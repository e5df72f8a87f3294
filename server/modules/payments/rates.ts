/**
 * Exchange rates for payouts of earnings in other currencies: the port, and its one adapter for the
 * Frankfurter API's `latest` call (European Central Bank reference rates; public, no key):
 *   GET <PAYOUT_RATES_URL>/latest?from=USD&to=EUR → 200 {"amount":1.0,"base":"USD","date":"2026-03-17","rates":{"EUR":0.867}}
 * The sandbox serves a double of that call with a fixed table (sandbox/ratesDouble.ts), and sandbox mode points
 * PAYOUT_RATES_URL at it, so this adapter is what every payout test runs. Without PAYOUT_RATES_URL outside the
 * sandbox there are no rates: earnings in other currencies wait for an account in theirs, as before.
 * Assumptions (modules/payments/README.md "Exchange rates"): a rate is read once an hour per pair; the ECB publishes
 * no rouble rate, so a live Frankfurter source converts nothing into roubles (the pair answers no rate).
 */
import type { Currency, PayoutCurrency } from '../../../src/domain/money';
import { type ExchangeRate, isExchangeRate } from '../../../src/domain/payout';

export interface ExchangeRates {
  /** Units of `to` per unit of `from`, or null when the source has no rate for the pair (or cannot be reached). */
  rate(from: Currency, to: PayoutCurrency): Promise<ExchangeRate | null>;
}

export type RatesFetch = (
  url: string,
  init: { method: 'GET'; headers: Record<string, string>; signal: AbortSignal },
) => Promise<{ status: number; json(): Promise<unknown> }>;

const CACHE_MS = 60 * 60 * 1000;
const TIMEOUT_MS = 5000;

/** A JSON number as a plain decimal text (no exponent), at most 12 decimals. */
function rateText(value: unknown): ExchangeRate | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null;
  const text = value.toFixed(12).replace(/\.?0+$/, '');
  return isExchangeRate(text) ? text : null;
}

export class FrankfurterRates implements ExchangeRates {
  private readonly cache = new Map<string, { rate: ExchangeRate | null; at: number }>();

  constructor(
    private readonly options: {
      readonly baseUrl: () => string;
      readonly fetch: RatesFetch;
      readonly now: () => number;
      readonly log?: (message: string) => void;
    },
  ) {}

  async rate(from: Currency, to: PayoutCurrency): Promise<ExchangeRate | null> {
    if (from === to) return '1';
    const key = `${from}:${to}`;
    const cached = this.cache.get(key);
    if (cached !== undefined && this.options.now() - cached.at < CACHE_MS) return cached.rate;
    const rate = await this.fetchRate(from, to);
    this.cache.set(key, { rate, at: this.options.now() });
    return rate;
  }

  private async fetchRate(from: Currency, to: PayoutCurrency): Promise<ExchangeRate | null> {
    const url = `${this.options.baseUrl()}/latest?from=${from.toUpperCase()}&to=${to.toUpperCase()}`;
    try {
      const answer = await this.options.fetch(url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (answer.status !== 200) return null; // 404 / 422: a currency the source does not know
      const body = (await answer.json()) as { rates?: Record<string, unknown> };
      return rateText(body.rates?.[to.toUpperCase()]);
    } catch (error) {
      this.options.log?.(`exchange rate ${from}→${to} not read: ${(error as Error).message}`);
      return null;
    }
  }
}
