import type { Page } from '@playwright/test';
import { demoUsers, expect, expectNoSeriousA11yViolations, newUser, test } from './support/fixtures';
import { protocolPageHtml, protocolPagePath } from './support/protocolPage';

/**
 * The messenger host emulator itself (server/modules/sandbox/emulator), driven through a fixture mini-app that uses the
 * real @telegram-apps/sdk (tests/e2e/fixtures/protocol-test-app.ts): every protocol round trip the product relies on.
 */

async function serveProtocolPage(page: Page): Promise<void> {
  const html = await protocolPageHtml();
  await page.route(`**${protocolPagePath}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
}

test.beforeEach(async ({ page }) => {
  await serveProtocolPage(page);
});

test('loads the demo accounts and every control, and passes axe before and after a launch', async ({
  emulator,
  page,
}) => {
  await emulator.open({ launch: false });
  const who = page.getByLabel('Who you are');
  await expect(who.locator('option')).toContainText([/Alice/, /Bob/]);
  await expect(who.locator('option').last()).toHaveText('New user…');
  await expect(page.getByLabel('Platform').locator('option')).toHaveText([
    /iOS/,
    /Android 7\.10/,
    /Android 6\.6/,
    /Desktop/,
  ]);
  await expect(page.getByLabel('Language').locator('option[value="ru"]')).toHaveCount(1);
  await expect(page.getByLabel('Start parameter (optional)')).toBeEditable();
  await expect(page.getByText('Choose who you are and press Launch.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await who.selectOption('new');
  await expect(page.getByLabel('First name')).toBeVisible();
  await page.getByLabel('First name').fill('Zoe');
  await page.getByRole('button', { name: 'Launch' }).click();
  await expect(emulator.frameElement).toBeAttached();
  await expect(page.getByRole('status').filter({ hasText: 'Running as Zoe' })).toBeVisible();

  await emulator.open({ appPath: protocolPagePath });
  await emulator.app.getByRole('button', { name: 'Show main button' }).click();
  await expect(emulator.mainButton).toBeVisible();
  // The fixture page is not the product: check the emulator's own chrome.
  await expectNoSeriousA11yViolations(page, { exclude: ['#app-frame'] });

  // Opened on a phone (390, 360 and 320 px), the page fits the screen and so does the phone frame.
  for (const width of [390, 360, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    const phone = await page.locator('#phone').boundingBox();
    expect(phone!.x).toBeGreaterThanOrEqual(0);
    expect(phone!.x + phone!.width).toBeLessThanOrEqual(width);
  }
  // A 390 × 844 phone window shows the whole phone frame, its buttons included, without scrolling the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect
    .poll(async () => {
      const box = await page.locator('#phone').boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 844 && box.x >= 0 && box.x + box.width <= 390;
    })
    .toBe(true);
  await expect(emulator.mainButton).toBeInViewport();
});

test('launches as the chosen user with Telegram launch parameters for each platform', async ({
  emulator,
  consoleProblems,
}) => {
  await emulator.open({
    user: demoUsers.alice,
    platform: 'android-7.10',
    theme: 'dark',
    startParam: 'subscription_7',
    appPath: protocolPagePath,
  });
  const app = emulator.app;
  await expect(app.locator('body')).toHaveAttribute('data-ready', 'true');
  await expect(app.locator('#user-id')).toHaveText(String(demoUsers.alice));
  await expect(app.locator('#platform')).toHaveText('android');
  await expect(app.locator('#version')).toHaveText('7.10');
  await expect(app.locator('#start-param')).toHaveText('subscription_7');
  await expect(app.locator('#theme-bg')).toHaveText('#212d3b'); // Telegram Android night
  await expect(app.locator('#last-error')).toHaveText('');
  await emulator.waitForMethod('web_app_ready');
  // The host answered the SDK's viewport request with the frame's real size.
  const viewport = (await emulator.events({ eventType: 'viewport_changed', direction: 'out' })).at(-1)?.eventData as {
    height: number;
    width: number;
  };
  expect(viewport.width).toBeGreaterThan(300);
  expect(viewport.height).toBeGreaterThan(300);
  await expect(app.locator('#viewport-height')).toHaveText(String(viewport.height));

  const nina = newUser('Nina', 'nina_e2e');
  await emulator.open({ user: nina, platform: 'tdesktop', theme: 'light', appPath: protocolPagePath });
  await expect(app.locator('#user-id')).toHaveText(String(nina.telegramId));
  await expect(app.locator('#platform')).toHaveText('tdesktop');
  await expect(app.locator('#start-param')).toHaveText('');
  await expect(app.locator('#theme-bg')).toHaveText('#ffffff');

  await emulator.open({ user: demoUsers.bob, platform: 'android-6.6', appPath: protocolPagePath });
  await expect(app.locator('#version')).toHaveText('6.6');
  await expect(app.locator('body')).toHaveAttribute('data-ready', 'true');
  expect(consoleProblems.filter((p) => p.kind === 'pageerror')).toEqual([]);
});

test('main and secondary buttons: the app configures them, host clicks come back', async ({ emulator }) => {
  await emulator.open({ platform: 'ios', appPath: protocolPagePath });
  const app = emulator.app;
  await expect(emulator.mainButton).toBeHidden();

  await app.getByRole('button', { name: 'Show main button' }).click();
  await expect(emulator.mainButton).toHaveText('Pay €5');
  await expect(emulator.mainButton).toHaveCSS('background-color', 'rgb(26, 127, 55)');
  await emulator.clickMainButton('Pay €5');
  await emulator.clickMainButton();
  await expect(app.locator('#main-clicks')).toHaveText('2');
  expect(await emulator.events({ eventType: 'main_button_pressed', direction: 'out' })).toHaveLength(2);

  await app.getByRole('button', { name: 'Disable main button' }).click();
  await expect(emulator.mainButton).toBeDisabled();
  await app.getByRole('button', { name: 'Main button progress' }).click();
  await expect(emulator.mainButton).toBeEnabled();
  await expect(emulator.mainButton).toHaveAttribute('aria-busy', 'true');
  await app.getByRole('button', { name: 'Hide main button' }).click();
  await expect(emulator.mainButton).toBeHidden();

  await app.getByRole('button', { name: 'Show secondary button' }).click();
  await expect(emulator.secondaryButton).toHaveText('Later');
  await emulator.secondaryButton.click();
  await expect(app.locator('#secondary-clicks')).toHaveText('1');
});

test('back button shows, hides and reports presses; Close makes way for it', async ({ emulator }) => {
  await emulator.open({ appPath: protocolPagePath });
  const app = emulator.app;
  await expect(emulator.backButton).toBeHidden();
  await expect(emulator.closeButton).toBeVisible();

  await app.getByRole('button', { name: 'Show back button' }).click();
  await expect(emulator.closeButton).toBeHidden();
  await emulator.clickBackButton();
  await expect(app.locator('#back-clicks')).toHaveText('1');
  expect(await emulator.events({ eventType: 'web_app_setup_back_button', direction: 'in' })).toContainEqual(
    expect.objectContaining({ eventData: { is_visible: true } }),
  );

  await app.getByRole('button', { name: 'Hide back button' }).click();
  await expect(emulator.backButton).toBeHidden();
  await expect(emulator.closeButton).toBeVisible();
});

test('popups: buttons answer popup_closed with their id, Escape dismisses', async ({ emulator, page }) => {
  await emulator.open({ appPath: protocolPagePath });
  const app = emulator.app;

  await app.getByRole('button', { name: 'Open popup' }).click();
  await expect(emulator.popup).toBeVisible();
  await expect(emulator.popup.getByRole('heading')).toHaveText('Delete subscription?');
  await expect(emulator.popup.getByRole('button')).toHaveText(['Delete', 'Cancel']);
  await expect(emulator.popup.getByRole('button', { name: 'Delete' })).toBeFocused();
  await emulator.answerPopup('Delete', 'Members keep access');
  await expect(app.locator('#popup-result')).toHaveText('delete');
  expect((await emulator.events({ eventType: 'popup_closed' })).at(-1)?.eventData).toEqual({ button_id: 'delete' });

  await app.getByRole('button', { name: 'Open popup' }).click();
  await expect(emulator.popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(emulator.popup).toBeHidden();
  await expect(app.locator('#popup-result')).toHaveText('(dismissed)');
});

test('haptics go to the event log; header colour and theme follow the app and the controls', async ({
  emulator,
  page,
}) => {
  await emulator.open({ appPath: protocolPagePath });
  const app = emulator.app;

  await app.getByRole('button', { name: 'Haptic success' }).click();
  expect(await emulator.waitForMethod('web_app_trigger_haptic_feedback')).toEqual({
    type: 'notification',
    notification_type: 'success',
  });
  await expect(emulator.eventLog.locator('li[data-event="web_app_trigger_haptic_feedback"]')).toContainText(
    '"notification_type":"success"',
  );

  await app.getByRole('button', { name: 'Header colour' }).click();
  await expect(page.locator('#phone-header')).toHaveCSS('background-color', 'rgb(139, 30, 63)');
  await expect(page.locator('#phone-header')).toHaveCSS('color', 'rgb(255, 255, 255)');

  await expect(app.locator('#theme-bg')).toHaveText('#ffffff');
  await emulator.setTheme('dark');
  await expect(app.locator('#theme-bg')).toHaveText('#000000'); // Telegram iOS night
  const themeEvent = (await emulator.events({ eventType: 'theme_changed', direction: 'out' })).at(-1)?.eventData as {
    theme_params: Record<string, string>;
  };
  expect(Object.keys(themeEvent.theme_params)).toEqual(
    expect.arrayContaining([
      'bg_color',
      'text_color',
      'hint_color',
      'link_color',
      'button_color',
      'button_text_color',
      'secondary_bg_color',
      'header_bg_color',
      'accent_text_color',
      'section_bg_color',
      'section_header_text_color',
      'subtitle_text_color',
      'destructive_text_color',
    ]),
  );
});

test('t.me links: startchannel opens the channel picker that tells the bot, startapp reopens the app, others are shown', async ({
  emulator,
  page,
  context,
}) => {
  const creator = newUser('Carla');
  await emulator.open({ user: creator, appPath: protocolPagePath });
  const app = emulator.app;

  await app.getByRole('button', { name: 'Add bot to channel' }).click();
  await expect(emulator.channelPicker).toBeVisible();
  await expect(emulator.channelPicker).toContainText(
    '@backers_bot asks to be an admin with rights to change channel info, add new admins',
  );
  expect((await emulator.events({ eventType: 'visibility_changed' })).at(-1)?.eventData).toEqual({ is_visible: false });
  await expectNoSeriousA11yViolations(page, { exclude: ['#app-frame'] });
  const added = page.waitForResponse((r) => r.url().endsWith('/sandbox/bot/channel-added'));
  await emulator.pickChannel({ title: 'Carla Bakes', username: `carla_bakes_${creator.telegramId}` });
  const response = await added;
  expect(response.ok()).toBe(true);
  expect(response.request().postDataJSON()).toEqual(
    expect.objectContaining({
      ownerTelegramId: creator.telegramId,
      title: 'Carla Bakes',
      username: `carla_bakes_${creator.telegramId}`,
    }),
  );
  expect(response.request().postDataJSON().chatId).toBeLessThan(-1_000_000_000_000);
  await expect(emulator.channel('Carla Bakes')).toBeVisible();
  expect((await emulator.events({ eventType: 'visibility_changed' })).at(-1)?.eventData).toEqual({ is_visible: true });

  await app.getByRole('button', { name: 'Add bot to channel' }).click();
  await emulator.channelPicker.getByRole('button', { name: 'Cancel' }).click();
  await expect(emulator.channelPicker).toBeHidden();

  await app.getByRole('button', { name: 'Open chat link' }).click();
  await expect(emulator.notice).toHaveText('Telegram would open the chat with @some_creator.');

  await context.route('https://example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Help</title>' }),
  );
  const newTab = context.waitForEvent('page');
  await app.getByRole('button', { name: 'Open external link' }).click();
  expect((await newTab).url()).toContain('https://example.com/help');

  await app.getByRole('button', { name: 'Open startapp link' }).click();
  await expect(app.locator('#start-param')).toHaveText('subscription_42');
  await expect(app.locator('#user-id')).toHaveText(String(creator.telegramId));
});

test('web_app_close shows the closed state, Reopen relaunches; closing confirmation asks first', async ({
  emulator,
  page,
}) => {
  await emulator.open({ appPath: protocolPagePath });
  await emulator.app.getByRole('button', { name: 'Close app' }).click();
  await expect(page.getByText('The mini-app was closed.')).toBeVisible();
  await expect(emulator.frameElement).toHaveCount(0);
  await emulator.reopen();
  await expect(emulator.app.locator('body')).toHaveAttribute('data-ready', 'true');

  await emulator.app.getByRole('button', { name: 'Confirm closing' }).click();
  await emulator.waitForMethod(
    'web_app_setup_closing_behavior',
    (d) => (d as { need_confirmation?: boolean }).need_confirmation === true,
  );
  await emulator.closeButton.click();
  await emulator.answerPopup('Cancel', 'Changes that you made may not be saved.');
  await expect(emulator.frameElement).toBeAttached();
  await emulator.closeButton.click();
  await emulator.answerPopup('Close anyway');
  await expect(page.getByText('The mini-app was closed.')).toBeVisible();
});

test('the channel pane shows bot posts with pinned and silent marks; a post button opens its deep link', async ({
  emulator,
  sandbox,
  page,
}) => {
  const creator = newUser('Pia');
  await sandbox.api(creator, 'GET', '/dashboard?mode=follower'); // the first valid call creates the user
  await sandbox.kyc(creator.telegramId, 'approved');

  // The creator adds the bot to a new public channel through the picker, then publishes a subscription there.
  await emulator.open({ user: creator, appPath: protocolPagePath });
  await emulator.app.getByRole('button', { name: 'Add bot to channel' }).click();
  const added = page.waitForResponse((r) => r.url().endsWith('/sandbox/bot/channel-added'));
  await emulator.pickChannel({ title: 'Pia Paints', username: `pia_paints_${creator.telegramId}` });
  const { channel } = (await (await added).json()) as { channel: { id: number } };
  await expect(emulator.channel('Pia Paints')).toContainText('The bot has not posted here yet.');
  const created = await sandbox.api<{ subscription: { id: number } }>(creator, 'POST', '/subscription/new', {
    channelId: channel.id,
    name: 'Monthly Subscription',
    description: 'Fuel the channel',
    period: 'monthly',
    currency: 'eur',
    amount: 5,
    buttonText: 'Subscribe',
  });
  await sandbox.api(creator, 'POST', `/subscription/${created.subscription.id}/publish`, {
    pin: true,
    disableNotification: true,
  });

  const post = emulator.posts('Pia Paints').first(); // the pane polls every 3 s
  await expect(post).toContainText('Monthly Subscription');
  await expect(post).toHaveAttribute('data-pinned', 'true');
  await expect(post).toHaveAttribute('data-silent', 'true');
  await expect(post.locator('.mark')).toHaveText(['Pinned', 'Silent']);
  const button = post.getByRole('button', { name: 'Subscribe' });
  await expect(button).toHaveAttribute('data-url', new RegExp(`startapp=subscription_${created.subscription.id}$`));
  await button.click();
  await expect(emulator.app.locator('#start-param')).toHaveText(`subscription_${created.subscription.id}`);
  await expect(emulator.app.locator('#user-id')).toHaveText(String(creator.telegramId));
});

test("the channel pane lists a creator's channels from the sandbox; for a follower nothing is asked or refused", async ({
  emulator,
  sandbox,
  page,
}) => {
  const owner = newUser('Ines');
  const follower = newUser('Ugo');
  for (const user of [owner, follower]) await sandbox.api(user, 'GET', '/dashboard?mode=follower');
  await sandbox.post('/sandbox/memberships', {
    ownerTelegramId: owner.telegramId,
    followerTelegramId: follower.telegramId,
    count: 2,
  });
  // What the emulator's own page (not the app in its frame) asks the app's API, and what any of it refused.
  const paneCalls: string[] = [];
  const refused: string[] = [];
  page.on('request', (request) => {
    if (request.frame() === page.mainFrame() && request.url().includes('/api/v2/')) paneCalls.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !/favicon/.test(response.url()))
      refused.push(`${response.status()} ${response.url()}`);
  });

  await emulator.open({ user: follower, appPath: protocolPagePath });
  await expect(page.locator('#channels-empty')).toBeVisible();
  await emulator.open({ user: owner, appPath: protocolPagePath });
  await expect(emulator.channel('Ines 1')).toBeVisible(); // made by the sandbox, never picked in this browser
  await expect(emulator.channel('Ines 2')).toBeVisible();
  expect(paneCalls).toEqual([]);
  expect(refused).toEqual([]);
});

test('hosts the real mini-app: it loads in the frame and talks the protocol', async ({ emulator }) => {
  await emulator.open({ user: demoUsers.alice });
  await expect(emulator.frameElement).toHaveAttribute('src', /#tgWebAppData=/);
  // The SDK's init() announces itself; every Telegram mini-app asks for the theme or the viewport early on.
  await expect
    .poll(async () => (await emulator.events({ direction: 'in' })).map((e) => e.eventType), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['iframe_ready']));
});

// https://core.telegram.org/bots/webapps (openInvoice, invoiceClosed: paid, cancelled, failed, pending) and
// https://core.telegram.org/bots/payments-stars: the host shows the Stars payment sheet with the user's balance; without
// enough Stars it offers a top-up; the bot answers pre_checkout_query, and a refusal fails the payment.
test('web_app_open_invoice: the Stars sheet with the balance, cancel, not enough Stars, top-up, a refused payment', async ({
  emulator,
  sandbox,
  page,
}) => {
  const payer = newUser('Stella');
  const link = await sandbox.post<{ result: string }>(
    '/sandbox/bot-api/bot7000000001:AAE2e-backers-sandbox-token-for-tests/createInvoiceLink',
    {
      title: 'Night Owls Club',
      description: 'One month of the club',
      payload: 'emulator-test',
      currency: 'XTR',
      prices: [{ label: 'Month', amount: 300 }],
    },
  );
  const slug = link.result.replace('https://t.me/$', '');
  await sandbox.post('/sandbox/bot-api/stars/balance', { telegramId: payer.telegramId, stars: 100 });
  await emulator.open({ user: payer, appPath: protocolPagePath });
  const app = emulator.app;
  await app.getByLabel('Invoice link').fill(link.result);

  await app.getByRole('button', { name: 'Open invoice' }).click();
  const sheet = emulator.starsSheet;
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading')).toHaveText('Confirm your purchase');
  await expect(sheet).toContainText('“Night Owls Club” for 300 Stars');
  await expect(sheet.getByTestId('stars-balance')).toHaveText('Balance ⭐\u00a0100');
  await expect(sheet.getByRole('button', { name: 'Pay 300 Stars' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, { include: ['#stars-layer'] });
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();
  await expect(app.locator('#invoice-result')).toHaveText('cancelled');
  expect((await emulator.events({ eventType: 'invoice_closed' })).at(-1)?.eventData).toEqual({
    slug,
    status: 'cancelled',
  });

  await app.getByRole('button', { name: 'Open invoice' }).click();
  await sheet.getByRole('button', { name: 'Pay 300 Stars' }).click();
  await expect(sheet.getByRole('heading')).toHaveText('Not enough Stars');
  await expect(sheet).toContainText('You need 200 Stars more');
  await expectNoSeriousA11yViolations(page, { include: ['#stars-layer'] });
  await sheet.getByRole('button', { name: 'Buy 200 Stars (demo)' }).click();
  await expect(sheet.getByTestId('stars-balance')).toHaveText('Balance ⭐\u00a0300');
  await sheet.getByRole('button', { name: 'Pay 300 Stars' }).click();
  // The bot has no payable invoice with this payload: it refuses the pre-checkout query; no Stars leave the payer.
  await expect(sheet.getByRole('heading')).toHaveText('Payment failed');
  await expect(sheet).toContainText('No Stars were charged.');
  await sheet.getByRole('button', { name: 'OK' }).click();
  await expect(app.locator('#invoice-result')).toHaveText('failed');
  expect(await sandbox.get<{ balance: number }>(`/sandbox/bot-api/stars/balance?userId=${payer.telegramId}`)).toEqual({
    balance: 300,
  });
});
