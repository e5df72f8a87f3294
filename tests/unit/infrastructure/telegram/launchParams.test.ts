/** @jest-environment jsdom */
import { isColorDark as sdkIsColorDark } from '@telegram-apps/sdk';
import { parseLaunchParamsQuery, toRGB } from '@telegram-apps/transformers';
import { isColorDark, parseLaunchParameters, toRgbColor } from '../../../../src/infrastructure/telegram/launchParams';
import { DEFAULT_THEME, rawInitDataFor, TEST_USER } from './telegramHost';

const query = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();
const valid = {
  tgWebAppData: rawInitDataFor('donation_3'),
  tgWebAppVersion: '7.10',
  tgWebAppPlatform: 'ios',
  tgWebAppThemeParams: JSON.stringify(DEFAULT_THEME),
};

/** The SDK's own verdict on a query: the app must never start as inside the messenger with parameters the SDK refuses. */
function sdkAccepts(value: string): boolean {
  try {
    parseLaunchParamsQuery(value);
    return true;
  } catch {
    return false;
  }
}

describe('launch parameters read without the SDK', () => {
  it('reads the platform, version, user, start parameter, raw init data and theme', () => {
    expect(parseLaunchParameters(query(valid))).toEqual({
      platform: 'ios',
      version: '7.10',
      rawInitData: rawInitDataFor('donation_3'),
      startParam: 'donation_3',
      user: {
        id: TEST_USER.id,
        firstName: 'Vladislav',
        lastName: 'Kibenko',
        username: 'vdkfrost',
        languageCode: 'ru',
        photoUrl: TEST_USER.photo_url,
      },
      themeParams: DEFAULT_THEME,
    });
  });

  it('prefers tgWebAppStartParam and takes theme colours given as numbers', () => {
    const launch = parseLaunchParameters(
      query({
        ...valid,
        tgWebAppStartParam: 'subscription_9',
        tgWebAppThemeParams: JSON.stringify({ bg_color: 0x17212b, text_color: '#F5F5F5' }),
      }),
    );
    expect(launch?.startParam).toBe('subscription_9');
    expect(launch?.themeParams).toEqual({ bg_color: '#17212b', text_color: '#f5f5f5' });
  });

  const cases: [string, string][] = [
    ['valid', query(valid)],
    ['without init data', query({ ...valid, tgWebAppData: '' }).replace('tgWebAppData=&', '')],
    ['a key given twice', `${query(valid)}&tgWebAppStartParam=a&tgWebAppStartParam=a`],
    ['no version', query({ ...valid, tgWebAppVersion: '' }).replace('tgWebAppVersion=&', '')],
    ['no platform', query({ tgWebAppData: valid.tgWebAppData, tgWebAppVersion: '7.0', tgWebAppThemeParams: '{}' })],
    ['no theme', query({ tgWebAppData: valid.tgWebAppData, tgWebAppVersion: '7.0', tgWebAppPlatform: 'ios' })],
    ['a theme that is not JSON', query({ ...valid, tgWebAppThemeParams: '{bg_color' })],
    [
      'a theme colour that is not #rrggbb',
      query({ ...valid, tgWebAppThemeParams: JSON.stringify({ bg_color: 'red' }) }),
    ],
    [
      'init data without auth_date',
      query({ ...valid, tgWebAppData: rawInitDataFor().replace(/&?auth_date=[^&]*/, '') }),
    ],
    ['init data without hash', query({ ...valid, tgWebAppData: rawInitDataFor().replace(/&?hash=[^&]*/, '') })],
    [
      'init data without signature',
      query({ ...valid, tgWebAppData: rawInitDataFor().replace(/&?signature=[^&]*/, '') }),
    ],
    [
      'a user without first_name',
      query({
        ...valid,
        tgWebAppData: rawInitDataFor().replace(/user=[^&]*/, `user=${encodeURIComponent(JSON.stringify({ id: 1 }))}`),
      }),
    ],
    [
      'a user that is not JSON',
      query({ ...valid, tgWebAppData: rawInitDataFor().replace(/user=[^&]*/, 'user=%7Bid') }),
    ],
  ];
  it.each(cases)('agrees with the SDK on a query with %s', (_name, value) => {
    expect(parseLaunchParameters(value) !== undefined).toBe(sdkAccepts(value));
  });

  it.each(['#AbC', '#a1b2c3', 'rgb(1, 2, 3)', 'rgba(255,255,255,1)', 'red', '#12345'])(
    'converts %s to #rrggbb as the SDK does',
    (color) => {
      let expected: string | undefined;
      try {
        expected = toRGB(color);
      } catch {
        expected = undefined;
      }
      expect(toRgbColor(color)).toBe(expected);
    },
  );

  it.each(['#ffffff', '#17212b', '#000000', '#3390ec', '#777777', '#808080'])(
    'tells %s dark or light as the SDK does',
    (color) => {
      expect(isColorDark(color)).toBe(sdkIsColorDark(color));
    },
  );
});
