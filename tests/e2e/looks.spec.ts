/**
 * Every creator screen (as the seeded Alice, 1001) and every follower screen (as the seeded Bob, 2001) in the four
 * looks the app ships for: iOS and Android 7.10, light and dark. Read only: the ids come from GET calls of the
 * sandbox API and nothing is changed. Per look, one emulator session per user; the screens are reached in-app
 * (a router navigation inside the mini-app, as a link would do), each waited for until its own content shows,
 * with a screenshot kept per screen and look, and no console errors apart from the known benign ones.
 */
import type { FrameLocator, Locator } from '@playwright/test';
import type { SandboxApi } from './support/sandbox';
import {
  type ConsoleProblem,
  type EmulatorPlatform,
  type EmulatorTheme,
  demoUsers,
  expect,
  test,
} from './support/fixtures';

interface ChannelDto {
  id: number;
  chatId: number;
  name: string;
  type: string;
}
interface SubscriptionDto {
  id: number;
  name: string;
}
interface MemberDto {
  id: number;
  subscriptionId: number;
  userId: number;
}
interface UserDto {
  id: number;
  firstName: string;
  lastName?: string;
}
interface CardDto {
  id: number;
  cardBrand: string;
  cardLast: string;
}
interface TransactionDto {
  id: number;
  type: string;
}
interface BotPostDto {
  kind: 'subscription' | 'donation';
  refId: number;
}

const ALICE = { telegramId: demoUsers.alice, firstName: 'Alice' };
const BOB = { telegramId: demoUsers.bob, firstName: 'Bob' };

interface Screen {
  /** part of the screenshot name */
  readonly name: string;
  readonly path: string;
  /** what the screen shows once its content is there */
  readonly ready: (app: FrameLocator) => Locator;
}

/** The seeded ids every screen needs, found through the API (GET only). */
async function seededScreens(sandbox: SandboxApi): Promise<{ creator: Screen[]; follower: Screen[] }> {
  const creatorDashboard = await sandbox.api<{ channels: ChannelDto[]; transactions: TransactionDto[] }>(
    ALICE,
    'GET',
    '/dashboard?mode=creator',
  );
  const channelNamed = (name: string) => {
    const channel = creatorDashboard.channels.find((c) => c.name === name);
    if (!channel) throw new Error(`Alice has no channel ${name}`);
    return channel;
  };
  const travels = channelNamed('Alice Travels');
  const journal = channelNamed("Alice's Journal");
  expect(travels.type).toBe('public');
  const travelsDetail = await sandbox.api<{ subscriptions: SubscriptionDto[] }>(ALICE, 'GET', `/channel/${travels.id}`);
  const weekly = travelsDetail.subscriptions.find((s) => s.name === 'Weekly Subscription');
  if (!weekly) throw new Error('Alice Travels has no Weekly Subscription');
  const weeklyDetail = await sandbox.api<{ membersGrouped: { live: MemberDto[] }; users: UserDto[] }>(
    ALICE,
    'GET',
    `/subscription/${weekly.id}`,
  );
  const member = weeklyDetail.membersGrouped.live[0];
  const memberUser = weeklyDetail.users.find((u) => u.id === member?.userId);
  if (!member || !memberUser) throw new Error('the weekly subscription has no live member');
  // A seeded sale (the newest rows may be payouts the server's jobs just made).
  const transaction = creatorDashboard.transactions.find((t) => t.type === 'sell_subscription');
  if (!transaction) throw new Error('Alice has no subscription sale on the first page');

  const followerDashboard = await sandbox.api<{
    subscriptionMembers: MemberDto[];
    subscriptions: SubscriptionDto[];
    cards: CardDto[];
  }>(BOB, 'GET', '/dashboard?mode=follower');
  const monthly = followerDashboard.subscriptions.find((s) => s.name === 'Monthly Subscription');
  const bobMonthly = followerDashboard.subscriptionMembers.find((m) => m.subscriptionId === monthly?.id);
  if (!monthly || !bobMonthly) throw new Error('Bob has no monthly membership');
  const visa = followerDashboard.cards.find((c) => c.cardBrand === 'visa');
  if (!visa) throw new Error('Bob has no Visa card');
  // An invoice Bob can pay: the journal's yearly subscription (he is not a member of it).
  const journalDetail = await sandbox.api<{ subscriptions: SubscriptionDto[] }>(ALICE, 'GET', `/channel/${journal.id}`);
  const yearly = journalDetail.subscriptions.find((s) => s.name === 'Yearly Subscription');
  if (!yearly) throw new Error("Alice's Journal has no Yearly Subscription");
  // The donation request's id is on the bot's post in the channel.
  const { posts } = await sandbox.get<{ posts: BotPostDto[] }>(`/sandbox/bot/posts?chatId=${travels.chatId}`);
  const donationPost = posts.find((p) => p.kind === 'donation');
  if (!donationPost) throw new Error('Alice Travels has no donation post');

  const channelPath = `/channel/${travels.id}`;
  const subscriptionPath = `${channelPath}/subscription/${weekly.id}`;
  const memberName = [memberUser.firstName, memberUser.lastName].filter(Boolean).join(' ');
  const heading = (name: string | RegExp) => (app: FrameLocator) => app.getByRole('heading', { name }).first();
  return {
    creator: [
      {
        name: 'dashboard-creator',
        path: '/dashboard/creator',
        ready: (app) => app.getByRole('region', { name: 'Balance' }),
      },
      { name: 'channel', path: channelPath, ready: heading('Alice Travels') },
      { name: 'channel-settings', path: `${channelPath}/settings`, ready: heading('Channel settings') },
      { name: 'channel-language', path: `${channelPath}/language`, ready: heading('Channel language') },
      { name: 'subscription', path: subscriptionPath, ready: heading('Weekly Subscription') },
      { name: 'subscription-edit', path: `${subscriptionPath}/edit`, ready: (app) => app.getByText('Set at creation') },
      {
        name: 'subscription-create',
        path: `${channelPath}/subscription/create`,
        ready: (app) => app.getByLabel('Price', { exact: true }),
      },
      {
        name: 'subscription-preview',
        path: `${subscriptionPath}/preview`,
        ready: (app) => app.getByTestId('message-preview'),
      },
      {
        name: 'subscription-command',
        path: `${channelPath}/subscription/command?subscriptionId=${weekly.id}`,
        ready: (app) => app.getByLabel('Command', { exact: true }),
      },
      { name: 'member', path: `${subscriptionPath}/member/${member.id}`, ready: heading(memberName) },
      { name: 'connectbot', path: '/connectbot', ready: heading('Add the bot to your channel') },
      { name: 'payout', path: '/payout', ready: (app) => app.getByText('Next payout') },
      { name: 'payout-settings', path: '/payout/settings', ready: heading('Payout settings') },
      {
        name: 'transaction',
        path: `/transaction/${transaction.id}`,
        ready: (app) => app.getByText('Subscription sold').first(),
      },
    ],
    follower: [
      {
        name: 'dashboard-follower',
        path: '/dashboard/follower',
        ready: (app) => app.getByRole('region', { name: 'Active subscriptions', exact: true }),
      },
      {
        name: 'follower-subscription',
        path: `/follower/subscription/${bobMonthly.id}`,
        ready: (app) => app.getByText('Monthly Subscription').first(),
      },
      { name: 'payment', path: '/payment', ready: heading('Payment methods') },
      { name: 'payment-card', path: `/payment/card/${visa.id}`, ready: (app) => app.getByText(/4242/).first() },
      { name: 'invoice-subscription', path: `/invoice/subscription/${yearly.id}`, ready: heading("Alice's Journal") },
      { name: 'invoice-donation', path: `/invoice/donation/${donationPost.refId}`, ready: heading('Alice Travels') },
    ],
  };
}

/**
 * Navigates inside the mini-app the way its router does on a link (history entry in react-router's format, then
 * popstate), keeping the launch data of the query and hash, so one session serves every screen.
 */
async function navigateInApp(app: FrameLocator, path: string): Promise<void> {
  await app.locator('body').evaluate((_body, target) => {
    const url = new URL(target, window.location.href);
    new URLSearchParams(window.location.search).forEach((value, key) => {
      if (!url.searchParams.has(key)) url.searchParams.set(key, value);
    });
    url.hash = window.location.hash;
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', url.toString());
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  const pathname = path.split('?')[0];
  await expect.poll(() => app.locator('body').evaluate(() => window.location.pathname)).toBe(pathname);
}

/** Waits until the screen shows its own content: ready, no spinner, its known heading or text. */
async function expectScreenShown(app: FrameLocator, screen: Screen): Promise<void> {
  await expect(screen.ready(app)).toBeVisible({ timeout: 15_000 });
  await expect(app.locator('main.screen[data-state="ready"]')).toBeVisible();
  await expect(app.locator('main.screen[aria-busy="true"], .screen-spinner')).toHaveCount(0);
}

/** Console problems nobody expects: the emulator page's missing favicon is benign. */
function unexpectedProblems(problems: readonly ConsoleProblem[]): ConsoleProblem[] {
  return problems.filter((problem) => !(problem.kind === 'console.error' && problem.url.endsWith('/favicon.ico')));
}

const LOOKS: readonly { platform: EmulatorPlatform; theme: EmulatorTheme }[] = [
  { platform: 'ios', theme: 'light' },
  { platform: 'ios', theme: 'dark' },
  { platform: 'android-7.10', theme: 'light' },
  { platform: 'android-7.10', theme: 'dark' },
];

for (const { platform, theme } of LOOKS) {
  const look = `${platform}-${theme}`;
  test(`every creator and follower screen in the ${platform} ${theme} look`, async ({
    emulator,
    sandbox,
    consoleProblems,
    saveScreenshot,
  }) => {
    test.setTimeout(120_000);
    const screens = await seededScreens(sandbox);
    const app = emulator.app;
    for (const [user, list] of [
      [demoUsers.alice, screens.creator],
      [demoUsers.bob, screens.follower],
    ] as const) {
      await emulator.open({ user, platform, theme, appPath: list[0]!.path });
      for (const [index, screen] of list.entries()) {
        if (index > 0) await navigateInApp(app, screen.path);
        await expectScreenShown(app, screen);
        await saveScreenshot(`looks/${look}/${screen.name}`);
        expect(unexpectedProblems(consoleProblems), `console problems up to ${screen.name}`).toEqual([]);
      }
    }
  });
}
