/**
 * CHANNEL_MODERATION over HTTP: with `pre` a channel the bot is added to waits in the console's moderation queue (the
 * creator's channel answers moderation_in_progress) until an operator decides, and the bot tells the creator the
 * decision; with `off` it is approved at once. An admin changes the setting in the console: the stored value wins over
 * the environment's, the change is audited, and a role below admin is refused.
 */
import type { AdminPage, AdminSettingItem } from '../../../src/contract/admin';
import { type TestServer, newUser, startTestServer } from '../support/testServer';
import { botTextsTo, consoleApi, consoleSignIn } from '../support/admin';

const ADMIN = { telegramId: 7301, firstName: 'Ada' };
const VIEWER = { telegramId: 7302, firstName: 'Vic' };
let server: TestServer;
let admin: string;
let chatCounter = 0;

beforeAll(async () => {
  server = await startTestServer({
    config: { adminTelegramIds: [ADMIN.telegramId], channelModeration: 'pre' },
  });
  admin = await consoleSignIn(server, ADMIN);
}, 180_000);
afterAll(() => server.close());

/** A verified creator adds the bot to a new channel (the bot's my_chat_member, through the sandbox's Telegram). */
async function addChannel(title: string, owner = newUser('Creator')) {
  await server.api(owner, 'GET', '/verification/status');
  await server.request('POST', '/sandbox/kyc', { telegramId: owner.telegramId, status: 'approved' });
  chatCounter += 1;
  const chatId = -(1_007_300_000_000 + chatCounter);
  const added = await server.request<{ channel: { id: number } }>('POST', '/sandbox/bot/channel-added', {
    ownerTelegramId: owner.telegramId,
    chatId,
    title,
    username: `mod_${owner.telegramId}`,
  });
  expect(added.status).toBe(200);
  return { owner, chatId, channelId: added.body.channel.id };
}

const moderationQueue = async () =>
  (await consoleApi<AdminPage<{ id: number; title: string }>>(server, admin, 'GET', '/channels?q=Moderated')).body
    .items;

test('pre: a new channel waits for an operator; the creator sees it under review, then the decision', async () => {
  const { owner, channelId } = await addChannel('Moderated One');
  expect((await server.api(owner, 'GET', `/channel/${channelId}`)).body).toMatchObject({
    code: 'moderation_in_progress',
  });
  expect((await moderationQueue()).map((channel) => channel.id)).toEqual([channelId]);

  expect((await consoleApi(server, admin, 'POST', `/channels/${channelId}/approve`)).body).toEqual({ ok: true });
  expect((await server.api(owner, 'GET', `/channel/${channelId}`)).status).toBe(200);
  expect(await botTextsTo(server, owner.telegramId)).toContain(
    'Your channel Moderated One passed moderation. You can now sell subscriptions and take donations there.',
  );
  expect(await moderationQueue()).toEqual([]);
});

test('pre: a rejected channel stays rejected when its creator adds the bot again', async () => {
  const { owner, chatId, channelId } = await addChannel('Moderated Two');
  await consoleApi(server, admin, 'POST', `/channels/${channelId}/reject`, { reason: 'Gambling' });
  expect(await botTextsTo(server, owner.telegramId)).toContain(
    'Your channel Moderated Two did not pass moderation: Gambling. Write to support if you have questions.',
  );
  await server.request('POST', '/sandbox/bot/channel-removed', { chatId });
  await server.request('POST', '/sandbox/bot/channel-added', {
    ownerTelegramId: owner.telegramId,
    chatId,
    title: 'Moderated Two',
    username: `mod_${owner.telegramId}`,
  });
  expect((await server.api(owner, 'GET', `/channel/${channelId}`)).body).toMatchObject({
    code: 'moderation_rejected',
  });
});

test('an admin turns moderation off in the console: audited, and new channels are approved at once', async () => {
  const settings = async () =>
    (await consoleApi<AdminPage<AdminSettingItem>>(server, admin, 'GET', '/settings')).body.items;
  expect(await settings()).toEqual([
    {
      id: 'channel_moderation',
      value: 'pre',
      options: ['pre', 'off'],
      source: 'environment',
      updatedBy: null,
      updatedAt: null,
    },
  ]);

  // A viewer sees the setting but may not change it.
  await consoleApi(server, admin, 'POST', '/operators', { telegramId: VIEWER.telegramId, role: 'viewer' });
  const viewer = await consoleSignIn(server, VIEWER);
  expect((await consoleApi(server, viewer, 'GET', '/settings')).status).toBe(200);
  expect((await consoleApi(server, viewer, 'POST', '/settings/channel_moderation', { value: 'off' })).status).toBe(403);

  expect((await consoleApi(server, admin, 'POST', '/settings/channel_moderation', { value: 'later' })).status).toBe(
    400,
  );
  expect((await consoleApi(server, admin, 'POST', '/settings/channel_moderation', { value: 'off' })).body).toEqual({
    ok: true,
  });
  expect(await settings()).toEqual([
    expect.objectContaining({ value: 'off', source: 'console', updatedBy: ADMIN.telegramId }),
  ]);
  const audit = await consoleApi<AdminPage<{ operatorTelegramId: number; action: string; before: unknown }>>(
    server,
    admin,
    'GET',
    '/audit?objectType=setting&objectId=channel_moderation',
  );
  expect(audit.body.items).toEqual([
    expect.objectContaining({
      operatorTelegramId: ADMIN.telegramId,
      action: 'setting.change',
      before: { value: 'pre', source: 'environment' },
      after: { value: 'off' },
    }),
  ]);

  const { owner, channelId } = await addChannel('Moderated Three');
  expect((await server.api(owner, 'GET', `/channel/${channelId}`)).status).toBe(200);
  expect(await moderationQueue()).toEqual([]);

  // And back on: the next channel waits again.
  await consoleApi(server, admin, 'POST', '/settings/channel_moderation', { value: 'pre' });
  const fourth = await addChannel('Moderated Four');
  expect((await server.api(fourth.owner, 'GET', `/channel/${fourth.channelId}`)).body.code).toBe(
    'moderation_in_progress',
  );
});

test('off (the sandbox default): a channel is approved at once', async () => {
  const off = await startTestServer();
  try {
    expect(off.config.channelModeration).toBe('off');
    const owner = newUser('Creator');
    await off.api(owner, 'GET', '/verification/status');
    await off.request('POST', '/sandbox/kyc', { telegramId: owner.telegramId, status: 'approved' });
    const added = await off.request<{ channel: { id: number } }>('POST', '/sandbox/bot/channel-added', {
      ownerTelegramId: owner.telegramId,
      chatId: -1_007_399_000_001,
      title: 'Straight In',
    });
    expect((await off.api(owner, 'GET', `/channel/${added.body.channel.id}`)).status).toBe(200);
  } finally {
    await off.close();
  }
});
