/**
 * Helpers for the money engine's integration tests: a creator with a channel, subscriptions and a donation request;
 * card tokenisation at the sandbox provider; payments with an Idempotency-Key; ledger and balance checks.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import type { CreatePaymentResponse, PaymentCheckResponse } from '../../../../src/contract/api';
import type { Period } from '../../../../src/domain/entities';
import { balancesOf, ledgerSum } from '../../../../server/modules/payments/ledger/ledger';
import { type MemberRow, subscriptionMembers, transactions, users } from '../../../../server/platform/db/schema';
import { currencyExponent } from '../../../../src/domain/money';
import { starsCreditMinor } from '../../../../src/domain/stars';
import { type ApiAnswer, type TestServer, type TestUser, creatorWithChannel, newUser } from '../../support/testServer';

export interface Shop {
  readonly creator: TestUser;
  readonly creatorId: number;
  readonly channelId: number;
  readonly subscriptions: Record<Period, number>;
  readonly donationId: number;
}

/** A verified creator with a public channel, one eur subscription per period (10 €) and an eur donation request. */
export async function openShop(
  server: TestServer,
  options: { private?: boolean; price?: number; currency?: 'eur' | 'rub' } = {},
): Promise<Shop> {
  const { user, channelId } = await creatorWithChannel(server, { private: options.private });
  const subscriptions = {} as Record<Period, number>;
  for (const period of ['onetime', 'weekly', 'monthly', 'yearly'] as const) {
    const created = await server.api<{ subscription: { id: number } }>(user, 'POST', '/subscription/new', {
      channelId,
      name: `${period} plan`,
      description: 'Support the channel',
      period,
      currency: options.currency ?? 'eur',
      amount: options.price ?? 10,
      buttonText: 'Subscribe',
    });
    if (created.status !== 200)
      throw new Error(`subscription/new answered ${created.status}: ${JSON.stringify(created.body)}`);
    subscriptions[period] = created.body.subscription.id;
  }
  const donation = await server.api<{ donation: { id: number } }>(
    user,
    'POST',
    `/donation/request/channel/${channelId}`,
    {
      title: 'Tips',
      description: 'Thank you',
      currency: options.currency ?? 'eur',
      amount: 0,
      buttonText: 'Donate',
      pin: false,
      disableNotification: true,
    },
  );
  if (donation.status !== 200)
    throw new Error(`donation request answered ${donation.status}: ${JSON.stringify(donation.body)}`);
  return {
    creator: user,
    creatorId: await userId(server, user),
    channelId,
    subscriptions,
    donationId: donation.body.donation.id,
  };
}

/** A euro SWIFT payout account in Germany, as a creator saves it (POST /payout/account). */
export const swiftAccount = {
  currency: 'eur',
  countryIso3: 'DEU',
  methodType: 'swift',
  params: { city: 'Berlin', address: 'Unter den Linden 1', postal_code: '10117', iban: 'DE89370400440532013000' },
};

export async function userId(server: TestServer, user: TestUser): Promise<number> {
  const [row] = await server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.telegramId, user.telegramId));
  if (row === undefined) {
    await server.api(user, 'GET', '/dashboard?mode=follower');
    return userId(server, user);
  }
  return row.id;
}

/** The user's membership rows of the subscription, read from the database (more than one would be a bug). */
export async function memberRows(server: TestServer, user: TestUser, subscriptionId: number): Promise<MemberRow[]> {
  return server.database.db
    .select()
    .from(subscriptionMembers)
    .where(
      and(
        eq(subscriptionMembers.subscriptionId, subscriptionId),
        eq(subscriptionMembers.userId, await userId(server, user)),
      ),
    );
}

/** The user's membership row of the subscription, if any (read from the database). */
export async function memberRow(
  server: TestServer,
  user: TestUser,
  subscriptionId: number,
): Promise<MemberRow | undefined> {
  const [row] = await memberRows(server, user, subscriptionId);
  return row;
}

/** A public token for one tokenisation, from our API as the app gets it (any signed-in user may ask). */
export async function cardTokenization(
  server: TestServer,
  user: TestUser = newUser('Payer'),
): Promise<{ publicToken: string; tokenizeUrl: string }> {
  const answer = await server.api<{ publicToken: string; tokenizeUrl: string }>(
    user,
    'POST',
    '/pay/smart_glocal/token',
  );
  if (answer.status !== 200) throw new Error(`token answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Tokenises a card at the Smart Glocal double the way the browser does (tokenize URL, X-PUBLIC-TOKEN). */
export async function tokenize(
  server: TestServer,
  cardNumber: string,
  card: Record<string, string> = {},
  user?: TestUser,
): Promise<string> {
  return (await newCard(server, user ?? newUser('Payer'), cardNumber, card)).cardToken;
}

/**
 * What a new-card payment sends: the card's token and the public token of the payer's own tokenisation that made it
 * (a tokenisation pays once, for the user who asked for it; the card token names the card).
 */
export async function newCard(
  server: TestServer,
  user: TestUser,
  cardNumber: string,
  card: Record<string, string> = {},
): Promise<{ cardToken: string; publicToken: string }> {
  const { publicToken, tokenizeUrl } = await cardTokenization(server, user);
  const response = await fetch(tokenizeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-public-token': publicToken },
    body: JSON.stringify({
      card: { number: cardNumber, expiration_month: '12', expiration_year: '35', security_code: '123', ...card },
    }),
  });
  const body = (await response.json()) as { status: string; data?: { token: string } };
  if (response.status !== 200 || body.data === undefined)
    throw new Error(`tokenize answered ${response.status}: ${JSON.stringify(body)}`);
  return { cardToken: body.data.token, publicToken };
}

export type PayBody = Record<string, unknown>;

export function pay(
  server: TestServer,
  user: TestUser,
  kind: 'subscription' | 'donation',
  id: number,
  body: PayBody,
  key: string | null = randomUUID(),
): Promise<ApiAnswer<CreatePaymentResponse>> {
  return server.api<CreatePaymentResponse>(
    user,
    'POST',
    `/invoice/${kind}/${id}/create`,
    body,
    key === null ? {} : { 'Idempotency-Key': key },
  );
}

export async function payWithNewCard(
  server: TestServer,
  user: TestUser,
  kind: 'subscription' | 'donation',
  id: number,
  cardNumber: string,
  extra: PayBody = {},
): Promise<CreatePaymentResponse> {
  const answer = await pay(server, user, kind, id, {
    paymentMethod: 'smart_glocal_form',
    ...(await newCard(server, user, cardNumber)),
    ...(kind === 'donation' ? { amount: 5 } : {}),
    ...extra,
  });
  if (answer.status !== 200) throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export async function check(server: TestServer, user: TestUser, paymentId: string): Promise<PaymentCheckResponse> {
  const answer = await server.api<PaymentCheckResponse>(user, 'POST', '/pay/smart_glocal/check', { paymentId });
  if (answer.status !== 200) throw new Error(`check answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Answers the 3-D Secure page the way the payer's browser does (a form post). */
export async function answerChallenge(
  server: TestServer,
  redirectUrl: string,
  outcome: 'confirm' | 'decline' | 'timeout',
): Promise<ApiAnswer<string>> {
  const path = new URL(redirectUrl).pathname;
  return server.request<string>('POST', path, `outcome=${outcome}`, {
    'content-type': 'application/x-www-form-urlencoded',
  });
}

/** Balances (active + payout) per currency equal the ledger sum, for this user, at the server's now. */
export async function expectBalancesMatchLedger(server: TestServer, id: number): Promise<Map<string, number>> {
  const balances = await balancesOf(server.database.db, id, server.clock.now());
  const sums = await ledgerSum(server.database.db, id);
  const fromBalances = new Map<string, number>();
  for (const balance of [...balances.active, ...balances.payout])
    fromBalances.set(balance.currency, (fromBalances.get(balance.currency) ?? 0) + balance.minor);
  for (const [currency, sum] of sums) if (sum !== 0) expect(fromBalances.get(currency) ?? 0).toBe(sum);
  for (const [currency, total] of fromBalances) expect(sums.get(currency as never) ?? 0).toBe(total);
  for (const balance of balances.payout) expect(balance.minor).toBeGreaterThanOrEqual(0);
  await expectStarsLinesConsistent(server);
  return fromBalances;
}

/**
 * The ledger's Telegram Stars lines (xtr) hold together: every Stars payment's payer lines are in xtr and equal its
 * Stars; its creator lines are credited in a payout currency at the rate they record (starsCreditMinor), split into
 * the service fee and the payout amount with nothing lost; a refund line mirrors the line it reverses; no creator line
 * (what balances sum) is ever in xtr.
 */
export async function expectStarsLinesConsistent(server: TestServer): Promise<void> {
  const lines = await server.database.db
    .select()
    .from(transactions)
    .where(or(eq(transactions.paymentMethod, 'telegram_stars'), eq(transactions.currency, 'xtr')));
  for (const line of lines) {
    if (line.currency === 'xtr') {
      expect([line.type, line.paymentMethod]).toEqual([
        expect.stringMatching(/^(buy_subscription|send_donation|refund_received)$/),
        'telegram_stars',
      ]);
    }
    if (line.paymentMethod !== 'telegram_stars') continue;
    expect(line.starsAmount).toEqual(expect.any(Number));
    if (line.currency === 'xtr') {
      expect([line.price, line.amount]).toEqual([line.starsAmount, line.starsAmount]);
    } else {
      const credit = starsCreditMinor(line.starsAmount!, currencyExponent(line.currency), line.starsRate!);
      expect({ id: line.id, price: line.price }).toEqual({ id: line.id, price: credit });
      expect(line.serviceFee + line.payoutAmount + line.providerFee).toBe(line.price);
      expect(line.amount).toBe(line.payoutAmount);
    }
    if (line.reversesId !== null) {
      const reversed = lines.find((other) => other.id === line.reversesId)!;
      expect([line.currency, line.amount, line.starsAmount]).toEqual([
        reversed.currency,
        reversed.amount,
        reversed.starsAmount,
      ]);
    }
  }
}

/**
 * Each payer's Stars in our ledger (xtr: paid − refunded) equal what Telegram's own record of the bot's Stars
 * transactions says they paid and got back (getStarTransactions, through the production gateway).
 */
export async function expectStarsMatchTelegram(server: TestServer): Promise<void> {
  const telegram = new Map<number, number>();
  for (let offset = 0; ; offset += 100) {
    const page = await server.app.deps.bot.starTransactions(offset, 100);
    for (const entry of page)
      if (entry.userId !== null)
        telegram.set(
          entry.userId,
          (telegram.get(entry.userId) ?? 0) + (entry.direction === 'in' ? 1 : -1) * entry.stars,
        );
    if (page.length < 100) break;
  }
  const ours = new Map<number, number>();
  const rows = await server.database.db
    .select({ type: transactions.type, amount: transactions.amount, telegramId: users.telegramId })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(eq(transactions.currency, 'xtr'));
  for (const row of rows)
    ours.set(row.telegramId, (ours.get(row.telegramId) ?? 0) + (row.type === 'refund_received' ? -1 : 1) * row.amount);
  expect(Object.fromEntries(ours)).toEqual(Object.fromEntries(telegram));
}

/** Moves the sandbox clock to `targetMs` and runs the jobs, like the server's timer would; every job must succeed. */
export async function advanceTo(server: TestServer, targetMs: number): Promise<void> {
  const seconds = Math.max(0, (targetMs - server.clock.now()) / 1000);
  const answer = await server.request<{ jobs: { name: string; ok: boolean; error?: string }[] }>(
    'POST',
    '/sandbox/clock',
    { advanceSeconds: seconds },
  );
  expect(answer.status).toBe(200);
  expect(answer.body.jobs.filter((job) => !job.ok)).toEqual([]);
}
