/**
 * The creator's subscription screens through the host emulator: the form (defaults, rename on period
 * change, validation toasts with focus, counters, create and edit), publishing pinned and silent into the channel
 * pane, delete with confirmation and restore, the command screen, the members tabs and filters and the member page.
 *
 * Flows that change data run as a fresh verified creator with a public channel of their own (tests run in
 * parallel on one server and other specs read Alice's channels); the member lists and the member page read the
 * seeded creator Alice (1001), whose "Alice's Journal" monthly subscription has members in every state.
 */
import { randomInt } from 'node:crypto';
import type { FrameLocator } from '@playwright/test';
import { TEN_TAP_WINDOW_MS } from '../../src/presentation/timings';
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
  username?: string;
}
interface SubscriptionDto {
  id: number;
  name: string;
  period: string;
  isDeleted: boolean;
  command?: string | null;
}

/** A verified creator with a public channel past onboarding (so the form goes on to the subscription page). */
async function creatorWithPublicChannel(
  sandbox: SandboxApi,
  name: string,
): Promise<{ creator: NewUser; channel: ChannelDto }> {
  const creator = newUser(name);
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');
  const { channel } = (await sandbox.channelAdded({
    ownerTelegramId: creator.telegramId,
    chatId: -1_000_000_000_000 - randomInt(1_000_000_000),
    title: `${name} Channel`,
    username: `${name.toLowerCase()}_${randomInt(1_000_000)}`,
  })) as { channel: ChannelDto };
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/language`, { language: 'en' });
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/onboarding/skip_step`);
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/onboarding/skip_step`);
  return { creator, channel };
}

/** Console problems other than the emulator page's missing favicon. */
const unexpected = (problems: ConsoleProblem[]) => problems.filter((p) => !p.url.endsWith('/favicon.ico'));

const toast = (app: FrameLocator) => app.locator('.toast');

/**
 * The validation feedback: a fail toast with the message, the field focused, and the message under the field (part
 * of its description) until the field changes.
 */
async function expectFieldError(app: FrameLocator, message: string, field: string): Promise<void> {
  await expect(toast(app)).toContainText(message);
  await expect(toast(app)).toHaveClass(/toast--fail/);
  const input = app.getByLabel(field, { exact: true });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(app.locator('.field__error')).toHaveText(message);
  await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

test('create after the amount, name and button-text errors, edit, publish pinned and silent, delete and restore, set the command', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const { creator, channel } = await creatorWithPublicChannel(sandbox, 'Sofia');
  await emulator.open({ user: creator, appPath: `/channel/${channel.id}/subscription/create` });
  const app = emulator.app;

  // Defaults, and the name following the period while it holds the default.
  await expect(app.getByLabel('Name', { exact: true })).toHaveValue('Monthly Subscription');
  await expect(app.getByLabel('Button text', { exact: true })).toHaveValue('Subscribe');
  await expect(app.getByLabel('Description', { exact: true })).toHaveValue(/contribution fuels the channel/);
  await expect(app.getByLabel('Currency', { exact: true })).toHaveValue('eur');
  await expect(app.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('aria-selected', 'true');
  await expect(emulator.mainButton).toHaveText('Create');
  await app.getByRole('tab', { name: 'Yearly' }).click();
  await expect(app.getByLabel('Name', { exact: true })).toHaveValue('Yearly Subscription');
  await app.getByRole('tab', { name: 'Monthly' }).click();
  await expect(app.getByLabel('Name', { exact: true })).toHaveValue('Monthly Subscription');
  await expectNoSeriousA11yViolationsInApp(page);

  // Validation in order: amount (required, below the bound), name, then button text.
  await emulator.clickMainButton('Create');
  await expectFieldError(app, 'Enter the price', 'Price');
  await app.getByLabel('Price', { exact: true }).fill('0,5');
  await expect(app.getByLabel('Price', { exact: true })).toHaveValue('0.5');
  await emulator.clickMainButton('Create');
  await expectFieldError(app, "The price can't be less than €1", 'Price');
  await app.getByLabel('Price', { exact: true }).fill('5');
  await expect(app.locator('.field__error')).toHaveCount(0);
  await app.getByLabel('Name', { exact: true }).fill('   ');
  await emulator.clickMainButton('Create');
  await expectFieldError(app, 'Enter a name', 'Name');
  await app.getByLabel('Name', { exact: true }).fill('Sofia Monthly');
  await app.getByLabel('Button text', { exact: true }).fill('Join the inner circle!');
  await expect(app.locator('.field__counter', { hasText: '-2' })).toBeVisible();
  await emulator.clickMainButton('Create');
  await expectFieldError(app, 'The button text can be at most 20 characters', 'Button text');
  await app.getByLabel('Button text', { exact: true }).fill('Join');
  await emulator.clickMainButton('Create');

  // Created: onboarding is passed, so a success toast and the subscription page.
  await expect(toast(app)).toContainText('Subscription created');
  await expect(app.getByRole('heading', { level: 1, name: 'Sofia Monthly' })).toBeVisible();
  await expect(app.getByText('€5 · Monthly')).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);

  // Edit: period and currency are read-only.
  await app.getByRole('link', { name: 'Edit' }).click();
  await expect(app.getByLabel('Price', { exact: true })).toHaveValue('5');
  await expect(app.getByRole('tab', { name: 'Yearly' })).toHaveCount(0);
  await expect(app.getByLabel('Currency', { exact: true })).toHaveCount(0);
  await expect(app.getByText("Period and currency can't be changed after the subscription is created.")).toBeVisible();
  await expect(emulator.mainButton).toHaveText('Save');
  await expectNoSeriousA11yViolationsInApp(page);
  // No lost drafts: an edit turns closing confirmation on and vertical swipes off; saving turns both back.
  const closeGuard = async () => ({
    closing: (await emulator.events({ eventType: 'web_app_setup_closing_behavior', direction: 'in' })).at(-1)
      ?.eventData,
    swipes: (await emulator.events({ eventType: 'web_app_setup_swipe_behavior', direction: 'in' })).at(-1)?.eventData,
  });
  await app.getByLabel('Price', { exact: true }).fill('7.5');
  await expect
    .poll(closeGuard)
    .toEqual({ closing: { need_confirmation: true }, swipes: { allow_vertical_swipe: false } });
  await emulator.clickMainButton('Save');
  await expect(toast(app)).toContainText('Subscription saved');
  await expect
    .poll(closeGuard)
    .toEqual({ closing: { need_confirmation: false }, swipes: { allow_vertical_swipe: true } });
  await expect(app.getByText('€7.50 · Monthly')).toBeVisible();

  // Publish pinned and silent; the label says what will happen.
  await app.getByRole('link', { name: 'Publish in the channel' }).click();
  await expect(app.getByTestId('message-preview')).toContainText('Sofia Monthly');
  await expect(app.getByTestId('message-preview')).toContainText('Join');
  await expect(emulator.mainButton).toHaveText('Publish and pin');
  await app.getByRole('switch', { name: 'Pin the message' }).uncheck();
  await expect(emulator.mainButton).toHaveText('Publish');
  await app.getByRole('switch', { name: 'Notify with sound' }).uncheck();
  await expect(emulator.mainButton).toHaveText('Publish silently');
  await app.getByRole('switch', { name: 'Pin the message' }).check();
  await expect(emulator.mainButton).toHaveText('Publish and pin silently');
  await expectNoSeriousA11yViolationsInApp(page);
  await emulator.clickMainButton('Publish and pin silently');
  await expect(toast(app)).toContainText('Published in the channel');
  await expect(app.getByRole('heading', { level: 1, name: 'Sofia Monthly' })).toBeVisible();

  await page.locator('#channels-refresh').click();
  const post = emulator.posts(channel.name).last();
  await expect(post).toHaveAttribute('data-pinned', 'true');
  await expect(post).toHaveAttribute('data-silent', 'true');
  await expect(post).toContainText('Sofia Monthly');
  await expect(post.getByRole('button', { name: 'Join' })).toBeVisible();

  // Delete (after confirming) and restore.
  await app.getByRole('button', { name: 'Delete subscription' }).click();
  await emulator.answerPopup('Cancel', /Members keep access/);
  await expect(app.getByRole('button', { name: 'Delete subscription' })).toBeVisible();
  await app.getByRole('button', { name: 'Delete subscription' }).click();
  await emulator.answerPopup('Delete', 'Delete subscription?');
  await expect(toast(app)).toContainText('Subscription deleted');
  await expect(app.getByText(/^Deleted: members keep access/)).toBeVisible();
  await expect(app.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(app.getByRole('link', { name: 'Publish in the channel' })).toHaveCount(0);
  const { subscriptions } = await sandbox.api<{ subscriptions: SubscriptionDto[] }>(
    creator,
    'GET',
    `/channel/${channel.id}`,
  );
  const created = subscriptions.find((s) => s.name === 'Sofia Monthly');
  expect(created).toBeDefined();
  const afterDelete = await sandbox.api<{ subscription: SubscriptionDto }>(
    creator,
    'GET',
    `/subscription/${created!.id}`,
  );
  expect(afterDelete.subscription.isDeleted).toBe(true);
  await app.getByRole('button', { name: 'Restore subscription' }).click();
  await expect(toast(app)).toContainText('Subscription restored');
  await expect(app.getByRole('button', { name: 'Delete subscription' })).toBeVisible();

  // The command: $ on focus, a-z only, saved.
  await app.getByRole('link', { name: 'Command' }).click();
  const command = app.getByLabel('Command', { exact: true });
  await expect(command).toHaveValue('');
  await command.focus();
  await expect(command).toHaveValue('$');
  await command.blur();
  await expect(command).toHaveValue('');
  await command.focus();
  await command.pressSequentially('vip Club 1');
  await expect(command).toHaveValue('$viplub');
  await expectNoSeriousA11yViolationsInApp(page);
  await emulator.clickMainButton('Save');
  await expect(toast(app)).toContainText('Command saved');
  await expect(app.getByRole('link', { name: /Command/ })).toContainText('$viplub');
  const afterCommand = await sandbox.api<{ subscription: SubscriptionDto }>(
    creator,
    'GET',
    `/subscription/${created!.id}`,
  );
  expect(afterCommand.subscription.command).toBe('$viplub');

  expect(unexpected(consoleProblems)).toEqual([]);
});

/** Alice's seeded channels and subscriptions (read only). */
async function aliceSubscription(
  sandbox: SandboxApi,
  channelName: string,
  subscriptionName: string,
): Promise<{ channel: ChannelDto; subscription: SubscriptionDto }> {
  const alice = { telegramId: demoUsers.alice, firstName: 'Alice' };
  const dashboard = await sandbox.api<{ channels: ChannelDto[] }>(alice, 'GET', '/dashboard?mode=creator');
  const channel = dashboard.channels.find((c) => c.name === channelName);
  if (!channel) throw new Error(`Alice has no channel ${channelName}`);
  const { subscriptions } = await sandbox.api<{ subscriptions: SubscriptionDto[] }>(
    alice,
    'GET',
    `/channel/${channel.id}`,
  );
  const subscription = subscriptions.find((s) => s.name === subscriptionName);
  if (!subscription) throw new Error(`${channelName} has no subscription ${subscriptionName}`);
  return { channel, subscription };
}

test('members: live and inactive groups with every filter, the member page and its message button', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const { channel, subscription } = await aliceSubscription(sandbox, "Alice's Journal", 'Monthly Subscription');
  await emulator.open({ user: demoUsers.alice, appPath: `/channel/${channel.id}/subscription/${subscription.id}` });
  const app = emulator.app;
  await expect(app.getByRole('heading', { level: 1, name: 'Monthly Subscription' })).toBeVisible();
  // A private channel: no publish action.
  await expect(app.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expect(app.getByRole('link', { name: 'Publish in the channel' })).toHaveCount(0);

  const groups = app.getByRole('tablist', { name: 'Member groups' });
  const filters = app.getByRole('tablist', { name: 'Filter members' });
  const panel = app.getByRole('tabpanel');
  const rows = panel.getByRole('link');
  await expect(filters.getByRole('tab')).toHaveText(['All', 'Active', 'Expiring', 'Expired']);

  // Live group (who counts: not expired, renewing), newest first: Eve's renewal failed, Bob renews. The header's count
  // is the same people.
  await expect(rows).toHaveText([/Eve\s*Renewal failed, retrying/, /Bob Follower\s*Active/]);
  await expect(app.getByText('2 active subscribers')).toBeVisible();
  await filters.getByRole('tab', { name: 'Active', exact: true }).click();
  await expect(rows).toHaveText([/Bob Follower\s*Active/]);
  await filters.getByRole('tab', { name: 'Expiring' }).click();
  await expect(rows).toHaveText([/Eve\s*Renewal failed, retrying/]);
  await filters.getByRole('tab', { name: 'Expired' }).click();
  await expect(panel.getByText('No members here yet')).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);

  // Ten taps each within 300 ms of the previous open /dev (spec section 2): a person's pace between these runs of taps,
  // which a fast machine's clicks would otherwise chain into ten.
  const personPause = () => page.waitForTimeout(TEN_TAP_WINDOW_MS + 100);

  // Inactive group: Dana cancelled (expiring) and Frank, whose period ran out.
  await personPause();
  await groups.getByRole('tab', { name: 'Inactive' }).click();
  await expect(filters.getByRole('tab', { name: 'Expired' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows).toHaveText([/Frank Lapsed\s*Expired/]);
  await filters.getByRole('tab', { name: 'All' }).click();
  await expect(rows).toHaveText([/Dana Reader\s*Expiring/, /Frank Lapsed\s*Expired/]);
  await filters.getByRole('tab', { name: 'Expiring' }).click();
  await expect(rows).toHaveText([/Dana Reader\s*Expiring/]);
  await filters.getByRole('tab', { name: 'Active', exact: true }).click();
  await expect(panel.getByText('No members here yet')).toBeVisible();

  // Back on the live group, Bob's page: status, dates and the message button.
  await groups.getByRole('tab', { name: 'Active', exact: true }).click();
  await filters.getByRole('tab', { name: 'Active', exact: true }).click();
  await rows.filter({ hasText: 'Bob Follower' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Bob Follower' })).toBeVisible();
  await expect(app.getByText('@bob_follower')).toBeVisible();
  await expect(app.locator('.cell', { hasText: 'Status' })).toContainText('Active');
  await expect(app.locator('.cell', { hasText: 'Period' })).toContainText('Monthly');
  await expect(app.locator('.cell', { hasText: 'Price' })).toContainText('€5');
  await expect(app.locator('.cell', { hasText: 'Start date' })).toContainText(/\d{2} [A-Z][a-z]{2} \d{4}/);
  await expect(app.locator('.cell', { hasText: 'Renews on' })).toContainText(/Renews in (19|20|21) days/);
  await expectNoSeriousA11yViolationsInApp(page);
  await app.getByRole('button', { name: 'Message' }).click();
  await emulator.waitForMethod('web_app_open_tg_link', (data) => JSON.stringify(data).includes('bob_follower'));

  // Dana cancelled: no status row, an end date instead of a renewal.
  await emulator.clickBackButton();
  await personPause();
  await groups.getByRole('tab', { name: 'Inactive' }).click();
  await filters.getByRole('tab', { name: 'All' }).click();
  await rows.filter({ hasText: 'Dana Reader' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Dana Reader' })).toBeVisible();
  await expect(app.locator('.cell', { hasText: 'Status' })).toHaveCount(0);
  await expect(app.locator('.cell', { hasText: 'Expires on' })).toContainText(/Ends in \d+ days?/);

  expect(unexpected(consoleProblems)).toEqual([]);
});

test('one-time subscriptions offer only All and Active; a member without a username has no message button; a missing member shows the error with back', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const { channel, subscription } = await aliceSubscription(sandbox, 'Alice Travels', 'One-time Access');
  await emulator.open({ user: demoUsers.alice, appPath: `/channel/${channel.id}/subscription/${subscription.id}` });
  const app = emulator.app;
  await expect(app.getByRole('heading', { level: 1, name: 'One-time Access' })).toBeVisible();
  await expect(app.getByRole('link', { name: 'Publish in the channel' })).toBeVisible();
  const filters = app.getByRole('tablist', { name: 'Filter members' });
  await expect(filters.getByRole('tab')).toHaveText(['All', 'Active']);
  const rows = app.getByRole('tabpanel').getByRole('link');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Eve' })).toContainText('Active');

  await rows.filter({ hasText: 'Eve' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Eve' })).toBeVisible();
  await expect(app.locator('.cell', { hasText: 'Status' })).toHaveCount(0);
  await expect(app.locator('.cell', { hasText: 'Period' })).toContainText('One-time');
  await expect(app.getByRole('button', { name: 'Message' })).toHaveCount(0);

  await emulator.open({
    user: demoUsers.alice,
    appPath: `/channel/${channel.id}/subscription/${subscription.id}/member/999999`,
  });
  await expect(app.getByRole('heading', { name: 'Error loading member' })).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);
  await app.getByRole('button', { name: 'Back' }).click();
  await expect(app.getByRole('heading', { name: 'Error loading member' })).toHaveCount(0);
  // The 404 of the member is expected; anything else is a problem.
  expect(unexpected(consoleProblems).filter((p) => !/status of 404/.test(p.text))).toEqual([]);
});

const LOOKS = [
  { platform: 'android-7.10', theme: 'dark' },
  { platform: 'ios', theme: 'dark' },
  { platform: 'android-7.10', theme: 'light' },
] as const;

for (const look of LOOKS) {
  test(`the subscription screens in the ${look.platform} look, ${look.theme}: axe clean, no console errors, screenshots kept`, async ({
    emulator,
    sandbox,
    page,
    consoleProblems,
    saveScreenshot,
  }) => {
    const { channel, subscription } = await aliceSubscription(sandbox, 'Alice Travels', 'Weekly Subscription');
    const base = `/channel/${channel.id}/subscription/${subscription.id}`;
    const screens = [
      {
        path: base,
        ready: (app: FrameLocator) => app.getByRole('heading', { level: 1, name: 'Weekly Subscription' }),
        name: 'detail',
      },
      {
        path: `/channel/${channel.id}/subscription/create`,
        ready: (app: FrameLocator) => app.getByLabel('Price', { exact: true }),
        name: 'create',
      },
      { path: `${base}/edit`, ready: (app: FrameLocator) => app.getByText('Set at creation'), name: 'edit' },
      { path: `${base}/preview`, ready: (app: FrameLocator) => app.getByTestId('message-preview'), name: 'preview' },
      {
        path: `/channel/${channel.id}/subscription/command?subscriptionId=${subscription.id}`,
        ready: (app: FrameLocator) => app.getByLabel('Command', { exact: true }),
        name: 'command',
      },
    ];
    for (const screen of screens) {
      await emulator.open({ user: demoUsers.alice, platform: look.platform, theme: look.theme, appPath: screen.path });
      await expect(screen.ready(emulator.app)).toBeVisible();
      await expectNoSeriousA11yViolationsInApp(page);
      await saveScreenshot(`subscription-${screen.name}-${look.platform}-${look.theme}`);
    }
    // The weekly subscription's command is seeded.
    await expect(emulator.app.getByLabel('Command', { exact: true })).toHaveValue('$travel');
    expect(unexpected(consoleProblems)).toEqual([]);
  });
}

test("a private channel's preview and invoice say what paying brings, never ask to share a link", async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const { channel, subscription } = await aliceSubscription(sandbox, "Alice's Journal", 'Monthly Subscription');
  await emulator.open({
    user: demoUsers.alice,
    appPath: `/channel/${channel.id}/subscription/${subscription.id}/preview`,
  });
  const app = emulator.app;
  await expect(app.getByRole('heading', { name: 'Only public channels can publish' })).toBeVisible();
  await expect(app.getByText(/Followers who pay get a personal invite link/)).toBeVisible();
  await expect(app.getByText(/invite link instead/)).toHaveCount(0);
  await expect(emulator.mainButton).toBeHidden();
  await expectNoSeriousA11yViolationsInApp(page);

  const follower = newUser('Priya');
  await sandbox.api(follower, 'GET', '/dashboard?mode=follower');
  await emulator.open({ user: follower, startParam: `subscription_${subscription.id}` });
  await expect(app.getByText('After paying, you get a personal invite link to this private channel.')).toBeVisible();
  // A follower's launch asks whether they are a creator too (403): expected.
  expect(unexpected(consoleProblems).filter((problem) => !problem.url.endsWith('/dashboard?mode=creator'))).toEqual([]);
});
