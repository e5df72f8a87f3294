import { demoUsers, expect, expectNoSeriousA11yViolations, newUser, test } from './support/fixtures';
import { unexpectedProblems } from './dashboard-support';

/**
 * The emulator's bot chat: the private chat of the account the app runs as with the bot, as that person's Telegram
 * shows it. What they write reaches the bot as a message; what the bot sends them (answers, notices) appears there;
 * its buttons open like Telegram's; switching accounts shows the other person's chat, never the previous one.
 */
test('each account sees its own chat with the bot; a button in it opens the mini-app', async ({
  emulator,
  page,
  consoleProblems,
}) => {
  const writer = newUser('Chatty');
  await emulator.open({ user: writer });
  const chat = page.getByRole('region', { name: 'Bot chat of Chatty' });
  await chat.getByRole('textbox', { name: 'Message to the bot' }).fill('/start subscription_1');
  await chat.getByRole('button', { name: 'Send' }).click();
  const messages = chat.getByRole('listitem');
  await expect(messages.filter({ hasText: '/start subscription_1' })).toHaveAttribute('data-from', 'user');
  const answer = messages.filter({ hasText: 'Tap the button to continue in Backers.' });
  await expect(answer).toHaveAttribute('data-from', 'bot');
  await expectNoSeriousA11yViolations(page, { exclude: ['#app-frame'] });

  // The button is the mini-app at that start parameter: the app opens on the subscription's payment page.
  await answer.getByRole('button', { name: 'Open Backers' }).click();
  await expect(emulator.mainButton).toHaveText('Subscribe for €5 / month');

  // Another account, chosen in the same page: their chat, not Chatty's.
  await page.getByLabel('Who you are').selectOption(String(demoUsers.bob));
  await page.getByRole('button', { name: 'Launch' }).click();
  const bobs = page.getByRole('region', { name: 'Bot chat of Bob' });
  await expect(bobs).toBeVisible();
  await expect(page.getByText('/start subscription_1')).toHaveCount(0);
  // The launch keeps the start parameter the button set, and Bob already has that subscription: the invoice answers
  // 409 and the app says so. Waited for, or the 409 lands after the check below on a busy machine.
  await expect(emulator.app.getByRole('heading', { name: 'Already subscribed' })).toBeVisible();
  expect(unexpectedProblems(consoleProblems, [{ status: 409, path: '/invoice/subscription/1' }])).toEqual([]);
});

test("a notice the product sends on its own appears in that person's chat", async ({ emulator, sandbox, page }) => {
  const creator = newUser('Noor');
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.post('/sandbox/kyc', { telegramId: creator.telegramId, status: 'kyc_approved' });
  await sandbox.post('/sandbox/kyc/decision', { telegramId: creator.telegramId, decision: 'approve' });
  await emulator.open({ user: creator });
  const chat = page.getByRole('region', { name: 'Bot chat of Noor' });
  await expect(chat.getByRole('listitem').filter({ hasText: /Your identity is confirmed/ })).toHaveAttribute(
    'data-from',
    'bot',
  );
});
