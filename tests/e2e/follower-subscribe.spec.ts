/**
 * A follower subscribes from the bot's post in the channel pane with a new card that needs 3-D Secure; the creator
 * sees the new member, the transaction and the balance change.
 */
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import { DECLINES, TEST_CARDS } from '../../src/contract/testCards';
import {
  creatorEurBalance,
  creatorTransactions,
  creatorWithChannel,
  fillCardForm,
  freshFollower,
  showChannelToFollower,
  subscriptionMembers,
  unexpectedProblems,
} from './follower-support';
import { expect, expectNoSeriousA11yViolationsInApp, test } from './support/fixtures';

const INSUFFICIENT_FUNDS = TEST_CARDS.find((card) => card.behaviour === 'insufficient_funds')!.number;

test.describe('subscribing with a new card and 3-D Secure', () => {
  test('confirming the challenge pays, opens the channel and shows the membership', async ({
    emulator,
    sandbox,
    page,
    consoleProblems,
  }) => {
    const world = await creatorWithChannel(sandbox);
    const follower = await freshFollower(sandbox);
    const balanceBefore = await creatorEurBalance(sandbox, world.creator);

    await emulator.open({ user: follower, launch: false });
    await showChannelToFollower(page, follower, world.channel);
    await emulator.open({ user: follower });
    await emulator.posts(world.channel.title).getByRole('button', { name: 'Subscribe' }).click();

    const app = emulator.app;
    await expect(app.getByRole('heading', { name: world.channel.title })).toBeVisible();
    await expect(app.getByText('Monthly Subscription')).toBeVisible();
    await expect(app.getByText('€5 / month')).toBeVisible();
    await expectNoSeriousA11yViolationsInApp(page);
    await emulator.clickMainButton('Subscribe for €5 / month');

    await expect(app.getByLabel('Card number')).toBeVisible();
    await fillCardForm(emulator, { number: PROVIDER_TEST_CARDS.threeDSecure.number });
    await expectNoSeriousA11yViolationsInApp(page);
    await emulator.clickMainButton('Pay €5');

    const bank = app.frameLocator('iframe[title="Your bank\'s payment confirmation page"]');
    await expect(app.getByRole('timer')).toContainText(/Time left: \d:\d\d/);
    await bank.getByRole('button', { name: 'Confirm' }).click();

    await expect(app.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
    await expect(app.getByText('€5', { exact: true })).toBeVisible();
    await expect(app.getByTestId('transaction-id')).toHaveText(/^\d+$/);
    await expectNoSeriousA11yViolationsInApp(page);
    await emulator.clickMainButton('Go to channel');
    const opened = await emulator.waitForMethod('web_app_open_tg_link');
    expect(JSON.stringify(opened)).toContain(world.channel.username);

    // The creator sees the member, the sale and the balance change.
    const followerId = (await sandbox.api<{ user: { id: number } }>(follower, 'GET', '/dashboard?mode=follower')).user
      .id;
    expect(
      (await subscriptionMembers(sandbox, world.creator, world.subscriptionId)).map((member) => member.userId),
    ).toContain(followerId);
    expect(await creatorTransactions(sandbox, world.creator, 'sell_subscription')).toHaveLength(1);
    expect(await creatorEurBalance(sandbox, world.creator)).toBeGreaterThan(balanceBefore);

    // The follower dashboard lists the subscription.
    const dashboard = await sandbox.api<{ subscriptionMembers: { subscriptionId: number }[] }>(
      follower,
      'GET',
      '/dashboard?mode=follower',
    );
    expect(dashboard.subscriptionMembers.map((member) => member.subscriptionId)).toContain(world.subscriptionId);
    await emulator.open({ user: follower });
    await expect(app.getByText('Monthly Subscription').first()).toBeVisible();
    expect(unexpectedProblems(consoleProblems)).toEqual([]);
  });

  test('declining the challenge shows the failure, and a retry pays', async ({
    emulator,
    sandbox,
    page,
    consoleProblems,
  }) => {
    const world = await creatorWithChannel(sandbox);
    const follower = await freshFollower(sandbox);
    await emulator.open({ user: follower, startParam: `subscription_${world.subscriptionId}` });
    const app = emulator.app;
    await emulator.clickMainButton('Subscribe for €5 / month');
    await fillCardForm(emulator, { number: PROVIDER_TEST_CARDS.threeDSecure.number });
    await emulator.clickMainButton('Pay €5');
    await app
      .frameLocator('iframe[title="Your bank\'s payment confirmation page"]')
      .getByRole('button', { name: 'Decline' })
      .click();

    await expect(app.getByRole('heading', { name: 'Payment Unsuccessful' })).toBeVisible({ timeout: 15_000 });
    // The payer's words, not the provider's sentence for integrators.
    await expect(
      app.getByText("The payment wasn't confirmed with your bank. Try again or use another card."),
    ).toBeVisible();
    await expect(app.getByText('3-D Secure authentication was declined by the cardholder')).toHaveCount(0);
    await expect(app.getByText('Code: 3ds_declined')).toBeVisible();
    await expect(app.getByRole('button', { name: 'Contact support' })).toBeVisible();
    // One "Try again": the main button; the page itself has none.
    await expect(app.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expectNoSeriousA11yViolationsInApp(page);
    expect(await creatorTransactions(sandbox, world.creator, 'sell_subscription')).toHaveLength(0);

    await emulator.clickMainButton('Try again');
    await fillCardForm(emulator, { number: PROVIDER_TEST_CARDS.approved.number });
    await emulator.clickMainButton('Pay €5');
    await expect(app.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
    await expect(app.getByRole('img', { name: 'Visa card ending in 4242' })).toBeVisible();
    await expect(app.getByTestId('transaction-id')).toHaveText(/^\d+$/);
    await emulator.clickMainButton('Go to channel');
    await emulator.waitForMethod('web_app_open_tg_link');
    expect(await creatorTransactions(sandbox, world.creator, 'sell_subscription')).toHaveLength(1);
    expect(unexpectedProblems(consoleProblems)).toEqual([]);
  });
});

test("a declined card tells the payer why in their language, never in the provider's English", async ({
  emulator,
  sandbox,
  consoleProblems,
}) => {
  const world = await creatorWithChannel(sandbox);
  const follower = await freshFollower(sandbox);
  await emulator.open({ user: follower, lang: 'ru', startParam: `subscription_${world.subscriptionId}` });
  const app = emulator.app;
  await emulator.clickMainButton();
  await app.locator('input[name=cc-number]').fill(INSUFFICIENT_FUNDS);
  await app.locator('input[name=cc-name]').fill('FINN TESTER');
  await app.locator('input[name=cc-exp]').fill('12/34');
  await app.locator('input[name=cc-csc]').fill('123');
  await emulator.clickMainButton();

  await expect(app.getByRole('heading', { name: 'Платёж не прошёл' })).toBeVisible({ timeout: 15_000 });
  await expect(app.getByText('На карте недостаточно средств. Пополните её или выберите другую карту.')).toBeVisible();
  await expect(app.getByText('Код: insufficient_funds')).toBeVisible();
  await expect(app.getByText(DECLINES.insufficient_funds!)).toHaveCount(0);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});
