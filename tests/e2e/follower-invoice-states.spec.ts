/** Invoice load states (not found, payments disabled, already subscribed) and the card form's errors. */
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import { creatorTransactions, creatorWithChannel, fillCardForm, freshFollower, payViaApi, unexpectedProblems } from './follower-support';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';

test.describe('invoice states', () => {
  test('an unknown subscription and donation request show not found with close', async ({ emulator, sandbox, page, consoleProblems }) => {
    const follower = await freshFollower(sandbox);
    await emulator.open({ user: follower, startParam: 'subscription_987654321' });
    await expect(emulator.app.getByRole('heading', { name: 'Subscription not found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: ['#app-frame'] });
    await emulator.app.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('The mini-app is closed.')).toBeVisible();

    await emulator.open({ user: follower, startParam: 'donation_987654321' });
    await expect(emulator.app.getByRole('heading', { name: 'Donation request not found' })).toBeVisible();
    expect(unexpectedProblems(consoleProblems, ['/api/v2/invoice/'])).toEqual([]);
  });

  test('a disconnected channel shows payments unavailable', async ({ emulator, sandbox, page, consoleProblems }) => {
    const world = await creatorWithChannel(sandbox);
    await sandbox.channelRemoved(world.channel.chatId);
    const follower = await freshFollower(sandbox);
    await emulator.open({ user: follower, startParam: `subscription_${world.subscriptionId}` });
    await expect(emulator.app.getByRole('heading', { name: 'Payments unavailable' })).toBeVisible();
    await expect(emulator.app.getByText(/try again later/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: ['#app-frame'] });
    expect(unexpectedProblems(consoleProblems, ['/api/v2/invoice/'])).toEqual([]);
  });

  test('a subscriber opening the invoice again sees already subscribed', async ({ emulator, sandbox, request, consoleProblems }) => {
    const world = await creatorWithChannel(sandbox);
    const follower = await freshFollower(sandbox);
    await payViaApi(sandbox, request, follower, { kind: 'subscription', id: world.subscriptionId });
    await emulator.open({ user: follower, startParam: `subscription_${world.subscriptionId}` });
    await expect(emulator.app.getByRole('heading', { name: 'Already subscribed' })).toBeVisible();
    expect(unexpectedProblems(consoleProblems, ['/api/v2/invoice/'])).toEqual([]);
  });
});

test('the card form explains a bad number, expiry, code and holder, and charges nothing', async ({ emulator, sandbox, page, consoleProblems }) => {
  const world = await creatorWithChannel(sandbox);
  const follower = await freshFollower(sandbox);
  await emulator.open({ user: follower, startParam: `subscription_${world.subscriptionId}` });
  const app = emulator.app;
  await emulator.clickMainButton('Subscribe for €5 / month');

  // Nothing typed: every field is required, the number gets the focus.
  await emulator.clickMainButton('Pay €5');
  await expect(app.getByText('Required field')).toHaveCount(4);
  await expect(app.getByLabel('Card number')).toBeFocused();

  await fillCardForm(emulator, { number: '4242 4242 4242 4241', holder: '12345', expiry: '13/30', code: '12' });
  await emulator.clickMainButton('Pay €5');
  await expect(app.getByText('Invalid card number')).toBeVisible();
  await expect(app.getByText('Enter the name as written on the card')).toBeVisible();
  await expect(app.getByText('Invalid date: MM/YY, numbers only')).toBeVisible();
  await expect(app.getByText('Invalid code: 3 digits')).toBeVisible();
  await expect(app.getByLabel('Card number')).toBeFocused();
  await expectNoSeriousA11yViolations(page, { include: ['#app-frame'] });

  // Numbers are grouped by four; an expired date is refused too.
  await app.getByLabel('Card number').fill(PROVIDER_TEST_CARDS.approved.number);
  await expect(app.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await app.getByLabel('Expiry date (MM/YY)').fill('0120');
  await expect(app.getByLabel('Expiry date (MM/YY)')).toHaveValue('01/20');
  await expect(app.getByText('Invalid card number')).toHaveCount(0);
  await expect(app.getByText('Invalid date: MM/YY, numbers only')).toBeVisible();
  expect(await creatorTransactions(sandbox, world.creator, 'sell_subscription')).toHaveLength(0);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});
