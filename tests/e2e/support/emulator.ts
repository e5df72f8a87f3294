import { randomInt } from 'node:crypto';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolationsInApp, type A11yOptions } from './a11y';

export type EmulatorPlatform = 'ios' | 'android-7.10' | 'android-6.6' | 'tdesktop';
export type EmulatorTheme = 'light' | 'dark';

/** Seeded demo accounts (GET /sandbox/users). Mutating flows should use a `newUser()` instead, tests run in parallel. */
export const demoUsers = {
  /** verified creator with two connected channels */
  alice: 1001,
  /** follower with subscriptions and saved cards */
  bob: 2001,
  /** creator due for migration */
  migrating: 3001,
} as const;

export interface NewUser {
  telegramId: number;
  firstName: string;
  username?: string;
}

/** A user nobody else uses (a random id among a billion; the database is fresh per run). */
export function newUser(firstName = 'Nina', username?: string): NewUser {
  return { telegramId: 1_000_000_000 + randomInt(1_000_000_000), firstName, ...(username ? { username } : {}) };
}

export interface OpenOptions {
  /** a demo account id (see demoUsers) or a NewUser; default Alice */
  user?: number | NewUser;
  platform?: EmulatorPlatform;
  theme?: EmulatorTheme;
  /** tgWebAppData user.language_code and the language control; default en */
  lang?: string;
  startParam?: string;
  /** same-origin path replacing the mini-app's (fixture pages) */
  appPath?: string;
  /** launch the mini-app right away (default true) */
  launch?: boolean;
}

/** Page object for the messenger host emulator at /sandbox/. */
export class Emulator {
  constructor(readonly page: Page) {}

  /** Opens the emulator and, unless `launch: false`, launches the mini-app as the given user. */
  async open(options: OpenOptions = {}): Promise<this> {
    const query = new URLSearchParams();
    const user = options.user ?? demoUsers.alice;
    if (typeof user === 'number') query.set('user', String(user));
    else {
      query.set('user', String(user.telegramId));
      query.set('name', user.firstName);
      query.set('username', user.username ?? '');
    }
    query.set('platform', options.platform ?? 'ios');
    query.set('theme', options.theme ?? 'light');
    query.set('lang', options.lang ?? 'en');
    query.set('start', options.startParam ?? '');
    if (options.appPath) query.set('app', options.appPath);
    if (options.launch !== false) query.set('launch', '1');
    await this.page.goto(`/sandbox/?${query}`);
    await expect(this.page.locator('body')).toHaveAttribute('data-ready', 'true');
    if (options.launch !== false) await expect(this.frameElement).toBeAttached();
    return this;
  }

  /** The mini-app's document. */
  get app(): FrameLocator {
    return this.page.frameLocator('#app-frame');
  }

  get frameElement(): Locator {
    return this.page.locator('#app-frame');
  }

  get phone(): Locator {
    return this.page.locator('#phone');
  }

  get headerTitle(): Locator {
    return this.page.locator('#header-title');
  }

  get mainButton(): Locator {
    return this.page.locator('#main-button');
  }

  get secondaryButton(): Locator {
    return this.page.locator('#secondary-button');
  }

  get backButton(): Locator {
    return this.page.locator('#back-button');
  }

  get closeButton(): Locator {
    return this.page.locator('#close-button');
  }

  /** The native-looking popup (web_app_open_popup, alerts, confirms). */
  get popup(): Locator {
    return this.page.getByRole('dialog').filter({ has: this.page.locator('#popup-buttons') });
  }

  /** Telegram's share sheet (a t.me/share/url link). */
  get shareSheet(): Locator {
    return this.page.locator('#share-sheet');
  }

  get channelPicker(): Locator {
    return this.page.locator('#channel-picker');
  }

  get channelPane(): Locator {
    return this.page.getByRole('region', { name: 'Channels' });
  }

  get eventLog(): Locator {
    return this.page.locator('#event-log');
  }

  /** The host's Telegram Stars payment sheet (web_app_open_invoice). */
  get starsSheet(): Locator {
    return this.page.getByTestId('stars-sheet');
  }

  get notice(): Locator {
    return this.page.locator('#host-notice');
  }

  /** Clicks the host's main button once it shows `text` and is enabled. */
  async clickMainButton(text?: string | RegExp): Promise<void> {
    if (text !== undefined) await expect(this.mainButton).toHaveText(text);
    await expect(this.mainButton).toBeEnabled();
    await this.mainButton.click();
  }

  async clickBackButton(): Promise<void> {
    await expect(this.backButton).toBeVisible();
    await this.backButton.click();
  }

  /** Waits for a popup (optionally with the given text in it) and presses one of its buttons. */
  async answerPopup(buttonText: string | RegExp, expectText?: string | RegExp): Promise<void> {
    await expect(this.popup).toBeVisible();
    if (expectText !== undefined) await expect(this.popup).toContainText(expectText);
    await this.popup.getByRole('button', { name: buttonText }).click();
    await expect(this.popup).toBeHidden();
  }

  /** Picks (or creates) a channel in the picker a `?startchannel` link opened; default: a new public channel. */
  async pickChannel(channel: {
    title: string;
    username?: string;
    private?: boolean;
    moderation?: 'in_progress' | 'rejected';
  }): Promise<void> {
    const picker = this.channelPicker;
    await expect(picker).toBeVisible();
    await picker.getByLabel('New channel', { exact: true }).check();
    await picker.getByLabel('Title').fill(channel.title);
    if (channel.private) await picker.getByLabel(/Private channel/).check();
    else if (channel.username) await picker.getByLabel('Public username').fill(channel.username);
    if (channel.moderation) await picker.getByLabel('Moderation').selectOption(channel.moderation);
    await picker.getByRole('button', { name: 'Add bot as admin' }).click();
    await expect(picker).toBeHidden();
  }

  /** Every protocol message so far; `in` = app → host method, `out` = host → app event. */
  async events(filter?: {
    eventType?: string;
    direction?: 'in' | 'out';
  }): Promise<{ direction: 'in' | 'out'; eventType: string; eventData: unknown }[]> {
    const all = await this.page.evaluate(() =>
      (
        window as unknown as {
          backersEmulator: { events(): { direction: 'in' | 'out'; eventType: string; eventData: unknown }[] };
        }
      ).backersEmulator
        .events()
        .map(({ direction, eventType, eventData }) => ({ direction, eventType, eventData })),
    );
    return all.filter(
      (e) =>
        (!filter?.eventType || e.eventType === filter.eventType) &&
        (!filter?.direction || e.direction === filter.direction),
    );
  }

  /** Waits until the app called `method` (optionally with data matching `match`) and returns the last such call's data. */
  async waitForMethod(method: string, match?: (data: unknown) => boolean): Promise<unknown> {
    let found: unknown;
    await expect
      .poll(
        async () => {
          const calls = (await this.events({ eventType: method, direction: 'in' })).filter(
            (e) => !match || match(e.eventData),
          );
          found = calls.at(-1)?.eventData;
          return calls.length;
        },
        { message: `the mini-app never called ${method}` },
      )
      .toBeGreaterThan(0);
    return found;
  }

  /**
   * Axe (WCAG 2 A/AA) on the mini-app's document only: the host's chrome is not the app's. In particular the main
   * button is drawn in the colours the app passes, as Telegram draws its native button; Telegram's own Android
   * button colour (#50a8eb under white text) fails the contrast rule, which is not the app's page.
   */
  async expectAccessibleApp(options: Pick<A11yOptions, 'disableRules'> = {}): Promise<void> {
    await expectNoSeriousA11yViolationsInApp(this.page, options);
  }

  /** Waits until the mini-app called web_app_ready (the SDK's miniApp.ready()). */
  async waitForAppReady(): Promise<void> {
    await this.waitForMethod('web_app_ready');
  }

  /** Switches light/dark while the app runs (sends theme_changed). */
  async setTheme(theme: EmulatorTheme): Promise<void> {
    await this.page.getByRole('radio', { name: theme === 'dark' ? 'Dark' : 'Light' }).check();
  }

  /** The channel pane's card for a channel title. */
  channel(title: string): Locator {
    return this.channelPane.getByRole('article', { name: title });
  }

  /** Bot posts in a channel, newest last. */
  posts(channelTitle: string): Locator {
    return this.channel(channelTitle).locator('li.post');
  }

  async reopen(): Promise<void> {
    await this.page.getByRole('button', { name: 'Reopen' }).click();
    await expect(this.frameElement).toBeAttached();
  }
}
