/**
 * The sandbox's double of the Frankfurter `latest` call (rates.ts): GET /sandbox/rates/latest?from=USD&to=EUR answers
 * {amount, base, date, rates} from a fixed table, so payouts of other currencies are the same in every test run.
 * An unknown currency answers 404 {message} as Frankfurter does.
 */
import type { FastifyPluginAsync } from 'fastify';
import { CURRENCIES } from '../../../../src/domain/money';

/** Euros per unit of each currency of the spec (fixed; roughly the ECB's reference rates of 2026). */
export const SANDBOX_EUR_RATES: Readonly<Record<string, number>> = {
  eur: 1,
  usd: 0.92,
  gbp: 1.17,
  aed: 0.25,
  aud: 0.6,
  brl: 0.17,
  cad: 0.67,
  cny: 0.127,
  czk: 0.04,
  hkd: 0.118,
  huf: 0.0025,
  idr: 0.000057,
  inr: 0.011,
  ils: 0.25,
  jpy: 0.0061,
  kes: 0.0071,
  krw: 0.00068,
  pln: 0.23,
  ron: 0.2,
  rub: 0.0102,
  sek: 0.087,
  thb: 0.026,
  try: 0.027,
};

const code = { type: 'string', pattern: '^[A-Za-z]{3}$' };

export const ratesDoubleRoutes: FastifyPluginAsync<{ today: () => string }> = async (app, { today }) => {
  app.get<{ Querystring: { from?: string; to?: string } }>(
    '/latest',
    {
      schema: { hide: true, querystring: { type: 'object', properties: { from: code, to: code } } },
    },
    async (request, reply) => {
      const from = (request.query.from ?? 'EUR').toLowerCase();
      const targets = (request.query.to ?? '').toLowerCase().split(',').filter(Boolean);
      const unknown = [from, ...targets].find(
        (currency) => !(currency in SANDBOX_EUR_RATES) || !(CURRENCIES as readonly string[]).includes(currency),
      );
      if (unknown !== undefined) return reply.code(404).send({ message: 'not found' });
      const wanted =
        targets.length > 0 ? targets : Object.keys(SANDBOX_EUR_RATES).filter((currency) => currency !== from);
      const rates = Object.fromEntries(
        wanted.map((to) => [
          to.toUpperCase(),
          Number((SANDBOX_EUR_RATES[from]! / SANDBOX_EUR_RATES[to]!).toPrecision(6)),
        ]),
      );
      return { amount: 1.0, base: from.toUpperCase(), date: today(), rates };
    },
  );
};
