/**
 * Imported channels continue where they are: a channel brought in by a migration import opens at the first
 * onboarding step it has not done. With its language and subscriptions it goes on with the donation request; with
 * subscriptions but no language it asks the language and then skips to the donation request; with a language and no
 * subscription it asks for one.
 */
import { type TestServer, CAROL, startTestServer } from '../support/testServer';
import { consoleApi, consoleSignIn } from '../support/admin';

const ADMIN = { telegramId: 7601, firstName: 'Ada' };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: true, config: { adminTelegramIds: [ADMIN.telegramId] } });
}, 60_000);
afterAll(() => server.close());

const CHATS = { both: -1003600000001, subscriptionsOnly: -1003600000002, languageOnly: -1003600000003 };

const exported = {
  format: 'donate-export',
  version: 1,
  creator: { telegramId: CAROL.telegramId },
  channels: [
    { chatId: CHATS.both, title: 'Carol Cooks', username: 'carol_cooks_i', language: 'en' },
    { chatId: CHATS.subscriptionsOnly, title: 'Carol Bakes' },
    { chatId: CHATS.languageOnly, title: 'Carol Grills', language: 'ru' },
  ],
  subscriptions: [
    { id: 'cooks', chatId: CHATS.both, name: 'Cooking club', period: 'monthly', price: '5.00', currency: 'eur' },
    { id: 'bakes', chatId: CHATS.subscriptionsOnly, name: 'Bread book', period: 'onetime', price: 12, currency: 'eur' },
  ],
  subscribers: [],
  memberships: [],
};

test('each imported channel opens at the first onboarding step it has not done', async () => {
  const cookie = await consoleSignIn(server, ADMIN);
  await server.api(CAROL, 'POST', '/migration/confirm');
  const queued = await consoleApi<{ items: { id: number }[] }>(server, cookie, 'GET', '/migrations?status=queued');
  const requestId = queued.body.items[0]!.id;
  expect(
    (await consoleApi(server, cookie, 'POST', `/migrations/${requestId}/import`, { export: exported })).body,
  ).toEqual({ ok: true });
  await server.request('POST', '/sandbox/clock', { advanceSeconds: 60 });
  expect((await server.api<{ request: { status: string } }>(CAROL, 'GET', '/migration')).body.request.status).toBe(
    'completed',
  );

  // Carol passes the identity check and adds the bot to her imported channels, as she would after the migration.
  await server.request('POST', '/sandbox/kyc', { telegramId: CAROL.telegramId, status: 'approved' });
  const ids: Record<string, number> = {};
  for (const [name, chatId] of Object.entries(CHATS)) {
    const added = await server.request<{ channel: { id: number } }>('POST', '/sandbox/bot/channel-added', {
      ownerTelegramId: CAROL.telegramId,
      chatId,
      title: name,
    });
    ids[name] = added.body.channel.id;
  }
  const step = async (name: string) =>
    (
      await server.api<{ channel: { onboardingStep: string; isOnboarding: boolean } }>(
        CAROL,
        'GET',
        `/channel/${ids[name]}`,
      )
    ).body.channel.onboardingStep;
  expect(await step('both')).toBe('request_donation');
  expect(await step('subscriptionsOnly')).toBe('select_language');
  expect(await step('languageOnly')).toBe('create_subscription');

  // Choosing the language of the one that has subscriptions goes on to the donation request.
  const chosen = await server.api<{ channel: { onboardingStep: string } }>(
    CAROL,
    'POST',
    `/channel/${ids.subscriptionsOnly}/language`,
    { language: 'en' },
  );
  expect(chosen.body.channel.onboardingStep).toBe('request_donation');
});
