import { DEFAULT_LINK_SETTINGS, readLinkSettings } from '../../../../src/domain/links';
import { fetchLinkSettings } from '../../../../src/infrastructure/http/linkSettings';
import { EXTERNAL_LINKS, applyLinkSettings, connectBotHowTo } from '../../../../src/presentation/shared/externalLinks';

afterEach(() => applyLinkSettings(DEFAULT_LINK_SETTINGS));

describe('outside pages come from the server (GET /api/v2/links)', () => {
  it('uses the defaults until the server answers, then its addresses wherever a link opens', () => {
    expect(EXTERNAL_LINKS.support).toEqual({ url: 'https://t.me/BackersSupport', telegram: true });
    expect(EXTERNAL_LINKS.faq).toEqual({ url: 'https://backers.app/faq', telegram: false });
    applyLinkSettings(
      readLinkSettings({
        support: 'https://acme.example/support',
        news: 'https://t.me/AcmeNews',
        faq: 'https://acme.example/faq',
        help: 'https://acme.example/help',
        terms: 'https://acme.example/terms',
      }),
    );
    expect(EXTERNAL_LINKS.support).toEqual({ url: 'https://acme.example/support', telegram: false });
    expect(EXTERNAL_LINKS.news).toEqual({ url: 'https://t.me/AcmeNews', telegram: true });
    expect(EXTERNAL_LINKS.terms.url).toBe('https://acme.example/terms');
    expect(EXTERNAL_LINKS.payouts.url).toBe('https://acme.example/help/payouts');
    expect(connectBotHowTo('ios').url).toBe('https://acme.example/help/connect-bot/ios');
    expect(connectBotHowTo('tdesktop').url).toBe('https://acme.example/help/connect-bot/desktop');
  });

  it('keeps the default for a missing or malformed address', () => {
    expect(readLinkSettings({ support: 'javascript:alert(1)', faq: 42, help: 'https://acme.example/help/' })).toEqual({
      ...DEFAULT_LINK_SETTINGS,
      help: 'https://acme.example/help',
    });
    expect(readLinkSettings(null)).toEqual(DEFAULT_LINK_SETTINGS);
  });

  it('reads /api/v2/links under the base URL; a failure leaves the defaults (null)', async () => {
    const asked: string[] = [];
    const answer = { ...DEFAULT_LINK_SETTINGS, faq: 'https://acme.example/faq' };
    const links = await fetchLinkSettings('https://api.example/', async (url) => {
      asked.push(String(url));
      return { ok: true, json: async () => answer } as Response;
    });
    expect(asked).toEqual(['https://api.example/api/v2/links']);
    expect(links).toEqual(answer);
    expect(await fetchLinkSettings('', async () => ({ ok: false, json: async () => ({}) }) as Response)).toBeNull();
    expect(await fetchLinkSettings('', async () => Promise.reject(new TypeError('Failed to fetch')))).toBeNull();
  });
});
