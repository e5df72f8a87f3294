/**
 * A follower in more subscriptions than a page: the dashboard shows the first page and loads the next ones while the
 * user scrolls (POST /dashboard/subscriptions), down to the oldest membership, each once.
 */
import { unexpectedProblems, waitForScreen } from './dashboard-support';
import { expect, newUser, test } from './support/fixtures';

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
