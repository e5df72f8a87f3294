import { demoUsers, expect, expectNoSeriousA11yViolationsInApp, newUser, test } from './support/fixtures';
import { unexpectedProblems, waitForScreen } from './dashboard-support';

/**
 * /connectbot (spec section 2): Android 6.7+ opens the messenger's channel picker asking for the bot's admin
 * rights; elsewhere the main button copies the bot's username and explains with the copied popup (help opens
 * the platform's how-to page).
 */

test('Android 6.6 copies the bot username and shows the copied popup with help and close', async ({
  emulator,
  page,
  consoleProblems,
  saveScreenshot,
}) => {
  await emulator.open({ user: demoUsers.alice, platform: 'android-6.6' });
  const app = emulator.app;
  await waitForScreen(app);
  await app.getByRole('link', { name: 'Add channel' }).click();
  await expect(app.getByRole('heading', { name: 'Add the bot to your channel' })).toBeVisible();
  await expect(app.getByText('Tap Add admin and paste @BackersSandboxBot.')).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);
  await saveScreenshot('connectbot-android-6.6');

  await emulator.clickMainButton('Copy bot username');
  await expect(emulator.popup).toContainText('Username copied');
  await emulator.answerPopup('Close', '@BackersSandboxBot is in your clipboard');
  expect(await emulator.events({ eventType: 'web_app_open_tg_link', direction: 'in' })).toEqual([]);

  await emulator.clickMainButton('Copy bot username');
  await emulator.answerPopup('How to');
  const opened = await emulator.waitForMethod('web_app_open_link');
  expect(JSON.stringify(opened)).toContain('connect-bot/android');
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('iOS copies the username too, in the dark theme', async ({ emulator, page, consoleProblems, saveScreenshot }) => {
  await emulator.open({ user: demoUsers.alice, platform: 'ios', theme: 'dark' });
  const app = emulator.app;
  await waitForScreen(app);
  await app.getByRole('link', { name: 'Add channel' }).click();
  await expect(app.getByText('Tap Copy bot username below.')).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);
  await saveScreenshot('connectbot-ios-dark');
  await emulator.clickMainButton('Copy bot username');
  await emulator.answerPopup('How to', 'Username copied');
  const opened = await emulator.waitForMethod('web_app_open_link');
  expect(JSON.stringify(opened)).toContain('connect-bot/ios');
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('Android 7.10 adds a channel through the picker, moves on to it, and the creator dashboard lists it', async ({
  emulator,
  sandbox,
  consoleProblems,
}) => {
  const creator = newUser('Pavel');
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');
  await emulator.open({ user: creator, platform: 'android-7.10' });
  const app = emulator.app;
  await waitForScreen(app);
  // Verified: the server opens the creator view, with no channels yet.
  await app.getByRole('link', { name: 'Add channel' }).click();
  await expect(app.getByText('Tap Choose channel below.')).toBeVisible();
  await emulator.clickMainButton('Choose channel');
  const link = await emulator.waitForMethod('web_app_open_tg_link');
  expect(JSON.stringify(link)).toContain('BackersSandboxBot?startchannel&admin=promote_members+change_info');
  const title = `Pavel Paints ${creator.telegramId % 10_000}`;
  await emulator.pickChannel({ title, private: true });
  // The app notices the new channel by itself and opens it at its first onboarding step.
  await expect(app.getByRole('heading', { name: 'Choose the channel language' })).toBeVisible({ timeout: 15_000 });
  await expect(app.getByText('Tap Choose channel below.')).toBeHidden();
  // Back leaves to the dashboard, which lists it: the channel took the instructions' place in the history.
  await emulator.clickBackButton();
  const channels = app.getByRole('region', { name: 'Channels' });
  await expect(channels.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expect(channels.getByRole('link', { name: new RegExp(title) })).toContainText('0 paid subscribers');
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});
