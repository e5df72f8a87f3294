/**
 * Choosing the page language in settings: the page changes language in place once the new texts are loaded, so the
 * screen is never blank (the page does not start again), right to left included, and the next screens read the new
 * language too.
 */
import { expect, expectNoSeriousA11yViolationsInApp, newUser, test } from './support/fixtures';
import { unexpectedProblems } from './dashboard-support';

test('switching the language keeps the screen and shows it in the new language, right to left too', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
}) => {
  const user = newUser('Lena');
  await sandbox.api(user, 'GET', '/dashboard?mode=follower');
  await emulator.open({ user, appPath: '/settings/language' });
  const app = emulator.app;
  const list = app.getByRole('region', { name: 'App language' });
  await expect(list).toBeVisible({ timeout: 30_000 });
  const frame = await (await emulator.frameElement.elementHandle())?.contentFrame();
  if (!frame) throw new Error('no app frame');
  // A mark on this page: a reload (a blank page until the new one starts) would drop it.
  await frame.evaluate(() => Object.assign(window, { samePage: true }));

  await list.getByText('Deutsch').click();
  await expect(app.getByRole('region', { name: 'App-Sprache' })).toBeVisible();
  await expect(app.locator('html')).toHaveAttribute('lang', 'de');
  await app.getByRole('region', { name: 'App-Sprache' }).getByText('العربية').click();
  await expect(app.getByRole('region', { name: 'لغة التطبيق' })).toBeVisible();
  await expect(app.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoSeriousA11yViolationsInApp(page);
  expect(await frame.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);

  // The dashboard (its texts were loaded in English at start) reads Arabic too.
  await emulator.clickBackButton();
  await expect(app.getByText('لا توجد معاملات بعد')).toBeVisible();
  expect(await frame.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  expect(unexpectedProblems(consoleProblems)).toEqual([]);
});
