import { expect, newUser, test, type NewUser } from './support/fixtures';
import type { SandboxApi } from './support/sandbox';
import { unexpectedProblems } from './dashboard-support';

/**
 * The migration from the older donation product (spec sections 2 and 4) through the host emulator: a verified
 * creator whose older product handed over two donation channels is sent from the creator dashboard to the offer,
 * ticks the terms (after the alert), joins the queue, connects both channels (the sandbox bot's channel-added
 * event) and sees the migration complete; refusing the offer goes to the creator dashboard.
 */

interface Setup {
  readonly creator: NewUser;
  readonly cooks: { chatId: number; name: string };
  readonly bakes: { chatId: number; name: string };
}

async function creatorDueForMigration(sandbox: SandboxApi, name: string): Promise<Setup> {
  const creator = newUser(name);
  const suffix = creator.telegramId % 100_000;
  const cooks = { chatId: -1_005_000_000_000 - creator.telegramId, name: `${name} Cooks ${suffix}` };
  const bakes = { chatId: -1_006_000_000_000 - creator.telegramId, name: `${name} Bakes ${suffix}` };
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');
  await sandbox.donateChannels(creator.telegramId, [
    { ...cooks, link: 'https://t.me/old_cooks', activeSubscribers: 12 },
    { ...bakes, link: 'https://t.me/old_bakes', activeSubscribers: 340 },
  ]);
  return { creator, cooks, bakes };
}

const expectedRefusals = [{ status: 403, path: '/dashboard' }];

test('a creator migrates from the offer through the terms and the queue to connecting every channel', async ({
  emulator,
  sandbox,
  consoleProblems,
  saveScreenshot,
}) => {
  const { creator, cooks, bakes } = await creatorDueForMigration(sandbox, 'Mia');
  await emulator.open({ user: creator, platform: 'android-7.10' });
  const app = emulator.app;

  // The dashboard (creator mode for a verified creator) answers migration_required: the app opens the offer.
  await expect(app.getByRole('heading', { name: 'Move to Backers' })).toBeVisible();
  await expect(app.getByText('Payout data', { exact: true })).toBeVisible();
  await expect(app.getByText('Migration takes up to 24 hours.')).toBeVisible();
  // Most active subscribers first.
  const offerRows = app.locator('.migration-channel .cell__title');
  await expect(offerRows).toHaveText([bakes.name, cooks.name]);
  await emulator.expectAccessibleApp();
  await saveScreenshot('migration-offer');

  // Terms: continuing without the tick shows the alert first.
  await emulator.clickMainButton('Continue');
  await expect(app.getByRole('heading', { name: 'Migration terms' })).toBeVisible();
  await emulator.clickMainButton('Start migration');
  await emulator.answerPopup(/Close|OK/, 'Please accept the migration terms to continue.');
  expect((await sandbox.api<{ request: unknown }>(creator, 'GET', '/migration')).request).toBeNull();
  await app.getByLabel('I accept the migration terms').check();
  await emulator.expectAccessibleApp();
  await emulator.clickMainButton('Start migration');

  // Queued: the channels to connect, the place in line and the stop action.
  await expect(app.getByRole('heading', { name: 'Connect your channels' })).toBeVisible();
  await expect(app.getByText('Channels: 0 of 2 connected')).toBeVisible();
  await expect(app.getByText('Place in line', { exact: true })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Stop migration' })).toBeVisible();
  await expect(app.getByRole('button', { name: `Add bot to ${bakes.name}` })).toBeVisible();
  const server = await sandbox.api<{ request: { status: string; positionInQueue: number } }>(
    creator,
    'GET',
    '/migration',
  );
  expect(server.request).toMatchObject({ status: 'queued' });
  expect(server.request.positionInQueue).toBeGreaterThanOrEqual(1);
  await emulator.expectAccessibleApp();
  await saveScreenshot('migration-connect-channels');

  // The bot joins the channels (in the messenger); the list marks them as they connect.
  await sandbox.channelAdded({ ownerTelegramId: creator.telegramId, chatId: bakes.chatId, title: bakes.name });
  await expect(app.getByText('Channels: 1 of 2 connected')).toBeVisible({ timeout: 15_000 });
  await expect(app.getByRole('button', { name: `Add bot to ${bakes.name}` })).toBeHidden();
  await expect(app.getByRole('button', { name: `Add bot to ${cooks.name}` })).toBeVisible();
  await sandbox.channelAdded({ ownerTelegramId: creator.telegramId, chatId: cooks.chatId, title: cooks.name });

  await expect(app.getByRole('heading', { name: 'Migration complete' })).toBeVisible({ timeout: 15_000 });
  await expect(app.getByText('Channels: 2 of 2 connected')).toBeVisible();
  expect((await sandbox.api<{ request: { status: string } }>(creator, 'GET', '/migration')).request.status).toBe(
    'completed',
  );
  await emulator.expectAccessibleApp();
  await saveScreenshot('migration-complete');

  // Done: the creator dashboard with the migrated channels.
  await emulator.clickMainButton('Open dashboard');
  const channels = app.getByRole('region', { name: 'Channels', exact: true });
  await expect(channels.getByRole('link', { name: new RegExp(bakes.name) })).toBeVisible();
  expect(unexpectedProblems(consoleProblems, expectedRefusals)).toEqual([]);
});

test('with a queued request the intro shows the waiting notice; stopping loses the place and opens the dashboard', async ({
  emulator,
  sandbox,
  consoleProblems,
}) => {
  const { creator } = await creatorDueForMigration(sandbox, 'Ola');
  await sandbox.api(creator, 'POST', '/migration/confirm');
  await emulator.open({ user: creator, platform: 'ios' });
  const app = emulator.app;

  // migrationAvailable on the creator dashboard sends the creator to /migration, which shows the waiting notice.
  await expect(app.getByRole('heading', { name: 'Migration takes up to 24 hours' })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Support' })).toBeVisible();
  await emulator.expectAccessibleApp();

  await app.getByRole('button', { name: 'Add bot' }).click();
  await expect(app.getByRole('heading', { name: 'Add the bot to your channel' })).toBeVisible();
  await emulator.clickBackButton();
  await expect(app.getByRole('heading', { name: 'Migration takes up to 24 hours' })).toBeVisible();

  await app.getByRole('button', { name: 'Stop migration' }).click();
  await emulator.answerPopup('OK', 'You will lose your place in line.');
  await expect(app.getByRole('region', { name: 'Channels', exact: true })).toBeVisible();
  expect((await sandbox.api<{ request: unknown }>(creator, 'GET', '/migration')).request).toBeNull();
  expect(unexpectedProblems(consoleProblems, expectedRefusals)).toEqual([]);
});

test('Not now on a queued request keeps the place and stops the dashboard from opening it again', async ({
  emulator,
  sandbox,
  consoleProblems,
}) => {
  const { creator } = await creatorDueForMigration(sandbox, 'Pia');
  await sandbox.api(creator, 'POST', '/migration/confirm');
  await emulator.open({ user: creator, platform: 'android-7.10' });
  const app = emulator.app;
  await expect(app.getByRole('heading', { name: 'Migration takes up to 24 hours' })).toBeVisible();

  await app.getByRole('button', { name: 'Not now' }).click();
  await expect(app.getByRole('region', { name: 'Channels', exact: true })).toBeVisible();
  expect((await sandbox.api<{ request: { status: string } }>(creator, 'GET', '/migration')).request.status).toBe(
    'queued',
  );

  // Opening the app again on this device goes to the dashboard, not back to the notice.
  await emulator.open({ user: creator, platform: 'android-7.10' });
  await expect(emulator.app.getByRole('region', { name: 'Channels', exact: true })).toBeVisible();
  await expect(emulator.app.getByRole('heading', { name: 'Migration takes up to 24 hours' })).toBeHidden();
  expect(unexpectedProblems(consoleProblems, expectedRefusals)).toEqual([]);
});

test('refusing the offer clears it and goes to the creator dashboard', async ({
  emulator,
  sandbox,
  consoleProblems,
}) => {
  const { creator } = await creatorDueForMigration(sandbox, 'Rex');
  await emulator.open({ user: creator, platform: 'android-7.10' });
  const app = emulator.app;
  await expect(app.getByRole('heading', { name: 'Move to Backers' })).toBeVisible();

  // Cancelling the confirm keeps the offer.
  await app.getByRole('button', { name: 'Not now' }).click();
  await emulator.answerPopup('Cancel', 'Skip the migration?');
  await expect(app.getByRole('heading', { name: 'Move to Backers' })).toBeVisible();

  await app.getByRole('button', { name: 'Not now' }).click();
  await emulator.answerPopup('OK', 'Skip the migration?');
  await expect(app.getByRole('region', { name: 'Channels', exact: true })).toBeVisible();
  const dashboard = await sandbox.api<{ migrationAvailable: boolean }>(creator, 'GET', '/dashboard?mode=creator');
  expect(dashboard.migrationAvailable).toBe(false);
  expect(unexpectedProblems(consoleProblems, expectedRefusals)).toEqual([]);
});
