/**
 * Set-up for the follower e2e specs (tests/e2e/follower-*.spec.ts): a fresh creator with a public channel, a
 * published subscription and a donation request; a fresh follower; and checks through the API. Every spec makes
 * its own users, so the specs run in any order and side by side.
 */
import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import type { Emulator } from './support/emulator';
import { expect, newUser, type NewUser } from './support/fixtures';
import type { SandboxApi } from './support/sandbox';

export interface CreatorWorld {
  readonly creator: NewUser;
  readonly channel: { id: number; chatId: number; title: string; username: string };
  readonly subscriptionId: number;
  readonly donationId: number;
}

interface Balance {
  currency: string;
  amount: number | string;
}
interface DashboardAnswer {
  balances: { active: Balance[]; payout: Balance[] };
  transactions: { id: number; type: string; total?: number | string; amount?: number | string; currency: string }[];
  subscriptionMembers?: { id: number; subscriptionId: number; status: string }[];
}

/** A verified creator with a public channel, a published monthly eur subscription and a donation request (eur). */
export async function creatorWithChannel(
  sandbox: SandboxApi,
  options: { price?: number; donationAmount?: number } = {},
): Promise<CreatorWorld> {
  const creator = newUser('Cora');
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');
  const suffix = randomInt(1_000_000_000);
  const title = `Cora Channel ${suffix}`;
  const username = `cora_${suffix}`;
  const chatId = -(1_000_000_000_000 + suffix);
  const added = (await sandbox.channelAdded({ ownerTelegramId: creator.telegramId, chatId, title, username })) as {
    channel: { id: number };
  };
  const channelId = added.channel.id;
  const created = await sandbox.api<{ subscription: { id: number } }>(creator, 'POST', '/subscription/new', {
    channelId,
    name: 'Monthly Subscription',
    description: 'Early posts and a thank-you every week.',
    period: 'monthly',
    currency: 'eur',
    amount: options.price ?? 5,
    buttonText: 'Subscribe',
  });
  await sandbox.api(creator, 'POST', `/subscription/${created.subscription.id}/publish`, {
    pin: true,
    disableNotification: false,
  });
  const donation = await sandbox.api<{ donation: { id: number } }>(
    creator,
    'POST',
    `/donation/request/channel/${channelId}`,
    {
      title: 'Buy me a coffee',
      description: 'Every coffee keeps the posts coming.',
      currency: 'eur',
      amount: options.donationAmount ?? 0,
      buttonText: 'Donate',
      pin: false,
      disableNotification: true,
    },
  );
  return {
    creator,
    channel: { id: channelId, chatId, title, username },
    subscriptionId: created.subscription.id,
    donationId: donation.donation.id,
  };
}

/** A follower nobody else uses; the first API call creates the account. */
export async function freshFollower(sandbox: SandboxApi, name = 'Finn'): Promise<NewUser> {
  const follower = newUser(name);
  await sandbox.api(follower, 'GET', '/dashboard?mode=follower');
  return follower;
}

/**
 * Pays through the API the way the app does (tokenise at the provider, create with the token), saving the card.
 * Answers the create answer.
 */
export async function payViaApi(
  sandbox: SandboxApi,
  request: APIRequestContext,
  follower: NewUser,
  target: { kind: 'donation'; id: number; amount: number } | { kind: 'subscription'; id: number },
  cardNumber: string = PROVIDER_TEST_CARDS.approved.number,
): Promise<{ paymentId: string; status: string; subscriptionMemberId?: number }> {
  const card = await sandbox.newCard(follower, cardNumber);
  const { initData } = await sandbox.launch({ telegramId: follower.telegramId, firstName: follower.firstName });
  const body = {
    paymentMethod: 'smart_glocal_form',
    ...card,
    saveCard: true,
    ...(target.kind === 'donation' ? { amount: target.amount, period: 'onetime' } : {}),
  };
  const response = await request.post(`/api/v2/invoice/${target.kind}/${target.id}/create`, {
    headers: { authorization: `TgAuth ${initData}`, 'idempotency-key': `setup-${randomInt(1_000_000_000)}` },
    data: body,
  });
  expect(response.ok(), await response.text()).toBe(true);
  const created = (await response.json()) as { paymentId: string; status: string; subscriptionMemberId?: number };
  // A new-card payment settles asynchronously: follow it like the app does.
  let answer: { status: string; subscriptionMemberId?: number } = created;
  await expect
    .poll(async () => {
      answer = await sandbox.api<{ status: string; subscriptionMemberId?: number }>(
        follower,
        'POST',
        '/pay/smart_glocal/check',
        { paymentId: created.paymentId },
      );
      return answer.status;
    })
    .toBe('paid');
  return { ...answer, paymentId: created.paymentId };
}

/** Gives the follower a saved card by paying a small donation with it. Answers the saved card's id. */
export async function followerWithSavedCard(
  sandbox: SandboxApi,
  request: APIRequestContext,
  follower: NewUser,
  donationId: number,
  cardNumber: string = PROVIDER_TEST_CARDS.approved.number,
): Promise<number> {
  await payViaApi(sandbox, request, follower, { kind: 'donation', id: donationId, amount: 1 }, cardNumber);
  const { cards } = await sandbox.api<{ cards: { id: number; cardLast: string }[] }>(
    follower,
    'GET',
    '/follower/cards',
  );
  const card = cards.find((saved) => saved.cardLast === cardNumber.slice(-4));
  expect(card).toBeDefined();
  return card!.id;
}

/** The creator's dashboard as the API answers it. */
export function creatorDashboard(sandbox: SandboxApi, creator: NewUser): Promise<DashboardAnswer> {
  return sandbox.api<DashboardAnswer>(creator, 'GET', '/dashboard?mode=creator');
}

/** Transactions of a type in the creator's dashboard. */
export async function creatorTransactions(
  sandbox: SandboxApi,
  creator: NewUser,
  type: 'sell_subscription' | 'get_donation',
): Promise<DashboardAnswer['transactions']> {
  return (await creatorDashboard(sandbox, creator)).transactions.filter((transaction) => transaction.type === type);
}

/** The sum of the creator's balances in eur (active and payout), in major units. */
export async function creatorEurBalance(sandbox: SandboxApi, creator: NewUser): Promise<number> {
  const { balances } = await creatorDashboard(sandbox, creator);
  return [...balances.active, ...balances.payout]
    .filter((balance) => balance.currency === 'eur')
    .reduce((sum, balance) => sum + Number(balance.amount), 0);
}

/** Members of a subscription as its creator sees them. */
export async function subscriptionMembers(
  sandbox: SandboxApi,
  creator: NewUser,
  subscriptionId: number,
): Promise<{ userId: number }[]> {
  const page = await sandbox.api<{ members: { userId: number }[] }>(
    creator,
    'POST',
    `/subscription/${subscriptionId}/members`,
    { startFrom: null, filter: 'all' },
  );
  return page.members;
}

/** Shows the creator's channel (with the bot's posts) in the follower's channel pane, as if they had joined it. */
export async function showChannelToFollower(
  page: Page,
  follower: NewUser,
  channel: { chatId: number; title: string; username?: string },
): Promise<void> {
  await page.evaluate(({ key, value }) => sessionStorage.setItem(key, value), {
    key: `backers-emulator:channels:${follower.telegramId}`,
    value: JSON.stringify([{ chatId: channel.chatId, title: channel.title, username: channel.username }]),
  });
}

/** Fills the card form of the app. */
export async function fillCardForm(
  emulator: Emulator,
  card: { number: string; holder?: string; expiry?: string; code?: string },
): Promise<void> {
  const app = emulator.app;
  await app.getByLabel('Card number').fill(card.number);
  await app.getByLabel('Cardholder name').fill(card.holder ?? 'FINN TESTER');
  await app.getByLabel('Expiry date (MM/YY)').fill(card.expiry ?? '12/34');
  await app.getByLabel('Security code').fill(card.code ?? '123');
}

/**
 * Console problems of the app, without the browser's "Failed to load resource" lines for answers the test expects
 * (the favicon, and the error answers a spec asks for).
 */
export function unexpectedProblems<P extends { kind: string; text: string; url: string }>(
  problems: readonly P[],
  expectedUrls: readonly string[] = [],
): P[] {
  const expected = ['/favicon.ico', '/favicon.svg', ...expectedUrls];
  return problems.filter(
    (problem) =>
      !(problem.text.startsWith('Failed to load resource') && expected.some((url) => problem.url.includes(url))),
  );
}
