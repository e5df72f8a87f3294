/**
 * Demo data for an empty sandbox database (README "Demo accounts"), so every screen has something real to show.
 * Deterministic: the same rows in the same order on every run; times are relative to the seed's "now" so that
 * active, expiring and expired memberships stay what their names say.
 *
 * - 1001 Alice Creator: verified creator, two connected channels (private "Alice's Journal", public
 *   @alice_travels), subscriptions of every period (and one removed), members in every state, donation requests
 *   with posts, transactions of every type including withdrawals, balances in eur and rub, a payout account.
 * - 2001 Bob Follower: active (monthly, one-time) and inactive (weekly, cancelled and expired) subscriptions, two
 *   saved cards (Visa primary, Mastercard), payments and donations.
 * - 3001 Carol Migrating: verified creator of the older product with two donation channels and no request yet
 *   (her creator dashboard answers migration_required).
 * - 2002–2005: more subscribers so the member lists have every state.
 */
import { sql } from 'drizzle-orm';
import type { CardBrand, Period, TransactionPaymentMethod } from '../../../src/domain/entities';
import { splitPayment } from '../../../src/domain/fees';
import { type Currency, money, toMinor } from '../../../src/domain/money';
import { miniAppLink } from '../bot/BotGateway';
import { goalLine, withGoalLine } from '../bot/goalText';
import { postText } from '../bot/publishing';
import { donationProgress } from '../../../src/domain/donation-goal';
import type { ServerClock } from '../../platform/clock';
import { meetsPayoutMinimum } from '../../../src/domain/payout';
import { writePaymentPair, writeWithdrawal } from '../payments/ledger/ledger';
import { latestPayoutAt } from '../payments/ledger/windows';
import { numberHash, sandboxProviderFee } from '../payments/sandbox/SmartGlocalDouble';
import { dueAtPayout } from '../payouts/job';
import type { MoneyDb } from '../../platform/db/moneyDb';
import type { Db, Tx } from '../../platform/db/db';
import {
  botPosts,
  channels,
  donateChannels,
  donationProgress as donationTotals,
  donations,
  payoutAccounts,
  savedCards,
  subscriptionMembers,
  subscriptions,
  users,
} from '../../platform/db/schema';
import { providerTokens } from '../../platform/db/schema-money';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The travels donation request's goal (its progress comes from the seeded donations). */
const TRAVELS_GOAL = { goalMinor: toMinor(20000, 'rub') };

export const SEED = {
  alice: 1001,
  bob: 2001,
  carol: 3001,
  journalChatId: -1001000000001,
  travelsChatId: -1001000000002,
} as const;

interface DemoUser {
  telegramId: number;
  firstName: string;
  lastName?: string;
  username?: string;
  languageCode?: string;
  verified?: boolean;
  country?: string;
}

const DEMO_USERS: DemoUser[] = [
  {
    telegramId: SEED.alice,
    firstName: 'Alice',
    lastName: 'Creator',
    username: 'alice_creator',
    languageCode: 'en',
    verified: true,
    country: 'DE',
  },
  { telegramId: SEED.bob, firstName: 'Bob', lastName: 'Follower', username: 'bob_follower', languageCode: 'en' },
  {
    telegramId: SEED.carol,
    firstName: 'Carol',
    lastName: 'Migrating',
    username: 'carol_migrating',
    languageCode: 'ru',
    verified: true,
    country: 'DE',
  },
  { telegramId: 2002, firstName: 'Dana', lastName: 'Reader', username: 'dana_reader', languageCode: 'ru' },
  { telegramId: 2003, firstName: 'Eve', languageCode: 'en' },
  { telegramId: 2004, firstName: 'Frank', lastName: 'Lapsed', languageCode: 'id' },
  { telegramId: 2005, firstName: 'Grace', lastName: 'Patron', username: 'grace_patron', languageCode: 'en' },
];

interface CardUse {
  brand: CardBrand;
  last4: string;
}
const VISA: CardUse = { brand: 'visa', last4: '4242' };
const MASTERCARD: CardUse = { brand: 'mastercard', last4: '4444' };
const MIR: CardUse = { brand: 'mir', last4: '0004' };

/** True when the database has no users yet (a fresh installation). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)` }).from(users);
  return Number(row?.count ?? 0) === 0;
}

/** Seeds an empty database; answers whether it did. */
export async function seedIfEmpty(db: Db, clock: ServerClock, bot: SeedBot = DEFAULT_BOT): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await db.transaction((tx) => seed(tx, clock.now(), bot));
  return true;
}

export interface SeedBot {
  readonly botUsername: string;
  readonly appName: string;
}
const DEFAULT_BOT: SeedBot = { botUsername: 'BackersSandboxBot', appName: 'app' };

export async function seed(tx: Tx, nowMs: number, bot: SeedBot = DEFAULT_BOT): Promise<void> {
  const at = (offsetMs: number) => new Date(nowMs + offsetMs);
  const created = at(-120 * DAY);

  const userIds = new Map<number, number>();
  for (const user of DEMO_USERS) {
    const [row] = await tx
      .insert(users)
      .values({
        telegramId: user.telegramId,
        firstName: user.firstName,
        lastName: user.lastName ?? null,
        username: user.username ?? null,
        languageCode: user.languageCode ?? null,
        verificationStatus: user.verified ? 'approved' : 'none',
        country: user.country ?? null,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: users.id });
    userIds.set(user.telegramId, row!.id);
  }
  const id = (telegramId: number) => userIds.get(telegramId)!;
  const alice = id(SEED.alice);
  const [bob, dana, eve, frank, grace] = [SEED.bob, 2002, 2003, 2004, 2005].map(id);

  // ---- Alice's channels
  const channelBase = {
    ownerId: alice,
    type: 'private' as const,
    language: 'en' as const,
    languageSelected: true,
    connected: true,
    moderation: 'approved' as const,
    onboardingStep: 'completed' as const,
    onboardingPassed: true,
    createdAt: at(-110 * DAY),
    updatedAt: at(-110 * DAY),
  };
  const [journal] = await tx
    .insert(channels)
    .values({
      ...channelBase,
      chatId: SEED.journalChatId,
      title: "Alice's Journal",
      inviteLink: 'https://t.me/+AliceJournalDemo',
    })
    .returning();
  const [travels] = await tx
    .insert(channels)
    .values({
      ...channelBase,
      type: 'public',
      chatId: SEED.travelsChatId,
      title: 'Alice Travels',
      username: 'alice_travels',
      createdAt: at(-100 * DAY),
      updatedAt: at(-100 * DAY),
    })
    .returning();

  // ---- subscriptions of every period
  async function subscription(
    channelId: number,
    name: string,
    period: Period,
    major: number,
    currency: Currency,
    daysAgo: number,
    deleted = false,
  ) {
    const [row] = await tx
      .insert(subscriptions)
      .values({
        channelId,
        name,
        description: 'Your contribution fuels the channel: early posts, behind the scenes and a thank-you every week.',
        period,
        priceMinor: toMinor(major, currency),
        currency,
        buttonText: 'Subscribe',
        deleted,
        createdAt: at(-daysAgo * DAY),
        updatedAt: at(-daysAgo * DAY),
      })
      .returning();
    return row!;
  }
  const monthly = await subscription(journal!.id, 'Monthly Subscription', 'monthly', 5, 'eur', 100);
  const yearly = await subscription(journal!.id, 'Yearly Subscription', 'yearly', 50, 'eur', 99);
  const weekly = await subscription(travels!.id, 'Weekly Subscription', 'weekly', 250, 'rub', 90);
  const onetime = await subscription(travels!.id, 'One-time Access', 'onetime', 15, 'eur', 89);
  const removed = await subscription(travels!.id, 'Old Monthly', 'monthly', 3, 'eur', 80, true);
  await tx
    .update(subscriptions)
    .set({ command: '$travel' })
    .where(sql`${subscriptions.id} = ${weekly.id}`);

  // ---- payments: ledger pairs through the money engine's writer, so balances equal the ledger
  let paymentNo = 0;
  async function pay(input: {
    payer: number;
    kind: 'subscription' | 'donation';
    channelId: number;
    subscriptionId?: number;
    memberId?: number;
    donationId?: number;
    major: number;
    currency: Currency;
    atMs: number;
    card: CardUse;
  }) {
    paymentNo += 1;
    const price = money(toMinor(input.major, input.currency), input.currency);
    // The fee the sandbox provider charges on live payments, so seeded and new sales read alike.
    const providerFee = money(sandboxProviderFee(price.minor), input.currency);
    await writePaymentPair(tx as unknown as MoneyDb, {
      kind: input.kind,
      paymentId: `seed_${String(paymentNo).padStart(3, '0')}`,
      payerId: input.payer,
      creatorId: alice,
      channelId: input.channelId,
      subscriptionId: input.subscriptionId ?? null,
      memberId: input.memberId ?? null,
      donationId: input.donationId ?? null,
      split: splitPayment(price, 1000, providerFee),
      paymentMethod: 'smart_glocal' satisfies TransactionPaymentMethod,
      card: input.card,
      at: at(input.atMs),
    });
  }

  // ---- members in every state, each with its payments
  async function member(input: {
    sub: typeof monthly;
    user: number;
    status: 'active' | 'cancelled';
    activatedMs: number;
    expiresMs: number | null;
    renewalFailed?: boolean;
    paidAtMs: number[];
    card: CardUse;
  }) {
    const [row] = await tx
      .insert(subscriptionMembers)
      .values({
        subscriptionId: input.sub.id,
        userId: input.user,
        status: input.status,
        period: input.sub.period,
        activatedAt: at(input.activatedMs),
        expiresAt: input.expiresMs === null ? null : at(input.expiresMs),
        renewalFailed: input.renewalFailed ?? false,
        paymentMethod: 'smart_glocal',
        priceMinor: input.sub.priceMinor,
        currency: input.sub.currency,
        createdAt: at(input.activatedMs),
        updatedAt: at(input.paidAtMs[input.paidAtMs.length - 1] ?? input.activatedMs),
      })
      .returning();
    for (const paidAt of input.paidAtMs) {
      await pay({
        payer: input.user,
        kind: 'subscription',
        channelId: input.sub.channelId,
        subscriptionId: input.sub.id,
        memberId: row!.id,
        major: input.sub.priceMinor / 100,
        currency: input.sub.currency,
        atMs: paidAt,
        card: input.card,
      });
    }
    return row!;
  }
  // Journal monthly: active (Bob), cancelled and expiring (Dana), renewal failed and expiring (Eve), expired (Frank).
  await member({
    sub: monthly,
    user: bob,
    status: 'active',
    activatedMs: -40 * DAY,
    expiresMs: 20 * DAY,
    paidAtMs: [-40 * DAY, -10 * DAY],
    card: VISA,
  });
  await member({
    sub: monthly,
    user: dana,
    status: 'cancelled',
    activatedMs: -25 * DAY,
    expiresMs: 5 * DAY,
    paidAtMs: [-25 * DAY],
    card: MIR,
  });
  await member({
    sub: monthly,
    user: eve,
    status: 'active',
    activatedMs: -29 * DAY,
    expiresMs: 1 * DAY,
    renewalFailed: true,
    paidAtMs: [-29 * DAY],
    card: MASTERCARD,
  });
  await member({
    sub: monthly,
    user: frank,
    status: 'active',
    activatedMs: -70 * DAY,
    expiresMs: -10 * DAY,
    renewalFailed: true,
    paidAtMs: [-70 * DAY, -40 * DAY],
    card: VISA,
  });
  await member({
    sub: yearly,
    user: grace,
    status: 'active',
    activatedMs: -100 * DAY,
    expiresMs: 265 * DAY,
    paidAtMs: [-100 * DAY],
    card: MASTERCARD,
  });
  // Travels weekly (rub): active (Dana); cancelled and expired (Bob).
  await member({
    sub: weekly,
    user: dana,
    status: 'active',
    activatedMs: -20 * DAY,
    expiresMs: 1 * DAY,
    paidAtMs: [-20 * DAY, -13 * DAY, -6 * DAY],
    card: MIR,
  });
  await member({
    sub: weekly,
    user: bob,
    status: 'cancelled',
    activatedMs: -31 * DAY,
    expiresMs: -3 * DAY,
    paidAtMs: [-31 * DAY, -24 * DAY, -17 * DAY, -10 * DAY],
    card: VISA,
  });
  // One-time access never expires; Eve's is an hour old (the open payout window: active balance).
  await member({
    sub: onetime,
    user: bob,
    status: 'active',
    activatedMs: -5 * DAY,
    expiresMs: null,
    paidAtMs: [-5 * DAY],
    card: VISA,
  });
  await member({
    sub: onetime,
    user: eve,
    status: 'active',
    activatedMs: -1 * HOUR,
    expiresMs: null,
    paidAtMs: [-1 * HOUR],
    card: MASTERCARD,
  });
  // A removed subscription keeps its member until expiry.
  await member({
    sub: removed,
    user: grace,
    status: 'active',
    activatedMs: -20 * DAY,
    expiresMs: 10 * DAY,
    paidAtMs: [-20 * DAY],
    card: MASTERCARD,
  });

  // ---- donation requests with the bot's posts, and donations
  let messageId = 100;
  async function post(
    chatId: number,
    channelId: number,
    kind: 'subscription' | 'donation',
    refId: number,
    text: string,
    button: string,
    start: string,
    pinned: boolean,
    atMs: number,
  ) {
    messageId += 1;
    const [row] = await tx
      .insert(botPosts)
      .values({
        chatId,
        channelId,
        kind,
        refId,
        text,
        buttons: [{ text: button, url: miniAppLink(bot.botUsername, bot.appName, start) }],
        pinned,
        silent: !pinned,
        messageId,
        createdAt: at(atMs),
      })
      .returning({ id: botPosts.id });
    return row!.id;
  }
  const [journalDonation] = await tx
    .insert(donations)
    .values({
      channelId: journal!.id,
      title: 'Support the journal',
      description: 'Every coffee keeps the stories coming. Thank you!',
      amountMinor: 0,
      currency: 'eur',
      buttonText: 'Donate',
      createdAt: at(-60 * DAY),
    })
    .returning();
  const [travelsDonation] = await tx
    .insert(donations)
    .values({
      channelId: travels!.id,
      title: 'Fuel the next trip',
      description: 'Help pay for the next road trip and its photo diary.',
      amountMinor: toMinor(500, 'rub'),
      currency: 'rub',
      buttonText: 'Donate',
      // A goal and an end date: its post and invoice show the progress of the two donations below.
      goalMinor: TRAVELS_GOAL.goalMinor,
      endsAt: at(20 * DAY),
      createdAt: at(-50 * DAY),
    })
    .returning();
  const journalPost = await post(
    SEED.journalChatId,
    journal!.id,
    'donation',
    journalDonation!.id,
    'Support the journal\n\nEvery coffee keeps the stories coming. Thank you!',
    'Donate',
    `donation_${journalDonation!.id}`,
    false,
    -60 * DAY,
  );
  const travelsPost = await post(
    SEED.travelsChatId,
    travels!.id,
    'donation',
    travelsDonation!.id,
    withGoalLine(
      postText(travelsDonation!.title, travelsDonation!.description),
      goalLine(
        { goalMinor: TRAVELS_GOAL.goalMinor, endsAt: travelsDonation!.endsAt, currency: 'rub' },
        donationProgress(
          { ...TRAVELS_GOAL, endsAtMs: nowMs + 20 * DAY, raisedMinor: toMinor(5500, 'rub'), donations: 2 },
          nowMs,
        ),
        travels!.language,
      ),
    ),
    'Donate',
    `donation_${travelsDonation!.id}`,
    false,
    -50 * DAY,
  );
  await tx
    .update(donations)
    .set({ postId: journalPost })
    .where(sql`${donations.id} = ${journalDonation!.id}`);
  await tx
    .update(donations)
    .set({ postId: travelsPost })
    .where(sql`${donations.id} = ${travelsDonation!.id}`);
  const weeklyPost = await post(
    SEED.travelsChatId,
    travels!.id,
    'subscription',
    weekly.id,
    `${weekly.name}\n\n${weekly.description}`,
    weekly.buttonText,
    `subscription_${weekly.id}`,
    true,
    -89 * DAY,
  );
  await tx
    .update(subscriptions)
    .set({ publishedPostId: weeklyPost })
    .where(sql`${subscriptions.id} = ${weekly.id}`);

  const donate = (payer: number, donation: typeof journalDonation, major: number, atMs: number, card: CardUse) =>
    pay({
      payer,
      kind: 'donation',
      channelId: donation!.channelId,
      donationId: donation!.id,
      major,
      currency: donation!.currency,
      atMs,
      card,
    });
  await donate(grace, journalDonation, 200, -60 * DAY, MASTERCARD);
  await donate(frank, journalDonation, 150, -45 * DAY, VISA);
  await donate(bob, journalDonation, 10, -2 * DAY, VISA);
  await donate(dana, travelsDonation, 5000, -40 * DAY, MIR);
  await donate(bob, travelsDonation, 500, -30 * MINUTE, VISA);
  // The post already shows these two donations (the ledger's trigger counts them at the commit).
  await tx.execute(sql`set constraints transactions_donation_progress immediate`);
  await tx
    .update(donationTotals)
    .set({ postedVersion: sql`${donationTotals.version}` })
    .where(sql`${donationTotals.donationId} = ${travelsDonation!.id}`);

  // ---- Alice's payout account and past payouts. Its card is tokenised at the Smart Glocal double (the card's
  // number_hash, as tokenising 4242 4242 4242 4242 there gives it), so her first payout arrives.
  const alicePayoutCard = numberHash('4242424242424242');
  await tx
    .insert(providerTokens)
    .values({
      token: alicePayoutCard,
      kind: 'card',
      cardBrand: 'visa',
      cardType: 'debit',
      cardBin: '424242',
      cardLast4: '4242',
      cardCountry: 'DE',
      cardBehaviour: 'success',
      cardLength: 16,
      createdAt: at(-90 * DAY),
    })
    .onConflictDoNothing();
  await tx.insert(payoutAccounts).values({
    userId: alice,
    countryIso2: 'DE',
    countryIso3: 'DEU',
    methodType: 'bank_card',
    currency: 'eur',
    params: {},
    cardToken: alicePayoutCard,
    cardBrand: 'visa',
    cardMaskedNumber: '424242******4242',
    cardLast4: '4242',
    cardCountry: 'DE',
    createdAt: at(-90 * DAY),
    updatedAt: at(-90 * DAY),
  });
  await writeWithdrawal(tx as unknown as MoneyDb, {
    creatorId: alice,
    amount: money(toMinor(200, 'eur'), 'eur'),
    paymentMethod: 'bank_card',
    card: VISA,
    at: at(-30 * DAY),
    account: { country: 'DE', methodType: 'bank_card', currency: 'eur', params: {} },
  });
  await writeWithdrawal(tx as unknown as MoneyDb, {
    creatorId: alice,
    amount: money(toMinor(3000, 'rub'), 'rub'),
    paymentMethod: 'ru_account',
    at: at(-20 * DAY),
    account: {
      country: 'RU',
      methodType: 'ru_account',
      currency: 'rub',
      params: { full_name: 'Alice Creator', inn: '500100732259', bik: '044525225', account: '40817810899910004312' },
    },
  });

  await payPastPayouts();

  /**
   * The payout the latest past payout day made of Alice's euro earnings (her account's currency), as the payout job
   * would have: without it a fresh start would pay the demo creator out at once. Rouble earnings wait for a rouble
   * account, as they would in production.
   */
  async function payPastPayouts(): Promise<void> {
    const payoutAt = latestPayoutAt(nowMs);
    // From the ledger lines: this transaction wrote them, and the kept totals see them only at its commit.
    for (const due of await dueAtPayout(tx as unknown as MoneyDb, alice, payoutAt, true)) {
      if (due.currency !== 'eur' || !meetsPayoutMinimum(due)) continue;
      await writeWithdrawal(tx as unknown as MoneyDb, {
        creatorId: alice,
        amount: due,
        paymentMethod: 'bank_card',
        card: VISA,
        at: new Date(payoutAt),
        account: { country: 'DE', methodType: 'bank_card', currency: 'eur', params: {} },
      });
    }
  }

  // ---- Bob's saved cards (and the Smart Glocal double's recurrent tokens for charging them again, bound to Bob)
  for (const [index, card] of [VISA, MASTERCARD].entries()) {
    const token = `rec_seed_${card.brand}_${card.last4}`;
    await tx.insert(providerTokens).values({
      token,
      kind: 'recurrent',
      cardBrand: card.brand,
      cardType: 'debit',
      cardBin: card.brand === 'visa' ? '424242' : '555555',
      cardLast4: card.last4,
      cardCountry: card.brand === 'visa' ? 'DE' : 'FR',
      cardBehaviour: 'success',
      cardLength: 16,
      createdAt: at(-40 * DAY),
      customerReference: String(bob),
    });
    await tx.insert(savedCards).values({
      userId: bob,
      brand: card.brand,
      last4: card.last4,
      active: true,
      primary: index === 0,
      providerToken: token,
      country: card.brand === 'visa' ? 'DE' : 'FR',
      createdAt: at((-40 + index) * DAY),
    });
  }

  // ---- Carol: the older product's donation channels, no migration request yet
  await tx.insert(donateChannels).values([
    {
      userId: id(SEED.carol),
      chatId: -1003000000001,
      name: 'Carol Cooks',
      link: 'https://t.me/carol_cooks',
      activeSubscribers: 120,
      createdAt: at(-7 * DAY),
    },
    {
      userId: id(SEED.carol),
      chatId: -1003000000002,
      name: 'Carol Bakes',
      link: 'https://t.me/carol_bakes',
      activeSubscribers: 45,
      createdAt: at(-7 * DAY),
    },
  ]);
}
