/**
 * A follower pays in Telegram Stars through the emulator's payment sheet (the host's web_app_open_invoice, paid
 * through the Bot API double: pre_checkout_query, then successful_payment to the bot). References:
 * https://core.telegram.org/bots/webapps (openInvoice, invoiceClosed) and https://core.telegram.org/bots/payments-stars.
 */
import { randomInt } from 'node:crypto';
import { freshFollower, showChannelToFollower, unexpectedProblems } from './follower-support';
import { expect, expectNoSeriousA11yViolationsInApp, newUser, test, type NewUser } from './support/fixtures';
import type { SandboxApi } from './support/sandbox';

/** A verified creator's private channel with a monthly €5 subscription sold for 250 Stars (renewing). */
async function privateChannelSoldInStars(sandbox: SandboxApi): Promise<{
  creator: NewUser;
  channel: { chatId: number; title: string };
  channelId: number;
  subscriptionId: number;
}> {
  const creator = newUser('Stan');
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');
  const suffix = randomInt(1_000_000_000);
  const channel = { chatId: -(1_000_000_000_000 + suffix), title: `Stan Stars ${suffix}` };
  const added = (await sandbox.channelAdded({ ownerTelegramId: creator.telegramId, ...channel })) as {
    channel: { id: number };
  };
  const created = await sandbox.api<{ subscription: { id: number } }>(creator, 'POST', '/subscription/new', {
    channelId: added.channel.id,
    name: 'Stars Club',
    description: 'The private posts.',
    period: 'monthly',
    currency: 'eur',
    amount: 5,
    buttonText: 'Join',
  });
  await sandbox.api(creator, 'POST', `/subscription/${created.subscription.id}/stars`, { stars: 250 });
  return { creator, channel, channelId: added.channel.id, subscriptionId: created.subscription.id };
}

async function setStars(sandbox: SandboxApi, user: NewUser, stars: number): Promise<void> {
  await sandbox.post('/sandbox/bot-api/stars/balance', { telegramId: user.telegramId, stars });
}

async function starsBalance(sandbox: SandboxApi, user: NewUser): Promise<number> {
  return (await sandbox.get<{ balance: number }>(`/sandbox/bot-api/stars/balance?userId=${user.telegramId}`)).balance;
}

test('a follower pays a subscription in Stars in the sheet, joins the private channel and sees it paid in Stars', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
  saveScreenshot,
}) => {
  const world = await privateChannelSoldInStars(sandbox);
  const follower = await freshFollower(sandbox, 'Ada');
  await setStars(sandbox, follower, 1000);
  await emulator.open({ user: follower, launch: false });
  await showChannelToFollower(page, follower, world.channel);
  await emulator.open({ user: follower, startParam: `subscription_${world.subscriptionId}` });
  const app = emulator.app;

  await expect(app.getByText('€5 / month')).toBeVisible();
  await app.getByRole('tab', { name: 'Telegram Stars' }).click();
  await expect(app.getByTestId('stars-price')).toHaveText('⭐\u00a0250');
  await expect(app.getByText('Renews every 30 days')).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);
  await saveScreenshot('stars-invoice');
  await emulator.clickMainButton('Pay ⭐\u00a0250');

  const sheet = emulator.starsSheet;
  await expect(sheet.getByRole('heading')).toHaveText('Subscribe with Stars');
  await expect(sheet.getByTestId('stars-balance')).toHaveText('Balance ⭐\u00a01,000');
  await saveScreenshot('stars-sheet');
  await sheet.getByRole('button', { name: 'Pay 250 Stars' }).click();
  await expect(sheet).toBeHidden({ timeout: 15_000 });

  await expect(app.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 30_000 });
  await expect(app.getByTestId('receipt-stars')).toHaveText('⭐\u00a0250');
  await expectNoSeriousA11yViolationsInApp(page);
  await saveScreenshot('stars-paid');
  expect(await starsBalance(sandbox, follower)).toBe(750);

  await emulator.clickMainButton('Go to channel');
  const opened = await emulator.waitForMethod('web_app_open_tg_link');
  expect(JSON.stringify(opened)).toMatch(/\/\+/);
  const members = emulator
    .channel(world.channel.title)
    .getByRole('list', { name: `Members of ${world.channel.title}` });
  await expect(members.getByText('Ada: member')).toBeVisible({ timeout: 10_000 });

  // The follower's subscriptions say it is paid in Stars.
  await emulator.open({ user: follower });
  await expect(app.getByText(/Stars Club · Active · Telegram Stars/)).toBeVisible();
  await app.getByText(/Stars Club · Active/).click();
  await expect(app.getByTestId('paid-with')).toHaveText('Telegram Stars');
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('not enough Stars: the sheet offers the top-up, then the payment goes through', async ({ emulator, sandbox }) => {
  const world = await privateChannelSoldInStars(sandbox);
  const follower = await freshFollower(sandbox, 'Bea');
  await setStars(sandbox, follower, 100);
  await emulator.open({ user: follower, startParam: `subscription_${world.subscriptionId}` });
  const app = emulator.app;
  await app.getByRole('tab', { name: 'Telegram Stars' }).click();
  await emulator.clickMainButton('Pay ⭐\u00a0250');

  const sheet = emulator.starsSheet;
  await sheet.getByRole('button', { name: 'Pay 250 Stars' }).click();
  await expect(sheet.getByRole('heading')).toHaveText('Not enough Stars');
  await expect(sheet).toContainText('You need 150 Stars more');
  await sheet.getByRole('button', { name: 'Buy 150 Stars (demo)' }).click();
  await expect(sheet.getByTestId('stars-balance')).toHaveText('Balance ⭐\u00a0250');
  await sheet.getByRole('button', { name: 'Pay 250 Stars' }).click();

  await expect(app.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 30_000 });
  expect(await starsBalance(sandbox, follower)).toBe(0);
});

test('closing the sheet charges nothing and leaves the invoice as it was', async ({ emulator, sandbox }) => {
  const world = await privateChannelSoldInStars(sandbox);
  const follower = await freshFollower(sandbox, 'Cy');
  await setStars(sandbox, follower, 500);
  await emulator.open({ user: follower, startParam: `subscription_${world.subscriptionId}` });
  const app = emulator.app;
  await app.getByRole('tab', { name: 'Telegram Stars' }).click();
  await emulator.clickMainButton('Pay ⭐\u00a0250');

  const sheet = emulator.starsSheet;
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();
  expect((await emulator.events({ eventType: 'invoice_closed' })).at(-1)?.eventData).toMatchObject({
    status: 'cancelled',
  });
  await expect(app.getByRole('tab', { name: 'Telegram Stars' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByTestId('stars-price')).toHaveText('⭐\u00a0250');
  expect(await starsBalance(sandbox, follower)).toBe(500);
  const dashboard = await sandbox.api<{ subscriptionMembers: { subscriptionId: number }[] }>(
    follower,
    'GET',
    '/dashboard?mode=follower',
  );
  expect(dashboard.subscriptionMembers.map((member) => member.subscriptionId)).not.toContain(world.subscriptionId);
});

test('a donor gives whole Stars within the limits, pays in the sheet and sees the thank-you', async ({
  emulator,
  sandbox,
}) => {
  const world = await privateChannelSoldInStars(sandbox);
  const donation = await sandbox.api<{ donation: { id: number } }>(
    world.creator,
    'POST',
    `/donation/request/channel/${world.channelId}`,
    {
      title: 'Buy me a coffee',
      description: 'Every Star keeps the posts coming.',
      currency: 'eur',
      amount: 0,
      buttonText: 'Donate',
      pin: false,
      disableNotification: true,
    },
  );
  await sandbox.api(world.creator, 'POST', `/donation/${donation.donation.id}/stars`, { stars: 50 });
  const donor = await freshFollower(sandbox, 'Dee');
  await setStars(sandbox, donor, 300);
  await emulator.open({ user: donor, startParam: `donation_${donation.donation.id}` });
  const app = emulator.app;

  await app.getByRole('tab', { name: 'Telegram Stars' }).click();
  const amount = app.getByLabel('Amount in Stars');
  await expect(amount).toHaveValue('50');
  await amount.fill('10001');
  await expect(app.getByText('At most ⭐\u00a010,000')).toBeVisible();
  await amount.fill('120');
  await emulator.clickMainButton('Pay ⭐\u00a0120');

  const sheet = emulator.starsSheet;
  await expect(sheet.getByRole('heading')).toHaveText('Confirm your purchase');
  await sheet.getByRole('button', { name: 'Pay 120 Stars' }).click();
  await expect(app.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 30_000 });
  await expect(app.getByText('Thank you for your support!')).toBeVisible();
  await expect(app.getByTestId('receipt-stars')).toHaveText('⭐\u00a0120');
  expect(await starsBalance(sandbox, donor)).toBe(180);
  await emulator.clickMainButton('Close');
  await expect(emulator.page.getByText('The mini-app was closed.')).toBeVisible();
});
