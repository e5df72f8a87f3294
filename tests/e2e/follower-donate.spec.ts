/**
 * Donations: presets, the amount rules, a saved-card payment that closes the app 2 s after success, and a double
 * tap on Pay that charges once. The creator sees each donation and the balance change.
 */
import {
  creatorEurBalance,
  creatorTransactions,
  creatorWithChannel,
  followerWithSavedCard,
  freshFollower,
  unexpectedProblems,
} from './follower-support';
import { expect, expectNoSeriousA11yViolationsInApp, test } from './support/fixtures';

test.describe('donating', () => {
  test('a preset paid by a saved card ends with the app closed after 2 s', async ({
    emulator,
    sandbox,
    page,
    request,
    consoleProblems,
  }) => {
    const world = await creatorWithChannel(sandbox);
    const follower = await freshFollower(sandbox);
    await followerWithSavedCard(sandbox, request, follower, world.donationId);
    const donationsBefore = (await creatorTransactions(sandbox, world.creator, 'get_donation')).length;
    const balanceBefore = await creatorEurBalance(sandbox, world.creator);

    await emulator.open({ user: follower, startParam: `donation_${world.donationId}` });
    const app = emulator.app;
    await expect(app.getByRole('heading', { name: world.channel.title })).toBeVisible();
    await expect(app.getByText('Buy me a coffee')).toBeVisible();
    const presets = app.getByRole('group', { name: 'Suggested amounts' }).getByRole('button');
    await expect(presets).toHaveText(['€5', '€10', '€25', '€100', '€200']);
    // At 360 px the five presets make two balanced rows (3 + 2): none left alone on a line.
    await page.addStyleTag({ content: '.phone { width: 380px !important; }' });
    await expect.poll(() => app.locator('body').evaluate(() => window.innerWidth)).toBe(360);
    const rows = new Map<number, number>();
    for (const box of await Promise.all((await presets.all()).map((preset) => preset.boundingBox())))
      rows.set(Math.round(box!.y), (rows.get(Math.round(box!.y)) ?? 0) + 1);
    expect([...rows.values()]).toEqual([3, 2]);
    // The default amount is eur 5.
    await expect(app.getByLabel('Donation amount')).toHaveValue('5');
    await expect(presets.first()).toHaveAttribute('aria-pressed', 'true');

    // Amount rules: leading zero stripped, bounds, empty.
    const amount = app.getByLabel('Donation amount');
    await amount.fill('05');
    await expect(amount).toHaveValue('5');
    await amount.fill('2001');
    await expect(app.getByText("The amount can't be more than €2,000")).toBeVisible();
    await amount.fill('');
    await expect(app.getByText('Enter an amount')).toBeVisible();
    await expectNoSeriousA11yViolationsInApp(page);

    await app.getByRole('button', { name: '€25', exact: true }).click();
    await expect(app.getByRole('button', { name: '€25', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await emulator.clickMainButton('Donate €25');

    await expect(app.getByRole('radio', { name: 'Visa card ending in 4242' })).toBeChecked();
    await expectNoSeriousA11yViolationsInApp(page);
    await emulator.clickMainButton('Pay €25');

    await expect(app.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
    // The success shows first; the app closes 2 s later (the exact delay is checked in the unit tests).
    expect(await emulator.events({ eventType: 'web_app_close', direction: 'in' })).toHaveLength(0);
    await expect(app.getByText('€25', { exact: true })).toBeVisible();
    await emulator.waitForMethod('web_app_close');
    await expect(page.getByText('The mini-app is closed.')).toBeVisible();

    expect(await creatorTransactions(sandbox, world.creator, 'get_donation')).toHaveLength(donationsBefore + 1);
    expect(await creatorEurBalance(sandbox, world.creator)).toBeGreaterThan(balanceBefore);
    expect(unexpectedProblems(consoleProblems)).toEqual([]);
  });

  test('a double tap on Pay charges once', async ({ emulator, sandbox, request, consoleProblems }) => {
    const world = await creatorWithChannel(sandbox);
    const follower = await freshFollower(sandbox);
    await followerWithSavedCard(sandbox, request, follower, world.donationId);
    const donationsBefore = (await creatorTransactions(sandbox, world.creator, 'get_donation')).length;

    await emulator.open({ user: follower, startParam: `donation_${world.donationId}` });
    const app = emulator.app;
    await app.getByRole('button', { name: '€10', exact: true }).click();
    await emulator.clickMainButton('Donate €10');
    await expect(app.getByRole('radio', { name: 'Visa card ending in 4242' })).toBeChecked();
    await expect(emulator.mainButton).toHaveText('Pay €10');
    await emulator.mainButton.dblclick();
    // While the payment runs the host button shows progress and takes no taps.
    await emulator.waitForMethod('web_app_setup_main_button', (data) => {
      const button = data as { is_progress_visible?: boolean; is_active?: boolean };
      return button.is_progress_visible === true && button.is_active === false;
    });

    await expect(app.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
    await emulator.waitForMethod('web_app_close');
    const donations = await creatorTransactions(sandbox, world.creator, 'get_donation');
    expect(donations).toHaveLength(donationsBefore + 1);
    const { transactions } = await sandbox.api<{ transactions: { type: string }[] }>(
      follower,
      'GET',
      '/dashboard?mode=follower',
    );
    expect(transactions.filter((transaction) => transaction.type === 'send_donation')).toHaveLength(2); // the set-up donation and this one
    expect(unexpectedProblems(consoleProblems)).toEqual([]);
  });
});
