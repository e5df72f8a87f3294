/**
 * Donation requests through the host emulator: the form (defaults, counters, validation toasts with
 * focus, amount sanitising), the preview (channel, message, pin and sound-off switches, the button label following
 * them), publishing into the channel pane with its Donate button, and the onboarding step advancing.
 *
 * Publishing runs as a fresh verified creator (tests share one server); the form's validation runs on Alice's
 * public channel without publishing anything.
 */
import { randomInt } from 'node:crypto';
import type { FrameLocator } from '@playwright/test';
import type { SandboxApi } from './support/sandbox';
import {
  type ConsoleProblem,
  type NewUser,
  demoUsers,
  expect,
  expectNoSeriousA11yViolationsInApp,
  newUser,
  test,
} from './support/fixtures';

interface ChannelDto {
  id: number;
  name: string;
  onboardingStep: string;
}

/** A verified creator with a public channel whose onboarding waits at the request-donation step. */
async function creatorAtDonationStep(
  sandbox: SandboxApi,
  name: string,
): Promise<{ creator: NewUser; channel: ChannelDto }> {
  const creator = newUser(name);
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');
  const { channel } = (await sandbox.channelAdded({
    ownerTelegramId: creator.telegramId,
    chatId: -1_000_000_000_000 - randomInt(1_000_000_000),
    title: `${name} Stories`,
    username: `${name.toLowerCase()}_${randomInt(1_000_000)}`,
  })) as { channel: ChannelDto };
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/language`, { language: 'en' });
  const skipped = await sandbox.api<{ channel: ChannelDto }>(
    creator,
    'POST',
    `/channel/${channel.id}/onboarding/skip_step`,
  );
  expect(skipped.channel.onboardingStep).toBe('request_donation');
  return { creator, channel };
}

const toast = (app: FrameLocator) => app.locator('.toast');

/** Console problems of the app (the browser's own favicon request is not the app's). */
const appProblems = (problems: readonly ConsoleProblem[]) =>
  problems.filter((problem) => !problem.url.endsWith('/favicon.ico'));

async function expectFieldError(app: FrameLocator, message: string | RegExp, field: string): Promise<void> {
  await expect(toast(app)).toContainText(message);
  await expect(toast(app)).toHaveClass(/toast--fail/);
  await expect(app.getByLabel(field, { exact: true })).toBeFocused();
}

test('request a donation from the onboarding step: preview with switches, post with its Donate button, step completed', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const { creator, channel } = await creatorAtDonationStep(sandbox, 'Dora');
  await emulator.open({ user: creator, appPath: `/channel/${channel.id}` });
  const app = emulator.app;

  await emulator.clickMainButton('Request a donation');
  await expect(app.getByRole('heading', { name: 'Request a donation' })).toBeAttached();
  await expect(app.getByLabel('Button text', { exact: true })).toHaveValue('Donate');
  await expect(app.getByLabel('Currency', { exact: true })).toHaveValue('eur');
  await expect(app.locator('select option').first()).toHaveText('EUR');
  await expect(app.getByLabel('Suggested amount', { exact: true })).toHaveValue('0');

  await app.getByLabel('Title', { exact: true }).fill('Support the new season');
  await app.getByLabel('Description', { exact: true }).fill('Every coffee keeps the cameras rolling.');
  await app.getByLabel('Suggested amount', { exact: true }).fill('12,5');
  await expect(app.getByLabel('Suggested amount', { exact: true })).toHaveValue('12.5');
  await expectNoSeriousA11yViolationsInApp(page);
  await emulator.clickMainButton('Continue');

  // The preview: channel, the message as the bot will post it, the switches and the label following them.
  await expect(app.getByRole('heading', { name: 'Donation preview' })).toBeAttached();
  const preview = app.getByTestId('message-preview');
  await expect(preview).toContainText('Support the new season');
  await expect(preview).toContainText('Every coffee keeps the cameras rolling.');
  await expect(preview).toContainText('€12.5');
  await expect(preview).toContainText('Donate');
  await expect(app.getByText(channel.name)).toBeVisible();
  await expect(emulator.mainButton).toHaveText('Publish and pin');
  await app.getByRole('switch', { name: 'Pin the post' }).uncheck();
  await expect(emulator.mainButton).toHaveText('Publish');
  await app.getByRole('switch', { name: 'Send without sound' }).check();
  await expect(emulator.mainButton).toHaveText('Publish without sound');
  await app.getByRole('switch', { name: 'Pin the post' }).check();
  await expect(emulator.mainButton).toHaveText('Publish and pin without sound');
  await expectNoSeriousA11yViolationsInApp(page);

  // Back to the form keeps what was typed; continue again.
  await emulator.clickBackButton();
  await expect(app.getByLabel('Title', { exact: true })).toHaveValue('Support the new season');
  await expect(app.getByLabel('Suggested amount', { exact: true })).toHaveValue('12.5');
  await emulator.clickMainButton('Continue');
  await expect(app.getByRole('switch', { name: 'Send without sound' })).toBeChecked();

  await emulator.clickMainButton('Publish and pin without sound');
  await expect(toast(app)).toContainText('Donation request published');

  // The bot's post in the channel pane, pinned and silent, with its Donate button.
  const post = emulator.posts(channel.name).last();
  await expect(post).toContainText('Support the new season');
  await expect(post).toHaveAttribute('data-pinned', 'true');
  await expect(post).toHaveAttribute('data-silent', 'true');
  await expect(post.getByRole('button', { name: 'Donate' })).toBeVisible();

  // Back on the channel, whose onboarding passed the donation step.
  await expect(app.getByRole('button', { name: 'Donation', exact: true })).toBeVisible();
  const detail = await sandbox.api<{ channel: ChannelDto }>(creator, 'GET', `/channel/${channel.id}`);
  expect(detail.channel.onboardingStep).toBe('completed');
  expect(appProblems(consoleProblems)).toEqual([]);
});

test('the form checks title, description, button text and amount in order, with a toast and focus', async ({
  emulator,
  sandbox,
  consoleProblems,
}) => {
  const dashboard = await sandbox.api<{ channels: { id: number; name: string; userName?: string }[] }>(
    { telegramId: demoUsers.alice, firstName: 'Alice' },
    'GET',
    '/dashboard?mode=creator',
  );
  const channel = dashboard.channels.find((candidate) => candidate.userName !== undefined) ?? dashboard.channels[0];
  await emulator.open({ user: demoUsers.alice, appPath: `/channel/${channel.id}/donation/create` });
  const app = emulator.app;

  await expect(emulator.mainButton).toHaveText('Continue');
  await emulator.clickMainButton('Continue');
  await expectFieldError(app, 'Enter a title', 'Title');
  await app.getByLabel('Title', { exact: true }).fill('A title that is far too long for the limit');
  await expect(app.locator('.field__counter', { hasText: '-10' })).toBeVisible();
  await emulator.clickMainButton('Continue');
  await expectFieldError(app, 'The title must be at most 32 characters', 'Title');
  await app.getByLabel('Title', { exact: true }).fill('Coffee fund');
  await emulator.clickMainButton('Continue');
  await expectFieldError(app, 'Enter a description', 'Description');
  await app.getByLabel('Description', { exact: true }).fill('Keeps the lights on.');
  await app.getByLabel('Button text', { exact: true }).fill('');
  await emulator.clickMainButton('Continue');
  await expectFieldError(app, 'Enter the button text', 'Button text');
  await app.getByLabel('Button text', { exact: true }).fill('Give');

  // Amount: letters are dropped; a positive amount must sit within the bounds; 0 or empty lets the donor choose.
  await app.getByLabel('Suggested amount', { exact: true }).fill('abc0.5');
  await expect(app.getByLabel('Suggested amount', { exact: true })).toHaveValue('0.5');
  await emulator.clickMainButton('Continue');
  await expectFieldError(app, 'The amount must not be less than €1', 'Suggested amount');
  await app.getByLabel('Currency', { exact: true }).selectOption('rub');
  await app.getByLabel('Suggested amount', { exact: true }).fill('150001');
  await emulator.clickMainButton('Continue');
  await expectFieldError(app, /The amount must not be more than 150,000\s₽/, 'Suggested amount');
  await app.getByLabel('Suggested amount', { exact: true }).fill('');
  await emulator.clickMainButton('Continue');
  await expect(app.getByRole('heading', { name: 'Donation preview' })).toBeAttached();
  await expect(app.getByTestId('message-preview')).toContainText('The donor chooses the amount');
  expect(appProblems(consoleProblems)).toEqual([]);
});
