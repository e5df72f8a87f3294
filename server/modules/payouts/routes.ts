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
  BanksResponse,
  PayoutParametersResponse,
  PayoutResponse,
  SavePayoutAccountResponse,
  WithdrawalCardDto,
} from '../../../src/contract/api';
import { type Money, PAYOUT_CURRENCIES, toMajor } from '../../../src/domain/money';
import { expectedPayoutArrival, payoutDateString } from '../../../src/domain/payout';
import type { PayoutMethod } from '../../../src/domain/entities';
import type { PayoutRunRow } from '../payments/payoutUpdates';
import type { RouteOptions } from '../../context';
import { cardBrandOf } from '../payments/settlement';
import { absolute, originOf } from '../payments/http';
import {
  MANDATORY_PARAMETERS,
  PAYOUT_COUNTRIES,
  banksFor,
  countryByIso2,
  countryByIso3,
  countryFromLanguage,
} from '../../../src/domain/payout-catalog';
import type { PayoutAccountInput } from './validateAccount';
import { transferOf } from './job';
import { requireVerified } from '../channels/access';
import { transactionDto, withdrawalAccountDto } from '../../platform/dto';
import type { PayoutAccountRow } from '../../platform/db/schema';
import { currentUser } from '../users/auth';
import { errorResponses, s } from '../../platform/http/schemas';
import {
  BanksResponseSchema,
  PayoutParametersResponseSchema,
  PayoutResponseSchema,
  SavePayoutAccountRequestSchema,
  SavePayoutAccountResponseSchema,
} from '../../../src/contract/schemas';

const tags = ['payout'];

const balanceDtos = (balances: readonly Money[]) =>
  balances.map((balance) => ({ currency: balance.currency, amount: toMajor(balance.minor, balance.currency) }));

function withdrawalCard(account: PayoutAccountRow | undefined): WithdrawalCardDto | null {
  if (account === undefined || account.cardLast4 === null) return null;
  return {
    brand: cardBrandOf(account.cardBrand),
    maskedNumber: account.cardMaskedNumber ?? `****${account.cardLast4}`,
    last4: account.cardLast4,
    ...(account.cardCountry !== null ? { country: account.cardCountry } : {}),
  };
}

const seconds = (at: Date): number => Math.floor(at.getTime() / 1000);

function payoutTrackerDto(run: PayoutRunRow, method: PayoutMethod): PayoutResponse['payouts'][number] {
  // What the transfer sends: converted earnings show in the account's currency, as they arrive.
  const sent = transferOf(run);
  const open = run.status === 'requested' || run.status === 'sent';
  return {
    payoutDate: run.payoutDate,
    amount: toMajor(sent.minor, sent.currency),
    currency: sent.currency,
    status: run.status,
    requestedAt: seconds(run.createdAt),
    ...(run.sentAt !== null ? { sentAt: seconds(run.sentAt) } : {}),
    ...(run.finishedAt !== null ? { finishedAt: seconds(run.finishedAt) } : {}),
    ...(open
      ? { expectedArrivalAt: Math.floor(expectedPayoutArrival((run.sentAt ?? run.createdAt).getTime(), method) / 1000) }
      : {}),
    ...(run.errorCode !== null ? { errorCode: run.errorCode } : {}),
    ...(run.errorDescription !== null ? { errorDescription: run.errorDescription } : {}),
  };
}

export const payoutsRoutes: FastifyPluginAsync<RouteOptions> = async (app, { deps }) => {
  const engine = deps.money;
  const { payouts } = deps.services;

  app.get(
    '/payout',
    {
      schema: {
        tags,
        summary: 'Balances, next payout date, payout account and withdrawals',
        response: {
          200: PayoutResponseSchema,
          ...errorResponses(),
        },
      },
    },
    async (request): Promise<PayoutResponse> => {
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
        payouts: overview.payouts.map((run) => payoutTrackerDto(run, account?.methodType ?? 'bank_card')),
        withdrawalsNextFrom: overview.withdrawals.nextFrom,
      };
    },
  );

  app.get(
    '/payout/account/parameters',
    {
      schema: {
        tags,
        summary: 'Supported countries, methods and the fields each country, currency, method and bank requires',
        response: {
          200: PayoutParametersResponseSchema,
          ...errorResponses(),
        },
      },
    },
    async (request): Promise<PayoutParametersResponse> => {
      const user = currentUser(request);
      requireVerified(user);
      const account = await payouts.accountOf(user.id);
      const userCountry = user.country ?? account?.countryIso2 ?? countryFromLanguage(user.languageCode);
      // A public token for the payout card's tokenisation; a provider that does not answer leaves bank accounts usable.
      const tokenization =
        engine.provider === null
          ? null
          : await engine.provider.cardTokenization(user.languageCode ?? 'en').catch((error: unknown) => {
              request.log.warn({ err: error }, 'no card tokenisation token for the payout form');
              return null;
            });
      return {
        token: tokenization?.publicToken ?? '',
        tokenizeUrl: tokenization === null ? '' : absolute(tokenization.tokenizeUrl, originOf(request)),
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
          fields: entry.fields.map(({ oneOf, ...field }) => ({
            ...field,
            ...(oneOf !== undefined ? { oneOf: [...oneOf] } : {}),
          })),
        })),
      };
    },
  );

  app.get<{ Querystring: { country: string; currency?: string } }>(
    '/payout/account/banks',
    {
      schema: {
        tags,
        summary: 'Banks for a country (ISO2 or ISO3) and payout currency',
        querystring: s.object(
          { country: { type: 'string', minLength: 2, maxLength: 3 }, currency: s.enumOf(PAYOUT_CURRENCIES) },
          ['country'],
        ),
        response: { 200: BanksResponseSchema, ...errorResponses() },
      },
    },
    async (request): Promise<BanksResponse> => {
      requireVerified(currentUser(request));
      const code = request.query.country.toUpperCase();
      const country = code.length === 3 ? countryByIso3(code) : countryByIso2(code);
      if (country === undefined) return { banks: [] };
      const currencies =
        request.query.currency !== undefined
          ? [request.query.currency]
          : [...new Set(country.methods.map((entry) => entry.currency))];
      return {
        banks: currencies.flatMap((currency) =>
          banksFor(country.countryCodeIso2, currency).map((bank) => ({ ...bank })),
        ),
      };
    },
  );

  app.post<{ Body: PayoutAccountInput }>(
    '/payout/account',
    {
      schema: {
        tags,
        summary: 'Save the payout account (card by provider token, SWIFT, global bank account, ru account)',
        body: SavePayoutAccountRequestSchema,
        response: {
          200: SavePayoutAccountResponseSchema,
          ...errorResponses(),
        },
      },
    },
    async (request): Promise<SavePayoutAccountResponse> => {
      const user = currentUser(request);
      requireVerified(user);
      const saved = await payouts.saveAccount(user.id, request.body);
      return { card: withdrawalCard(saved), withdrawalAccount: withdrawalAccountDto(saved) };
    },
  );
};

export default payoutsRoutes;
