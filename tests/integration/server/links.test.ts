/** GET /api/v2/links: the outside pages' addresses from the configuration, public, defaults documented in README. */
import { type TestServer, startTestServer } from '../support/testServer';

let configured: TestServer;
let defaults: TestServer;

beforeAll(async () => {
  [configured, defaults] = await Promise.all([
    startTestServer({
      config: {
        links: {
          support: 'https://t.me/AcmeHelp',
          news: 'https://t.me/AcmeNews',
          faq: 'https://acme.example/faq',
          help: 'https://acme.example/help',
          terms: 'https://acme.example/terms',
        },
      },
    }),
    startTestServer(),
  ]);
});
afterAll(async () => Promise.all([configured.close(), defaults.close()]));

test('answers the configured addresses without a session, cacheable', async () => {
  const answer = await configured.api(null, 'GET', '/links');
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({
    support: 'https://t.me/AcmeHelp',
    news: 'https://t.me/AcmeNews',
    faq: 'https://acme.example/faq',
    help: 'https://acme.example/help',
    terms: 'https://acme.example/terms',
  });
  expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
});

test('answers the documented defaults when nothing is configured', async () => {
  expect((await defaults.api(null, 'GET', '/links')).body).toEqual({
    support: 'https://t.me/BackersSupport',
    news: 'https://t.me/BackersNews',
    faq: 'https://backers.app/faq',
    help: 'https://backers.app/help',
    terms: 'https://backers.app/terms',
  });
});
