import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { demoUsers, expect, test } from './support/fixtures';
import { unexpectedProblems } from './dashboard-support';
import { verifiedCreator } from './support/payout';

/**
 * Back to a list screen from a row's detail shows the list as it was left, at once: every page loaded, the same tab
 * and filter, the same scroll, with no loading state; the list then checks itself against the server quietly. The
 * route keeps the view model of a screen left going forward (src/presentation/navigation/keptScreens.ts); each
 * request a fresh screen would make is held here, so a list that loaded again would show nothing.
 */

/** Holds the app's requests to `path` until `release()`; counts the answers. */
async function holdRequests(page: Page, path: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let answers = 0;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === path) answers += 1;
  });
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return { release, answers: () => answers };
}

test("back from a subscription keeps the channel's pages and scroll", async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const creator = await verifiedCreator(sandbox, 'Kira');
  const { channel } = (await sandbox.channelAdded({
    ownerTelegramId: creator.telegramId,
    chatId: -1_000_000_000_000 - randomInt(1_000_000_000),
    title: 'Kira Keeps',
  })) as { channel: { id: number } };
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/language`, { language: 'en' });
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/onboarding/skip_step`);
  await sandbox.api(creator, 'POST', `/channel/${channel.id}/onboarding/skip_step`);
  // More subscriptions than one page (newest first): "Plan 1", the oldest, is on the second page.
  for (let n = 1; n <= 25; n += 1)
    await sandbox.api(creator, 'POST', '/subscription/new', {
      channelId: channel.id,
      name: `Plan ${n}`,
      description: 'Support',
      period: 'monthly',
      currency: 'eur',
      amount: n,
      buttonText: 'Subscribe',
    });

  await emulator.open({ user: creator, appPath: `/channel/${channel.id}` });
  const app = emulator.app;
  await expect(app.getByRole('heading', { level: 1, name: 'Kira Keeps' })).toBeVisible();
  const rows = app.locator('a.channel-subscription');
  await app.getByRole('button', { name: 'Show more' }).click();
  await expect(rows).toHaveCount(25);
  const oldest = rows.filter({ hasText: /^Plan 1\b/ });
  await oldest.scrollIntoViewIfNeeded();
  const frame = await (await emulator.frameElement.elementHandle())?.contentFrame();
  if (!frame) throw new Error('no app frame');
  const scrolled = await frame.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  await oldest.click();
  await expect(app.getByRole('heading', { name: 'Members' })).toBeVisible();
  const channelPage = await holdRequests(page, `/api/v2/channel/${channel.id}`);
  await emulator.clickBackButton();
  await expect(oldest).toBeInViewport();
  await expect(rows).toHaveCount(25);
  await expect.poll(() => frame.evaluate(() => window.scrollY)).toBe(scrolled);
  // Then one quiet check against the server, which leaves the user's place as it is.
  channelPage.release();
  await expect.poll(channelPage.answers).toBe(1);
  await expect(rows).toHaveCount(25);
  expect(await frame.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test("back from a member keeps the subscription's tab and filter", async ({ emulator, page, consoleProblems }) => {
  await emulator.open({ user: demoUsers.alice, appPath: '/channel/1/subscription/1' });
  const app = emulator.app;
  await expect(app.getByRole('heading', { name: 'Members' })).toBeVisible();
  await app.getByRole('tab', { name: 'Inactive' }).click();
  await app.getByRole('tab', { name: 'Expired' }).click();
  const members = app.locator('a[href*="/member/"]');
  await expect(members.first()).toBeVisible();
  const shown = await members.allTextContents();

  await members.first().click();
  await expect(app.getByRole('heading', { name: 'Members' })).toHaveCount(0);
  const subscriptionPage = await holdRequests(page, '/api/v2/subscription/1');
  await emulator.clickBackButton();
  await expect(app.getByRole('tab', { name: 'Inactive' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByRole('tab', { name: 'Expired' })).toHaveAttribute('aria-selected', 'true');
  expect(await members.allTextContents()).toEqual(shown);
  subscriptionPage.release();
  await expect.poll(subscriptionPage.answers).toBe(1);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});
