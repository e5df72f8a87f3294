/**
 * Payouts through the host emulator (issue 7 item 3): setting up a payout account by card (a bad number first, a
 * card from an unsupported country, then the country-mismatch confirm), by SWIFT (a bad IBAN first) and by the
 * server-supplied form of a global bank account (no bank, then a bad field first); the connection-trouble blockout
 * and its Try again; and the payout page after the sandbox clock passes a payout date.
 *
 * Every test runs as a fresh verified creator (tests share one server and other specs read the demo accounts).
 * The last test moves the sandbox clock forward past a payout date: that is global to the server.
 */
import { randomInt } from 'node:crypto';
import type { FrameLocator } from '@playwright/test';
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import type { Emulator } from './support/emulator';
import type { SandboxApi } from './support/sandbox';
import { type ConsoleProblem, type NewUser, expect, expectNoSeriousA11yViolations, newUser, test } from './support/fixtures';

interface PayoutAnswer {
  payoutBalances: { currency: string; amount: number | string }[];
  activeBalances: { currency: string; amount: number | string }[];
  nextPayoutDate: string;
  withdrawalAccount: { country: string; methodType: string; currency: string; params: Record<string, string> } | null;
  withdrawalCard: { brand: string; last4: string } | null;
  withdrawals: { id: number; type: string }[];
}

const appProblems = (problems: readonly ConsoleProblem[]) => problems.filter((problem) => !problem.url.endsWith('/favicon.ico'));

async function verifiedCreator(sandbox: SandboxApi, name: string): Promise<NewUser> {
  const creator = newUser(name);
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');
  return creator;
}

const toast = (app: FrameLocator) => app.locator('.toast');

async function expectFailToast(app: FrameLocator, message: string | RegExp): Promise<void> {
  await expect(toast(app)).toContainText(message);
  await expect(toast(app)).toHaveClass(/toast--fail/);
}

/** From the payout settings (no account yet) to the setup screen, choosing the country in its picker. */
async function startSetup(emulator: Emulator, creator: NewUser, country: string): Promise<FrameLocator> {
  await emulator.open({ user: creator, appPath: '/payout/settings' });
  const app = emulator.app;
  await expect(app.getByRole('heading', { name: 'No payout account yet' })).toBeVisible();
  await app.getByRole('button', { name: 'Set up payouts' }).click();
  await app.getByRole('button', { name: /^Country/ }).click();
  await app.getByRole('button', { name: country, exact: true }).click();
  await expect(app.getByRole('button', { name: /^Country/ })).toContainText(country);
  return app;
}

test('by card: a bad number, a card from an unsupported country, then switching to the card country on mismatch', async ({
  emulator, sandbox, page, consoleProblems,
}) => {
  const creator = await verifiedCreator(sandbox, 'Carmen');
  const app = await startSetup(emulator, creator, 'Germany');
  await expect(app.getByRole('tab', { name: 'Bank card' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByText('EUR')).toBeVisible();

  // Grouped by four; a failed check digit gets its message, the toast and focus.
  const cardNumber = app.getByLabel('Card number', { exact: true });
  await cardNumber.fill('4242424242424241');
  await expect(cardNumber).toHaveValue('4242 4242 4242 4241');
  await expectNoSeriousA11yViolations(page, { include: ['#app-frame'] });
  await emulator.clickMainButton('Save');
  await expectFailToast(app, 'Invalid card number');
  await expect(cardNumber).toBeFocused();
  await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');

  // A card issued where payouts are not offered.
  await cardNumber.fill('4000 0000 0000 0127');
  await emulator.clickMainButton('Save');
  await expectFailToast(app, 'Payouts to cards issued in United States are not supported');

  // A Russian card for a German account: confirm the switch, and the account is saved in Russia.
  await cardNumber.fill(PROVIDER_TEST_CARDS.russianMir.number);
  await emulator.clickMainButton('Save');
  await emulator.answerPopup('Switch and save', /issued in Russia/);
  await expect(toast(app)).toContainText('Payout details saved');

  // Back on the settings, which show the saved account.
  await expect(app.getByRole('heading', { name: 'Payout settings' })).toBeAttached();
  await expect(app.getByText('Russia')).toBeVisible();
  await expect(app.getByRole('img', { name: 'Mir card ending in 0004' })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Set up again' })).toBeVisible();
  await expect(toast(app)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, { include: ['#app-frame'] });
  const saved = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
  expect(saved.withdrawalAccount).toMatchObject({ country: 'RU', methodType: 'bank_card', currency: 'rub' });
  expect(saved.withdrawalCard).toMatchObject({ brand: 'mir', last4: '0004' });
  // The two refusals (unsupported country, mismatch) are 400 answers the browser logs; nothing else may be.
  const unexpected = appProblems(consoleProblems).filter((problem) => !(problem.url.endsWith('/api/v2/payout/account') && problem.text.includes('400')));
  expect(unexpected).toEqual([]);
});

test('by SWIFT: a bad IBAN first, then saved', async ({ emulator, sandbox, consoleProblems }) => {
  const creator = await verifiedCreator(sandbox, 'Sven');
  const app = await startSetup(emulator, creator, 'France');
  await app.getByRole('tab', { name: 'SWIFT transfer' }).click();
  await app.getByLabel('City', { exact: true }).fill('Paris');
  await app.getByLabel('Address', { exact: true }).fill('1 Rue de Rivoli');
  await app.getByLabel('Postal code', { exact: true }).fill('75001');
  const iban = app.getByLabel('IBAN', { exact: true });
  await iban.fill('FR14 2004 1010 0505 0001 3M02 607');
  await emulator.clickMainButton('Save');
  await expectFailToast(app, 'Invalid IBAN');
  await expect(iban).toBeFocused();

  await iban.fill('FR14 2004 1010 0505 0001 3M02 606');
  await emulator.clickMainButton('Save');
  await expect(toast(app)).toContainText('Payout details saved');
  await expect(app.getByText('SWIFT transfer')).toBeVisible();
  await expect(app.getByText('FR1420041010050500013M02606')).toBeVisible();
  const saved = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
  expect(saved.withdrawalAccount).toMatchObject({ country: 'FR', methodType: 'swift', params: { iban: 'FR1420041010050500013M02606', city: 'Paris' } });
  expect(appProblems(consoleProblems)).toEqual([]);
});

test('by the server-supplied form: the bank is required, a bad field gets its own message, then saved', async ({
  emulator, sandbox, page, consoleProblems,
}) => {
  const creator = await verifiedCreator(sandbox, 'Indah');
  const app = await startSetup(emulator, creator, 'Indonesia');
  await expect(app.getByText('Bank account', { exact: true })).toBeVisible();

  // Banks exist: none chosen yet.
  await emulator.clickMainButton('Save');
  await expectFailToast(app, 'Select a bank');
  await expect(app.getByRole('button', { name: /^Bank/ })).toBeFocused();
  await app.getByRole('button', { name: /^Bank/ }).click();
  await app.getByRole('button', { name: 'Bank Central Asia (BCA)' }).click();
  await expect(app.getByRole('button', { name: /^Bank/ })).toContainText('Bank Central Asia (BCA)');

  // The bank's fields, with their length hints; the fixed country code is filled in.
  const account = app.getByLabel('Bank account number', { exact: true });
  await expect(app.getByText('10 digits')).toBeVisible();
  await expect(app.getByLabel('Country code', { exact: true })).toHaveValue('ID');
  await account.fill('12345');
  await app.getByLabel('ID type', { exact: true }).selectOption('NATIONAL_ID');
  await app.getByLabel('ID number', { exact: true }).fill('3171234567890001');
  await app.getByLabel('Phone number', { exact: true }).fill('+6281234567890');
  await app.getByLabel('Address', { exact: true }).fill('Jl. Sudirman 1');
  await app.getByLabel('City', { exact: true }).fill('Jakarta');
  await emulator.clickMainButton('Save');
  await expectFailToast(app, 'The account number has 10 digits');
  await expect(account).toBeFocused();
  await expect(account).toHaveAttribute('aria-invalid', 'true');
  await expect(toast(app)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, { include: ['#app-frame'] });

  await account.fill('1234567890');
  await emulator.clickMainButton('Save');
  await expect(toast(app)).toContainText('Payout details saved');
  await expect(app.getByText('Indonesia')).toBeVisible();
  const saved = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
  expect(saved.withdrawalAccount).toMatchObject({ country: 'ID', methodType: 'global_bank_account', params: { bank_account_number: '1234567890', id_type: 'NATIONAL_ID' } });
  expect(appProblems(consoleProblems)).toEqual([]);
});

test('a network failure while saving shows the connection-trouble blockout; Try again saves', async ({ emulator, sandbox, page }) => {
  const creator = await verifiedCreator(sandbox, 'Nora');
  const app = await startSetup(emulator, creator, 'Germany');
  await app.getByLabel('Card number', { exact: true }).fill(PROVIDER_TEST_CARDS.approved.number);

  await page.route('**/api/v2/payout/account', (route) => route.abort('internetdisconnected'));
  await emulator.clickMainButton('Save');
  const blockout = app.getByRole('dialog', { name: 'Connection trouble' });
  await expect(blockout).toBeVisible();
  await expect(blockout).toContainText('Check your internet connection or VPN');
  await expect(blockout.getByRole('button', { name: 'Support' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: ['#app-frame'] });

  await page.unroute('**/api/v2/payout/account');
  await blockout.getByRole('button', { name: 'Try again' }).click();
  await expect(toast(app)).toContainText('Payout details saved');
  await expect(blockout).toHaveCount(0);
  const saved = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
  expect(saved.withdrawalAccount).toMatchObject({ country: 'DE', methodType: 'bank_card' });
});

test('opened at the country picker, the setup goes on from it and saving goes back past the picker', async ({ emulator, sandbox }) => {
  const creator = await verifiedCreator(sandbox, 'Pia');
  await emulator.open({ user: creator, appPath: '/payout/setup/country' });
  const app = emulator.app;
  await expect(app.getByRole('heading', { name: 'Choose a country' })).toBeAttached();
  await app.getByRole('button', { name: 'Germany', exact: true }).click();
  await expect(app.getByRole('heading', { name: 'Payout details' })).toBeAttached();
  await expect(app.getByRole('button', { name: /^Country/ })).toContainText('Germany');
  await app.getByLabel('Card number', { exact: true }).fill(PROVIDER_TEST_CARDS.approved.number);
  await emulator.clickMainButton('Save');
  await expect(toast(app)).toContainText('Payout details saved');
  await expect(app.getByRole('heading', { name: 'Payout details' })).toHaveCount(0);
  await expect(app.getByRole('heading', { name: 'Choose a country' })).toHaveCount(0);
  const saved = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
  expect(saved.withdrawalAccount).toMatchObject({ country: 'DE', methodType: 'bank_card' });
});

/** The payout date (12:00 UTC on the 10th or 25th) that pays earnings made at `atMs` (see src/domain/payout.ts). */
function payoutDateFor(atMs: number): number {
  const at = new Date(atMs);
  const nextMonth = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
  const month = new Date(nextMonth);
  return Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), at.getUTCDate() <= 15 ? 10 : 25, 12);
}

test('the payout page: balances, next payout date, settings row, and a withdrawal after the payout date passes', async ({
  emulator, sandbox, request, page, consoleProblems,
}) => {
  // A creator with a card account and a €500 donation received (less the fees).
  const creator = await verifiedCreator(sandbox, 'Paula');
  const chatId = -1_000_000_000_000 - randomInt(1_000_000_000);
  const { channel } = await sandbox.channelAdded({ ownerTelegramId: creator.telegramId, chatId, title: 'Paula Paints', username: `paula_${randomInt(1_000_000)}` }) as { channel: { id: number } };
  const { parameters } = { parameters: await sandbox.api<{ token: string }>(creator, 'GET', '/payout/account/parameters') };
  const payoutCard = await sandbox.post<{ token: string }>('/provider/v1/cards/tokenize', { card_number: PROVIDER_TEST_CARDS.approved.number });
  expect(parameters.token).not.toBe('');
  await sandbox.api(creator, 'POST', '/payout/account', {
    currency: 'eur', countryIso3: 'DEU', methodType: 'bank_card', params: {},
    card: { token: payoutCard.token, network: 'visa', type: 'debit', maskedNumber: '424242******4242' },
  });
  const { donation } = await sandbox.api<{ donation: { id: number } }>(creator, 'POST', `/donation/request/channel/${channel.id}`, {
    title: 'Paint fund', description: 'Brushes and canvas.', currency: 'eur', amount: 0, buttonText: 'Donate', pin: false, disableNotification: true,
  });
  const donor = newUser('Dario');
  await sandbox.api(donor, 'GET', '/dashboard?mode=follower');
  const cardToken = await sandbox.post<{ token: string }>('/provider/v1/cards/tokenize', {
    card_number: PROVIDER_TEST_CARDS.approved.number, cardholder_name: 'DARIO DONOR', expiry_month: '12', expiry_year: '34', cvc: '123',
  });
  const { initData } = await sandbox.launch({ telegramId: donor.telegramId, firstName: donor.firstName });
  const paid = await request.post(`/api/v2/invoice/donation/${donation.id}/create`, {
    headers: { authorization: `TgAuth ${initData}`, 'idempotency-key': `payout-e2e-${randomInt(1_000_000_000)}` },
    data: { paymentMethod: 'smart_glocal_form', cardToken: cardToken.token, saveCard: false, amount: 500, period: 'onetime' },
  });
  expect(paid.ok()).toBe(true);
  const eurBalance = async () => {
    const state = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
    return [...state.activeBalances, ...state.payoutBalances].filter((b) => b.currency === 'eur').reduce((sum, b) => sum + Number(b.amount), 0);
  };
  await expect.poll(eurBalance).toBeGreaterThan(100);
  const earned = await eurBalance();
  const earnedText = `€${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(earned)}`;

  await emulator.open({ user: creator, appPath: '/payout' });
  const app = emulator.app;
  const eurRow = app.getByTestId('balance-eur');
  await expect(eurRow).toContainText(earnedText);
  await expect(app.getByRole('heading', { name: 'Payout transactions' })).toBeVisible();
  await expect(app.getByText('No payouts yet')).toBeVisible();
  await expect(app.getByRole('button', { name: 'Learn more' })).toBeVisible();
  await expect(app.getByRole('link', { name: 'Payout settings' })).toHaveAttribute('href', '/payout/settings');
  const before = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
  await expect(app.getByRole('cell', { name: 'Next payout' }).or(app.getByText('Next payout'))).toBeVisible();
  await expectNoSeriousA11yViolations(page, { include: ['#app-frame'] });

  // Past the payout date that pays this donation: the balance goes out as a withdrawal.
  const clock = await sandbox.get<{ now: number }>('/sandbox/clock');
  const payoutAt = payoutDateFor(clock.now);
  await sandbox.advanceClock(Math.ceil((payoutAt - clock.now) / 1000) + 3600);
  const after = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
  expect(after.withdrawals.length).toBe(1);
  expect(after.nextPayoutDate).not.toBe(before.nextPayoutDate);

  await emulator.open({ user: creator, appPath: '/payout' });
  const balances = app.getByRole('region', { name: 'Balances' });
  await expect(balances).toBeVisible();
  await expect(balances).not.toContainText(earnedText);
  const withdrawalRow = app.locator(`a[href="/transaction/${after.withdrawals[0]!.id}"]`);
  await expect(withdrawalRow).toContainText('Withdrawal');
  await expect(withdrawalRow).toContainText(`-${earnedText}`);
  await withdrawalRow.click();
  await expect(app.getByTestId('transaction-amount')).toHaveText(`-${earnedText}`);
  expect(appProblems(consoleProblems)).toEqual([]);
});
