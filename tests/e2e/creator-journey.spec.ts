/**
 * A new creator's first channel through the host emulator: verified through the sandbox,
 * the bot added through the channel picker, the channel language chosen, a monthly subscription created after the
 * amount, name and button-text errors, published pinned and silent (the post and its button appear in the channel
 * pane), the donation step skipped, ending on the channel's main view.
 */
import { randomInt } from 'node:crypto';
import { type ConsoleProblem, expect, expectNoSeriousA11yViolationsInApp, newUser, test } from './support/fixtures';

/** The browser's own favicon request is not the app's problem (no icon is served yet). */
const unexpected = (problems: ConsoleProblem[]): ConsoleProblem[] =>
  problems.filter((problem) => !problem.url.endsWith('/favicon.ico'));

test('a new creator connects a public channel, creates and publishes a monthly subscription, and skips the donation', async ({
  emulator,
  sandbox,
  page,
  consoleProblems,
  saveScreenshot,
}) => {
  test.setTimeout(120_000);
  const username = `carla_${randomInt(1_000_000)}`;
  const title = `Carla Bakes ${randomInt(1000)}`;
  const creator = newUser('Carla', username);
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower');
  await sandbox.kyc(creator.telegramId, 'approved');

  // Dashboard → Add channel → /connectbot → the messenger's channel picker (Android 6.7+).
  await emulator.open({ user: creator, platform: 'android-7.10' });
  const app = emulator.app;
  await app.getByRole('link', { name: /Add channel/ }).click();
  await emulator.clickMainButton('Choose channel');
  await emulator.pickChannel({ title, username: `${username}_ch` });
  await emulator.clickBackButton();
  await app.getByRole('link', { name: new RegExp(title) }).click();

  // Onboarding 1: the channel language.
  await expect(app.getByRole('heading', { name: 'Choose the channel language' })).toBeVisible();
  await expectNoSeriousA11yViolationsInApp(page);
  await app.getByRole('radio', { name: /English/ }).check();
  await emulator.clickMainButton('Continue');

  // Onboarding 2: create a subscription; the form shows the amount, name and button-text errors in turn.
  await expect(app.getByRole('heading', { name: 'Add a paid subscription' })).toBeVisible();
  await emulator.clickMainButton('Create subscription');
  const price = app.getByLabel('Price', { exact: true });
  await expect(price).toBeVisible();
  await price.fill('');
  await emulator.clickMainButton('Create');
  await expect(app.getByRole('status')).toContainText('Enter the price');
  await expect(price).toBeFocused();
  await price.fill('0.5');
  await emulator.clickMainButton('Create');
  await expect(app.getByRole('status')).toContainText("The price can't be less than €1");
  await price.fill('5');

  const name = app.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue('Monthly Subscription');
  await name.fill('');
  await emulator.clickMainButton('Create');
  await expect(app.getByRole('status')).toContainText('Enter a name');
  await expect(name).toBeFocused();
  await name.fill('Carla Monthly');

  const buttonText = app.getByLabel('Button text');
  await buttonText.fill('');
  await emulator.clickMainButton('Create');
  await expect(app.getByRole('status')).toContainText('Enter the button text');
  await expect(buttonText).toBeFocused();
  await buttonText.fill('Join the kitchen');
  await expectNoSeriousA11yViolationsInApp(page);
  await emulator.clickMainButton('Create');

  // Onboarding 3: back on the channel, publish it pinned and without sound.
  await expect(app.getByRole('heading', { name: 'Subscription created' })).toBeVisible();
  await emulator.clickMainButton('Preview and publish');
  const sound = app.getByRole('switch', { name: 'Notify with sound' });
  await expect(app.getByRole('switch', { name: 'Pin the message' })).toBeChecked();
  await expect(sound).toBeChecked();
  await expect(emulator.mainButton).toHaveText('Publish and pin');
  await sound.uncheck();
  await expect(emulator.mainButton).toHaveText('Publish and pin silently');
  await expectNoSeriousA11yViolationsInApp(page);
  await emulator.clickMainButton('Publish and pin silently');

  // The post in the channel pane: pinned, silent, with the subscribe button.
  await page.getByRole('button', { name: 'Refresh channels' }).click();
  const post = emulator.posts(title).last();
  await expect(post).toHaveAttribute('data-pinned', 'true');
  await expect(post).toHaveAttribute('data-silent', 'true');
  await expect(post.getByRole('button', { name: 'Join the kitchen' })).toBeVisible();

  // Onboarding 4: skip the donation request, ending on the main view with the new subscription.
  await expect(app.getByRole('heading', { name: 'Request donations' })).toBeVisible();
  await app.getByRole('button', { name: 'Skip' }).click();
  await expect(app.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(app.getByRole('link', { name: /Carla Monthly/ })).toContainText('€5 per month');
  await expect(app.getByRole('button', { name: 'Subscription' })).toBeEnabled();
  await expect(emulator.mainButton).toBeHidden();
  await expectNoSeriousA11yViolationsInApp(page);
  await saveScreenshot('creator-journey-channel-main');
  expect(unexpected(consoleProblems)).toEqual([]);
});
