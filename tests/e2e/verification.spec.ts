import { expect, expectNoSeriousA11yViolationsInApp, newUser, test } from './support/fixtures';
import { unexpectedProblems, waitForScreen } from './dashboard-support';

/**
 * /verification (spec section 4) through the host emulator: a new creator goes from the follower dashboard's
 * earn link (straight to the verification: the creator dashboard would refuse them) through the terms alert, Sumsub's WebSDK with
 * the sandbox's Sumsub double behind it, the operator's approval and /connectbot's channel picker, to the channel on
 * the creator dashboard; a rejection for retry and Try again; the rejected placeholder; the iOS external page
 * (the WebSDK link) with the 5 s status poll.
 */

test('a new creator verifies, connects a channel through the picker and sees it on the creator dashboard', async ({
  emulator,
  sandbox,
  consoleProblems,
  saveScreenshot,
  page,
}) => {
  const creator = newUser('Vera');
  await emulator.open({ user: creator, platform: 'android-7.10' });
  const app = emulator.app;
  await waitForScreen(app);

  // A new user starts on the follower view; the earn link opens the verification the creator mode needs, without
  // asking for the creator dashboard, which would refuse them.
  await app.getByRole('link', { name: /Earn with your channel/ }).click();
  await expect(app.getByRole('heading', { name: 'Start earning with Backers' })).toBeVisible();
  await expect(app.getByText('Sell paid subscriptions to your channel')).toBeVisible();
  await emulator.clickMainButton('Get');

  const terms = app.getByLabel('I accept the Terms of Service');
  await expect(terms).not.toBeChecked();
  await emulator.clickMainButton('Continue');
  await emulator.answerPopup(/OK|Close/, 'Please accept the Terms of Service to continue.');
  await terms.check();
  await emulator.clickMainButton('Continue');

  // Sumsub's WebSDK, its frame served by the sandbox's Sumsub double: Approve submits and reviews the applicant,
  // whose webhooks make the check passed; the operator's decision (the sandbox stands in for the console) approves.
  const widget = app.frameLocator('iframe[title="Identity check"]');
  await widget.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(app.getByRole('heading', { name: 'Almost done' })).toBeVisible();
  await sandbox.post('/sandbox/kyc/decision', { telegramId: creator.telegramId, decision: 'approve' });
  await expect(app.getByRole('heading', { name: 'Verification passed' })).toBeVisible({ timeout: 12_000 });
  await expectNoSeriousA11yViolationsInApp(page);

  await emulator.clickMainButton('Connect bot');
  await expect(app.getByRole('heading', { name: 'Add the bot to your channel' })).toBeVisible();
  await expect(app.getByText('Pick the channel to monetise.')).toBeVisible();
  await emulator.clickMainButton('Choose channel');
  const title = `Vera Bakes ${creator.telegramId % 10_000}`;
  await emulator.pickChannel({ title, username: `vera_bakes_${creator.telegramId}` });
  await saveScreenshot('connectbot-after-picker-android');

  // Back to the follower view, which now offers the creator view with the new channel.
  await emulator.clickBackButton();
  await expect(app.getByRole('heading', { name: 'Verification passed' })).toBeVisible();
  await emulator.clickBackButton();
  await app.getByRole('link', { name: 'Switch to creator view' }).click();
  const channels = app.getByRole('region', { name: 'Channels' });
  await expect(channels.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expect(app.getByRole('link', { name: /Provide payout details/ })).toBeVisible();
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('a rejection for retry lets the creator try again in a fresh widget, whose token expires mid-session', async ({
  emulator,
  sandbox,
  consoleProblems,
  page,
}) => {
  const creator = newUser('Remy');
  await emulator.open({ user: creator, platform: 'android-7.10' });
  const app = emulator.app;
  await waitForScreen(app);
  await app.getByRole('link', { name: /Earn with your channel/ }).click();
  await emulator.clickMainButton('Get');
  await app.getByLabel('I accept the Terms of Service').check();
  await emulator.clickMainButton('Continue');
  await app.frameLocator('iframe[title="Identity check"]').getByRole('button', { name: 'Reject for retry' }).click();
  await expect(app.getByRole('heading', { name: "Let's try that again" })).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);
  await emulator.clickMainButton('Try again');
  const widget = app.frameLocator('iframe[title="Identity check"]');
  await expect(widget.getByRole('button', { name: 'Approve', exact: true })).toBeVisible();
  // The token expires mid-session: the frame's invalid-token makes the WebSDK ask the app for a fresh token, and the
  // submission goes through with it.
  await sandbox.post('/sandbox/clock', { advanceSeconds: 31 * 60 });
  await widget.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(app.getByRole('heading', { name: 'Almost done' })).toBeVisible();
  // The frame's one refused submission (the expired token) is expected.
  const refusedSubmission = (problem: { url: string; text: string }) =>
    problem.url.endsWith('/websdk/sandbox/submit') && problem.text.includes('status of 401');
  expect(
    unexpectedProblems(consoleProblems, [{ status: 403, path: '/dashboard' }]).filter(
      (problem) => !refusedSubmission(problem),
    ),
  ).toEqual([]);
});

test('a rejected verification shows the rejected placeholder with support', async ({
  emulator,
  sandbox,
  consoleProblems,
  page,
  saveScreenshot,
}) => {
  const creator = newUser('Rita');
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'rejected');
  await emulator.open({ user: creator, platform: 'ios' });
  const app = emulator.app;
  await waitForScreen(app);
  await app.getByRole('link', { name: /Earn with your channel/ }).click();
  await expect(app.getByRole('heading', { name: 'Oops, verification rejected' })).toBeVisible();
  await expect(emulator.mainButton).toBeHidden();
  await app.getByRole('button', { name: 'Support' }).click();
  const opened = await emulator.waitForMethod('web_app_open_tg_link');
  expect(JSON.stringify(opened)).toContain('BackersSupport');
  await expectNoSeriousA11yViolationsInApp(page);
  await saveScreenshot('verification-rejected-ios');
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('on iOS the check runs on an external page and the screen follows the status poll', async ({
  emulator,
  sandbox,
  consoleProblems,
}) => {
  const creator = newUser('Iris');
  await emulator.open({ user: creator, platform: 'ios' });
  const app = emulator.app;
  await waitForScreen(app);
  await app.getByRole('link', { name: /Earn with your channel/ }).click();
  await emulator.clickMainButton('Get');
  await app.getByLabel('I accept the Terms of Service').check();
  await emulator.clickMainButton('Continue');
  await expect(app.getByRole('heading', { name: 'Verification in progress' })).toBeVisible();
  const opened = await emulator.waitForMethod('web_app_open_link');
  expect(JSON.stringify(opened)).toContain('/websdk/p/sbx_');

  // The decision arrives elsewhere (the external page or the provider); the 5 s poll picks it up.
  await sandbox.post('/sandbox/kyc', { telegramId: creator.telegramId, status: 'kyc_approved' });
  await expect(app.getByRole('heading', { name: 'Almost done' })).toBeVisible({ timeout: 12_000 });
  await expect(app.getByRole('button', { name: 'Close' })).toBeVisible();
  await sandbox.kyc(creator.telegramId, 'approved');
  await expect(app.getByRole('heading', { name: 'Verification passed' })).toBeVisible({ timeout: 12_000 });
  expect(unexpectedProblems(consoleProblems, [{ status: 403, path: '/dashboard' }])).toEqual([]);
});
