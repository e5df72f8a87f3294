/**
 * Payout accounts (parameters, banks, validation per method, country mismatch) and payout runs on the 10th and the
 * 25th with balances below and above the minimum, driven by the sandbox clock.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { PayoutParametersResponse, PayoutResponse, SavePayoutAccountResponse } from '../../../src/contract/api';
import { runPayouts } from '../../../server/modules/payouts/job';
import { payoutAccounts, transactions } from '../../../server/platform/db/schema';
import { payoutRuns, providerPayouts } from '../../../server/platform/db/schema-money';
import {
  type TestServer,
  type TestUser,
  botApiCalls,
  creatorWithChannel,
  newUser,
  startTestServer,
} from '../support/testServer';
import { type Shop, cardTokenization, expectBalancesMatchLedger, openShop, payWithNewCard } from './support/money';

const FEB_3 = Date.UTC(2026, 1, 3, 12, 0, 0);

/** Tokenises a payout card with the number only, as the payout form does (the parameters' public token). */
async function payoutCardToken(
  server: TestServer,
  number: string,
  user: TestUser = newUser('PayoutCard'),
): Promise<string> {
  const { publicToken, tokenizeUrl } = await cardTokenization(server, user);
  const response = await fetch(tokenizeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-public-token': publicToken },
    body: JSON.stringify({ card: { number } }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

const saveAccount = (server: TestServer, user: TestUser, body: Record<string, unknown>) =>
  server.api<SavePayoutAccountResponse & { code?: string; field?: string; cardCountry?: string; message?: string }>(
    user,
    'POST',
    '/payout/account',
    body,
  );

/** payouts/payout-russia: an individual's account, INN and name (the account passes the BIK's control key). */
const ruParams = { full_name: 'Petrova Anna', inn: '500100732259', bik: '044525225', account: '40817810899910004312' };

const swiftParams = {
  city: 'Berlin',
  address: 'Unter den Linden 1',
  postal_code: '10117',
  iban: 'DE89370400440532013000',
};
const indonesia = {
  bank_account_number: '1234567890',
  id_type: 'NATIONAL_ID',
  id_number: 'AB123456',
  msisdn: '+628123456789',
  address: 'Jl. Sudirman 1',
  city: 'Jakarta',
  country_iso_code: 'ID',
};

describe('payout account', () => {
  let server: TestServer;
  let creator: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    creator = (await creatorWithChannel(server)).user;
  }, 180_000);
  afterAll(async () => server.close());

  it('needs a verified creator', async () => {
    const follower = newUser('NotCreator');
    for (const path of ['/payout', '/payout/account/parameters', '/payout/account/banks?country=ID']) {
      expect((await server.api(follower, 'GET', path)).body).toMatchObject({ code: 'verification_required' });
    }
  });

  it('lists supported countries with ISO2/ISO3 and methods, requirements per country, currency, method and bank, and banks', async () => {
    const parameters = await server.api<PayoutParametersResponse>(creator, 'GET', '/payout/account/parameters');
    expect(parameters.status).toBe(200);
    // A one-use public token for the payout card, and where to tokenise it.
    expect(parameters.body.token).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.body.tokenizeUrl).toBe(`${server.baseUrl}/provider/cds/v1/tokenize/card`);
    expect(parameters.body.supportedCountries).toEqual(
      expect.arrayContaining([
        { countryCodeIso2: 'DE', countryCodeIso3: 'DEU', availablePayoutMethods: ['bank_card', 'swift'] },
        { countryCodeIso2: 'ID', countryCodeIso3: 'IDN', availablePayoutMethods: ['global_bank_account'] },
        { countryCodeIso2: 'RU', countryCodeIso3: 'RUS', availablePayoutMethods: ['bank_card', 'ru_account'] },
      ]),
    );
    const ru = parameters.body.mandatoryParametersV2.find(
      (entry) => entry.country === 'RU' && entry.methodType === 'ru_account',
    );
    expect(ru).toMatchObject({
      currency: 'rub',
      fields: expect.arrayContaining([
        expect.objectContaining({
          name: 'bik',
          required: true,
          regex: '^04\\d{7}$',
          maxLength: 9,
          invalidMessage: expect.any(String),
        }),
      ]),
    });
    const bca = parameters.body.mandatoryParametersV2.find((entry) => entry.bankExternalId === 'id_bca');
    expect(bca?.fields.find((field) => field.name === 'id_type')?.oneOf).toEqual(['NATIONAL_ID', 'PASSPORT']);
    expect(bca?.fields.find((field) => field.name === 'country_iso_code')?.equalTo).toBe('ID');

    const banks = await server.api<{ banks: { externalId: string; bankName: string }[] }>(
      creator,
      'GET',
      '/payout/account/banks?country=ID&currency=eur',
    );
    expect(banks.body.banks.map((bank) => bank.externalId)).toEqual(['id_bca', 'id_mandiri', 'id_bni', 'id_bri']);
    expect(
      (await server.api<{ banks: unknown[] }>(creator, 'GET', '/payout/account/banks?country=IDN')).body.banks,
    ).toHaveLength(4);
    expect(
      (await server.api<{ banks: unknown[] }>(creator, 'GET', '/payout/account/banks?country=DE&currency=eur')).body
        .banks,
    ).toEqual([]);
  });

  it('bank card: saves a card issued in the account country; another country answers error_country_mismatch with it', async () => {
    const fr = await saveAccount(server, creator, {
      currency: 'eur',
      countryIso3: 'DEU',
      methodType: 'bank_card',
      card: { token: await payoutCardToken(server, '5555555555554444') },
      params: {},
    });
    expect(fr).toMatchObject({ status: 400, body: { code: 'error_country_mismatch', cardCountry: 'FR' } });
    const us = await saveAccount(server, creator, {
      currency: 'eur',
      countryIso3: 'DEU',
      methodType: 'bank_card',
      card: { token: await payoutCardToken(server, '4000000000000127') },
      params: {},
    });
    expect(us).toMatchObject({ status: 400, body: { code: 'error_country_mismatch', cardCountry: 'US' } });
    // The client's switch: the card's country and the card method.
    const switched = await saveAccount(server, creator, {
      currency: 'eur',
      countryIso3: 'FRA',
      methodType: 'bank_card',
      card: { token: await payoutCardToken(server, '5555555555554444') },
      params: {},
    });
    expect(switched.body).toEqual({
      card: { brand: 'mastercard', maskedNumber: '555555******4444', last4: '4444', country: 'FR' },
      withdrawalAccount: { country: 'FR', methodType: 'bank_card', currency: 'eur', params: {} },
    });
    const payout = await server.api<PayoutResponse>(creator, 'GET', '/payout');
    expect(payout.body).toMatchObject({ withdrawalCard: { last4: '4444' }, withdrawalAccount: { country: 'FR' } });
    expect(
      (await server.api<PayoutParametersResponse>(creator, 'GET', '/payout/account/parameters')).body.userCountry,
    ).toBe('FR');
  });

  it('bank card: a card whose issuing country the provider does not report is saved (the check needs a country)', async () => {
    const user = (await creatorWithChannel(server)).user;
    const saved = await saveAccount(server, user, {
      currency: 'eur',
      countryIso3: 'DEU',
      methodType: 'bank_card',
      card: { token: await payoutCardToken(server, '4000000000000077') },
      params: {},
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { withdrawalAccount: { country: 'DE', methodType: 'bank_card' }, card: { last4: '0077' } },
    });
  });

  it('swift: all four fields, a valid IBAN', async () => {
    const missing = await saveAccount(server, creator, {
      currency: 'eur',
      countryIso3: 'DEU',
      methodType: 'swift',
      params: { ...swiftParams, postal_code: '' },
    });
    expect(missing).toMatchObject({
      status: 400,
      body: { code: 'error_fields_required', field: 'postal_code', message: expect.any(String) },
    });
    const badIban = await saveAccount(server, creator, {
      currency: 'eur',
      countryIso3: 'DEU',
      methodType: 'swift',
      params: { ...swiftParams, iban: 'DE00370400440532013000' },
    });
    expect(badIban.body).toMatchObject({ code: 'error_fields_required', field: 'iban' });
    const saved = await saveAccount(server, creator, {
      currency: 'eur',
      countryIso3: 'DEU',
      methodType: 'swift',
      params: { ...swiftParams, iban: 'de89 3704 0044 0532 0130 00' },
    });
    expect(saved.body).toEqual({
      card: null,
      withdrawalAccount: { country: 'DE', methodType: 'swift', currency: 'eur', params: swiftParams },
    });
  });

  it("global bank account: a bank must be chosen and each field meets its bank's rule", async () => {
    expect(
      (
        await saveAccount(server, creator, {
          currency: 'eur',
          countryIso3: 'IDN',
          methodType: 'global_bank_account',
          params: indonesia,
        })
      ).body,
    ).toMatchObject({ code: 'error_fields_required', field: 'bank' });
    const wrongLength = await saveAccount(server, creator, {
      currency: 'eur',
      countryIso3: 'IDN',
      methodType: 'global_bank_account',
      bank: { externalId: 'id_bri', bankName: 'BRI' },
      params: indonesia,
    });
    expect(wrongLength.body).toEqual({
      code: 'error_fields_required',
      field: 'bank_account_number',
      message: 'The account number has 15 digits',
    });
    const saved = await saveAccount(server, creator, {
      currency: 'eur',
      countryIso3: 'IDN',
      methodType: 'global_bank_account',
      bank: { externalId: 'id_bca', bankName: 'BCA' },
      params: indonesia,
    });
    expect(saved.body.withdrawalAccount).toEqual({
      country: 'ID',
      methodType: 'global_bank_account',
      currency: 'eur',
      params: indonesia,
    });
  });

  it('ru account (payouts/payout-russia): full name, a 12-digit INN with its check digits, an allowed prefix, the BIK key', async () => {
    const params = ruParams;
    const refusal = async (changed: Record<string, string>) =>
      (
        await saveAccount(server, creator, {
          currency: 'rub',
          countryIso3: 'RUS',
          methodType: 'ru_account',
          params: { ...params, ...changed },
        })
      ).body;
    const { inn: _inn, ...withoutInn } = params;
    expect(
      (
        await saveAccount(server, creator, {
          currency: 'rub',
          countryIso3: 'RUS',
          methodType: 'ru_account',
          params: withoutInn,
        })
      ).body,
    ).toMatchObject({ code: 'error_fields_required', field: 'inn', message: 'Enter your INN' });
    expect(await refusal({ full_name: '' })).toMatchObject({ field: 'full_name' });
    expect(await refusal({ full_name: 'Anna' })).toMatchObject({ field: 'full_name' }); // surname and given name
    expect(await refusal({ inn: '50010073225' })).toMatchObject({ field: 'inn' }); // 11 digits: a company's is 10
    expect(await refusal({ inn: '500100732258' })).toMatchObject({
      field: 'inn',
      message: 'This INN is not valid: check the digits',
    });
    expect(await refusal({ bik: '4452522' })).toMatchObject({ code: 'error_fields_required', field: 'bik' });
    // A company's settlement account (40702810) passes the BIK key but cannot receive an individual's payout.
    expect(await refusal({ account: '40702810938000000001' })).toMatchObject({
      field: 'account',
      message: expect.stringContaining('personal account'),
    });
    // One digit off: the Bank of Russia's control key over BIK and account fails.
    expect(await refusal({ account: '40817810099910004312' })).toMatchObject({
      field: 'account',
      message: 'The account number does not match the BIK: check both',
    });
    expect(
      (await saveAccount(server, creator, { currency: 'eur', countryIso3: 'RUS', methodType: 'ru_account', params }))
        .body,
    ).toMatchObject({ code: 'error_fields_required', field: 'currency' });
    // As people paste it: grouped digits, extra spaces in the name. Saved as the provider wants it.
    const saved = await saveAccount(server, creator, {
      currency: 'rub',
      countryIso3: 'RUS',
      methodType: 'ru_account',
      params: { ...params, full_name: '  Petrova   Anna ', account: '4081 7810 8999 1000 4312', inn: '5001 0073 2259' },
    });
    expect(saved.body.withdrawalAccount).toEqual({ country: 'RU', methodType: 'ru_account', currency: 'rub', params });
  });
});

describe('payout runs', () => {
  let server: TestServer;
  const shops: Record<string, Shop> = {};

  const donate = async (shop: Shop, amount: number) => {
    const paid = await payWithNewCard(server, newUser('Donor'), 'donation', shop.donationId, '4242424242424242', {
      amount,
    });
    expect(paid.status).toBe('paid');
  };
  const withdrawals = (shop: Shop) =>
    server.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, shop.creatorId), eq(transactions.type, 'withdrawal')));
  const payoutOf = async (shop: Shop) => (await server.api<PayoutResponse>(shop.creator, 'GET', '/payout')).body;
  const advanceTo = async (ms: number) => {
    const answer = await server.request<{ jobs: { name: string; ok: boolean; result: unknown }[] }>(
      'POST',
      '/sandbox/clock',
      { advanceSeconds: (ms - server.clock.now()) / 1000 },
    );
    expect(answer.body.jobs.filter((job) => !job.ok)).toEqual([]);
    return answer.body.jobs.find((job) => job.name === 'payouts')?.result as { payoutDate: string; paid: unknown[] };
  };

  beforeAll(async () => {
    server = await startTestServer({ now: FEB_3 });
    for (const name of ['big', 'small', 'late', 'noAccount', 'declined']) shops[name] = await openShop(server);
    for (const name of ['rubBig', 'rubSmall', 'rubLegacy'])
      shops[name] = await openShop(server, { currency: 'rub', price: 300 });
    await saveAccount(server, shops.big.creator, {
      currency: 'eur',
      countryIso3: 'DEU',
      methodType: 'bank_card',
      card: { token: await payoutCardToken(server, '4242424242424242') },
    });
    // The recipient bank declines payouts to this card (README test cards).
    await saveAccount(server, shops.declined.creator, {
      currency: 'eur',
      countryIso3: 'DEU',
      methodType: 'bank_card',
      card: { token: await payoutCardToken(server, '4000000000000002') },
    });
    for (const name of ['small', 'late'])
      await saveAccount(server, shops[name].creator, {
        currency: 'eur',
        countryIso3: 'DEU',
        methodType: 'swift',
        params: swiftParams,
      });
    for (const name of ['rubBig', 'rubSmall', 'rubLegacy'])
      await saveAccount(server, shops[name].creator, {
        currency: 'rub',
        countryIso3: 'RUS',
        methodType: 'ru_account',
        params: ruParams,
      });
    // An account saved before the form asked for the holder's name and INN: the provider refuses its payout.
    await server.database.db
      .update(payoutAccounts)
      .set({ params: { bik: ruParams.bik, account: ruParams.account } })
      .where(eq(payoutAccounts.userId, shops.rubLegacy.creatorId));

    // 3 February (first half): 200 € → 174.00 payout; 50 € → 43.50; 4000 ₽ → 3480; 3000 ₽ → 2610.
    await donate(shops.big, 200);
    await donate(shops.small, 50);
    await donate(shops.noAccount, 200);
    await donate(shops.declined, 200);
    await donate(shops.rubBig, 4000);
    await donate(shops.rubLegacy, 4000);
    await donate(shops.rubSmall, 3000);
    // 20 February (second half): 100 € → 87.00 more for "small"; 30 € → 26.10 for "late".
    await advanceTo(Date.UTC(2026, 1, 20, 12));
    await donate(shops.small, 100);
    await donate(shops.late, 30);
  }, 180_000);
  afterAll(async () => server.close());
  afterEach(async () => {
    for (const shop of Object.values(shops)) await expectBalancesMatchLedger(server, shop.creatorId);
  });

  it('before the 10th nothing is paid; closed windows show as payout balance, the open one as active', async () => {
    await advanceTo(Date.UTC(2026, 2, 10, 11, 59));
    for (const shop of Object.values(shops)) expect(await withdrawals(shop)).toHaveLength(0);
    const small = await payoutOf(shops.small);
    expect(small.payoutBalances).toEqual([{ currency: 'eur', amount: 130.5 }]);
    expect(small.activeBalances).toEqual([]);
    expect(small.nextPayoutDate).toBe('2026-03-10');
  });

  it('on the 10th: pays the first half of February at or above the minimum, carries smaller balances over', async () => {
    const result = await advanceTo(Date.UTC(2026, 2, 10, 12, 0));
    expect(result.payoutDate).toBe('2026-03-10');
    expect((await withdrawals(shops.big)).map((row) => [row.amount, row.currency])).toEqual([[17400, 'eur']]);
    expect((await withdrawals(shops.rubBig)).map((row) => [row.amount, row.currency])).toEqual([[348000, 'rub']]);
    expect(await withdrawals(shops.small)).toHaveLength(0); // 43.50 € of the first half: below €100
    expect(await withdrawals(shops.rubSmall)).toHaveLength(0); // 2610 ₽: below ₽3000
    expect(await withdrawals(shops.late)).toHaveLength(0); // earned in the second half: paid on the 25th
    expect(await withdrawals(shops.noAccount)).toHaveLength(0); // no payout account yet

    const big = await payoutOf(shops.big);
    expect(big.payoutBalances).toEqual([]);
    expect(big.nextPayoutDate).toBe('2026-03-25');
    expect(big.withdrawals).toEqual([
      expect.objectContaining({
        type: 'withdrawal',
        amount: 174,
        total: 174,
        currency: 'eur',
        paymentMethod: 'bank_card',
        card: { brand: 'visa', last4: '4242' },
        withdrawalAccount: { country: 'DE', methodType: 'bank_card', currency: 'eur', params: {} },
      }),
    ]);
    const [run] = await server.database.db.select().from(payoutRuns).where(eq(payoutRuns.userId, shops.big.creatorId));
    // Sent to Smart Glocal (its session id kept), confirmed when it asked, and followed until it arrived.
    expect(run).toMatchObject({
      payoutDate: '2026-03-10',
      amount: 17400,
      providerPayoutId: expect.stringMatching(/^ps_/),
      status: 'arrived',
      errorCode: null,
    });
    expect(run.finishedAt).not.toBeNull();
    const [atProvider] = await server.database.db
      .select()
      .from(providerPayouts)
      .where(eq(providerPayouts.reference, `payout:${shops.big.creatorId}:eur:2026-03-10`));
    expect(atProvider).toMatchObject({
      status: 'succeeded',
      amount: 17400,
      currency: 'eur',
      sessionId: run.providerPayoutId,
    });
  });

  it('a payout the bank declines fails with the reason: the money is back in the balance, the creator is told, the tracker shows it', async () => {
    const [run] = await server.database.db
      .select()
      .from(payoutRuns)
      .where(eq(payoutRuns.userId, shops.declined.creatorId));
    expect(run).toMatchObject({
      payoutDate: '2026-03-10',
      amount: 17400,
      status: 'failed',
      errorCode: 'payout_declined',
      errorDescription: 'The recipient bank declined the payout',
    });
    // The withdrawal line is gone with the money it stood for: the balance has the 174 € again.
    expect(await withdrawals(shops.declined)).toHaveLength(0);
    const payout = await payoutOf(shops.declined);
    expect(payout.payoutBalances).toEqual([{ currency: 'eur', amount: 174 }]);
    expect(payout.payouts).toEqual([
      expect.objectContaining({
        payoutDate: '2026-03-10',
        amount: 174,
        currency: 'eur',
        status: 'failed',
        errorCode: 'payout_declined',
        errorDescription: 'The recipient bank declined the payout',
        requestedAt: Date.UTC(2026, 2, 10, 12) / 1000,
        finishedAt: expect.any(Number),
      }),
    ]);
    expect(payout.payouts[0].expectedArrivalAt).toBeUndefined();
    const messages = (await botApiCalls<{ chat_id: number; text: string }>(server, 'sendMessage')).filter(
      (call) => call.params.chat_id === shops.declined.creator.telegramId,
    );
    expect(messages.map((call) => call.params.text)).toEqual([
      expect.stringMatching(
        /^Your payout of €174 did not go through: the recipient's bank declined it\. The money is back in your balance/,
      ),
    ]);
    // The big creator's payout arrived; its tracker says when.
    expect((await payoutOf(shops.big)).payouts).toEqual([
      expect.objectContaining({ status: 'arrived', sentAt: expect.any(Number), finishedAt: expect.any(Number) }),
    ]);
  });

  it('a Russian account is paid with every field the reference names; one saved without an INN is refused and the creator told why', async () => {
    const [sent] = await server.database.db
      .select()
      .from(providerPayouts)
      .where(eq(providerPayouts.reference, `payout:${shops.rubBig.creatorId}:rub:2026-03-10`));
    expect(sent).toMatchObject({ status: 'succeeded', amount: 348000, currency: 'rub' });
    expect(sent.destination).toEqual({
      type: 'bank_account',
      bank_account: {
        system_type: 'ru',
        ru: { ...ruParams, description: 'Backers payout' },
      },
    });
    const [legacy] = await server.database.db
      .select()
      .from(payoutRuns)
      .where(eq(payoutRuns.userId, shops.rubLegacy.creatorId));
    expect(legacy).toMatchObject({ status: 'failed', errorCode: 'invalid_request' });
    expect((await payoutOf(shops.rubLegacy)).payoutBalances).toEqual([{ currency: 'rub', amount: 3480 }]);
    const messages = (await botApiCalls<{ chat_id: number; text: string }>(server, 'sendMessage')).filter(
      (call) => call.params.chat_id === shops.rubLegacy.creator.telegramId,
    );
    // Our words, not the provider's English ("bank_account.ru.inn is mandatory").
    expect(messages.map((call) => call.params.text)).toEqual([
      expect.stringMatching(/did not go through: the payout details were refused, check them in payout settings\./),
    ]);
  });

  it('runs again the same day change nothing, also two at once; an account saved later is paid on the next run', async () => {
    const context = {
      db: server.database.db,
      clock: server.clock,
      config: server.config,
      nowMs: server.clock.now() + 60_000,
    };
    await Promise.all([runPayouts(context, server.app.deps.money), runPayouts(context, server.app.deps.money)]);
    expect(await withdrawals(shops.big)).toHaveLength(1);
    await saveAccount(server, shops.noAccount.creator, {
      currency: 'eur',
      countryIso3: 'DEU',
      methodType: 'swift',
      params: swiftParams,
    });
    await advanceTo(server.clock.now() + 120_000);
    expect((await withdrawals(shops.noAccount)).map((row) => row.amount)).toEqual([17400]);
    expect(await withdrawals(shops.big)).toHaveLength(1);
  });

  it('on the 25th: pays the second half of February plus what was carried over', async () => {
    await donate(shops.big, 20); // 10 March: first half of March, paid on 10 April
    const result = await advanceTo(Date.UTC(2026, 2, 25, 12, 0));
    expect(result.payoutDate).toBe('2026-03-25');
    expect((await withdrawals(shops.small)).map((row) => row.amount)).toEqual([13050]); // 43.50 carried + 87.00
    expect(await withdrawals(shops.late)).toHaveLength(0); // 26.10 €: carried over
    expect(await withdrawals(shops.rubSmall)).toHaveLength(0);
    expect(await withdrawals(shops.big)).toHaveLength(1);
    const big = await payoutOf(shops.big);
    // The first half of March closed on the 16th: awaiting the payout of 10 April, nothing earned since.
    expect(big.payoutBalances).toEqual([{ currency: 'eur', amount: 17.4 }]);
    expect(big.activeBalances).toEqual([]);
    const late = await payoutOf(shops.late);
    expect(late.payoutBalances).toEqual([{ currency: 'eur', amount: 26.1 }]);
    expect(late.nextPayoutDate).toBe('2026-04-10');
  });

  it('a failed payout goes out again on the next payout day, to the card saved since', async () => {
    const declined = shops.declined;
    // The 25th sent the returned money to the same card again, and the bank declined it again.
    const runs = await server.database.db
      .select()
      .from(payoutRuns)
      .where(eq(payoutRuns.userId, declined.creatorId))
      .orderBy(asc(payoutRuns.payoutDate), asc(payoutRuns.currency));
    expect(runs.map((run) => [run.payoutDate, run.status])).toEqual([
      ['2026-03-10', 'failed'],
      ['2026-03-25', 'failed'],
    ]);
    await saveAccount(server, declined.creator, {
      currency: 'eur',
      countryIso3: 'DEU',
      methodType: 'bank_card',
      card: { token: await payoutCardToken(server, '4242424242424242') },
    });
    await advanceTo(Date.UTC(2026, 3, 10, 12, 0));
    expect((await withdrawals(declined)).map((row) => row.amount)).toEqual([17400]);
    const tracker = (await payoutOf(declined)).payouts;
    expect(tracker.map((payout) => [payout.payoutDate, payout.status])).toEqual([
      ['2026-04-10', 'arrived'],
      ['2026-03-25', 'failed'],
      ['2026-03-10', 'failed'],
    ]);
  });
});
