/** Migration from the older donation product (spec section 4): offer, confirm (queue), completion, refuse. */
import type { MigrationConfirmResponse, MigrationResponse } from '../../../src/contract/api';
import { CAROL, type TestServer, newUser, startTestServer } from '../support/testServer';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ seed: true });
});
afterEach(() => server.close());

describe('migration', () => {
  test('the offer lists the donation channels by active subscribers, no request yet', async () => {
    const answer = await server.api<MigrationResponse>(CAROL, 'GET', '/migration');
    expect(answer.status).toBe(200);
    expect(answer.body.request).toBeNull();
    expect(answer.body.donateChannels).toEqual([
      { chatId: -1003000000001, name: 'Carol Cooks', link: 'https://t.me/carol_cooks', activeSubscribers: 120 },
      { chatId: -1003000000002, name: 'Carol Bakes', link: 'https://t.me/carol_bakes', activeSubscribers: 45 },
    ]);
    expect(answer.body.channels).toEqual([]);
  });

  test('confirm queues a request; the dashboard then answers with migrationAvailable; connecting every channel completes it', async () => {
    // Someone else queued first: Carol is second in line.
    const other = newUser('Early');
    await server.api(other, 'GET', '/migration');
    await server.request('POST', '/sandbox/migration/donate-channels', {
      telegramId: other.telegramId,
      channels: [{ chatId: -42, name: 'x', link: 'https://t.me/x', activeSubscribers: 1 }],
    });
    await server.api(other, 'POST', '/migration/confirm');
    server.clock.advance(1);

    const confirmed = await server.api<MigrationConfirmResponse>(CAROL, 'POST', '/migration/confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.request).toMatchObject({ status: 'queued', positionInQueue: 2 });
    const dashboard = await server.api(CAROL, 'GET', '/dashboard?mode=creator');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.migrationAvailable).toBe(true);

    await server.request('POST', '/sandbox/bot/channel-added', {
      ownerTelegramId: CAROL.telegramId,
      chatId: -1003000000001,
      title: 'Carol Cooks',
      username: 'carol_cooks',
    });
    const half = await server.api<MigrationResponse>(CAROL, 'GET', '/migration');
    expect(half.body.request?.status).toBe('queued');
    expect(half.body.channels.map((c) => c.chatId)).toEqual([-1003000000001]);

    await server.request('POST', '/sandbox/bot/channel-added', {
      ownerTelegramId: CAROL.telegramId,
      chatId: -1003000000002,
      title: 'Carol Bakes',
    });
    const done = await server.api<MigrationResponse>(CAROL, 'GET', '/migration');
    expect(done.body.request).toMatchObject({ status: 'completed' });
    expect(done.body.request).not.toHaveProperty('positionInQueue');
    expect((await server.api(CAROL, 'GET', '/dashboard?mode=creator')).body.migrationAvailable).toBe(false);
  });

  test('refuse drops the request and the offer: the creator dashboard opens', async () => {
    await server.api(CAROL, 'POST', '/migration/confirm');
    const refused = await server.api(CAROL, 'POST', '/migration/refuse');
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ ok: true });
    expect((await server.api<MigrationResponse>(CAROL, 'GET', '/migration')).body.request).toBeNull();
    const dashboard = await server.api(CAROL, 'GET', '/dashboard?mode=creator');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.migrationAvailable).toBe(false);
    // Confirming again is still possible.
    expect((await server.api(CAROL, 'POST', '/migration/confirm')).status).toBe(200);
  });

  test('confirm without anything to migrate answers 409', async () => {
    const answer = await server.api(newUser(), 'POST', '/migration/confirm');
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('conflict');
  });

  test('the hand-over is validated', async () => {
    const bad = await server.request('POST', '/sandbox/migration/donate-channels', {
      telegramId: CAROL.telegramId,
      channels: [{ chatId: 1, name: '', link: 'x', activeSubscribers: -1 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_error');
    const unknown = await server.request('POST', '/sandbox/migration/donate-channels', {
      telegramId: 123456789,
      channels: [],
    });
    expect(unknown.status).toBe(404);
  });
});
