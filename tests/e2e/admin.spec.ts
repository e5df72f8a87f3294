/**
 * The operator console (issue 16) in the real browser: the demo operator asks the bot for /admin, opens the one-time
 * link, and approves a channel awaiting moderation, bans a user (who then sees the banned screen in the emulator),
 * and imports a creator's export from the older product (the creator's migration request completes). Axe on the
 * console in both themes. The payout CSV export needs a payout run (the sandbox clock): see the integration tests.
 */
import { randomInt } from 'node:crypto';
import { expect, expectNoSeriousA11yViolations, newUser, test } from './support/fixtures';

const OPERATOR = 9001;

test('an operator signs in through the bot link and moderates, bans and imports a migration', async ({ page, sandbox, emulator }) => {
  // What the queues will hold.
  const owner = newUser('Otto');
  await sandbox.api(owner, 'GET', '/dashboard?mode=follower');
  const title = `Waiting ${randomInt(1_000_000)}`;
  await sandbox.post('/sandbox/bot/channel-added', { ownerTelegramId: owner.telegramId, chatId: -1_000_000_000_000 - randomInt(1_000_000_000), title, moderation: 'in_progress' });
  const troll = newUser('Troll', `troll_${randomInt(1_000_000)}`);
  await sandbox.api(troll, 'GET', '/dashboard?mode=follower');
  const mover = newUser('Mira');
  await sandbox.api(mover, 'GET', '/dashboard?mode=follower');
  const chatId = -1_000_000_000_000 - randomInt(1_000_000_000);
  await sandbox.post('/sandbox/migration/donate-channels', { telegramId: mover.telegramId, channels: [{ chatId, name: 'Mira Knits', link: 'https://t.me/mira_knits', activeSubscribers: 3 }] });
  await sandbox.api(mover, 'POST', '/migration/confirm');

  // Sign in: /admin to the bot, the link it answers.
  await sandbox.post('/sandbox/bot-api/updates', {
    message: {
      message_id: 1, date: 1, chat: { id: OPERATOR, type: 'private', first_name: 'Demo' }, from: { id: OPERATOR, is_bot: false, first_name: 'Demo', language_code: 'en' },
      text: '/admin', entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    },
  });
  const { calls } = await sandbox.get<{ calls: { params: { chat_id: number; text: string } }[] }>('/sandbox/bot-api/calls?method=sendMessage');
  const link = /(http\S+\/admin\/signin\?token=\S+)/.exec(calls.filter((call) => call.params.chat_id === OPERATOR).at(-1)!.params.text)![1]!;
  // The link names PUBLIC_URL; the test server listens on the configured base URL.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page).toHaveURL(/\/admin\/$/);
  await expect(page.getByRole('heading', { name: 'Channel moderation' })).toBeVisible();
  await expect(page.getByText(`Operator ${OPERATOR}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Moderation: approve, confirmed in a dialog; the bot tells the owner.
  await page.getByRole('searchbox', { name: 'Search by title' }).fill(title);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.getByRole('button', { name: `Approve: ${title}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Approve the channel ${title}?`);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done.' })).toBeVisible();
  await expect(page.getByRole('cell', { name: title })).toHaveCount(0);
  const told = await sandbox.get<{ calls: { params: { chat_id: number; text: string } }[] }>('/sandbox/bot-api/calls?method=sendMessage');
  expect(told.calls.some((call) => call.params.chat_id === owner.telegramId && call.params.text.includes(`${title} passed moderation`))).toBe(true);

  // Users: find by username, ban with a reason (keyboard only).
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Telegram id or username' }).fill(String(troll.telegramId));
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: `Ban: ${troll.firstName}` }).focus();
  await page.keyboard.press('Enter');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Spam in comments');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('cell', { name: 'Banned' })).toBeVisible();

  // Dark theme, still axe-clean.
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expectNoSeriousA11yViolations(page);

  // Migration: import the older product's export; the job completes it.
  await page.getByRole('link', { name: 'Migrations' }).click();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('queued');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.getByRole('button', { name: `Import: ${mover.firstName}` }).click();
  const exportFile = {
    format: 'donate-export', version: 1, creator: { telegramId: mover.telegramId },
    channels: [{ chatId, title: 'Mira Knits' }],
    subscriptions: [{ id: 'knit-club', chatId, name: 'Knitting club', period: 'monthly', price: '4.00', currency: 'eur' }],
    subscribers: [{ telegramId: 4_000_000 + randomInt(1_000_000), firstName: 'Reader' }],
    memberships: [] as unknown[],
  };
  exportFile.memberships.push({ subscription: 'knit-club', telegramId: exportFile.subscribers[0]!.telegramId, status: 'active', activatedAt: '2026-01-01T00:00:00Z', expiresAt: '2026-02-01T00:00:00Z' });
  await dialog.getByLabel('Export file (JSON)').setInputFiles({ name: 'export.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exportFile)) });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done.' })).toBeVisible();
  const importing = await sandbox.api<{ request: { status: string; progress?: { done: number; total: number } } }>(mover, 'GET', '/migration');
  expect(importing.request).toMatchObject({ status: 'importing', progress: { done: 0, total: 3 } });

  // The audit log has the three actions.
  await page.getByRole('link', { name: 'Audit log' }).click();
  for (const action of ['channel.approve', 'user.ban', 'migration.import']) await expect(page.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();

  // The banned user sees the banned screen in the emulator.
  await emulator.open({ user: troll });
  await expect(emulator.app.getByRole('heading', { name: 'Account banned' })).toBeVisible();
});
