/**
 * Lists longer than a page: the dashboard shows the first page and loads the next ones while the user scrolls, down to
 * the last item, each once: a follower's memberships (POST /dashboard/subscriptions) and a creator's channels
 * (POST /dashboard/channels).
 */
import type { Locator, Page } from '@playwright/test';
import { unexpectedProblems, waitForScreen } from './dashboard-support';
import { expect, newUser, test } from './support/fixtures';
import { verifiedCreator } from './support/payout';

const COUNT = 45;

/** The bodies of the app's requests for a list's later pages (POST /api/v2/<path>), as they are sent. */
function pageRequestsTo(page: Page, path: string): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/v2/${path}`)) bodies.push(request.postData() ?? '');
  });
  return bodies;
}

/** Scrolls to the end of the list until every page has arrived: COUNT rows. */
async function scrollToTheEnd(rows: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        await rows.last().scrollIntoViewIfNeeded();
        return rows.count();
      },
      { timeout: 30_000 },
    )
    .toBe(COUNT);
}

/** The first page came with the dashboard; the rest page by page, each from the cursor of the one before. */
function expectPagedByCursors(bodies: readonly string[]): void {
  expect(bodies.length).toBeGreaterThanOrEqual(2);
  for (const body of bodies) expect(JSON.parse(body)).toEqual({ startFrom: expect.any(String) });
  expect(new Set(bodies).size).toBe(bodies.length);
}

test('a follower in 45 subscriptions scrolls down to the last one', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const owner = newUser('Pia');
  const follower = newUser('Finn');
  await sandbox.api(owner, 'GET', '/dashboard?mode=follower');
  await sandbox.api(follower, 'GET', '/dashboard?mode=follower');
  // COUNT channels "Pia 1" … "Pia 45", each with a subscription the follower is in, all made at one time.
  await sandbox.post('/sandbox/memberships', {
    ownerTelegramId: owner.telegramId,
    followerTelegramId: follower.telegramId,
    count: COUNT,
  });
  const pageRequests = pageRequestsTo(page, 'dashboard/subscriptions');

  await emulator.open({ user: follower, platform: 'android-7.10' });
  const app = emulator.app;
  await waitForScreen(app);
  const rows = app.getByRole('region', { name: 'Active subscriptions' }).getByRole('link');
  await expect(rows.first()).toBeVisible();
  await scrollToTheEnd(rows);

  // Newest first: the channel made last (the highest number) leads, the first one made ends the list.
  await expect(rows.first()).toContainText(`Pia ${COUNT}`);
  await expect(rows.last()).toContainText(/Pia 1(?!\d)/);
  await rows.last().scrollIntoViewIfNeeded();
  await expect(rows.last()).toBeInViewport();
  const names = await rows.evaluateAll((links) =>
    links.map((link) => /Pia \d+/.exec(link.textContent ?? '')?.[0] ?? ''),
  );
  expect(new Set(names).size).toBe(COUNT);
  expect(names).toEqual(Array.from({ length: COUNT }, (_, index) => `Pia ${COUNT - index}`));
  expectPagedByCursors(pageRequests);
  await expect(app.getByRole('region', { name: 'Inactive subscriptions' })).toHaveCount(0);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('a creator with 45 channels scrolls down to the last one', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const owner = await verifiedCreator(sandbox, 'Cora');
  const follower = newUser('Fred');
  await sandbox.api(follower, 'GET', '/dashboard?mode=follower');
  // COUNT channels "Cora 1" … "Cora 45", each with a subscription, all made at one time.
  await sandbox.post('/sandbox/memberships', {
    ownerTelegramId: owner.telegramId,
    followerTelegramId: follower.telegramId,
    count: COUNT,
  });
  const pageRequests = pageRequestsTo(page, 'dashboard/channels');

  // Verified: the server opens the creator view.
  await emulator.open({ user: owner, platform: 'ios' });
  const app = emulator.app;
  await waitForScreen(app);
  const rows = app.getByRole('region', { name: 'Channels', exact: true }).locator('a[href^="/channel/"]');
  await expect(rows.first()).toBeVisible();
  await scrollToTheEnd(rows);

  // Oldest first: the channel made first leads, the one made last ends the list.
  const names = await rows.evaluateAll((links) =>
    links.map((link) => link.querySelector('.cell__title')?.textContent ?? ''),
  );
  expect(names).toEqual(Array.from({ length: COUNT }, (_, index) => `Cora ${index + 1}`));
  await rows.last().scrollIntoViewIfNeeded();
  await expect(rows.last()).toBeInViewport();
  await expect(rows.last()).toContainText('1 paid subscriber');
  expectPagedByCursors(pageRequests);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});
