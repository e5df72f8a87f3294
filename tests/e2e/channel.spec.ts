/**
 * The channel page, its settings and language screens through the host emulator: moderation placeholders,
 * onboarding on a private channel, the disconnected warning, delete blocked vs delete done, changing the language.
 * Every test makes its own creator and channels through the sandbox control API.
 */
import { randomInt } from 'node:crypto';
import type { SandboxApi } from './support/sandbox';
import {
  type ConsoleProblem,
  type NewUser,
  expect,
  expectNoSeriousA11yViolationsInApp,
  newUser,
  test,
} from './support/fixtures';

interface ChannelDto {
  id: number;
  chatId: number;
  name: string;
  onboardingStep: string;
  isDeleted: boolean;
  language: { code: string };
}

/** A verified creator nobody else uses. */
async function verifiedCreator(sandbox: SandboxApi, name: string): Promise<NewUser> {
  const creator = newUser(name);
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');
  return creator;
}

const newChatId = (): number => -1_000_000_000_000 - randomInt(1_000_000_000);

async function addChannel(
  sandbox: SandboxApi,
  owner: NewUser,
  title: string,
  extra: { username?: string; moderation?: 'in_progress' | 'rejected' } = {},
): Promise<ChannelDto> {
  const { channel } = (await sandbox.channelAdded({
    ownerTelegramId: owner.telegramId,
    chatId: newChatId(),
    title,
    ...extra,
  })) as { channel: ChannelDto };
  return channel;
}

/** Takes a channel past onboarding through the API (language, then skip to the end). */
async function finishOnboarding(sandbox: SandboxApi, owner: NewUser, channelId: number): Promise<void> {
  await sandbox.api(owner, 'POST', `/channel/${channelId}/language`, { language: 'en' });
  await sandbox.api(owner, 'POST', `/channel/${channelId}/onboarding/skip_step`);
  await sandbox.api(owner, 'POST', `/channel/${channelId}/onboarding/skip_step`);
}

const handle = (prefix: string): string => `${prefix}_${randomInt(1_000_000)}`;

/**
 * Console problems that matter: the browser's own favicon request (no icon is served yet) is left out, and so are
 * the resource errors Chromium logs for answers a test expects (moderation states answer 403).
 */
function unexpected(problems: ConsoleProblem[], expectedStatus?: number): ConsoleProblem[] {
  return problems.filter((problem) => {
    if (problem.url.endsWith('/favicon.ico')) return false;
    return !(
      expectedStatus !== undefined &&
      problem.text.includes(`status of ${expectedStatus}`) &&
      problem.url.includes('/api/v2/channel/')
    );
  });
}

test('moderation in progress and rejected show the "Channel not approved" placeholder, the rejected one with the guidelines link', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const creator = await verifiedCreator(sandbox, 'Mona');
  const reviewed = await addChannel(sandbox, creator, 'Mona Reviewed', {
    username: handle('mona_rev'),
    moderation: 'in_progress',
  });
  const rejected = await addChannel(sandbox, creator, 'Mona Rejected', {
    username: handle('mona_rej'),
    moderation: 'rejected',
  });

  const revenueRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v2/revenue')) revenueRequests.push(request.url());
  });

  // The dashboard's revenue covers every channel: channels still in moderation have earned nothing, an empty chart.
  await emulator.open({ user: creator });
  const app = emulator.app;
  const revenue = app.getByRole('region', { name: 'Revenue' });
  await expect(revenue.getByText('No earnings or members in this period yet')).toBeVisible();
  await expect(revenue.getByRole('alert')).toHaveCount(0);

  // A channel in moderation is blocked (spec section 8): its page is the placeholder, with no chart to ask for.
  revenueRequests.length = 0;
  await emulator.open({ user: creator, appPath: `/channel/${reviewed.id}` });
  await expect(app.getByRole('heading', { name: 'Channel not approved' })).toBeVisible();
  await expect(app.getByText(/Moderation is in progress/)).toBeVisible();
  await expect(app.getByRole('region', { name: 'Revenue' })).toHaveCount(0);
  expect(revenueRequests).toEqual([]);
  await expect(app.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(app.getByRole('button', { name: 'Read the guidelines' })).toHaveCount(0);
  await expect(emulator.mainButton).toBeHidden();
  await expectNoSeriousA11yViolationsInApp(page);

  await emulator.open({ user: creator, appPath: `/channel/${rejected.id}`, theme: 'dark', platform: 'android-7.10' });
  await expect(app.getByRole('heading', { name: 'Channel not approved' })).toBeVisible();
  await expect(app.getByText(/doesn't meet our guidelines/)).toBeVisible();
  await app.getByRole('button', { name: 'Read the guidelines' }).click();
  await emulator.waitForMethod('web_app_open_link');
  await expectNoSeriousA11yViolationsInApp(page);
  expect(unexpected(consoleProblems, 403)).toEqual([]);
});

test('onboarding of a private channel: language, skip the subscription, share the subscription link, skip the donation', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const creator = await verifiedCreator(sandbox, 'Petra');
  const channel = await addChannel(sandbox, creator, 'Petra Private');

  await emulator.open({ user: creator, appPath: `/channel/${channel.id}` });
  const app = emulator.app;
  await expect(app.getByRole('heading', { name: 'Choose the channel language' })).toBeVisible();
  await expect(app.getByText('Step 1 of 4')).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);
  await app.getByRole('radio', { name: /Indonesian/ }).check();
  await emulator.clickMainButton('Continue');

  await expect(app.getByRole('heading', { name: 'Add a paid subscription' })).toBeVisible();
  await expect(emulator.mainButton).toHaveText('Create subscription');
  const saved = await sandbox.api<{ channel: ChannelDto }>(creator, 'GET', `/channel/${channel.id}`);
  expect(saved.channel.language.code).toBe('id');
  await app.getByRole('button', { name: 'Skip' }).click();

  await expect(app.getByRole('heading', { name: 'Request donations' })).toBeVisible();
  await expect(emulator.mainButton).toHaveText('Request a donation');
  await app.getByRole('button', { name: 'Skip' }).click();

  await expect(app.getByRole('heading', { level: 1, name: 'Petra Private' })).toBeVisible();
  await expect(app.getByText('0 paid subscribers')).toBeVisible();
  await expect(app.getByText('No subscriptions yet')).toBeVisible();
  await expect(emulator.mainButton).toBeHidden();
  expect(
    (await sandbox.api<{ channel: ChannelDto }>(creator, 'GET', `/channel/${channel.id}`)).channel.onboardingStep,
  ).toBe('completed');

  // A second private channel that already has a subscription: the share step copies the subscription's link, which
  // opens its payment page; never a link into the channel, which would let anyone in without paying.
  const second = await addChannel(sandbox, creator, 'Petra Second');
  await sandbox.api(creator, 'POST', `/channel/${second.id}/language`, { language: 'en' });
  const created = await sandbox.api<{ subscription: { id: number } }>(creator, 'POST', '/subscription/new', {
    channelId: second.id,
    name: 'Monthly Subscription',
    description: 'Support',
    period: 'monthly',
    currency: 'eur',
    amount: 5,
    buttonText: 'Subscribe',
  });
  await emulator.open({ user: creator, appPath: `/channel/${second.id}` });
  await expect(app.getByRole('heading', { name: 'Subscription created' })).toBeVisible();
  await expect(app.getByText(/Followers pay, then get their own invite/)).toBeVisible();
  const shared = app.getByText(
    new RegExp(`^https://t\\.me/\\w+/\\w+\\?startapp=subscription_${created.subscription.id}$`),
  );
  await expect(shared).toBeVisible();
  const startParam = new URL((await shared.textContent()) ?? '').searchParams.get('startapp') ?? '';
  await expect(app.getByText(/t\.me\/\+/)).toHaveCount(0);
  await app.getByRole('button', { name: 'Copy link' }).click();
  await expect(app.getByRole('status')).toContainText('Copied');
  await expectNoSeriousA11yViolationsInApp(page);
  await emulator.clickMainButton('Continue');
  await expect(app.getByRole('heading', { name: 'Request donations' })).toBeVisible();

  // Whoever opens the shared link lands on the payment page (the link's start parameter).
  await emulator.open({ user: newUser('Paula'), startParam });
  await expect(emulator.mainButton).toHaveText('Subscribe for €5 / month');
  expect(unexpected(consoleProblems)).toEqual([]);
});

test('a disconnected channel shows the warning row to /connectbot and disables Donation and Subscription', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
  saveScreenshot,
}) => {
  const creator = await verifiedCreator(sandbox, 'Dora');
  const channel = await addChannel(sandbox, creator, 'Dora Daily', { username: handle('dora') });
  await finishOnboarding(sandbox, creator, channel.id);

  await emulator.open({ user: creator, appPath: `/channel/${channel.id}` });
  const app = emulator.app;
  await expect(app.getByRole('heading', { level: 1, name: 'Dora Daily' })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Donation' })).toBeEnabled();
  await expect(app.getByRole('button', { name: 'Subscription' })).toBeEnabled();
  await expect(app.getByRole('link', { name: /no access to the channel/ })).toHaveCount(0);

  await sandbox.channelRemoved(channel.chatId);
  await emulator.open({ user: creator, appPath: `/channel/${channel.id}`, theme: 'dark' });
  await expect(app.getByRole('heading', { level: 1, name: 'Dora Daily' })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Donation' })).toBeDisabled();
  await expect(app.getByRole('button', { name: 'Subscription' })).toBeDisabled();
  const warning = app.getByRole('link', { name: /The bot has no access to the channel/ });
  await expect(warning).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);
  await saveScreenshot('channel-disconnected-dark');
  await warning.click();
  await expect(app.locator('main')).not.toHaveClass(/channel-screen/);
  await expect.poll(() => app.locator('body').evaluate(() => window.location.pathname)).toBe('/connectbot');
  expect(unexpected(consoleProblems)).toEqual([]);
});

test('delete: blocked with a popup while subscriptions exist, otherwise confirmed and back on the dashboard', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const creator = await verifiedCreator(sandbox, 'Dana');
  const busy = await addChannel(sandbox, creator, 'Dana Busy', { username: handle('dana_busy') });
  await finishOnboarding(sandbox, creator, busy.id);
  await sandbox.api(creator, 'POST', '/subscription/new', {
    channelId: busy.id,
    name: 'Weekly Subscription',
    description: 'Support',
    period: 'weekly',
    currency: 'eur',
    amount: 3,
    buttonText: 'Join',
  });

  await emulator.open({ user: creator, appPath: `/channel/${busy.id}` });
  const app = emulator.app;
  await expect(app.getByRole('link', { name: /Weekly Subscription/ })).toContainText('€3 per week');
  await app.getByRole('button', { name: 'More' }).click();
  await expect(app.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);
  await app.getByRole('button', { name: 'Delete channel' }).click();
  await emulator.answerPopup('OK', /Delete all subscriptions of the channel first/);
  await expect(emulator.popup).toBeHidden();
  expect((await sandbox.api<{ channel: ChannelDto }>(creator, 'GET', `/channel/${busy.id}`)).channel.isDeleted).toBe(
    false,
  );

  const empty = await addChannel(sandbox, creator, 'Dana Empty', { username: handle('dana_empty') });
  await finishOnboarding(sandbox, creator, empty.id);
  await emulator.open({ user: creator, appPath: `/channel/${empty.id}` });
  await expect(app.getByRole('heading', { level: 1, name: 'Dana Empty' })).toBeVisible();
  await app.getByRole('button', { name: 'More' }).click();
  await app.getByRole('button', { name: 'Delete channel' }).click();
  await emulator.answerPopup('Cancel', /Dana Empty will be removed/);
  expect((await sandbox.api<{ channel: ChannelDto }>(creator, 'GET', `/channel/${empty.id}`)).channel.isDeleted).toBe(
    false,
  );

  await app.getByRole('button', { name: 'More' }).click();
  await app.getByRole('button', { name: 'Delete channel' }).click();
  await emulator.answerPopup('Delete', /Dana Empty will be removed/);
  await expect.poll(() => app.locator('body').evaluate(() => window.location.pathname)).toMatch(/^\/dashboard/);
  expect((await sandbox.api<{ channel: ChannelDto }>(creator, 'GET', `/channel/${empty.id}`)).channel.isDeleted).toBe(
    true,
  );

  await emulator.open({ user: creator, appPath: `/channel/${empty.id}` });
  await expect(app.getByRole('heading', { name: 'Channel deleted' })).toBeVisible();
  expect(unexpected(consoleProblems)).toEqual([]);
});

test('settings: the language row leads to the language list; saving shows a toast and goes back', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const creator = await verifiedCreator(sandbox, 'Lena');
  const channel = await addChannel(sandbox, creator, 'Lena Lingo', { username: handle('lena') });
  await finishOnboarding(sandbox, creator, channel.id);

  await emulator.open({ user: creator, appPath: `/channel/${channel.id}` });
  const app = emulator.app;
  await app.getByRole('button', { name: 'More' }).click();
  await app.getByRole('link', { name: 'Settings' }).click();
  const languageRow = app.getByRole('link', { name: /Language/ });
  await expect(languageRow).toContainText('English');
  await expect(app.getByRole('button', { name: 'Delete channel' })).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);
  await languageRow.click();

  await expect(app.getByRole('radio', { name: /English/ })).toBeChecked();
  await expect(emulator.mainButton).toBeDisabled();
  await app.getByRole('radio', { name: /Russian/ }).check();
  await expectNoSeriousA11yViolationsInApp(page);
  await emulator.clickMainButton('Save');
  await expect(app.getByRole('status')).toContainText('Channel language saved');
  await expect(app.getByRole('link', { name: /Language/ })).toContainText('Русский');
  expect(
    (await sandbox.api<{ channel: ChannelDto }>(creator, 'GET', `/channel/${channel.id}`)).channel.language.code,
  ).toBe('ru');

  await emulator.clickBackButton();
  await expect(app.getByRole('heading', { level: 1, name: 'Lena Lingo' })).toBeVisible();
  expect(unexpected(consoleProblems)).toEqual([]);
});

test('/channel?id= opens the language screen of that channel', async ({ page, sandbox, emulator, consoleProblems }) => {
  const creator = await verifiedCreator(sandbox, 'Query Creator');
  const channel = await addChannel(sandbox, creator, 'Query Channel', { username: handle('query') });
  await finishOnboarding(sandbox, creator, channel.id);
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/language`, { language: 'id' });

  await emulator.open({ user: creator, appPath: `/channel?id=${channel.id}` });
  const app = emulator.app;
  await expect(app.getByRole('radio', { name: /Bahasa Indonesia/ })).toBeChecked();
  await expect(emulator.mainButton).toBeDisabled();
  await expectNoSeriousA11yViolationsInApp(page);
  await app.getByRole('radio', { name: /English/ }).check();
  await emulator.clickMainButton('Save');
  await expect(app.getByRole('status')).toContainText('Channel language saved');
  expect(
    (await sandbox.api<{ channel: ChannelDto }>(creator, 'GET', `/channel/${channel.id}`)).channel.language.code,
  ).toBe('en');
  expect(unexpected(consoleProblems)).toEqual([]);
});
