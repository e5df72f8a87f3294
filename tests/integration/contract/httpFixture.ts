/**
 * The ContractFixture over HTTP (see tests/contract/fixture.ts): the real server on an embedded PGlite, one per test
 * file. Users are made by signed init data plus the sandbox control API; seed* write rows straight into the server's
 * database (bypassing API rules, as the fixture contract says) and answer them through the server's DTO builders and
 * the client's mappers, i.e. the same shapes the HTTP adapters return. Ports are Http* adapters over an ApiClient
 * whose token provider signs that user's init data (or, for the provider, an HttpClient on the server's /provider).
 */
import { eq, sql } from 'drizzle-orm';
import { ApiClient } from '../../../src/infrastructure/http/ApiClient';
import type { HttpClient } from '../../../src/infrastructure/http/HttpClient';
import { ProviderHttpClient } from '../../../src/infrastructure/http/ProviderHttpClient';
import { channelFromDto } from '../../../src/infrastructure/http/mappers/channel';
import { savedCardFromDto } from '../../../src/infrastructure/http/mappers/card';
import {
  donationFromDto,
  memberFromDto,
  subscriptionFromDto,
} from '../../../src/infrastructure/http/mappers/subscription';
import { transactionFromDto } from '../../../src/infrastructure/http/mappers/transaction';
import { money, type Money } from '../../../src/domain/money';
import type { CardBrand, Period, TransactionType } from '../../../src/domain/entities';
import { addPeriod, isRecurring } from '../../../src/domain/periods';
import {
  cardDto,
  channelDto,
  donationDto,
  memberDto,
  subscriptionDto,
  transactionDto,
} from '../../../server/platform/dto';
import {
  channels,
  donateChannels,
  donations,
  savedCards,
  subscriptionMembers,
  subscriptions,
  transactions,
  users,
} from '../../../server/platform/db/schema';
import { providerTokens } from '../../../server/platform/db/schema-money';
import { RENEWAL_LEAD_MS } from '../../../server/modules/payments/renewalWindow';
import { RENEWAL_REMINDER_LEAD_MS } from '../../../server/modules/payments/renewalNotices';
import type { CardBehaviour } from '../../../server/modules/payments/sandbox/testCards';
import type {
  ContractFixture,
  ContractSubject,
  ContractUser,
  MakeContractSubject,
  SeedCardOptions,
} from '../../contract/fixture';
import { type TestServer, type TestUser, newUser, startTestServer } from '../support/testServer';

/** The server's page size for cursor-paged lists (server/README.md "Conventions"). */
export const SERVER_PAGE_SIZE = 20;

const DAY_MS = 24 * 3600 * 1000;

interface HttpContractUser extends ContractUser {
  readonly telegram: TestUser;
}

const CARD_BEHAVIOUR: Record<NonNullable<SeedCardOptions['scenario']>, CardBehaviour> = {
  approve: 'success',
  decline: 'do_not_honor',
  three_ds: 'challenge',
};

const DEFAULT_LAST4: Partial<Record<CardBrand, string>> = { visa: '4242', mastercard: '4444', mir: '0004' };

/** One server for the whole test file: start it in beforeAll, close it in afterAll. */
export function sharedTestServer(): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (server === undefined) throw new Error('server used outside a test');
    return server;
  };
}

export function apiClientFor(server: TestServer, user: TestUser): ApiClient {
  return new ApiClient({
    config: { baseUrl: server.baseUrl },
    authToken: () => server.initData(user),
    clock: { now: () => server.clock.now(), timezoneOffsetMinutes: () => 0 },
  });
}

export function providerClientFor(server: TestServer): HttpClient {
  // Tokenisation goes to the absolute tokenize URL the server hands out; the base only matters for relative paths.
  return new ProviderHttpClient(server.baseUrl);
}

function asHttpUser(user: ContractUser): HttpContractUser {
  const telegram = (user as Partial<HttpContractUser>).telegram;
  if (telegram === undefined) throw new Error('not a user of the HTTP fixture');
  return user as HttpContractUser;
}

let chatCounter = 0;
let tokenCounter = 0;

export function createHttpFixture(server: TestServer): ContractFixture {
  const { db } = server.database;
  const now = () => new Date(server.clock.now());

  async function control(path: string, body: unknown): Promise<void> {
    const answer = await server.request('POST', path, body);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }

  async function createUser(
    firstName: string,
    options: { lastName?: string; userName?: string } = {},
  ): Promise<HttpContractUser> {
    const telegram: TestUser = {
      ...newUser(firstName),
      ...(options.lastName ? { lastName: options.lastName } : {}),
      ...(options.userName ? { username: options.userName } : {}),
    };
    const answer = await server.api(telegram, 'GET', '/verification/status');
    if (answer.status !== 200) throw new Error(`user creation answered ${answer.status}`);
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.telegramId, telegram.telegramId));
    if (row === undefined) throw new Error('user was not created');
    return { id: row.id, telegram };
  }

  async function channelRow(channelId: number) {
    const [row] = await db.select().from(channels).where(eq(channels.id, channelId));
    if (row === undefined) throw new Error(`no channel ${channelId}`);
    return row;
  }

  /** The sandbox clock moves forward and runs every job due (POST /sandbox/clock). */
  async function advanceClockTo(targetMs: number): Promise<void> {
    const seconds = Math.max(0, (targetMs - server.clock.now()) / 1000);
    const answer = await server.request<{ jobs: { name: string; ok: boolean }[] }>('POST', '/sandbox/clock', {
      advanceSeconds: seconds,
    });
    if (answer.status !== 200) throw new Error(`/sandbox/clock answered ${answer.status}`);
    const failed = answer.body.jobs.filter((job) => !job.ok);
    if (failed.length > 0) throw new Error(`jobs failed: ${JSON.stringify(failed)}`);
  }

  const fixture: ContractFixture = {
    pageSize: SERVER_PAGE_SIZE,

    async asCreator() {
      const user = await createUser('Creator');
      await control('/sandbox/kyc', { telegramId: user.telegram.telegramId, status: 'approved' });
      return user;
    },

    asFollower: () => createUser('Follower'),

    async asUser(options) {
      const user = await createUser(options.firstName ?? 'User', {
        lastName: options.lastName,
        userName: options.userName,
      });
      if (options.verification !== undefined && options.verification !== 'none') {
        await control('/sandbox/kyc', { telegramId: user.telegram.telegramId, status: options.verification });
      }
      if (options.country !== undefined)
        await db.update(users).set({ country: options.country }).where(eq(users.id, user.id));
      if (options.banned) await control('/sandbox/users/ban', { telegramId: user.telegram.telegramId });
      return user;
    },

    async seedChannel(owner, options = {}) {
      chatCounter += 1;
      const chatId = -(2_000_000_000_000 + owner.id * 1000 + chatCounter);
      const isPrivate = options.private ?? false;
      const step = options.onboardingStep ?? 'completed';
      const [row] = await db
        .insert(channels)
        .values({
          ownerId: owner.id,
          chatId,
          title: options.name ?? `Channel ${chatCounter}`,
          type: isPrivate ? 'private' : 'public',
          username: isPrivate ? null : `chan_${Math.abs(chatId)}`,
          inviteLink: isPrivate ? `https://t.me/+seed${chatCounter}` : null,
          language: options.language ?? 'en',
          languageSelected: step !== 'select_language',
          connected: options.connected ?? true,
          moderation: options.moderation ?? 'approved',
          onboardingStep: step,
          onboardingPassed: step === 'completed',
          createdAt: now(),
          updatedAt: now(),
        })
        .returning();
      // The channel exists in the sandbox's Telegram too, with the bot as an administrator while connected.
      if (row!.connected) server.app.deps.sandboxTelegram?.botPromoted(chatId);
      return channelFromDto(channelDto(row!));
    },

    async seedSubscription(channelId, options = {}) {
      const price = options.price ?? money(500, 'eur');
      const [row] = await db
        .insert(subscriptions)
        .values({
          channelId,
          name: options.name ?? 'Monthly',
          description: options.description ?? 'Support the channel',
          period: options.period ?? 'monthly',
          priceMinor: price.minor,
          currency: price.currency,
          buttonText: options.buttonText ?? 'Subscribe',
          deleted: options.isDeleted ?? false,
          trialDays: options.trialDays ?? null,
          createdAt: now(),
          updatedAt: now(),
        })
        .returning();
      return subscriptionFromDto(subscriptionDto(row!, 0, await channelRow(channelId)));
    },

    async seedMember(subscriptionId, follower, options = {}) {
      const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
      if (subscription === undefined) throw new Error(`no subscription ${subscriptionId}`);
      const activatedAt = options.activatedAt ?? Math.floor(server.clock.now() / 1000);
      const period: Period = subscription.period;
      const expiresAt = !isRecurring(period)
        ? null
        : (options.expiresAt ?? Math.floor(addPeriod(activatedAt * 1000, period) / 1000));
      const [row] = await db
        .insert(subscriptionMembers)
        .values({
          subscriptionId,
          userId: follower.id,
          status: options.status ?? 'active',
          period,
          activatedAt: new Date(activatedAt * 1000),
          expiresAt: expiresAt === null ? null : new Date(expiresAt * 1000),
          renewalFailed: options.renewalFailed ?? false,
          // Paid in Stars: a Telegram Stars subscription (its id is Telegram's; Telegram renews it).
          ...(options.paidInStars === undefined
            ? { paymentMethod: 'smart_glocal' as const }
            : {
                paymentMethod: 'telegram_stars' as const,
                starsPrice: options.paidInStars,
                starsSubscriptionId: `seed_stars_${process.pid}_${(chatCounter += 1)}`,
              }),
          priceMinor: subscription.priceMinor,
          currency: subscription.currency,
          createdAt: now(),
          updatedAt: now(),
        })
        .returning();
      return memberFromDto(memberDto(row!));
    },

    async seedDonation(channelId, options = {}) {
      const amount = options.amount ?? money(500, 'eur');
      const [row] = await db
        .insert(donations)
        .values({
          channelId,
          title: options.title ?? 'Support us',
          description: options.description ?? 'Every coin helps',
          amountMinor: amount.minor,
          currency: amount.currency,
          buttonText: 'Donate',
          createdAt: now(),
        })
        .returning();
      return donationFromDto(donationDto(row!));
    },

    async seedCard(user, options = {}) {
      const brand = options.brand ?? 'visa';
      const last4 = options.last4 ?? DEFAULT_LAST4[brand] ?? '4242';
      const [existing] = await db
        .select({ count: sql<number>`count(*)` })
        .from(savedCards)
        .where(sql`${savedCards.userId} = ${user.id} and not ${savedCards.deleted}`);
      const primary = options.primary ?? Number(existing?.count ?? 0) === 0;
      if (primary) await db.update(savedCards).set({ primary: false }).where(eq(savedCards.userId, user.id));
      tokenCounter += 1;
      const token = `rec_contract_${process.pid}_${tokenCounter}`;
      await db.insert(providerTokens).values({
        token,
        kind: 'recurrent',
        cardBrand: brand,
        cardType: 'debit',
        cardBin: '424242',
        cardLast4: last4,
        cardCountry: 'DE',
        cardBehaviour: CARD_BEHAVIOUR[options.scenario ?? 'approve'],
        cardLength: 16,
        createdAt: now(),
        customerReference: String(user.id),
      });
      const [row] = await db
        .insert(savedCards)
        .values({
          userId: user.id,
          brand,
          last4,
          active: options.active ?? true,
          primary,
          providerToken: token,
          country: 'DE',
          createdAt: now(),
        })
        .returning();
      return savedCardFromDto(cardDto(row!));
    },

    async seedTransaction(user, options) {
      const amount = options.amount ?? money(500, 'eur');
      const type: TransactionType = options.type;
      const createdAt = new Date(options.createdAt === undefined ? server.clock.now() : options.createdAt * 1000);
      const channel = options.channelId === undefined ? null : await channelRow(options.channelId);
      const [row] = await db
        .insert(transactions)
        .values({
          type,
          userId: user.id,
          channelId: channel?.id ?? null,
          currency: amount.currency,
          price: amount.minor,
          amount: amount.minor,
          payoutAmount: amount.minor,
          paymentMethod: type === 'withdrawal' ? 'bank_card' : 'smart_glocal',
          createdAt,
          ...(type === 'withdrawal'
            ? { withdrawalAccount: { country: 'DE', methodType: 'bank_card', currency: amount.currency, params: {} } }
            : {}),
        })
        .returning();
      // A seeded line leaves the balances alone (seedBalance sets them): take back what the ledger trigger added.
      await db.execute(sql`update ledger_balance_totals set
          earned = earned - case when ${type} in ('sell_subscription', 'get_donation') then ${amount.minor}::bigint else 0 end,
          withdrawn = withdrawn - case when ${type} = 'withdrawal' then ${amount.minor}::bigint else 0 end
        where user_id = ${user.id} and currency = ${amount.currency} and window_start = ledger_window_start(${createdAt.toISOString()}::timestamptz)`);
      return transactionFromDto(
        transactionDto({
          transaction: row!,
          counterparty: null,
          subscription: null,
          channel:
            channel === null
              ? null
              : { id: channel.id, title: channel.title, photoUrl: channel.photoUrl, username: channel.username },
        }),
      );
    },

    async seedBalance(user, kind, amount: Money) {
      // Balances are read from the ledger's per-window totals (migration 0003): add to the open window (active) or to
      // a closed one (payout) without writing ledger lines, so the transaction lists stay as the test seeded them.
      const at = kind === 'active' ? now() : new Date(server.clock.now() - 40 * DAY_MS);
      await db.execute(sql`insert into ledger_balance_totals as totals (user_id, currency, window_start, earned, withdrawn)
        values (${user.id}, ${amount.currency}, ledger_window_start(${at.toISOString()}::timestamptz), ${amount.minor}, 0)
        on conflict (user_id, currency, window_start) do update set earned = totals.earned + excluded.earned`);
    },

    async seedMigration(user, donateChannelList) {
      await db.insert(donateChannels).values(
        donateChannelList.map((channel) => ({
          userId: user.id,
          chatId: channel.chatId,
          name: channel.name,
          link: channel.link,
          activeSubscribers: channel.activeSubscribers,
          createdAt: now(),
        })),
      );
    },

    async setVerification(user, status) {
      await control('/sandbox/kyc', { telegramId: asHttpUser(user).telegram.telegramId, status });
    },

    async setPaymentsDisabled(owner, disabled) {
      // The server refuses payments while the creator is banned (section 8 payments_disabled).
      await control('/sandbox/users/ban', { telegramId: asHttpUser(owner).telegram.telegramId, banned: disabled });
    },

    nowMs: async () => server.clock.now(),
    settle: async () => undefined,

    async runRenewalsDue(expiresAt) {
      // The reminder's day first, then the renewal's, as the renewals job meets them (server/modules/payments).
      for (const lead of [RENEWAL_REMINDER_LEAD_MS, RENEWAL_LEAD_MS])
        await advanceClockTo(expiresAt * 1000 - lead + 60_000);
    },

    advanceClock: (at) => advanceClockTo(at * 1000),
  };
  return fixture;
}

/** A subject factory over the file's shared server: `build` makes the port from the user's ApiClient. */
export function httpSubject<TPort>(
  server: () => TestServer,
  build: (api: ApiClient, provider: HttpClient) => TPort,
): MakeContractSubject<TPort> {
  return async (): Promise<ContractSubject<TPort>> => {
    const running = server();
    return {
      fixture: createHttpFixture(running),
      as: (user: ContractUser) => build(apiClientFor(running, asHttpUser(user).telegram), providerClientFor(running)),
    };
  };
}
