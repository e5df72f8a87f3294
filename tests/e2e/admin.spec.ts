/**
 * The operator console in the real browser: the demo operator asks the bot for /admin, opens the one-time
 * link, and approves a channel awaiting moderation, bans a user (who then sees the banned screen in the emulator),
 * imports a creator's export from the older product (the creator's migration request completes), refunds a
 * follower's payment (the refund in the follower's transactions) and approves a creator's identity (the creator's
 * verification screen passes). Axe on the console in both themes. The payout retry and the CSV export need a
 * payout day (the sandbox clock): clock-admin-payout.spec.ts.
 */
import { randomInt } from 'node:crypto';
import { expect, expectNoSeriousA11yViolations, newUser, test } from './support/fixtures';
import { signIn } from './support/admin';
import { creatorWithChannel, freshFollower, payViaApi } from './follower-support';

test('an operator signs in through the bot link and moderates, bans and imports a migration', async ({
  page,
  sandbox,
  emulator,
}) => {
  // What the queues will hold.
  const owner = newUser('Otto');
  await sandbox.api(owner, 'GET', '/dashboard?mode=follower');
  const title = `Waiting ${randomInt(1_000_000)}`;
  await sandbox.post('/sandbox/bot/channel-added', {
    ownerTelegramId: owner.telegramId,
    chatId: -1_000_000_000_000 - randomInt(1_000_000_000),
    title,
    moderation: 'in_progress',
  });
  const troll = newUser('Troll', `troll_${randomInt(1_000_000)}`);
  await sandbox.api(troll, 'GET', '/dashboard?mode=follower');
  const mover = newUser('Mira');
  await sandbox.api(mover, 'GET', '/dashboard?mode=follower');
  const chatId = -1_000_000_000_000 - randomInt(1_000_000_000);
  await sandbox.post('/sandbox/migration/donate-channels', {
    telegramId: mover.telegramId,
    channels: [{ chatId, name: 'Mira Knits', link: 'https://t.me/mira_knits', activeSubscribers: 3 }],
  });
  await sandbox.api(mover, 'POST', '/migration/confirm');

  // Sign in: /admin to the bot, the link it answers.
  await signIn(page, sandbox);
  await expect(page.getByRole('heading', { name: 'Channel moderation' })).toBeVisible();
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
  const told = await sandbox.get<{ calls: { params: { chat_id: number; text: string } }[] }>(
    '/sandbox/bot-api/calls?method=sendMessage',
  );
  expect(
    told.calls.some(
      (call) => call.params.chat_id === owner.telegramId && call.params.text.includes(`${title} passed moderation`),
    ),
  ).toBe(true);

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
    format: 'donate-export',
    version: 1,
    creator: { telegramId: mover.telegramId },
    channels: [{ chatId, title: 'Mira Knits' }],
    subscriptions: [
      { id: 'knit-club', chatId, name: 'Knitting club', period: 'monthly', price: '4.00', currency: 'eur' },
    ],
    subscribers: [{ telegramId: 4_000_000 + randomInt(1_000_000), firstName: 'Reader' }],
    memberships: [] as unknown[],
  };
  exportFile.memberships.push({
    subscription: 'knit-club',
    telegramId: exportFile.subscribers[0]!.telegramId,
    status: 'active',
    activatedAt: '2026-01-01T00:00:00Z',
    expiresAt: '2026-02-01T00:00:00Z',
  });
  await dialog.getByLabel('Export file (JSON)').setInputFiles({
    name: 'export.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(exportFile)),
  });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done.' })).toBeVisible();
  // Queued in three steps (channel, subscription, membership), which the server's jobs carry out: by now they may
  // have (another spec ran them), and here they run at once (the sandbox clock moves by nothing).
  const migration = async () =>
    (
      await sandbox.api<{ request: { status: string; progress?: { done: number; total: number } } }>(
        mover,
        'GET',
        '/migration',
      )
    ).request;
  const queued = await migration();
  expect(queued).toMatchObject(queued.status === 'importing' ? { progress: { total: 3 } } : { status: 'completed' });
  await expect
    .poll(async () => {
      await sandbox.advanceClock(0);
      return (await migration()).status;
    })
    .toBe('completed');

  // The audit log has the three actions.
  await page.getByRole('link', { name: 'Audit log' }).click();
  for (const action of ['channel.approve', 'user.ban', 'migration.import'])
    await expect(page.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();

  // The banned user sees the banned screen in the emulator.
  await emulator.open({ user: troll });
  await expect(emulator.app.getByRole('heading', { name: 'Account banned' })).toBeVisible();
});

test("an operator refunds a follower's payment and approves a creator's identity; each shows in the user's app", async ({
  context,
  sandbox,
  emulator,
  request,
}) => {
  // A follower's paid subscription, and a creator whose identity check passed (the Sumsub double's widget outcome).
  const world = await creatorWithChannel(sandbox, { price: 7 });
  const follower = await freshFollower(sandbox, 'Rafa');
  await payViaApi(sandbox, request, follower, { kind: 'subscription', id: world.subscriptionId });
  const applicant = newUser(`Ines${randomInt(1_000_000)}`);
  const { token } = await sandbox.api<{ token: string }>(applicant, 'GET', '/verification/start');
  await sandbox.post('/websdk/sandbox/submit', { token, outcome: 'approve' });
  // The creator's app waits for the operator.
  await emulator.open({ user: applicant, appPath: '/verification' });
  await expect(emulator.app.getByRole('heading', { name: 'Almost done' })).toBeVisible();

  const admin = await context.newPage();
  await signIn(admin, sandbox);
  const dialog = admin.getByRole('dialog');

  // Identity reviews: the provider's result shown; approve, confirmed.
  await admin.getByRole('link', { name: 'Identity reviews' }).click();
  await expect(admin.getByRole('heading', { name: 'Identity reviews' })).toBeVisible();
  const approve = admin.getByRole('button', { name: `Approve: ${applicant.firstName}` });
  await expect(admin.getByRole('row').filter({ has: approve })).toContainText('GREEN');
  await expectNoSeriousA11yViolations(admin);
  await approve.click();
  await expect(dialog).toContainText(`Approve ${applicant.firstName} as a creator?`);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Done.' })).toBeVisible();
  await expect(approve).toHaveCount(0);
  // The creator's screen polls its status: verification passed, the bot can be connected.
  await expect(emulator.app.getByRole('heading', { name: 'Verification passed' })).toBeVisible({ timeout: 12_000 });

  // Payments: find the follower's payment by their Telegram id, refund it with a reason (dark theme, keyboard).
  await admin.getByRole('link', { name: 'Payments' }).click();
  await admin.getByRole('button', { name: 'Dark theme' }).click();
  await admin.getByRole('searchbox', { name: 'Payment id, Telegram id or username' }).fill(String(follower.telegramId));
  await admin.keyboard.press('Enter');
  const refund = admin.getByRole('button', { name: `Refund: 7 EUR · ${follower.firstName}` });
  await expect(refund).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await refund.focus();
  await admin.keyboard.press('Enter');
  await expect(dialog).toContainText('in full?');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Charged twice by mistake');
  await expectNoSeriousA11yViolations(admin);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Done.' })).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'Refunded' })).toBeVisible();

  // The follower's transactions show the refund, money in.
  const { transactions } = await sandbox.api<{ transactions: { id: number; type: string }[] }>(
    follower,
    'GET',
    '/dashboard?mode=follower',
  );
  const refunded = transactions.find((line) => line.type === 'refund_received')!;
  expect(refunded).toBeDefined();
  await emulator.open({ user: follower, appPath: '/dashboard/follower' });
  const row = emulator.app.locator(`a[href="/transaction/${refunded.id}"]`);
  await expect(row).toContainText('+€7');
  await row.click();
  await expect(emulator.app.getByTestId('transaction-amount')).toHaveText(/^\+€7/);
  await expect(emulator.app.getByRole('paragraph').filter({ hasText: 'Refund received' })).toBeVisible();
});
