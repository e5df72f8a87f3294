import type { FrameLocator, Locator, TestInfo } from '@playwright/test';
import { demoUsers, expect, expectNoSeriousA11yViolationsInApp, test } from './support/fixtures';
import { unexpectedProblems, waitForScreen } from './dashboard-support';

/** A built asset's path without the bundler's 8-character content hash: /assets/index-AbC123xy.js → /assets/index.js. */
const withoutHash = (path: string) => path.replace(/-[\w-]{8}\.js$/, '.js');

/**
 * The dashboard (spec section 2) with the seeded demo accounts (read only): Alice's creator view (balances,
 * payout rows, channels, transactions loaded page by page while scrolling) and Bob's follower view (active and
 * inactive subscriptions, payment methods, earn link), with axe in light and dark and screenshots of both looks.
 */

for (const theme of ['light', 'dark'] as const) {
  for (const platform of ['ios', 'android-7.10'] as const) {
    test(`Alice's creator dashboard (${platform}, ${theme})`, async ({
      emulator,
      page,
      consoleProblems,
      saveScreenshot,
    }) => {
      await emulator.open({ user: demoUsers.alice, platform, theme });
      const app = emulator.app;
      await waitForScreen(app);
      await expect(app.getByRole('region', { name: 'Balance' })).toBeVisible();
      await expect.poll(() => app.locator('body').evaluate(() => window.location.pathname)).toBe('/dashboard/creator');

      const balance = app.getByRole('region', { name: 'Balance' });
      await expect(balance.getByText('Active').first()).toBeVisible();
      await expect(balance.getByText('For payout').first()).toBeVisible();
      await expect(balance.getByText(/€\d/).first()).toBeVisible();
      await expect(balance.getByText(/\d\u00a0₽/).first()).toBeVisible();
      await expect(balance.getByRole('link', { name: 'Payouts' })).toHaveAttribute('href', '/payout');
      // Alice has a payout account: no payout-details row.
      await expect(app.getByRole('link', { name: /Provide payout details/ })).toHaveCount(0);

      const channels = app.getByRole('region', { name: 'Channels' });
      await expect(channels.getByRole('link', { name: /Alice's Journal/ })).toContainText(/paid subscriber/);
      await expect(channels.getByRole('link', { name: /Alice Travels/ })).toHaveAttribute('href', /^\/channel\/\d+$/);
      await expect(channels.getByRole('link', { name: 'Add channel' })).toHaveAttribute('href', '/connectbot');
      await expect(app.getByRole('link', { name: 'Switch to follower view' })).toBeVisible();

      // The revenue chart (a lazy chunk) is drawn before axe looks, so it is checked in every look and theme.
      await expect(
        app.getByRole('region', { name: 'Revenue' }).getByRole('img', { name: /^Earnings chart, / }),
      ).toBeVisible();
      await expectNoSeriousA11yViolationsInApp(page);
      await saveScreenshot(`dashboard-creator-${platform}-${theme}`);
      expect(unexpectedProblems(consoleProblems)).toEqual([]);
    });
  }
}

/** A screenshot of one element, kept under test-results/ (a CI artifact) and attached to the report. */
async function attachScreenshot(testInfo: TestInfo, name: string, element: Locator): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await element.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The app frame has no horizontal overflow: nothing is wider than the 360 px screen. */
async function expectNoHorizontalOverflow(app: FrameLocator): Promise<void> {
  await expect
    .poll(() => app.locator('body').evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

// Axe checks the chart in the creator dashboard tests above (light and dark).
test('revenue at a glance: bars from the demo ledger, the period switch, the table for screen readers; fits 360 px, in Arabic too', async ({
  emulator,
  page,
  consoleProblems,
}, testInfo) => {
  await emulator.open({ user: demoUsers.alice, platform: 'ios', theme: 'light' });
  await page.addStyleTag({ content: '.phone { width: 380px !important; }' });
  const app = emulator.app;
  await waitForScreen(app);
  await expect.poll(() => app.locator('body').evaluate(() => window.innerWidth)).toBe(360);

  const revenue = app.getByRole('region', { name: 'Revenue' });
  const chart = revenue.getByRole('img', { name: /^Earnings chart, .*\d.* in total$/ });
  await expect(chart).toBeVisible();
  // The seeded demo ledger has earnings in the last 30 days: some bars have height.
  const tallBars = chart
    .locator('rect')
    .evaluateAll((rects) => rects.filter((rect) => Number(rect.getAttribute('height')) > 0).length);
  await expect.poll(() => tallBars).toBeGreaterThan(0);
  const table = revenue.getByRole('table', { name: 'Earnings and members by period' });
  await expect(table).toBeAttached();
  await expect(table.locator('tbody tr')).toHaveCount(30);
  await expect(table.getByRole('columnheader')).toHaveText([
    'Period',
    'Subscriptions',
    'Donations',
    'New members',
    'Lost members',
  ]);
  // Each row names its day with the page language's month names (no Intl on the first screen: format-light).
  const dayLabel = /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/;
  await expect(table.getByRole('rowheader').first()).toHaveText(dayLabel);
  await expect(table.getByRole('rowheader').last()).toHaveText(dayLabel);

  // Weeks: 13 buckets, so 13 rows and 26 bars (subscriptions and donations stacked).
  await revenue.getByRole('tab', { name: 'Weeks' }).click();
  await expect(revenue.getByRole('tab', { name: 'Weeks' })).toHaveAttribute('aria-selected', 'true');
  await expect(table.locator('tbody tr')).toHaveCount(13);
  await expect(chart.locator('rect')).toHaveCount(26);
  await expect(revenue.getByRole('button', { name: 'Export transactions (CSV)' })).toBeVisible();
  await expectNoHorizontalOverflow(app);

  await attachScreenshot(testInfo, 'revenue-chart-360', revenue);

  // Arabic, on a channel page: right to left, still within 360 px.
  const channelPath = await app
    .getByRole('region', { name: 'Channels' })
    .locator('a[href^="/channel/"]')
    .first()
    .getAttribute('href');
  await emulator.open({ user: demoUsers.alice, platform: 'ios', theme: 'light', lang: 'ar', appPath: channelPath! });
  await page.addStyleTag({ content: '.phone { width: 380px !important; }' });
  const channelChart = app.locator('.revenue-chart');
  await expect(channelChart.locator('svg[role="img"]')).toBeVisible();
  await expect(app.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(channelChart.getByRole('rowheader').first()).toHaveText(/^\d{1,2} \p{Script=Arabic}+$/u);
  await expectNoHorizontalOverflow(app);
  await attachScreenshot(testInfo, 'revenue-chart-360-ar-channel', channelChart);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('creator transactions load page by page while scrolling', async ({ emulator, page, consoleProblems }) => {
  const pages: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v2/dashboard/transactions')) pages.push(request.postData() ?? '');
  });
  await emulator.open({ user: demoUsers.alice, platform: 'android-7.10' });
  const app = emulator.app;
  await waitForScreen(app);
  const rows = app.getByRole('region', { name: 'Transactions' }).locator('a[href^="/transaction/"]');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText(/[+-](€|\d)/);
  // Scroll to the end: the list asks for the next page (20 per page; Alice has more).
  for (let attempt = 0; attempt < 5 && (await rows.count()) <= 20; attempt += 1) {
    await rows.last().scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
  }
  await expect.poll(() => rows.count()).toBeGreaterThan(20);
  expect(pages.length).toBeGreaterThan(0);
  expect(JSON.parse(pages[0])).toEqual(
    expect.objectContaining({ mode: 'creator', list: 'all', startFrom: expect.any(String) }),
  );
  // A withdrawal reads negative, a sold subscription positive.
  await expect(rows.filter({ hasText: 'Subscription sold' }).first()).toContainText('+');
  await expect(rows.filter({ hasText: 'Withdrawal' }).first()).toContainText('-');
  await expect(rows.filter({ hasText: 'Done' })).toHaveCount(0);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`Bob's follower dashboard (${theme})`, async ({ emulator, page, consoleProblems, saveScreenshot }) => {
    await emulator.open({ user: demoUsers.bob, platform: theme === 'light' ? 'ios' : 'android-7.10', theme });
    const app = emulator.app;
    await waitForScreen(app);
    const active = app.getByRole('region', { name: 'Active subscriptions' });
    const inactive = app.getByRole('region', { name: 'Inactive subscriptions' });
    await expect(active.getByRole('link', { name: /Alice's Journal.*Monthly Subscription/ })).toBeVisible();
    await expect(active.getByRole('link', { name: /Alice Travels.*One-time Access/ })).toBeVisible();
    await expect(inactive.getByRole('link', { name: /Alice Travels.*Weekly Subscription.*Expired/ })).toHaveAttribute(
      'href',
      /^\/follower\/subscription\/\d+$/,
    );

    const payment = app.getByRole('region', { name: 'Payment methods' }).getByRole('link');
    await expect(payment).toHaveAttribute('href', '/payment');
    await expect(payment).toContainText('2 saved cards');
    await expect(payment.getByRole('img', { name: 'Visa card ending in 4242' })).toBeVisible();

    await expect(app.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    await expect(app.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    await expect(app.getByRole('button', { name: 'News' })).toBeVisible();
    await expect(app.getByRole('link', { name: /Earn with your channel/ })).toHaveAttribute('href', '/verification');
    await expect(app.getByRole('link', { name: 'Switch to creator view' })).toHaveCount(0);
    await expect(
      app.getByRole('region', { name: 'Transactions' }).locator('a[href^="/transaction/"]').first(),
    ).toContainText('-');

    await app.getByRole('button', { name: 'News' }).click();
    expect(JSON.stringify(await emulator.waitForMethod('web_app_open_tg_link'))).toContain('BackersNews');

    await expectNoSeriousA11yViolationsInApp(page);
    await saveScreenshot(`dashboard-follower-${theme}`);
    // Nothing asks for what a follower may not see (the creator dashboard would answer 403).
    expect(unexpectedProblems(consoleProblems)).toEqual([]);
  });
}

test('Alice switches between the creator and follower views', async ({ emulator, consoleProblems }) => {
  await emulator.open({ user: demoUsers.alice });
  const app = emulator.app;
  await waitForScreen(app);
  await app.getByRole('link', { name: 'Switch to follower view' }).click();
  await expect(app.getByRole('region', { name: 'Active subscriptions' })).toBeVisible();
  await app.getByRole('link', { name: 'Switch to creator view' }).click();
  await expect(app.getByRole('region', { name: 'Channels' })).toBeVisible();
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('the first screen asks for the dashboard once, from the page itself rather than from the entry', async ({
  emulator,
  page,
  consoleProblems,
}) => {
  const dashboardRequests: string[] = [];
  page.on('request', (request) => {
    // The app's frame only: the emulator (the host page) reads the creator's channels itself.
    if (request.frame() !== page.mainFrame() && new URL(request.url()).pathname === '/api/v2/dashboard')
      dashboardRequests.push(request.url());
  });
  await emulator.open({ user: demoUsers.alice });
  const app = emulator.app;
  await waitForScreen(app);
  await expect(app.getByRole('region', { name: 'Balance' })).toBeVisible();
  await expect.poll(() => app.locator('body').evaluate(() => window.location.pathname)).toBe('/dashboard/creator');

  // index.html's inline script starts it with fetch (earlyDashboardRequest.ts); the app's ApiClient (axios, over
  // XMLHttpRequest) takes its answer instead of asking again. Who started it is checked, not when: timings flake.
  const initiators = await app
    .locator('body')
    .evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname === '/api/v2/dashboard')
        .map((entry) => entry.initiatorType),
    );
  expect(dashboardRequests).toHaveLength(1);
  expect(initiators).toEqual(['fetch']);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test("a launch in another language asks for that language's first texts from the page itself, beside the entry", async ({
  emulator,
  consoleProblems,
}) => {
  await emulator.open({ user: demoUsers.alice, lang: 'ru' });
  const app = emulator.app;
  await waitForScreen(app);
  await expect(app.locator('html')).toHaveAttribute('lang', 'ru');
  // index.html's inline script preloads them (earlyTexts.ts) while the entry downloads, with a modulepreload link
  // (the app adds none: Vite's preload lists are off for import()); the app's import() then finds them loaded, once.
  // Without it the entry would ask, once it had run: one round trip more before the first paint.
  const { preloads, fetched } = await app.locator('body').evaluate(() => {
    const pathOf = (url: string) => new URL(url).pathname;
    return {
      preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
        pathOf(link.href),
      ),
      fetched: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .map((entry) => pathOf(entry.name))
        .filter((path) => /\/texts-/.test(path)),
    };
  });
  expect(preloads.map(withoutHash).sort()).toEqual(['/assets/rolldown-runtime.js', '/assets/texts-ru-first.js']);
  expect(fetched.map(withoutHash)).toEqual(['/assets/texts-ru-first.js']);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('the creator dashboard holds still while it loads, and asks for nothing else before its first paint', async ({
  emulator,
  consoleProblems,
}) => {
  await emulator.open({ user: demoUsers.alice });
  const app = emulator.app;
  await waitForScreen(app);
  // The revenue series arrives after the first paint, into a chart that was already drawn at its full height.
  await expect(
    app.getByRole('region', { name: 'Revenue' }).getByRole('img', { name: /^Earnings chart, / }),
  ).toBeVisible();
  await expect(
    app
      .getByRole('region', { name: 'Help' })
      .or(app.getByRole('link', { name: 'Switch to follower view' }))
      .first(),
  ).toBeVisible();

  const { shift, paintedAt, requests } = await app.locator('body').evaluate(
    () =>
      new Promise<{ shift: number; paintedAt: number; requests: { path: string; start: number }[] }>((resolve) => {
        // Buffered entries: every shift since the page started, not only those after this call.
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
          resolve({
            shift: entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0),
            paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
            requests: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
              path: new URL(entry.name).pathname,
              start: entry.startTime,
            })),
          });
        }).observe({ type: 'layout-shift', buffered: true });
        // No shift at all leaves the observer silent: answer with zero after a moment.
        setTimeout(
          () =>
            resolve({
              shift: 0,
              paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
              requests: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
                path: new URL(entry.name).pathname,
                start: entry.startTime,
              })),
            }),
          500,
        );
      }),
  );
  expect(shift).toBe(0);
  expect(paintedAt).toBeGreaterThan(0);
  const later = (path: RegExp) => requests.filter((request) => path.test(request.path));
  // Each of these would otherwise compete with the first screen for the phone's bandwidth and main thread.
  // The messenger's SDK too: the first screen paints from launch parameters read by hand (launchParams.ts).
  for (const path of [
    /^\/api\/v2\/revenue$/,
    /^\/api\/v2\/links$/,
    /\/axiosTransport-[\w-]+\.js$/,
    /\/afterStart-[\w-]+\.js$/,
    /\/telegramSdk-[\w-]+\.js$/,
  ]) {
    const found = later(path);
    expect({ path: String(path), found: found.length > 0 }).toEqual({ path: String(path), found: true });
    for (const request of found)
      expect({ path: request.path, afterFirstPaint: request.start >= paintedAt }).toEqual({
        path: request.path,
        afterFirstPaint: true,
      });
  }
  // The first screen's styles are inline in the page: no stylesheet request stands before its paint.
  expect(requests.filter((request) => request.path.endsWith('.css') && request.start < paintedAt)).toEqual([]);
  // Its code and English texts are the entry (main.tsx imports them): the only other script before the paint is the
  // bundler's runtime. Each script more in flight beside the entry would take a share of a slow link's bandwidth.
  const scriptsBeforePaint = requests
    .filter((request) => request.path.endsWith('.js') && request.start < paintedAt)
    .map((request) => withoutHash(request.path));
  expect(scriptsBeforePaint.sort()).toEqual(['/assets/index.js', '/assets/rolldown-runtime.js']);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('the CSV export downloads through the host, and says so when only the browser can', async ({
  emulator,
  page,
  consoleProblems,
}) => {
  await emulator.open({ user: demoUsers.alice, platform: 'ios', theme: 'light' });
  const app = emulator.app;
  await waitForScreen(app);
  const exportButton = app
    .getByRole('region', { name: 'Revenue' })
    .getByRole('button', { name: 'Export transactions (CSV)' });
  await expect(exportButton).toBeEnabled();
  await exportButton.click();
  await emulator.waitForMethod('web_app_request_file_download');
  // The host asks, like Telegram, then the browser saves the file.
  const download = page.waitForEvent('download');
  await emulator.answerPopup('Download', /Download .*\.csv\?/);
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  await expect(emulator.notice).toContainText(/Downloading .*\.csv/);

  // An older client has no download of its own: the link opens in the browser, and the app says the file is coming.
  await emulator.open({ user: demoUsers.alice, platform: 'android-6.6', theme: 'light' });
  await waitForScreen(app);
  await expect(exportButton).toBeEnabled();
  await exportButton.click();
  await emulator.waitForMethod('web_app_open_link');
  await expect(app.getByRole('status')).toContainText('Your CSV file is downloading');
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('the revenue chart switches between every currency the creator earns in, and labels its first and last dates', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const alice = { telegramId: demoUsers.alice, firstName: 'Alice' };
  const { currencies } = await sandbox.api<{ currencies: string[] }>(alice, 'GET', '/revenue?period=day');
  // The demo ledger earns in euros and roubles.
  expect([...currencies].sort()).toEqual(['eur', 'rub']);
  await emulator.open({ user: demoUsers.alice, platform: 'ios', theme: 'light' });
  const app = emulator.app;
  await waitForScreen(app);
  const revenue = app.getByRole('region', { name: 'Revenue' });
  const switcher = revenue.getByRole('tablist', { name: 'Currency' });
  await expect(switcher.getByRole('tab')).toHaveText(currencies.map((currency) => currency.toUpperCase()));
  await expect(switcher.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');

  const other = currencies[1]!;
  await switcher.getByRole('tab', { name: other.toUpperCase() }).click();
  await expect(switcher.getByRole('tab', { name: other.toUpperCase() })).toHaveAttribute('aria-selected', 'true');
  await expect(revenue.locator('.revenue-chart__total')).toContainText(other === 'rub' ? '₽' : '€');
  // Days: the first and the last day under the bars, in the page language.
  const dayLabel = /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/;
  const axis = revenue.locator('.revenue-chart__axis span');
  await expect(axis.first()).toHaveText(dayLabel);
  await expect(axis.last()).toHaveText(dayLabel);
  // The currency chosen stays when the period changes.
  await revenue.getByRole('tab', { name: 'Months' }).click();
  await expect(switcher.getByRole('tab', { name: other.toUpperCase() })).toHaveAttribute('aria-selected', 'true');
  await expect(revenue.locator('.revenue-chart__total')).toContainText(other === 'rub' ? '₽' : '€');
  await expectNoSeriousA11yViolationsInApp(page);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});
