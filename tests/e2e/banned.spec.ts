import { expect, newUser, test } from './support/fixtures';
import { unexpectedProblems } from './dashboard-support';

/**
 * Spec section 8: any `banned` answer replaces the route with /banned ("Account banned", support); so do
 * verification_required (/verification) and migration_required (/migration), from every screen.
 */
test('a banned user lands on /banned and can reach support', async ({
  emulator,
  sandbox,
  consoleProblems,
  saveScreenshot,
}) => {
  const user = newUser('Ben');
  await sandbox.api(user, 'GET', '/dashboard?mode=follower');
  await sandbox.ban(user.telegramId);

  await emulator.open({ user, platform: 'android-7.10' });
  const app = emulator.app;
  await expect(app.getByRole('heading', { name: 'Account banned' })).toBeVisible();
  await expect(app.getByText(/contact support/)).toBeVisible();
  // Replaced, not pushed: there is nothing to go back to.
  await expect(emulator.backButton).toBeHidden();
  await emulator.expectAccessibleApp();
  await saveScreenshot('banned');

  await app.getByRole('button', { name: 'Contact support' }).click();
  await expect(emulator.notice).toContainText('Telegram would open the chat with @BackersSupport');
  expect(unexpectedProblems(consoleProblems, [{ status: 403, path: '/dashboard' }])).toEqual([]);
});

test('a ban during a session replaces the current screen with /banned on the next call', async ({
  emulator,
  sandbox,
  consoleProblems,
}) => {
  const user = newUser('Bea');
  await sandbox.api(user, 'GET', '/dashboard?mode=follower');
  await emulator.open({ user, platform: 'ios' });
  const app = emulator.app;
  const savedCards = app.getByRole('link', { name: /saved card/ });
  await expect(savedCards).toBeVisible();

  // The next call (the saved cards page's GET /follower/cards) answers banned.
  await sandbox.ban(user.telegramId);
  await savedCards.click();
  await expect(app.getByRole('heading', { name: 'Account banned' })).toBeVisible();
  await emulator.clickMainButton('Contact support');
  await expect(emulator.notice).toContainText('@BackersSupport');
  // The follower view's own creator-mode check answers 403 too (verification_required, then banned).
  expect(
    unexpectedProblems(consoleProblems, [
      { status: 403, path: '/follower/cards' },
      { status: 403, path: '/dashboard' },
    ]),
  ).toEqual([]);
});

test('an unverified user opening /payout directly is replaced onto the verification screen (spec section 8)', async ({
  emulator,
  consoleProblems,
}) => {
  const user = newUser('Paul');
  await emulator.open({ user, appPath: '/payout' });
  const app = emulator.app;
  await expect(app.getByRole('heading', { name: 'Start earning with Backers' })).toBeVisible();
  expect(
    await emulator.frameElement.evaluate((frame: HTMLIFrameElement) => frame.contentWindow?.location.pathname),
  ).toBe('/verification');
  // /payout's own call answers verification_required; the verification screen's dashboard check does too.
  expect(
    unexpectedProblems(consoleProblems, [
      { status: 403, path: '/payout' },
      { status: 403, path: '/dashboard' },
    ]),
  ).toEqual([]);
});
