import type { FrameLocator } from '@playwright/test';
import { demoUsers, expect, test } from './support/fixtures';
import type { Emulator } from './support/emulator';
import type { ConsoleProblem } from './support/fixtures';
import { unexpectedProblems } from './dashboard-support';

/**
 * Developer tools (spec section 2): ten quick taps open /dev; /debug's header colours, haptics (seen in the
 * emulator's protocol log), copying (the copied toast), the persisted error console, the crash test and
 * clearing storage. Only reads the demo accounts: nothing here changes server state.
 */

/** Ten real clicks on a spot of the app with nothing interactive under it, each well within 300 ms of the last. */
async function tenQuickTaps(emulator: Emulator): Promise<void> {
  const box = await emulator.frameElement.boundingBox();
  if (box === null) throw new Error('the app frame is not laid out');
  for (let tap = 0; tap < 10; tap += 1) await emulator.page.mouse.click(box.x + box.width - 4, box.y + 4);
}

/** The crash test's own errors are expected; nothing else is. */
function withoutCrashTest(problems: readonly ConsoleProblem[]): ConsoleProblem[] {
  return unexpectedProblems(problems).filter(
    (problem) => !/test crash from \/debug|Screen crashed|The above error occurred/.test(problem.text),
  );
}

/**
 * Ten quick taps until /dev opens. The app counts taps at most 300 ms apart (spec section 2); on a loaded machine one
 * of Playwright's clicks can take longer than that to arrive, which starts a new sequence, so ten more are tapped.
 */
async function openDevTools(emulator: Emulator, app: FrameLocator): Promise<void> {
  const heading = app.getByRole('heading', { name: 'Developer tools' });
  await expect(async () => {
    await tenQuickTaps(emulator);
    await expect(heading).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

async function openDebug(emulator: Emulator, app: FrameLocator): Promise<void> {
  await openDevTools(emulator, app);
  await app.getByRole('link', { name: /^Debug/ }).click();
  await expect(app.getByRole('heading', { name: 'Debug' })).toBeAttached();
}

test('ten quick taps open /dev, which links to the debug screen and the UI kit', async ({
  emulator,
  consoleProblems,
  saveScreenshot,
}) => {
  await emulator.open({ platform: 'android-7.10' });
  const app = emulator.app;
  await expect(app.getByRole('main')).toHaveAttribute('data-state', 'ready');

  // Nine taps are not enough.
  const box = (await emulator.frameElement.boundingBox())!;
  for (let tap = 0; tap < 9; tap += 1) await emulator.page.mouse.click(box.x + box.width - 4, box.y + 4);
  await emulator.page.waitForTimeout(400);
  await expect(app.getByRole('heading', { name: 'Developer tools' })).toHaveCount(0);

  await openDevTools(emulator, app);
  await expect(app.getByRole('link', { name: /^Debug/ })).toBeVisible();
  await expect(app.getByRole('link', { name: /^UI kit/ })).toBeVisible();
  // The sandbox user picker exists only in `npm run build:local`.
  await expect(app.getByRole('link', { name: /Sandbox users/ })).toHaveCount(0);
  await emulator.expectAccessibleApp();
  await saveScreenshot('dev-menu');

  await app.getByRole('link', { name: /^UI kit/ }).click();
  // The UI kit in both looks, every component in its states, accessible in each.
  await expect(app.getByRole('tablist', { name: 'Look' })).toBeVisible();
  await expect(app.getByRole('region', { name: 'Icons' }).getByRole('img')).toHaveCount(15);
  await expect(app.getByText("Enter the channel's link")).toBeVisible();
  await emulator.expectAccessibleApp();
  await app.getByRole('tab', { name: 'Material' }).click();
  await expect(app.locator('body')).toHaveAttribute('data-look', 'material');
  await emulator.expectAccessibleApp();
  await saveScreenshot('uikit-material');
  await emulator.clickBackButton();
  await expect(app.getByRole('link', { name: /^Debug/ })).toBeVisible();
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('/debug: header colours, haptics, copy and the copied toast', async ({ emulator, consoleProblems }) => {
  await emulator.open({ platform: 'android-7.10' });
  const app = emulator.app;
  await expect(app.getByRole('main')).toHaveAttribute('data-state', 'ready');
  await openDebug(emulator, app);

  await app.getByRole('button', { name: '#e53935' }).click();
  await emulator.waitForMethod(
    'web_app_set_header_color',
    (data) => (data as { color?: string }).color?.toLowerCase() === '#e53935',
  );
  await app.getByRole('button', { name: 'secondary_bg_color' }).click();
  await emulator.waitForMethod(
    'web_app_set_header_color',
    (data) => (data as { color_key?: string }).color_key === 'secondary_bg_color',
  );

  await app.getByRole('button', { name: 'Impact: heavy' }).click();
  await emulator.waitForMethod('web_app_trigger_haptic_feedback', (data) => JSON.stringify(data).includes('heavy'));
  await app.getByRole('button', { name: 'Notification: warning' }).click();
  await emulator.waitForMethod('web_app_trigger_haptic_feedback', (data) => JSON.stringify(data).includes('warning'));
  await app.getByRole('button', { name: 'Selection changed' }).click();
  await emulator.waitForMethod('web_app_trigger_haptic_feedback', (data) =>
    JSON.stringify(data).includes('selection_change'),
  );
  await expect(emulator.eventLog).toContainText('web_app_trigger_haptic_feedback');

  await app.getByRole('button', { name: /Copy current URL/ }).click();
  await expect(app.getByRole('status').getByText('Copied')).toBeVisible();
  await app.getByRole('button', { name: 'Copy init data' }).click();
  await expect(app.getByRole('status').getByText('Copied')).toBeVisible();
  await emulator.expectAccessibleApp();
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});

test('/debug: the error console persists across a crash and a reload; clearing storage turns it off', async ({
  emulator,
  consoleProblems,
  saveScreenshot,
}) => {
  await emulator.open({ platform: 'ios' });
  const app = emulator.app;
  await expect(app.getByRole('main')).toHaveAttribute('data-state', 'ready');
  await openDebug(emulator, app);

  const errorConsole = app.getByRole('region', { name: 'Error console' });
  await app.getByLabel('Error console').check();
  await expect(errorConsole).toBeVisible();
  await expect(errorConsole.getByRole('heading', { name: '0 errors' })).toBeVisible();

  // The crash test throws while rendering: the crash boundary shows, the console lists the error.
  await app.getByRole('button', { name: 'Throw an error while rendering' }).click();
  await expect(app.getByText('Something went wrong.')).toBeVisible();
  await expect(errorConsole.getByText(/test crash from \/debug/).first()).toBeVisible();
  await emulator.expectAccessibleApp();
  await saveScreenshot('debug-crash-with-error-console');

  // Refresh reloads the app; the switch was kept in storage.
  await app.getByRole('button', { name: 'Refresh' }).click();
  await expect(app.getByRole('heading', { name: 'Debug' })).toBeAttached();
  await expect(errorConsole).toBeVisible();

  await app.getByRole('button', { name: 'Clear storage' }).click();
  await expect(app.getByRole('status').getByText('Storage cleared')).toBeVisible();
  await expect(errorConsole).toHaveCount(0);
  expect(withoutCrashTest(consoleProblems)).toEqual([]);
});

test.describe('/local in `npm run build:local`', () => {
  // Opt-in: the normal build has no /local. Run with the local build served, e.g.
  // npx vite build --mode localbuild --outDir /tmp/local && E2E_LOCAL_BUILD=1 \
  //   E2E_SERVER_COMMAND="env STATIC_DIR=/tmp/local npx tsx server/main.ts" npx playwright test tests/e2e/devtools.spec.ts
  test.skip(
    process.env.E2E_LOCAL_BUILD !== '1',
    'needs the app built with npm run build:local (E2E_LOCAL_BUILD=1, STATIC_DIR=<that build>)',
  );

  test('the sandbox user picker reopens the app as the picked user', async ({ emulator, consoleProblems }) => {
    await emulator.open({ user: demoUsers.bob, platform: 'android-7.10' });
    const app = emulator.app;
    await expect(app.getByRole('main')).toHaveAttribute('data-state', 'ready');
    await openDevTools(emulator, app);
    await app.getByRole('link', { name: /Sandbox users/ }).click();
    await expect(app.getByRole('heading', { name: 'Sandbox users' })).toBeAttached();
    await emulator.expectAccessibleApp();
    await app.getByRole('button', { name: /^Alice Creator/ }).click();
    await expect(app.getByText("Alice's Journal").first()).toBeVisible();
    // Bob's follower view checks the creator mode (403 verification_required) before the switch.
    expect(unexpectedProblems(consoleProblems, [{ status: 403, path: '/dashboard' }])).toEqual([]);
  });
});
