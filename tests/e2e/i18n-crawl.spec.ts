/**
 * Every route in Russian, German and Arabic at 360 px, in both looks (Apple: the iOS launch platform; Material: Android
 * 7.10), read only, as the seeded creator (Alice, 1001), follower (Bob, 2001) and creator due for migration (3001).
 * Per language and look one emulator session per user; the routes are reached in-app (a router navigation, as a link
 * does), so the server and the page start once. On every route it fails on:
 * - a page that scrolls sideways (document scrollWidth > clientWidth);
 * - a text element clipped by its container (overflow hidden or clip, or an ellipsis, with scrollWidth > clientWidth);
 *   rows wrap and segmented controls scroll, so the only deliberate truncation left is a `.cell--truncate` row
 *   (/debug's page URL: thousands of characters of launch data, copied by the row, not read).
 * In Arabic it also checks the right-to-left document, runs axe (WCAG 2 A/AA) and keeps a screenshot of the phone per
 * route and look (test artifacts), the Apple look light and the Material look dark. The German Apple run ends by
 * choosing French in /settings/language, which stores it and restarts the page in French.
 */
import type { FrameLocator, Page, TestInfo } from '@playwright/test';
import type { SandboxApi } from './support/sandbox';
import {
  type EmulatorPlatform,
  type EmulatorTheme,
  demoUsers,
  expect,
  expectNoSeriousA11yViolationsInFrame,
  test,
} from './support/fixtures';

interface ChannelDto {
  id: number;
  chatId: number;
  name: string;
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
interface CardDto {
  id: number;
  cardBrand: string;
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

/** The phone's screen is 360 CSS px wide (the emulator's phone has a 10 px frame each side, border-box). */
const WIDTH = 360;

interface Session {
  readonly user: number;
  readonly paths: readonly string[];
}

/** Every route of src/presentation/navigation (first routes and routes.tsx), with seeded ids (GET calls only). */
async function sessions(sandbox: SandboxApi): Promise<Session[]> {
  const creator = await sandbox.api<{ channels: ChannelDto[]; transactions: TransactionDto[] }>(
    ALICE,
    'GET',
    '/dashboard?mode=creator',
  );
  const travels = creator.channels.find((c) => c.name === 'Alice Travels');
  if (!travels) throw new Error('Alice has no channel Alice Travels');
  const detail = await sandbox.api<{ subscriptions: SubscriptionDto[] }>(ALICE, 'GET', `/channel/${travels.id}`);
  const weekly = detail.subscriptions.find((s) => s.name === 'Weekly Subscription');
  if (!weekly) throw new Error('Alice Travels has no Weekly Subscription');
  const weeklyDetail = await sandbox.api<{ membersGrouped: { live: MemberDto[] } }>(
    ALICE,
    'GET',
    `/subscription/${weekly.id}`,
  );
  const member = weeklyDetail.membersGrouped.live[0];
  if (!member) throw new Error('the weekly subscription has no live member');
  const sale = creator.transactions.find((t) => t.type === 'sell_subscription');
  if (!sale) throw new Error('Alice has no subscription sale on the first page');
  const follower = await sandbox.api<{
    subscriptionMembers: MemberDto[];
    subscriptions: SubscriptionDto[];
    cards: CardDto[];
  }>(BOB, 'GET', '/dashboard?mode=follower');
  const membership = follower.subscriptionMembers[0];
  const card = follower.cards[0];
  if (!membership || !card) throw new Error('Bob has no membership or no card');
  const { posts } = await sandbox.get<{ posts: BotPostDto[] }>(`/sandbox/bot/posts?chatId=${travels.chatId}`);
  const donation = posts.find((p) => p.kind === 'donation');
  if (!donation) throw new Error('Alice Travels has no donation post');

  const channel = `/channel/${travels.id}`;
  const subscription = `${channel}/subscription/${weekly.id}`;
  return [
    {
      user: demoUsers.alice,
      paths: [
        '/dashboard/creator',
        channel,
        `${channel}/settings`,
        `${channel}/language`,
        `/channel?id=${travels.id}`,
        `${channel}/subscription/create`,
        subscription,
        `${subscription}/edit`,
        `${subscription}/preview`,
        `${subscription}/member/${member.id}`,
        `${channel}/subscription/command?subscriptionId=${weekly.id}`,
        `${channel}/donation/create`,
        `/invoice/donation/${travels.id}/preview`,
        `/transaction/${sale.id}`,
        '/payout',
        '/payout/settings',
        '/payout/setup',
        '/payout/setup/country',
        '/payout/setup/bank',
        '/connectbot',
        '/verification',
        '/settings/language',
        '/faq',
        '/support',
        '/banned',
        '/uikit',
        '/dev',
        '/debug',
        '/no-such-page',
      ],
    },
    {
      user: demoUsers.bob,
      paths: [
        '/dashboard/follower',
        `/follower/subscription/${membership.id}`,
        '/payment',
        `/payment/card/${card.id}`,
        `/invoice/subscription/${weekly.id}`,
        `/invoice/donation/${donation.refId}`,
        '/payment/choicePaymentMethod',
        '/payment/form',
        '/payment/redirect',
        '/settings/language',
      ],
    },
    { user: demoUsers.migrating, paths: ['/migration', '/migration/terms', '/migration/connectChannels'] },
  ];
}

/** A router navigation inside the mini-app (history entry in react-router's format, then popstate), keeping the launch data. */
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
}

/** Waits until the route's screen has rendered its data (or its error state) and settled. */
async function expectSettled(app: FrameLocator, path: string): Promise<void> {
  const pathname = path.split('?')[0];
  // Some routes redirect (a payment step without a payment goes back): the path is waited for, not required.
  await expect
    .poll(() => app.locator('body').evaluate(() => window.location.pathname), { timeout: 2_000 })
    .toBe(pathname)
    .catch(() => undefined);
  await expect(app.locator('main.screen')).toHaveCount(1, { timeout: 15_000 });
  await expect(app.locator('main.screen[aria-busy="true"], .screen-spinner')).toHaveCount(0, { timeout: 15_000 });
  await app.locator('body').evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Sideways scrolling and clipped texts of the mini-app's document, each described. */
function layoutProblems(app: FrameLocator): Promise<string[]> {
  return app.locator('body').evaluate(() => {
    const describe = (element: Element): string => {
      const classes =
        typeof element.className === 'string' && element.className
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : '';
      return `${element.tagName.toLowerCase()}${classes} "${(element.textContent ?? '').trim().slice(0, 60)}" (${element.scrollWidth} > ${element.clientWidth})`;
    };
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const element of document.body.querySelectorAll('*')) {
      // Screen-reader-only texts are clipped on purpose; form fields scroll their own value; a .cell--truncate row is
      // the deliberate single-line truncation (only /debug's page URL, thousands of characters of launch data).
      if (element.closest('.visually-hidden, svg, input, textarea, select, .cell--truncate')) continue;
      const style = getComputedStyle(element);
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (!clips || element.scrollWidth <= element.clientWidth + 1) continue;
      if ((element.textContent ?? '').trim() === '' || element.getClientRects().length === 0) continue;
      problems.push(`clipped: ${describe(element)}`);
    }
    return problems;
  });
}

/** The phone, saved in the test's output folder (a CI artifact) and attached to the report, like saveScreenshot. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name.replace(/[^a-z0-9._-]+/gi, '-')}.png`);
  await page.locator('#phone').screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

const LANGUAGES = ['ru', 'de', 'ar'] as const;
const LOOKS: readonly { look: 'apple' | 'material'; platform: EmulatorPlatform; theme: EmulatorTheme }[] = [
  { look: 'apple', platform: 'ios', theme: 'light' },
  { look: 'material', platform: 'android-7.10', theme: 'dark' },
];

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  for (const { look, platform, theme } of LOOKS) {
    test(`every route in ${lang} at ${WIDTH} px in the ${look} look holds its layout${lang === 'ar' ? ', right to left and axe-clean' : ''}`, async ({
      page,
      emulator,
      sandbox,
    }, testInfo) => {
      test.setTimeout(150_000);
      // The phone's screen at 360 px: the emulator page only (the init script runs in every frame).
      await page.addInitScript(() => {
        if (window.top !== window || !window.location.pathname.startsWith('/sandbox')) return;
        document.addEventListener('DOMContentLoaded', () => {
          const style = document.createElement('style');
          style.textContent = '.phone { width: 380px !important; }';
          document.head.append(style);
        });
      });
      const found: string[] = [];
      const app = emulator.app;
      for (const { user, paths } of await sessions(sandbox)) {
        await emulator.open({ user, platform, theme, lang, appPath: paths[0] });
        await expect(app.locator('html')).toHaveAttribute('lang', lang);
        await expect.poll(() => app.locator('body').evaluate(() => window.innerWidth)).toBe(WIDTH);
        if (lang === 'ar') await expect(app.locator('html')).toHaveAttribute('dir', 'rtl');
        for (const [index, path] of paths.entries()) {
          if (index > 0) await navigateInApp(app, path);
          await expectSettled(app, path);
          found.push(...(await layoutProblems(app)).map((problem) => `${path}: ${problem}`));
          if (lang === 'ar') {
            await keepScreenshot(page, testInfo, `ar-${look}-${theme}/${user}${path}`);
            const frame = await (await emulator.frameElement.elementHandle())?.contentFrame();
            if (!frame) throw new Error('no mini-app frame');
            await expectNoSeriousA11yViolationsInFrame(frame);
          }
        }
      }
      expect(found, `layout problems in ${lang}, ${look} look`).toEqual([]);
      if (lang === 'de' && look === 'apple') {
        // The language choice: a tap stores it and the page starts again in it, on the same screen.
        await navigateInApp(app, '/settings/language');
        await app.getByRole('button', { name: 'Français' }).click();
        await expect(app.locator('html')).toHaveAttribute('lang', 'fr');
        await expect(app.getByRole('heading', { name: 'Langue', exact: true })).toBeAttached();
        await expect(
          app.getByRole('button', { name: /Français/ }).getByRole('img', { name: 'Langue actuelle' }),
        ).toBeVisible();
      }
    });
  }
}
