/**
 * Payouts (spec sections 3, 5, 7, 8, 9), for verified creators:
 * - GET /payout: balances (payout and active, per currency, from the ledger), the next payout date, the saved
 *   account and card, and the withdrawals (paged with withdrawalsNextFrom; later pages via POST /dashboard/transactions
 *   with list 'withdrawals');
 * - GET /payout/account/parameters: supported countries and methods, the user's country, the requirements per
 *   country, currency, method and bank (src/domain/payout-catalog.ts), and the provider's tokenisation key;
 * - GET /payout/account/banks?country=&currency=: the banks to choose from;
 * - POST /payout/account: validated with the client's domain rules; error_fields_required (message, field) or
 *   error_country_mismatch (cardCountry) on failure; saving replaces the previous account.
 */
import type { FastifyPluginAsync } from 'fastify';
import type {
  BanksResponse, PayoutParametersResponse, PayoutResponse, SavePayoutAccountResponse, WithdrawalCardDto,
} from '../../../src/contract/api';
import { PAYOUT_METHOD_TYPES } from '../../../src/domain/entities';
import { type Money, PAYOUT_CURRENCIES, toMajor } from '../../../src/domain/money';
import { payoutDateString } from '../../../src/domain/payout';
import type { RouteOptions } from '../../context';
import { cardBrandOf } from '../payments/settlement';
import { MANDATORY_PARAMETERS, PAYOUT_COUNTRIES, banksFor, countryByIso2, countryByIso3, countryFromLanguage } from '../../../src/domain/payout-catalog';
import type { PayoutAccountInput } from './validateAccount';
import { requireVerified } from '../channels/access';
import { transactionDto, withdrawalAccountDto } from '../../platform/dto';
import type { PayoutAccountRow } from '../../platform/db/schema';
import type { MoneyDb } from '../../platform/db/moneyDb';
import { currentUser } from '../users/auth';
import { errorResponses, s } from '../../platform/http/schemas';
import { PayoutService } from './service';

const tags = ['payout'];

const balanceDtos = (balances: readonly Money[]) => balances.map((balance) => ({ currency: balance.currency, amount: toMajor(balance.minor, balance.currency) }));

function withdrawalCard(account: PayoutAccountRow | undefined): WithdrawalCardDto | null {
  if (account === undefined || account.cardLast4 === null) return null;
  return {
    brand: cardBrandOf(account.cardBrand),
    maskedNumber: account.cardMaskedNumber ?? `****${account.cardLast4}`,
    last4: account.cardLast4,
    ...(account.cardCountry !== null ? { country: account.cardCountry } : {}),
  };
}

const requirement = s.object({
  name: s.str, required: s.bool, regex: s.str, maxLength: s.int, oneOf: s.arrayOf(s.str), equalTo: s.str, invalidMessage: s.str,
}, ['name', 'required', 'invalidMessage']);

export const payoutsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const engine = deps.money;
  const payouts = new PayoutService(deps.db as MoneyDb, deps.clock, () => engine.provider);

  app.get('/payout', {
    schema: {
      tags, summary: 'Balances, next payout date, payout account and withdrawals',
      response: {
        200: s.object({
          payoutBalances: s.arrayOf(s.ref('Balance')), activeBalances: s.arrayOf(s.ref('Balance')), nextPayoutDate: s.str,
          nextPayoutBalances: s.arrayOf(s.ref('Balance')), laterPayoutBalances: s.arrayOf(s.ref('Balance')), laterPayoutDate: s.str,
          withdrawalCard: { anyOf: [s.ref('WithdrawalCard'), { type: 'null' }] },
          withdrawalAccount: { anyOf: [s.ref('WithdrawalAccount'), { type: 'null' }] },
          withdrawals: s.arrayOf(s.ref('Transaction')), withdrawalsNextFrom: s.cursor,
        }),
        ...errorResponses(),
      },
    },
  }, async (request): Promise<PayoutResponse> => {
    const user = currentUser(request);
    requireVerified(user);
    const overview = await payouts.overview(user.id);
    const { account } = overview;
    return {
      payoutBalances: balanceDtos(overview.payoutBalances),
      activeBalances: balanceDtos(overview.activeBalances),
      nextPayoutDate: payoutDateString(overview.nextPayoutAt),
      nextPayoutBalances: balanceDtos(overview.announced.next),
      laterPayoutBalances: balanceDtos(overview.announced.later),
      laterPayoutDate: payoutDateString(overview.laterPayoutAt),
      withdrawalCard: withdrawalCard(account),
      withdrawalAccount: account === undefined ? null : withdrawalAccountDto(account),
      withdrawals: overview.withdrawals.items.map(transactionDto),
      withdrawalsNextFrom: overview.withdrawals.nextFrom,
    };
  });

  app.get('/payout/account/parameters', {
    schema: {
      tags, summary: 'Supported countries, methods and the fields each country, currency, method and bank requires',
      response: {
        200: s.object({
          token: s.str,
          supportedCountries: s.arrayOf(s.object({ countryCodeIso2: s.str, countryCodeIso3: s.str, availablePayoutMethods: s.arrayOf(s.enumOf(PAYOUT_METHOD_TYPES)) })),
          userCountry: s.nullable(s.str),
          mandatoryParametersV2: s.arrayOf(s.object({
            country: s.str, currency: s.currency, methodType: s.enumOf(PAYOUT_METHOD_TYPES), bankExternalId: s.str, fields: s.arrayOf(requirement),
          }, ['country', 'currency', 'methodType', 'fields'])),
        }),
        ...errorResponses(),
      },
    },
  }, async (request): Promise<PayoutParametersResponse> => {
    const user = currentUser(request);
    requireVerified(user);
    const account = await payouts.accountOf(user.id);
    const userCountry = user.country ?? account?.countryIso2 ?? countryFromLanguage(user.languageCode);
    return {
      token: engine.provider?.publicKey() ?? '',
      supportedCountries: PAYOUT_COUNTRIES.map((country) => ({
        countryCodeIso2: country.countryCodeIso2,
        countryCodeIso3: country.countryCodeIso3,
        availablePayoutMethods: country.methods.map((entry) => entry.method),
      })),
      userCountry: userCountry === null ? null : userCountry.toUpperCase(),
      mandatoryParametersV2: MANDATORY_PARAMETERS.map((entry) => ({
        country: entry.country,
        currency: entry.currency,
        methodType: entry.methodType,
        ...(entry.bankExternalId !== undefined ? { bankExternalId: entry.bankExternalId } : {}),
        fields: entry.fields.map(({ oneOf, ...field }) => ({ ...field, ...(oneOf !== undefined ? { oneOf: [...oneOf] } : {}) })),
      })),
    };
  });

  app.get<{ Querystring: { country: string; currency?: string } }>('/payout/account/banks', {
    schema: {
      tags, summary: 'Banks for a country (ISO2 or ISO3) and payout currency',
      querystring: s.object({ country: { type: 'string', minLength: 2, maxLength: 3 }, currency: s.enumOf(PAYOUT_CURRENCIES) }, ['country']),
      response: { 200: s.object({ banks: s.arrayOf(s.object({ externalId: s.str, bankName: s.str })) }), ...errorResponses() },
    },
  }, async (request): Promise<BanksResponse> => {
    requireVerified(currentUser(request));
    const code = request.query.country.toUpperCase();
    const country = code.length === 3 ? countryByIso3(code) : countryByIso2(code);
    if (country === undefined) return { banks: [] };
    const currencies = request.query.currency !== undefined ? [request.query.currency] : [...new Set(country.methods.map((entry) => entry.currency))];
    return { banks: currencies.flatMap((currency) => banksFor(country.countryCodeIso2, currency).map((bank) => ({ ...bank }))) };
  });

  app.post<{ Body: PayoutAccountInput }>('/payout/account', {
    schema: {
      tags, summary: 'Save the payout account (card by provider token, SWIFT, global bank account, ru account)',
      body: s.object({
        currency: s.str,
        countryIso3: s.str,
        methodType: s.str,
        card: { type: 'object', properties: { token: s.str, network: s.str, type: s.str, maskedNumber: s.str } },
        bank: { type: 'object', properties: { externalId: s.str, bankName: s.str } },
        params: { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
      }, ['currency', 'countryIso3', 'methodType']),
      response: {
        200: s.object({ card: { anyOf: [s.ref('WithdrawalCard'), { type: 'null' }] }, withdrawalAccount: s.ref('WithdrawalAccount') }),
        ...errorResponses(),
      },
    },
  }, async (request): Promise<SavePayoutAccountResponse> => {
    const user = currentUser(request);
    requireVerified(user);
    const saved = await payouts.saveAccount(user.id, request.body);
    return { card: withdrawalCard(saved), withdrawalAccount: withdrawalAccountDto(saved) };
  });
};

export default payoutsRoutes;
