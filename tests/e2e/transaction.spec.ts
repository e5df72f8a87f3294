/**
 * Transaction details through the host emulator: a transaction of each type opened from the
 * dashboard (the seed has them all: Alice 1001 sold subscriptions, received donations and was paid out; Bob 2001
 * bought subscriptions and sent donations), and the failure state. Read-only: demo accounts are only read.
 */
import type { FrameLocator } from '@playwright/test';
import type { Emulator } from './support/emulator';
import type { SandboxApi } from './support/sandbox';
import { type ConsoleProblem, demoUsers, expect, expectNoSeriousA11yViolationsInApp, test } from './support/fixtures';

interface TransactionDto {
  id: number;
  type: 'buy_subscription' | 'sell_subscription' | 'send_donation' | 'get_donation' | 'withdrawal';
  channel?: { id: number; name: string };
  subscription?: { id: number; name: string };
  subscriptionMember?: { id: number };
  user?: { firstName: string };
  card?: { brand: string; last4: string };
  withdrawalAccount?: { country: string; methodType: string };
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  mir: 'Mir',
  unknown: 'Bank card',
};
const METHOD_NAMES: Record<string, string> = {
  bank_card: 'Bank card',
  swift: 'SWIFT transfer',
  global_bank_account: 'Bank account',
  ru_account: 'Bank account in Russia',
};

const ALICE: { telegramId: number; firstName: string } = { telegramId: demoUsers.alice, firstName: 'Alice' };
const BOB: { telegramId: number; firstName: string } = { telegramId: demoUsers.bob, firstName: 'Bob' };

/**
 * Console problems of the screens under test: the browser's favicon request is not the app's.
 */
const appProblems = (problems: readonly ConsoleProblem[]) =>
  problems.filter((problem) => !problem.url.endsWith('/favicon.ico'));

/** The user's dashboard transactions in `mode`, first page. */
async function dashboardTransactions(
  sandbox: SandboxApi,
  user: typeof ALICE,
  mode: 'creator' | 'follower',
): Promise<TransactionDto[]> {
  const dashboard = await sandbox.api<{ transactions: TransactionDto[] }>(user, 'GET', `/dashboard?mode=${mode}`);
  return dashboard.transactions;
}

/** Opens the transaction's row on the dashboard (or its page when the row is on a later page) and waits for it. */
async function openFromDashboard(emulator: Emulator, transaction: TransactionDto): Promise<FrameLocator> {
  const app = emulator.app;
  const row = app.locator(`a[href="/transaction/${transaction.id}"]`);
  await row.scrollIntoViewIfNeeded();
  await row.click();
  await expect(app.getByTestId('transaction-amount')).toBeVisible();
  return app;
}

const cell = (app: FrameLocator, title: string) =>
  app.locator('.cell', { has: app.locator('.cell__title', { hasText: new RegExp(`^${title}$`) }) });

test("the creator's transactions: subscription sold, donation received and a withdrawal", async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const transactions = await dashboardTransactions(sandbox, ALICE, 'creator');
  const find = (type: TransactionDto['type']) => {
    const found = transactions.find((transaction) => transaction.type === type);
    if (found === undefined) throw new Error(`no ${type} on Alice's first dashboard page`);
    return found;
  };
  await emulator.open({ user: demoUsers.alice, appPath: '/dashboard/creator' });

  // Subscription sold: money in, user, channel, the subscription linking to the creator's page, price and fee.
  const sold = find('sell_subscription');
  let app = await openFromDashboard(emulator, sold);
  await expect(app.getByTestId('transaction-amount')).toHaveText(/^\+/);
  await expect(cell(app, 'Type')).toContainText('Subscription sold');
  await expect(cell(app, 'Date')).toBeVisible();
  await expect(cell(app, 'User')).toContainText(sold.user?.firstName ?? '');
  await expect(cell(app, 'Channel')).toContainText(sold.channel?.name ?? '');
  await expect(app.getByRole('link', { name: /Subscription/ })).toHaveAttribute(
    'href',
    `/channel/${sold.channel?.id}/subscription/${sold.subscription?.id}`,
  );
  await expect(cell(app, 'Payment method')).toBeVisible();
  // Every part of the sale, in the order they add up: price − card processing fee − service fee = what Alice earns.
  await expect(app.locator('.cell__title')).toContainText([
    'Price',
    'Card processing fee',
    'Service fee',
    'You receive',
  ]);
  // In cents: "€15" and "€0.45" (English: "." before the cents, "," between thousands).
  const shown = async (title: string) =>
    Math.round(Number((await cell(app, title).locator('.cell__after').innerText()).replace(/[^\d.]/g, '')) * 100);
  const [gross, providerFee, serviceFee, net] = [
    await shown('Price'),
    await shown('Card processing fee'),
    await shown('Service fee'),
    await shown('You receive'),
  ];
  expect(providerFee).toBeGreaterThan(0);
  expect(serviceFee).toBeGreaterThan(0);
  expect(providerFee + serviceFee + net).toBe(gross);
  await expectNoSeriousA11yViolationsInApp(page);
  await emulator.clickBackButton();

  // Donation received: money in, with the service fee, no subscription.
  app = await openFromDashboard(emulator, find('get_donation'));
  await expect(app.getByTestId('transaction-amount')).toHaveText(/^\+/);
  await expect(cell(app, 'Type')).toContainText('Donation received');
  await expect(cell(app, 'Service fee')).toBeVisible();
  await expect(cell(app, 'Subscription')).toHaveCount(0);
  await emulator.clickBackButton();

  // Withdrawal: money out, country, receiving method, card, amount and total.
  const withdrawal = find('withdrawal');
  const account = withdrawal.withdrawalAccount;
  if (account === undefined) throw new Error('the seeded withdrawal has no account');
  app = await openFromDashboard(emulator, withdrawal);
  await expect(app.getByTestId('transaction-amount')).toHaveText(/^-/);
  await expect(cell(app, 'Type')).toContainText('Withdrawal');
  await expect(app.locator('.badge--check')).toBeVisible();
  await expect(cell(app, 'Country')).toContainText(
    new Intl.DisplayNames(['en'], { type: 'region' }).of(account.country) ?? account.country,
  );
  await expect(cell(app, 'Receiving method')).toContainText(METHOD_NAMES[account.methodType]);
  if (withdrawal.card)
    await expect(
      app.getByRole('img', { name: `${BRAND_NAMES[withdrawal.card.brand]} card ending in ${withdrawal.card.last4}` }),
    ).toBeVisible();
  await expect(cell(app, 'Amount')).toContainText(/€|₽/);
  await expect(cell(app, 'Total')).toContainText(/€|₽/);
  await expect(cell(app, 'Price')).toHaveCount(0);
  await expectNoSeriousA11yViolationsInApp(page);
  expect(appProblems(consoleProblems)).toEqual([]);
});

test("the follower's transactions: subscription bought and donation sent", async ({
  emulator,
  sandbox,
  consoleProblems,
}) => {
  const transactions = await dashboardTransactions(sandbox, BOB, 'follower');
  const bought = transactions.find(
    (transaction) => transaction.type === 'buy_subscription' && transaction.subscriptionMember !== undefined,
  );
  const sent = transactions.find((transaction) => transaction.type === 'send_donation');
  if (bought === undefined || sent === undefined)
    throw new Error("Bob's first dashboard page lacks a purchase or a donation");
  await emulator.open({ user: demoUsers.bob, appPath: '/dashboard/follower' });

  let app = await openFromDashboard(emulator, bought);
  await expect(app.getByTestId('transaction-amount')).toHaveText(/^-/);
  await expect(cell(app, 'Type')).toContainText('Subscription bought');
  await expect(app.getByRole('link', { name: /Subscription/ })).toHaveAttribute(
    'href',
    `/follower/subscription/${bought.subscriptionMember?.id}`,
  );
  await expect(cell(app, 'Payment method')).toContainText('Bank card');
  await expect(cell(app, 'Price')).toBeVisible();
  await expect(cell(app, 'Service fee')).toHaveCount(0);
  await emulator.clickBackButton();

  app = await openFromDashboard(emulator, sent);
  await expect(app.getByTestId('transaction-amount')).toHaveText(/^-/);
  await expect(cell(app, 'Type')).toContainText('Donation sent');
  await expect(cell(app, 'Service fee')).toHaveCount(0);
  expect(appProblems(consoleProblems)).toEqual([]);
});

test('a transaction that cannot be loaded shows "Error loading transaction" with its buttons', async ({
  emulator,
  page,
}) => {
  await emulator.open({ user: demoUsers.bob, appPath: '/transaction/999999999' });
  const app = emulator.app;
  await expect(app.getByRole('heading', { name: 'Error loading transaction' })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Try again' })).toBeVisible();
  await app.getByRole('button', { name: 'Try again' }).click();
  await expect(app.getByRole('heading', { name: 'Error loading transaction' })).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);
  await app.getByRole('button', { name: 'Back' }).click();
  await expect(app.getByRole('heading', { name: 'Error loading transaction' })).toHaveCount(0);
});

test('back from a transaction returns to the list where it was at once, then checks it against the server', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const transactions = await dashboardTransactions(sandbox, ALICE, 'creator');
  const last = transactions.at(-1);
  if (last === undefined) throw new Error("Alice's dashboard has no transactions");
  await emulator.open({ user: demoUsers.alice, appPath: '/dashboard/creator' });
  const app = emulator.app;
  const frame = await (await emulator.frameElement.elementHandle())?.contentFrame();
  if (!frame) throw new Error('no app frame');
  const row = app.locator(`a[href="/transaction/${last.id}"]`);
  await row.scrollIntoViewIfNeeded();
  await expect(row).toBeInViewport();
  const scrolled = await frame.evaluate(() => window.scrollY);
  // The last row of the first page sits below the fold even on a tall phone.
  expect(scrolled).toBeGreaterThan(0);
  let dashboardAnswers = 0;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/v2/dashboard') dashboardAnswers += 1;
  });

  await row.click();
  await expect(app.getByTestId('transaction-amount')).toBeVisible();
  // The dashboard's check is held: what Back shows comes from what was kept, not from a load.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/v2/dashboard',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await emulator.clickBackButton();
  // The row is on screen again, scrolled back to (not at the top). The exact offset may differ by a few rows: rows
  // far above are laid out at an estimated height until scrolled near (content-visibility), and which ones have been
  // laid out by then varies with the machine's load.
  await expect(row).toBeInViewport();
  await expect.poll(() => frame.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled / 2);
  const restored = await frame.evaluate(() => window.scrollY);
  // Then one check against the server brings the kept view up to date without moving the user's place.
  release();
  await expect.poll(() => dashboardAnswers).toBe(1);
  await expect(row).toBeInViewport();
  // Only ever closer to where the user was (the restore may still be catching up), never moved away.
  const after = await frame.evaluate(() => window.scrollY);
  expect(after).toBeGreaterThanOrEqual(restored - 1);
  expect(after).toBeLessThanOrEqual(scrolled + 1);
  expect(appProblems(consoleProblems)).toEqual([]);
});
