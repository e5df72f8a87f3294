import { buildFrameUrl, clientById, parseTgLink } from '../../../../../server/modules/sandbox/emulator/client/launch';
import {
  luminance,
  readableTextOn,
  resolveColor,
  themeFor,
} from '../../../../../server/modules/sandbox/emulator/client/themes';

describe('parseTgLink', () => {
  it('reads a startchannel link with the admin rights the bot asks for', () => {
    expect(parseTgLink('/backers_bot?startchannel&admin=change_info+promote_members')).toEqual({
      kind: 'add-bot-to-channel',
      bot: 'backers_bot',
      adminRights: ['change_info', 'promote_members'],
    });
    expect(parseTgLink('https://t.me/backers_bot?startchannel=x&admin=post_messages')).toEqual({
      kind: 'add-bot-to-channel',
      bot: 'backers_bot',
      adminRights: ['post_messages'],
    });
  });

  it('reads a mini-app link with and without a start parameter', () => {
    expect(parseTgLink('/backers_bot/app?startapp=subscription_42')).toEqual({
      kind: 'open-mini-app',
      bot: 'backers_bot',
      app: 'app',
      startParam: 'subscription_42',
    });
    expect(parseTgLink('/backers_bot/app')).toEqual({ kind: 'open-mini-app', bot: 'backers_bot', app: 'app' });
  });

  it('reads a share link (core.telegram.org/widgets/share: t.me/share/url?url={url}&text={text}, both encoded)', () => {
    const link = 'https://t.me/backers_bot/app?startapp=gift_AbCdEfGhIjKlMnOpQrStUv';
    expect(
      parseTgLink(`/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent('A gift for you: 1 month')}`),
    ).toEqual({ kind: 'share', url: link, text: 'A gift for you: 1 month' });
    expect(parseTgLink(`https://t.me/share?url=${encodeURIComponent(link)}`)).toEqual({ kind: 'share', url: link });
  });

  it('reads a chat link and leaves anything else as is', () => {
    expect(parseTgLink('/some_creator')).toEqual({ kind: 'open-chat', username: 'some_creator' });
    expect(parseTgLink('/+AbCdEf123')).toEqual({ kind: 'other', path: '/+AbCdEf123' });
  });
});

describe('buildFrameUrl', () => {
  const theme = themeFor('android', 'dark');

  it('keeps the signed init data and states the client version, platform, theme and start parameter', () => {
    const launchUrl =
      '/?x=1#tgWebAppData=user%3D%257B%2522id%2522%253A1%257D%26hash%3Dabc&tgWebAppVersion=6.0&tgWebAppPlatform=web';
    const url = new URL(
      buildFrameUrl(launchUrl, 'http://127.0.0.1:8181', {
        client: clientById('android-6.6'),
        theme,
        startParam: 'donation_3',
      }),
    );
    const hash = new URLSearchParams(url.hash.slice(1));
    expect(url.origin + url.pathname + url.search).toBe('http://127.0.0.1:8181/?x=1');
    expect(hash.get('tgWebAppData')).toBe('user=%7B%22id%22%3A1%7D&hash=abc');
    expect(hash.get('tgWebAppVersion')).toBe('6.6');
    expect(hash.get('tgWebAppPlatform')).toBe('android');
    expect(JSON.parse(hash.get('tgWebAppThemeParams') ?? '{}')).toEqual(theme);
    expect(hash.get('tgWebAppStartParam')).toBe('donation_3');
  });

  it('keeps the server start parameter and replaces the path only with a same-origin path', () => {
    const launchUrl = 'http://127.0.0.1:8181/#tgWebAppData=a&tgWebAppStartParam=subscription_1';
    const fixture = new URL(
      buildFrameUrl(launchUrl, 'http://127.0.0.1:8181', {
        client: clientById('ios'),
        theme,
        appPath: '/sandbox/t.html',
        startParam: 'x',
      }),
    );
    expect(fixture.pathname).toBe('/sandbox/t.html');
    expect(new URLSearchParams(fixture.hash.slice(1)).get('tgWebAppStartParam')).toBe('subscription_1');
    const foreign = new URL(
      buildFrameUrl(launchUrl, 'http://127.0.0.1:8181', {
        client: clientById('ios'),
        theme,
        appPath: '//evil.example/x',
      }),
    );
    expect(foreign.host).toBe('127.0.0.1:8181');
    expect(foreign.pathname).toBe('/');
  });

  it('opens the app on the emulator origin whatever origin the server put in the launch URL', () => {
    const launchUrl = 'http://localhost:8080/?tgWebAppStartParam=s_1#tgWebAppData=a';
    const url = new URL(buildFrameUrl(launchUrl, 'http://127.0.0.1:5173', { client: clientById('ios'), theme }));
    expect(url.origin).toBe('http://127.0.0.1:5173');
    expect(url.search).toBe('?tgWebAppStartParam=s_1');
    expect(new URLSearchParams(url.hash.slice(1)).get('tgWebAppData')).toBe('a');
  });
});

describe('clients and themes', () => {
  it('picks a client by id or by bare platform name, iOS otherwise', () => {
    expect(clientById('android-6.6').version).toBe('6.6');
    expect(clientById('android')).toEqual(expect.objectContaining({ platform: 'android', version: '7.10' }));
    expect(clientById('nonsense').platform).toBe('ios');
  });

  it('gives every platform and scheme the full set of Telegram theme keys', () => {
    for (const platform of ['ios', 'android', 'tdesktop'] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const theme = themeFor(platform, scheme);
        expect(Object.values(theme).every((v) => /^#[0-9a-f]{6}$/.test(v))).toBe(true);
        expect(luminance(theme.bg_color) > 0.5).toBe(scheme === 'light');
      }
    }
  });

  it('resolves theme keys and hex colours, and picks readable header text', () => {
    const theme = themeFor('ios', 'light');
    expect(resolveColor('secondary_bg_color', theme)).toBe('#efeff4');
    expect(resolveColor('#AA3344', theme)).toBe('#aa3344');
    expect(resolveColor('red', theme)).toBeUndefined();
    expect(readableTextOn('#8b1e3f')).toBe('#ffffff');
    expect(readableTextOn('#f8f8f8')).toBe('#000000');
  });
});
