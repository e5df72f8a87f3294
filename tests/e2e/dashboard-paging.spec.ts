/**
 * Lists longer than a page: the dashboard shows the first page and loads the next ones while the user scrolls, down to
 * the last item, each once: a follower's memberships (POST /dashboard/subscriptions) and a creator's channels
 * (POST /dashboard/channels).
 */
import { unexpectedProblems, waitForScreen } from './dashboard-support';
import { expect, newUser, test } from './support/fixtures';
import { verifiedCreator } from './support/payout';

const COUNT = 45;

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
  const pageRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v2/dashboard/subscriptions')) pageRequests.push(request.postData() ?? '');
  });

  await emulator.open({ user: follower, platform: 'android-7.10' });
  const app = emulator.app;
  await waitForScreen(app);
  const rows = app.getByRole('region', { name: 'Active subscriptions' }).getByRole('link');
  await expect(rows.first()).toBeVisible();
  // Scroll to the end of the list until every page has arrived.
  await expect
    .poll(
      async () => {
        await rows.last().scrollIntoViewIfNeeded();
        return rows.count();
      },
      { timeout: 30_000 },
    )
    .toBe(COUNT);

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
  // The first page came with the dashboard; the rest page by page, each from the cursor of the one before.
  expect(pageRequests.length).toBeGreaterThanOrEqual(2);
  for (const body of pageRequests) expect(JSON.parse(body)).toEqual({ startFrom: expect.any(String) });
  expect(new Set(pageRequests).size).toBe(pageRequests.length);
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
  const pageRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v2/dashboard/channels')) pageRequests.push(request.postData() ?? '');
  });

  // Verified: the server opens the creator view.
  await emulator.open({ user: owner, platform: 'ios' });
  const app = emulator.app;
  await waitForScreen(app);
  const rows = app.getByRole('region', { name: 'Channels', exact: true }).locator('a[href^="/channel/"]');
  await expect(rows.first()).toBeVisible();
  await expect
    .poll(
      async () => {
        await rows.last().scrollIntoViewIfNeeded();
        return rows.count();
      },
      { timeout: 30_000 },
    )
    .toBe(COUNT);

  // Oldest first: the channel made first leads, the one made last ends the list.
  const names = await rows.evaluateAll((links) =>
    links.map((link) => link.querySelector('.cell__title')?.textContent ?? ''),
  );
  expect(names).toEqual(Array.from({ length: COUNT }, (_, index) => `Cora ${index + 1}`));
  await rows.last().scrollIntoViewIfNeeded();
  await expect(rows.last()).toBeInViewport();
  await expect(rows.last()).toContainText('1 paid subscriber');
  // The first page came with the dashboard; the rest page by page, each from the cursor of the one before.
  expect(pageRequests.length).toBeGreaterThanOrEqual(2);
  for (const body of pageRequests) expect(JSON.parse(body)).toEqual({ startFrom: expect.any(String) });
  expect(new Set(pageRequests).size).toBe(pageRequests.length);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});
