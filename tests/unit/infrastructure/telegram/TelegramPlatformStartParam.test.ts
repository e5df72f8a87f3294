/** @jest-environment jsdom */
import type { TelegramPlatform } from '../../../../src/infrastructure/telegram/TelegramPlatform';
import { launchInTelegram, loadTelegramPlatform, openInBrowser } from './telegramHost';

let platform: TelegramPlatform | undefined;

afterEach(() => {
  platform?.dispose();
  platform = undefined;
  openInBrowser();
});

/** Telegram (and the sandbox emulator) repeat tgWebAppStartParam in the query and in the hash. */
function repeatStartParamInQuery(startParam: string): void {
  const { hash } = window.location;
  window.history.replaceState(null, '', `/?tgWebAppStartParam=${startParam}${hash}`);
}

describe('TelegramPlatform with the start parameter in the query and the hash', () => {
  it("still starts inside the messenger and reads this launch's start parameter", async () => {
    launchInTelegram({ startParam: 'subscription_12' });
    repeatStartParamInQuery('subscription_12');
    const Platform = await loadTelegramPlatform();
    platform = new Platform();
    await platform.init();
    expect(platform.isAvailable()).toBe(true);
    expect(platform.launchInfo().startParam).toBe('subscription_12');
  });

  it('never reads an earlier launch left in session storage', async () => {
    launchInTelegram({ startParam: 'donation_1' });
    const Earlier = await loadTelegramPlatform();
    const earlier = new Earlier();
    await earlier.init();
    expect(earlier.launchInfo().startParam).toBe('donation_1');
    earlier.dispose();

    // Relaunched in the same tab with another start parameter; the SDK's store still holds the earlier launch.
    launchInTelegram({ startParam: 'subscription_7' });
    const { hash } = window.location;
    window.sessionStorage.setItem(
      'tapps/launchParams',
      JSON.stringify(new URLSearchParams({ tgWebAppStartParam: 'donation_1' }).toString()),
    );
    window.history.replaceState(null, '', `/?tgWebAppStartParam=subscription_7${hash}`);
    const Platform = await loadTelegramPlatform();
    platform = new Platform();
    await platform.init();
    expect(platform.launchInfo().startParam).toBe('subscription_7');
  });
});
