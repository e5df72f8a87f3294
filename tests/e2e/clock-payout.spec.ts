/**
 * On the clock server, one spec at a time (project 'clock' in playwright.config.ts): it moves the server's sandbox
 * clock past a payout date, which is global to the server and would shift dates under other specs.
 *
 * The payout page after the sandbox clock passes a payout date, as a fresh verified creator.
 */
import { randomInt } from 'node:crypto';
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import { expect, expectNoSeriousA11yViolationsInApp, newUser, test } from './support/fixtures';
import { type PayoutAnswer, appProblems, verifiedCreator } from './support/payout';

/** The payout date (12:00 UTC on the 10th or 25th) that pays earnings made at `atMs` (see src/domain/payout.ts). */
function payoutDateFor(atMs: number): number {
  const at = new Date(atMs);
  const nextMonth = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
  const month = new Date(nextMonth);
  return Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), at.getUTCDate() <= 15 ? 10 : 25, 12);
}

test('the payout page: balances, next payout date, settings row, and a withdrawal after the payout date passes', async ({
  emulator,
  sandbox,
  request,
  page,
  consoleProblems,
}) => {
  // A creator with a card account and a €500 donation received (less the fees).
  const creator = await verifiedCreator(sandbox, 'Paula');
  const chatId = -1_000_000_000_000 - randomInt(1_000_000_000);
  const { channel } = (await sandbox.channelAdded({
    ownerTelegramId: creator.telegramId,
    chatId,
    title: 'Paula Paints',
    username: `paula_${randomInt(1_000_000)}`,
  })) as { channel: { id: number } };
  const { parameters } = {
    parameters: await sandbox.api<{ token: string }>(creator, 'GET', '/payout/account/parameters'),
  };
  const payoutCard = { token: await sandbox.tokenize(creator, PROVIDER_TEST_CARDS.approved.number, false) };
  expect(parameters.token).not.toBe('');
  await sandbox.api(creator, 'POST', '/payout/account', {
    currency: 'eur',
    countryIso3: 'DEU',
    methodType: 'bank_card',
    params: {},
    card: { token: payoutCard.token, network: 'visa', type: 'debit', maskedNumber: '424242******4242' },
  });
  const { donation } = await sandbox.api<{ donation: { id: number } }>(
    creator,
    'POST',
    `/donation/request/channel/${channel.id}`,
    {
      title: 'Paint fund',
      description: 'Brushes and canvas.',
      currency: 'eur',
      amount: 0,
      buttonText: 'Donate',
      pin: false,
      disableNotification: true,
    },
  );
  const donor = newUser('Dario');
  await sandbox.api(donor, 'GET', '/dashboard?mode=follower');
  const card = await sandbox.newCard(donor, PROVIDER_TEST_CARDS.approved.number);
  const { initData } = await sandbox.launch({ telegramId: donor.telegramId, firstName: donor.firstName });
  const paid = await request.post(`/api/v2/invoice/donation/${donation.id}/create`, {
    headers: { authorization: `TgAuth ${initData}`, 'idempotency-key': `payout-e2e-${randomInt(1_000_000_000)}` },
    data: {
      paymentMethod: 'smart_glocal_form',
      ...card,
      saveCard: false,
      amount: 500,
      period: 'onetime',
    },
  });
  expect(paid.ok()).toBe(true);
  const eurBalance = async () => {
    const state = await sandbox.api<PayoutAnswer>(creator, 'GET', '/payout');
    return [...state.activeBalances, ...state.payoutBalances]
      .filter((b) => b.currency === 'eur')
      .reduce((sum, b) => sum + Number(b.amount), 0);
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
  await expectNoSeriousA11yViolationsInApp(page);

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
