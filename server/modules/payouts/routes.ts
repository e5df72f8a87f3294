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
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type {
  BanksResponse, PayoutParametersResponse, PayoutResponse, SavePayoutAccountResponse, WithdrawalCardDto,
} from '../../../src/contract/api';
import { PAYOUT_METHOD_TYPES } from '../../../src/domain/entities';
import { type Money, PAYOUT_CURRENCIES, toMajor } from '../../../src/domain/money';
import { announcePayouts, nextPayoutDate, payoutDateString } from '../../../src/domain/payout';
import type { RouteOptions } from '../../context';
import { AppError } from '../../platform/errors';
import { balancesOf } from '../payments/ledger/ledger';
import { cardBrandOf } from '../payments/settlement';
import { MANDATORY_PARAMETERS, PAYOUT_COUNTRIES, banksFor, countryByIso2, countryByIso3, countryFromLanguage } from '../../../src/domain/payout-catalog';
import { type PayoutAccountInput, validatePayoutAccount } from './validateAccount';
import { requireVerified } from '../channels/access';
import { transactionDto, withdrawalAccountDto } from '../../platform/dto';
import { toPage } from '../../platform/db/cursor';
import { TransactionsRepository } from '../transactions/repository';
import { type PayoutAccountRow, payoutAccounts, users } from '../../platform/db/schema';
import { currentUser } from '../users/auth';
import { errorResponses, s } from '../../platform/http/schemas';
import type { MoneyDb } from '../../platform/db/moneyDb';
import { dueAtPayout } from './job';

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
  const accountOf = async (userId: number) => (await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)))[0];

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
    const nowMs = deps.clock.now();
    const [balances, account, rows] = await Promise.all([
      balancesOf(deps.db, user.id, nowMs),
      accountOf(user.id),
      new TransactionsRepository(deps.db).pageForUser(user.id, 'creator', 'withdrawals', null),
    ]);
    const page = toPage(rows, (view) => ({ t: view.transaction.createdAt.getTime(), id: view.transaction.id }));
    const nextAt = nextPayoutDate(nowMs);
    const announced = announcePayouts(balances.payout, await dueAtPayout(deps.db as MoneyDb, user.id, nextAt), account?.currency ?? null);
    return {
      payoutBalances: balanceDtos(balances.payout),
      activeBalances: balanceDtos(balances.active),
      nextPayoutDate: payoutDateString(nextAt),
      nextPayoutBalances: balanceDtos(announced.next),
      laterPayoutBalances: balanceDtos(announced.later),
      laterPayoutDate: payoutDateString(nextPayoutDate(nextAt)),
      withdrawalCard: withdrawalCard(account),
      withdrawalAccount: account === undefined ? null : withdrawalAccountDto(account),
      withdrawals: page.items.map(transactionDto),
      withdrawalsNextFrom: page.nextFrom,
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
    const account = await accountOf(user.id);
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
    const provider = engine.provider;
    const checked = await validatePayoutAccount(request.body, (token) => (provider === null ? Promise.resolve(null) : provider.describeToken(token)));
    if (!checked.ok) {
      const { code, message, ...extra } = checked.error;
      throw new AppError(code, message, extra);
    }
    const account = checked.value;
    const at = new Date(deps.clock.now());
    const values = {
      countryIso2: account.countryIso2,
      countryIso3: account.countryIso3,
      methodType: account.methodType,
      currency: account.currency,
      bankExternalId: account.bank?.externalId ?? null,
      bankName: account.bank?.bankName ?? null,
      params: { ...account.params },
      cardToken: account.card?.token ?? null,
      cardBrand: account.card?.brand ?? null,
      cardMaskedNumber: account.card?.maskedNumber ?? null,
      cardLast4: account.card?.last4 ?? null,
      cardCountry: account.card?.country ?? null,
      updatedAt: at,
    };
    const saved = await deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(payoutAccounts).values({ userId: user.id, ...values, createdAt: at })
        .onConflictDoUpdate({ target: payoutAccounts.userId, set: values }).returning();
      await tx.update(users).set({ country: account.countryIso2, updatedAt: at }).where(eq(users.id, user.id));
      return row;
    });
    return { card: withdrawalCard(saved), withdrawalAccount: withdrawalAccountDto(saved) };
  });
};

export default payoutsRoutes;
