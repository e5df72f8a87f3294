/** Invoice load states (not found, payments disabled, already subscribed) and the card form's errors and layout. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PROVIDER_TEST_CARDS } from '../../src/contract/api';
import {
  creatorTransactions,
  creatorWithChannel,
  fillCardForm,
  freshFollower,
  payViaApi,
  unexpectedProblems,
} from './follower-support';
import { expect, expectNoSeriousA11yViolationsInApp, test } from './support/fixtures';

test.describe('invoice states', () => {
  test('an unknown subscription and donation request show not found with close', async ({
    emulator,
    sandbox,
    page,
    consoleProblems,
  }) => {
    const follower = await freshFollower(sandbox);
    await emulator.open({ user: follower, startParam: 'subscription_987654321' });
    await expect(emulator.app.getByRole('heading', { name: 'Subscription not found' })).toBeVisible();
    await expectNoSeriousA11yViolationsInApp(page);
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
    await expectNoSeriousA11yViolationsInApp(page);
    expect(unexpectedProblems(consoleProblems, ['/api/v2/invoice/'])).toEqual([]);
  });

  test('a subscriber opening the invoice again sees already subscribed', async ({
    emulator,
    sandbox,
    request,
    consoleProblems,
  }) => {
    const world = await creatorWithChannel(sandbox);
    const follower = await freshFollower(sandbox);
    await payViaApi(sandbox, request, follower, { kind: 'subscription', id: world.subscriptionId });
    await emulator.open({ user: follower, startParam: `subscription_${world.subscriptionId}` });
    await expect(emulator.app.getByRole('heading', { name: 'Already subscribed' })).toBeVisible();
    expect(unexpectedProblems(consoleProblems, ['/api/v2/invoice/'])).toEqual([]);
  });
});

test('the card form explains a bad number, expiry, code and holder, and charges nothing', async ({
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
  await expectNoSeriousA11yViolationsInApp(page);

  // Numbers are grouped by four; an expired date is refused too.
  await app.getByLabel('Card number').fill(PROVIDER_TEST_CARDS.approved.number);
  await expect(app.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await app.getByLabel('Expiry date (MM/YY)').fill('0120');
  await expect(app.getByLabel('Expiry date (MM/YY)')).toHaveValue('01/20');
  await expect(app.getByText('Invalid card number')).toHaveCount(0);
  await expect(app.getByText('This card has expired')).toBeVisible();
  await expect(app.getByText('Invalid date: MM/YY, numbers only')).toHaveCount(0);

  // At 360 px, with an error under the expiry only, the expiry and code fields stay level in every language, however
  // their labels wrap: each locale's two labels are put in turn on the same page.
  await app.getByLabel('Security code').fill('123');
  await expect(app.getByText('Invalid code: 3 digits')).toHaveCount(0);
  await page.addStyleTag({ content: '.phone { width: 380px !important; }' });
  await expect.poll(() => app.locator('body').evaluate(() => window.innerWidth)).toBe(360);
  // Located by place, not by label: the labels' texts change below.
  const [expiry, code] = [
    app.locator('.payment-form__pair input').nth(0),
    app.locator('.payment-form__pair input').nth(1),
  ];
  const labels = app.locator('.payment-form__pair .field__label');
  const [expiryLabel, codeLabel] = [labels.nth(0), labels.nth(1)];
  const localesDir = fileURLToPath(new URL('../../src/infrastructure/i18n/locales/', import.meta.url));
  for (const locale of readdirSync(localesDir).filter((name) => !name.includes('.'))) {
    const form = (
      JSON.parse(readFileSync(`${localesDir}${locale}/payment.json`, 'utf8')) as {
        payment: { form: { expiry: string; code: string } };
      }
    ).payment.form;
    await expiryLabel.evaluate((element, text) => {
      element.textContent = text;
    }, form.expiry);
    await codeLabel.evaluate((element, text) => {
      element.textContent = text;
    }, form.code);
    const [expiryBox, codeBox] = [await expiry.boundingBox(), await code.boundingBox()];
    expect({ locale, top: expiryBox?.y, height: expiryBox?.height }).toEqual({
      locale,
      top: codeBox?.y,
      height: codeBox?.height,
    });
  }
  expect(await creatorTransactions(sandbox, world.creator, 'sell_subscription')).toHaveLength(0);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});
