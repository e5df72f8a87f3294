/**
 * The operator console: sign-in through the bot's /admin link, the session cookie, authorization of every
 * /admin/api route, and each queue action with its audit entry, over real HTTP on the real server.
 */
import { randomUUID } from 'node:crypto';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as adminSchema from '../../../server/platform/db/schema-admin';
import { rowsOf } from '../../../server/platform/db/db';
import { ADMIN_QUEUES } from '../../../server/modules/admin/adminQueues';
import { SIGNIN_ATTEMPTS } from '../../../server/modules/admin/routes';
import type { MigrationResponse, PayoutResponse } from '../../../src/contract/api';
import type { AdminIdentityItem, AdminPaymentItem, AdminPayoutItem } from '../../../src/contract/admin';
import { nextPayoutDate, payoutDateString, payoutWindowFor } from '../../../src/domain/payout';
import {
  ALICE,
  BOB,
  CAROL,
  type TestServer,
  type TestUser,
  botApiCalls,
  newUser,
  startTestServer,
} from '../support/testServer';
import { advanceTo, expectBalancesMatchLedger, openShop, payWithNewCard, tokenize } from '../money/support/money';

const OPERATOR = { telegramId: 7001, firstName: 'Olga' };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: true, config: { adminTelegramIds: [OPERATOR.telegramId] } });
}, 180_000);
afterAll(() => server.close());

const sentTo = async (telegramId: number) =>
  (await botApiCalls<{ chat_id: number; text: string }>(server, 'sendMessage'))
    .filter((call) => call.params.chat_id === telegramId)
    .map((call) => call.params.text);
const sendCommand = (user: { telegramId: number; firstName: string }, text: string, languageCode = 'en') =>
  server.request('POST', '/sandbox/bot-api/updates', {
    message: {
      message_id: 1,
      date: 1,
      chat: { id: user.telegramId, type: 'private', first_name: user.firstName },
      from: { id: user.telegramId, is_bot: false, first_name: user.firstName, language_code: languageCode },
      text,
      entities: [{ type: 'bot_command', offset: 0, length: text.length }],
    },
  });

/** Sends /admin as the user and answers the link the bot sent back (or null). */
async function linkFromBot(user: { telegramId: number; firstName: string }): Promise<string | null> {
  await sendCommand(user, '/admin');
  const last = (await sentTo(user.telegramId)).at(-1) ?? '';
  return /(http\S+\/admin\/signin\?token=\S+)/.exec(last)?.[1] ?? null;
}

async function signIn(): Promise<string> {
  const link = (await linkFromBot(OPERATOR))!;
  const answer = await fetch(link.replace(server.config.publicUrl, server.baseUrl), { redirect: 'manual' });
  expect(answer.status).toBe(303);
  return answer.headers.get('set-cookie')!.split(';')[0]!;
}

async function adminApi<T = Record<string, unknown>>(
  cookie: string | null,
  method: string,
  path: string,
  body?: unknown,
) {
  // The console's client says application/json on every action, bodyless ones included (csrf.ts), with the action's
  // own Idempotency-Key.
  const json: Record<string, string> =
    method === 'GET' ? {} : { 'content-type': 'application/json', 'idempotency-key': randomUUID() };
  return server.request<T>(method, `/admin/api${path}`, body, cookie === null ? json : { ...json, cookie });
}

let cookie: string;

describe('sign-in', () => {
  test('an operator gets a one-time link from the bot; it sets an HttpOnly, SameSite=Strict session cookie and redirects to /admin', async () => {
    const link = await linkFromBot(OPERATOR);
    expect(link).toMatch(
      new RegExp(`^${server.config.publicUrl}/admin/signin\\?token=${OPERATOR.telegramId}\\.[A-Za-z0-9_-]{43}$`),
    );
    const answer = await fetch(link!.replace(server.config.publicUrl, server.baseUrl), { redirect: 'manual' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/admin/');
    const setCookie = answer.headers.get('set-cookie')!;
    expect(setCookie).toMatch(
      /^backers_admin=[A-Za-z0-9_-]{43}; Path=\/admin; HttpOnly; SameSite=Strict; Max-Age=43200$/,
    );
    cookie = setCookie.split(';')[0]!;
    expect(await adminApi(cookie, 'GET', '/me')).toMatchObject({
      status: 200,
      body: { operator: { telegramId: OPERATOR.telegramId } },
    });
    // Only a hash of the link's token is stored.
    const token = new URL(link!).searchParams.get('token')!;
    const stored = rowsOf<{ token_hash: string }>(
      await server.database.db.execute(sql`select token_hash from admin_signin_links`),
    );
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });

  test('a used link is refused, and so is an expired one', async () => {
    const link = (await linkFromBot(OPERATOR))!.replace(server.config.publicUrl, server.baseUrl);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();

    const late = (await linkFromBot(OPERATOR))!.replace(server.config.publicUrl, server.baseUrl);
    server.clock.advance(10 * 60);
    const expired = await fetch(late, { redirect: 'manual' });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${server.baseUrl}/admin/signin?token=made-up`, { redirect: 'manual' })).status).toBe(401);
  });

  test('a non-operator is refused by the bot and no link is issued', async () => {
    const before = rowsOf<{ n: number }>(
      await server.database.db.execute(sql`select count(*)::int as n from admin_signin_links`),
    )[0]!.n;
    expect(await linkFromBot({ telegramId: BOB.telegramId, firstName: 'Bob' })).toBeNull();
    expect((await sentTo(BOB.telegramId)).at(-1)).toBe('This command is for Backers operators only.');
    await sendCommand({ telegramId: ALICE.telegramId, firstName: 'Alice' }, '/admin', 'ru');
    expect((await sentTo(ALICE.telegramId)).at(-1)).toBe('Эта команда только для операторов Backers.');
    const after = rowsOf<{ n: number }>(
      await server.database.db.execute(sql`select count(*)::int as n from admin_signin_links`),
    )[0]!.n;
    expect(after).toBe(before);
  });

  test('a session ends after 12 hours idle, and on sign-out', async () => {
    const idle = await signIn();
    server.clock.advance(11 * 60 * 60);
    expect((await adminApi(idle, 'GET', '/me')).status).toBe(200);
    server.clock.advance(11 * 60 * 60); // 11 h after the last call: still alive
    expect((await adminApi(idle, 'GET', '/me')).status).toBe(200);
    server.clock.advance(12 * 60 * 60);
    expect((await adminApi(idle, 'GET', '/me')).status).toBe(401);

    const session = await signIn();
    const out = await adminApi(session, 'POST', '/signout');
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(
      /^backers_admin=; Path=\/admin; HttpOnly; SameSite=Strict; Max-Age=0/,
    );
    expect((await adminApi(session, 'GET', '/me')).status).toBe(401);
    cookie = await signIn();
  });
});

describe('authorization', () => {
  const routes = () => server.app.printRoutes({ commonPrefix: false });

  test('no /admin/api route answers without an operator session; TgAuth means nothing there', async () => {
    const paths = [
      ['GET', '/me'],
      ['POST', '/signout'],
      ['GET', '/channels'],
      ['POST', '/channels/1/approve'],
      ['POST', '/channels/1/reject'],
      ['GET', '/users'],
      ['POST', '/users/1/ban'],
      ['POST', '/users/1/unban'],
      ['GET', '/payout-days'],
      ['GET', '/payouts'],
      ['POST', '/payouts/1-eur-2026-01-10/retry'],
      ['GET', '/payout-days/2026-01-10/csv'],
      ['GET', '/migrations'],
      ['POST', '/migrations/1/import'],
      ['GET', '/payments'],
      ['POST', '/payments/x/refund'],
      ['POST', '/payments/x/check'],
      ['GET', '/identity'],
      ['POST', '/identity/1/approve'],
      ['POST', '/identity/1/reject'],
      ['GET', '/audit'],
      ['GET', '/operators'],
      ['POST', '/operators'],
      ['POST', '/operators/1/remove'],
      ['GET', '/settings'],
      ['POST', '/settings/channel_moderation'],
      ['GET', '/reconciliation'],
      ['POST', '/reconciliation/run'],
      ['POST', '/reconciliation/1/apply'],
      ['POST', '/reconciliation/1/ignore'],
      ['GET', '/nothing-here'],
    ] as const;
    expect(ADMIN_QUEUES.map((queue) => queue.name)).toEqual([
      'channels',
      'identity',
      'users',
      'payments',
      'payouts',
      'reconciliation',
      'migrations',
      'audit',
      'operators',
      'settings',
    ]);
    expect(routes()).toContain('/admin/api/');
    const tgAuth = { authorization: `TgAuth ${server.initData({ ...OPERATOR })}` };
    for (const [method, path] of paths) {
      for (const headers of [{}, tgAuth, { cookie: 'backers_admin=forged' }] as Record<string, string>[]) {
        const answer = await server.request(method, `/admin/api${path}`, method === 'POST' ? {} : undefined, headers);
        expect({ path, status: answer.status, code: answer.body?.code }).toEqual({
          path,
          status: 401,
          code: 'unauthorized',
        });
      }
    }
  });

  test('sign-in attempts are limited per address', async () => {
    const limited = await startTestServer({ config: { adminTelegramIds: [OPERATOR.telegramId] } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= SIGNIN_ATTEMPTS; i += 1)
        statuses.push((await fetch(`${limited.baseUrl}/admin/signin?token=guess${i}`, { redirect: 'manual' })).status);
      expect(statuses.slice(0, SIGNIN_ATTEMPTS).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });

  test("guesses at one operator's links from a shared address (a proxy without TRUST_PROXY) lock out no other operator", async () => {
    const SECOND = { telegramId: 7002, firstName: 'Oleg' };
    const shared = await startTestServer({ config: { adminTelegramIds: [OPERATOR.telegramId, SECOND.telegramId] } });
    try {
      const linkOn = async (user: { telegramId: number; firstName: string }) => {
        await shared.request('POST', '/sandbox/bot-api/updates', {
          message: {
            message_id: 1,
            date: 1,
            chat: { id: user.telegramId, type: 'private', first_name: user.firstName },
            from: { id: user.telegramId, is_bot: false, first_name: user.firstName, language_code: 'en' },
            text: '/admin',
            entities: [{ type: 'bot_command', offset: 0, length: 6 }],
          },
        });
        const texts = (await botApiCalls<{ chat_id: number; text: string }>(shared, 'sendMessage'))
          .filter((call) => call.params.chat_id === user.telegramId)
          .map((call) => call.params.text);
        return /(http\S+\/admin\/signin\?token=\S+)/
          .exec(texts.at(-1) ?? '')![1]!
          .replace(shared.config.publicUrl, shared.baseUrl);
      };
      // Proxy headers without TRUST_PROXY: a warning, and readiness reports it (still 200).
      const before = await shared.request<{ proxy: { trusted: boolean; warning?: string } }>('GET', '/health/ready');
      expect(before.status).toBe(200);
      expect(before.body.proxy).toBeUndefined();
      await shared.request('GET', '/api/v2/openapi.json', undefined, { 'x-real-ip': '203.0.113.5' });
      const after = await shared.request<{ proxy: { trusted: boolean; warning?: string } }>('GET', '/health/ready');
      expect(after.status).toBe(200);
      expect(after.body.proxy).toMatchObject({
        trusted: false,
        proxiedRequestsSeen: true,
        warning: expect.stringContaining('TRUST_PROXY'),
      });
      const status = async (url: string) => (await fetch(url, { redirect: 'manual' })).status;
      // Guesses without an operator, then at the first operator's links, until both are refused.
      for (let i = 0; i < SIGNIN_ATTEMPTS; i += 1) {
        expect(await status(`${shared.baseUrl}/admin/signin?token=guess${i}`)).toBe(401);
        expect(await status(`${shared.baseUrl}/admin/signin?token=${OPERATOR.telegramId}.guess${i}`)).toBe(401);
      }
      expect(await status(`${shared.baseUrl}/admin/signin?token=guess`)).toBe(429);
      expect(await status(`${shared.baseUrl}/admin/signin?token=${OPERATOR.telegramId}.guess`)).toBe(429);
      expect(await status(await linkOn(OPERATOR))).toBe(429);
      // The other operator, from the same address, still signs in.
      expect(await status(await linkOn(SECOND))).toBe(303);
    } finally {
      await shared.close();
    }
  });
});

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
type Audit = {
  operatorTelegramId: number;
  action: string;
  objectType: string;
  objectId: string;
  before: unknown;
  after: unknown;
};
const lastAudit = async () => (await adminApi<Page<Audit>>(cookie, 'GET', '/audit?pageSize=1')).body.items[0];

describe('channels awaiting moderation', () => {
  test('approve and reject with a reason: the owner is told in the channel language, each writes its audit entry', async () => {
    const owner = newUser('Mod');
    await server.api(owner, 'GET', '/dashboard');
    for (const [chatId, title] of [
      [-1009100000001, 'Waiting One'],
      [-1009100000002, 'Waiting Two'],
    ] as const) {
      await server.request('POST', '/sandbox/bot/channel-added', {
        ownerTelegramId: owner.telegramId,
        chatId,
        title,
        moderation: 'in_progress',
      });
    }
    const page = await adminApi<Page<{ id: number; title: string; moderation: string; owner: { telegramId: number } }>>(
      cookie,
      'GET',
      '/channels?sort=title&order=asc&q=Waiting',
    );
    expect(page.body).toMatchObject({
      total: 2,
      page: 1,
      pageSize: 20,
      items: [
        { title: 'Waiting One', moderation: 'in_progress', owner: { telegramId: owner.telegramId } },
        { title: 'Waiting Two' },
      ],
    });
    const [one, two] = page.body.items;

    expect((await adminApi(cookie, 'POST', `/channels/${one!.id}/approve`)).status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      operatorTelegramId: OPERATOR.telegramId,
      action: 'channel.approve',
      objectType: 'channel',
      objectId: String(one!.id),
      before: { moderation: 'in_progress' },
      after: { moderation: 'approved' },
    });
    expect((await adminApi(cookie, 'POST', `/channels/${two!.id}/reject`, {})).body).toMatchObject({
      code: 'validation_error',
    });
    // Typed with its own full stop: the bot's sentence goes on after it, so it is not doubled ("Spam..").
    expect((await adminApi(cookie, 'POST', `/channels/${two!.id}/reject`, { reason: 'Spam.' })).status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'channel.reject',
      after: { moderation: 'rejected', reason: 'Spam.' },
    });
    expect((await adminApi(cookie, 'POST', `/channels/${two!.id}/reject`, { reason: 'Again' })).status).toBe(409);

    expect(await sentTo(owner.telegramId)).toEqual([
      'Your channel Waiting One passed moderation. You can now sell subscriptions and take donations there.',
      'Your channel Waiting Two did not pass moderation: Spam. Write to support if you have questions.',
    ]);
    expect((await adminApi<Page<unknown>>(cookie, 'GET', '/channels?q=Waiting')).body.total).toBe(0);
    expect((await adminApi<Page<unknown>>(cookie, 'GET', '/channels?moderation=rejected&q=Waiting')).body.total).toBe(
      1,
    );
    // The owner sees it: the approved channel works, the rejected one answers moderation_rejected.
    expect((await server.api(owner, 'GET', `/channel/${two!.id}`)).body.code).toBe('verification_required');
  });
});

describe('forged console actions (CSRF)', () => {
  test('a text/plain form POST from another origin with the operator cookie does not approve a channel', async () => {
    const owner = newUser('Forged');
    await server.api(owner, 'GET', '/dashboard');
    await server.request('POST', '/sandbox/bot/channel-added', {
      ownerTelegramId: owner.telegramId,
      chatId: -1009100000077,
      // A direction override in the title (it would make the bot's sentence read backwards) is dropped.
      title: 'Forgery \u202Etegrat\u202C',
      moderation: 'in_progress',
    });
    // The queue lists channels awaiting moderation; an approved one leaves it.
    const moderation = async () =>
      (await adminApi<Page<{ id: number; moderation: string }>>(cookie, 'GET', '/channels?q=Forgery')).body.items[0]
        ?.moderation ?? 'left the queue';
    const { id } = (await adminApi<Page<{ id: number }>>(cookie, 'GET', '/channels?q=Forgery')).body.items[0]!;
    const approve = `${server.baseUrl}/admin/api/channels/${id}/approve`;
    const port = Number(new URL(server.baseUrl).port);
    const elsewhere = `http://127.0.0.1:${port === 1 ? 2 : port - 1}`;
    const attempts: Array<{ headers: Record<string, string>; body?: string; status: number }> = [
      // What the auto-submitted form sends.
      {
        headers: { origin: elsewhere, 'content-type': 'text/plain', 'sec-fetch-site': 'same-site' },
        body: '{"x":"=y"}',
        status: 403,
      },
      { headers: { origin: elsewhere, 'content-type': 'text/plain' }, body: 'x=1', status: 403 },
      { headers: { origin: elsewhere, 'content-type': 'application/json' }, body: '{}', status: 403 },
      { headers: { origin: 'null', 'content-type': 'application/json' }, body: '{}', status: 403 },
      { headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }, body: '{}', status: 403 },
      { headers: { 'sec-fetch-site': 'same-site', 'content-type': 'application/json' }, body: '{}', status: 403 },
      // From the console's own origin, but not JSON: a form could send it.
      { headers: { origin: server.baseUrl, 'content-type': 'text/plain' }, body: '{}', status: 415 },
      {
        headers: { origin: server.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=b',
        status: 415,
      },
      { headers: {}, status: 415 },
    ];
    for (const attempt of attempts) {
      const answer = await fetch(approve, {
        method: 'POST',
        headers: { cookie, ...attempt.headers },
        ...(attempt.body === undefined ? {} : { body: attempt.body }),
      });
      expect({ headers: attempt.headers, status: answer.status }).toEqual({
        headers: attempt.headers,
        status: attempt.status,
      });
      expect(await answer.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(await moderation()).toBe('in_progress');
    expect(await lastAudit()).not.toMatchObject({ action: 'channel.approve', objectId: String(id) });

    // The console's own page: same origin, JSON, bodyless, with the action's Idempotency-Key (without one: 400).
    const ownHeaders = {
      cookie,
      origin: server.baseUrl,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
    };
    const keyless = await fetch(approve, { method: 'POST', headers: ownHeaders });
    expect(keyless.status).toBe(400);
    expect(await keyless.json()).toMatchObject({ code: 'validation_error' });
    expect(await moderation()).toBe('in_progress');
    const own = await fetch(approve, { method: 'POST', headers: { ...ownHeaders, 'idempotency-key': randomUUID() } });
    expect(own.status).toBe(200);
    expect(await moderation()).toBe('left the queue');
    expect(await lastAudit()).toMatchObject({ action: 'channel.approve', objectId: String(id) });
    const told = (await sentTo(owner.telegramId)).at(-1)!;
    expect(told).toContain('Forgery tegrat passed moderation');
    expect(told).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
  });
});

describe('users', () => {
  test('find by Telegram id or username; ban cancels recurring memberships and the user gets 403 banned; unban', async () => {
    const byId = await adminApi<Page<{ id: number; telegramId: number; banned: boolean }>>(
      cookie,
      'GET',
      `/users?q=${BOB.telegramId}`,
    );
    expect(byId.body.items).toEqual([
      expect.objectContaining({ telegramId: BOB.telegramId, username: 'bob_follower', banned: false }),
    ]);
    expect(
      (await adminApi<Page<{ telegramId: number }>>(cookie, 'GET', '/users?q=@bob_fol')).body.items.map(
        (user) => user.telegramId,
      ),
    ).toEqual([BOB.telegramId]);
    const bob = byId.body.items[0]!;

    expect((await adminApi(cookie, 'POST', `/users/${bob.id}/ban`, { reason: 'Chargebacks' })).status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'user.ban',
      objectType: 'user',
      objectId: String(BOB.telegramId),
      subject: { telegramId: BOB.telegramId, name: 'Bob Follower', username: 'bob_follower' },
      before: { banned: false },
      after: { banned: true, reason: 'Chargebacks' },
    });
    expect((await server.api(BOB, 'GET', '/dashboard')).body.code).toBe('banned');
    const recurring = rowsOf<{ n: number }>(
      await server.database.db.execute(
        sql`select count(*)::int as n from subscription_members where user_id = (select id from users where telegram_id = ${bob.id}) and status = 'active' and period <> 'onetime'`,
      ),
    );
    expect(recurring[0]!.n).toBe(0);
    expect((await adminApi<Page<unknown>>(cookie, 'GET', '/users?banned=true')).body.total).toBe(1);

    expect((await adminApi(cookie, 'POST', `/users/${bob.id}/unban`, { reason: 'Resolved' })).status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'user.unban',
      before: { banned: true },
      after: { banned: false, reason: 'Resolved' },
    });
    expect((await server.api(BOB, 'GET', '/dashboard')).status).toBe(200);
    // The log, filtered by what the users queue shows (the Telegram id, or the @username), finds both.
    for (const shown of [String(BOB.telegramId), '@bob_follower'])
      expect(
        (await adminApi<Page<Audit>>(cookie, 'GET', `/audit?objectId=${shown}&order=asc`)).body.items.map(
          (entry) => entry.action,
        ),
      ).toEqual(['user.ban', 'user.unban']);
  });
});

export const carolExport = (overrides: Record<string, unknown> = {}) => ({
  format: 'donate-export',
  version: 1,
  creator: { telegramId: CAROL.telegramId },
  channels: [
    { chatId: -1003000000001, title: 'Carol Cooks', username: 'carol_cooks', language: 'en' },
    { chatId: -1003000000002, title: 'Carol Bakes' },
  ],
  subscriptions: [
    {
      id: 'cooks-monthly',
      chatId: -1003000000001,
      name: 'Cooking club',
      description: 'Weekly recipes',
      period: 'monthly',
      price: '5.00',
      currency: 'eur',
      buttonText: 'Join',
    },
    { id: 'bakes-once', chatId: -1003000000002, name: 'Bread book', period: 'onetime', price: 12, currency: 'eur' },
  ],
  subscribers: [
    { telegramId: 4101, firstName: 'Ivan', username: 'ivan_reader' },
    { telegramId: BOB.telegramId, firstName: 'Bob' },
  ],
  memberships: [
    {
      subscription: 'cooks-monthly',
      telegramId: 4101,
      status: 'active',
      activatedAt: '2026-01-05T10:00:00Z',
      expiresAt: '2026-02-05T10:00:00Z',
    },
    { subscription: 'bakes-once', telegramId: BOB.telegramId, status: 'active', activatedAt: '2025-12-01T10:00:00Z' },
  ],
  payoutAccount: {
    countryIso2: 'DE',
    countryIso3: 'DEU',
    methodType: 'swift',
    currency: 'eur',
    bankName: 'Bank',
    params: { iban: 'DE89370400440532013000' },
  },
  ...overrides,
});

describe('migration requests', () => {
  test('import: queued → importing (the creator sees progress) → completed, with subscribers, subscriptions and the payout account', async () => {
    await server.api(CAROL, 'POST', '/migration/confirm');
    const queued = await adminApi<Page<{ id: number; status: string; donateChannels: number }>>(
      cookie,
      'GET',
      '/migrations?status=queued',
    );
    const request = queued.body.items.find((item) => item.donateChannels === 2)!;
    expect(request.status).toBe('queued');

    const wrong = await adminApi(cookie, 'POST', `/migrations/${request.id}/import`, {
      export: carolExport({ creator: { telegramId: 1 } }),
    });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'validation_error' } });
    expect(
      (await adminApi(cookie, 'POST', `/migrations/${request.id}/import`, { export: { format: 'other' } })).status,
    ).toBe(400);

    expect((await adminApi(cookie, 'POST', `/migrations/${request.id}/import`, { export: carolExport() })).status).toBe(
      200,
    );
    expect(await lastAudit()).toMatchObject({
      action: 'migration.import',
      objectType: 'migration_request',
      before: { status: 'queued' },
      after: { status: 'importing', records: 7 },
    });
    const importing = await server.api<MigrationResponse>(CAROL, 'GET', '/migration');
    expect(importing.body.request).toMatchObject({ status: 'importing', progress: { done: 0, total: 7 } });

    await server.request('POST', '/sandbox/clock', { advanceSeconds: 60 });
    const done = await server.api<MigrationResponse>(CAROL, 'GET', '/migration');
    expect(done.body.request).toMatchObject({ status: 'completed' });
    expect(
      (await adminApi<Page<{ status: string; progress: unknown }>>(cookie, 'GET', `/migrations?status=completed`)).body
        .items,
    ).toEqual([expect.objectContaining({ status: 'completed', progress: { done: 7, total: 7 } })]);

    const dashboard = await server.api<{ channels: { name: string; isConnected?: boolean }[] }>(
      CAROL,
      'GET',
      '/dashboard?mode=creator',
    );
    expect(dashboard.status).toBe(200);
    const members = rowsOf<{ telegram_id: number; name: string; expires_at: unknown }>(
      await server.database.db.execute(sql`
      select u.telegram_id, s.name, m.expires_at from subscription_members m join users u on u.id = m.user_id join subscriptions s on s.id = m.subscription_id
      join channels c on c.id = s.channel_id join users o on o.id = c.owner_id where o.telegram_id = ${CAROL.telegramId} order by u.telegram_id`),
    );
    expect(members.map((row) => [row.telegram_id, row.name])).toEqual([
      [BOB.telegramId, 'Bread book'],
      [4101, 'Cooking club'],
    ]);
    const account = rowsOf<{ method_type: string }>(
      await server.database.db.execute(
        sql`select a.method_type from payout_accounts a join users u on u.id = a.user_id where u.telegram_id = ${CAROL.telegramId}`,
      ),
    );
    expect(account).toEqual([{ method_type: 'swift' }]);
    // Completed: a second import is refused.
    expect((await adminApi(cookie, 'POST', `/migrations/${request.id}/import`, { export: carolExport() })).status).toBe(
      409,
    );
  });
});

describe('identity reviews', () => {
  /** A new user through the Sumsub double's widget to a GREEN review (kyc_approved), as the widget's buttons do it. */
  async function passedIdentityCheck() {
    const user = newUser('Applicant');
    const { token } = (await server.api<{ token: string }>(user, 'GET', '/verification/start')).body;
    expect((await server.request('POST', '/websdk/sandbox/submit', { token, outcome: 'approve' })).status).toBe(200);
    expect((await server.api<{ status: string }>(user, 'GET', '/verification/status')).body.status).toBe(
      'kyc_approved',
    );
    return user;
  }

  test("creators whose check passed are listed with the provider's result; approve opens creator features, reject shows the rejected screen", async () => {
    const approved = await passedIdentityCheck();
    const rejected = await passedIdentityCheck();
    const page = (await adminApi<Page<AdminIdentityItem>>(cookie, 'GET', '/identity?provider=sumsub&order=asc')).body;
    const row = (user: { telegramId: number }) =>
      page.items.find((item) => item.person.telegramId === user.telegramId)!;
    expect(row(approved)).toMatchObject({
      status: 'kyc_approved',
      provider: 'sumsub',
      reviewAnswer: 'GREEN',
      applicantId: expect.any(String),
    });
    expect(
      (await adminApi<Page<AdminIdentityItem>>(cookie, 'GET', '/identity?provider=manual')).body.items.map(
        (item) => item.person.telegramId,
      ),
    ).not.toContain(approved.telegramId);

    expect((await adminApi(cookie, 'POST', `/identity/${row(approved).id}/approve`, {})).body).toEqual({ ok: true });
    expect((await server.api<{ status: string }>(approved, 'GET', '/verification/status')).body.status).toBe(
      'approved',
    );
    expect(await lastAudit()).toMatchObject({
      action: 'identity.approve',
      objectType: 'user',
      objectId: String(row(approved).id),
      before: { status: 'kyc_approved' },
      after: { status: 'approved' },
    });

    expect((await adminApi(cookie, 'POST', `/identity/${row(rejected).id}/reject`, {})).status).toBe(400);
    expect(
      (await adminApi(cookie, 'POST', `/identity/${row(rejected).id}/reject`, { reason: 'Document does not match' }))
        .body,
    ).toEqual({ ok: true });
    expect((await server.api<{ status: string }>(rejected, 'GET', '/verification/status')).body.status).toBe(
      'rejected',
    );
    // Decided: off the queue, and a second decision is refused.
    const after = (await adminApi<Page<AdminIdentityItem>>(cookie, 'GET', '/identity')).body.items.map(
      (item) => item.person.telegramId,
    );
    expect(after).not.toEqual(expect.arrayContaining([approved.telegramId]));
    expect(after).not.toContain(rejected.telegramId);
    expect((await adminApi(cookie, 'POST', `/identity/${row(approved).id}/approve`, {})).status).toBe(409);
  });

  test('the queue is paged and sorted in the database: pages follow one another, the newest first or last', async () => {
    const waiting = [await passedIdentityCheck(), await passedIdentityCheck(), await passedIdentityCheck()].map(
      (user) => user.telegramId,
    );
    const list = async (query: string) =>
      (await adminApi<Page<AdminIdentityItem>>(cookie, 'GET', `/identity?${query}`)).body;
    const all = await list('pageSize=100&order=asc');
    expect(all.total).toBe(all.items.length);
    // Checked at the same instant: the tiebreak (the user's id) keeps them in sign-up order.
    expect(all.items.slice(-3).map((item) => item.person.telegramId)).toEqual(waiting);
    const [first, second] = [await list('pageSize=2&page=1&order=asc'), await list('pageSize=2&page=2&order=asc')];
    expect({ total: first.total, page: second.page, pageSize: second.pageSize }).toEqual({
      total: all.total,
      page: 2,
      pageSize: 2,
    });
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(
      all.items.slice(0, 4).map((item) => item.id),
    );
    expect((await list('pageSize=3&sort=since&order=desc')).items.map((item) => item.person.telegramId)).toEqual(
      [...waiting].reverse(),
    );
    expect((await list(`pageSize=100&page=${all.total + 1}`)).items).toEqual([]);
    expect((await adminApi(cookie, 'GET', '/identity?sort=name')).body).toMatchObject({ code: 'validation_error' });
  });
});

describe('payments', () => {
  test('find a payment by id, payer or channel; refund it in full: the follower sees the refund, the entry is audited', async () => {
    const shop = await openShop(server);
    const payer = newUser('Payer');
    const paid = await payWithNewCard(server, payer, 'subscription', shop.subscriptions.monthly, '4242424242424242');
    const find = async (query: string) =>
      (await adminApi<Page<AdminPaymentItem>>(cookie, 'GET', `/payments?${query}`)).body;
    const byId = await find(`q=${paid.paymentId}`);
    expect(byId.items).toEqual([
      expect.objectContaining({
        id: paid.paymentId,
        status: 'paid',
        refundStatus: null,
        amount: '10',
        currency: 'eur',
        payer: expect.objectContaining({ telegramId: payer.telegramId }),
      }),
    ]);
    expect((await find(`q=${payer.telegramId}`)).items.map((item) => item.id)).toEqual([paid.paymentId]);
    expect((await find(`channel=${shop.channelId}&status=paid`)).items.map((item) => item.id)).toContain(
      paid.paymentId,
    );
    expect((await find('status=pending&q=nobody_at_all')).total).toBe(0);

    expect((await adminApi(cookie, 'POST', `/payments/${paid.paymentId}/refund`, {})).status).toBe(400);
    expect(
      (await adminApi(cookie, 'POST', `/payments/${paid.paymentId}/refund`, { reason: 'Charged twice by mistake' }))
        .body,
    ).toEqual({ ok: true });
    expect((await find(`q=${paid.paymentId}`)).items[0]).toMatchObject({
      refundStatus: 'done',
      refundReason: 'Charged twice by mistake',
    });
    const lines = (
      await server.api<{ transactions: { type: string; total: number }[] }>(payer, 'POST', '/dashboard/transactions', {
        list: 'all',
        mode: 'follower',
      })
    ).body.transactions;
    // The follower gets the price back, as they paid it (not the creator's share of it).
    expect(lines.map((line) => [line.type, line.total])).toEqual([
      ['refund_received', 10],
      ['buy_subscription', 10],
    ]);
    expect(await lastAudit()).toMatchObject({
      action: 'payment.refund',
      objectType: 'payment',
      objectId: paid.paymentId,
      before: { status: 'paid', refundStatus: null },
      // Written with the refund's request, before the provider took it (auditTransaction.test.ts).
      after: { refundStatus: 'due', reason: 'Charged twice by mistake' },
    });
    expect((await adminApi(cookie, 'POST', '/payments/no-such-payment/refund', { reason: 'x' })).status).toBe(404);
  });
});

describe('audit log', () => {
  test('filters by operator, object and date', async () => {
    const all = await adminApi<Page<Audit>>(cookie, 'GET', '/audit?pageSize=100');
    expect(all.body.total).toBeGreaterThanOrEqual(5);
    expect((await adminApi<Page<Audit>>(cookie, 'GET', `/audit?operator=${OPERATOR.telegramId}`)).body.total).toBe(
      all.body.total,
    );
    expect((await adminApi<Page<Audit>>(cookie, 'GET', '/audit?operator=1')).body.total).toBe(0);
    const users = await adminApi<Page<Audit>>(cookie, 'GET', '/audit?objectType=user&order=asc');
    expect(users.body.items.map((item) => item.action)).toEqual([
      'user.ban',
      'user.unban',
      'identity.approve',
      'identity.reject',
    ]);
    const today = new Date(server.clock.now()).toISOString().slice(0, 10);
    expect((await adminApi<Page<Audit>>(cookie, 'GET', `/audit?from=${today}&to=${today}`)).body.total).toBe(
      all.body.total,
    );
    expect((await adminApi<Page<Audit>>(cookie, 'GET', '/audit?to=2000-01-01')).body.total).toBe(0);
  });
});

/** The payout day that pays earnings made at `atMs` (src/domain/payout.ts: the 10th and 25th pay half-month windows). */
function payoutDayPaying(atMs: number): number {
  let payoutAt = nextPayoutDate(atMs);
  while (payoutWindowFor(payoutAt)[1] <= atMs) payoutAt = nextPayoutDate(payoutAt);
  return payoutAt;
}

const saveAccount = (user: TestUser, body: Record<string, unknown>) =>
  server.api(user, 'POST', '/payout/account', body);

// Moves the clock past a payout day: after the tests that read today's audit log.
describe('payouts', () => {
  test('a failed payout retried goes out and is audited; one that did not fail is refused; the run exports as CSV', async () => {
    // Two creators: the bank declines payouts to the first one's card (README test cards), the second is paid in roubles.
    const [declined, roubles] = [await openShop(server), await openShop(server, { currency: 'rub', price: 300 })];
    expect(
      (
        await saveAccount(declined.creator, {
          currency: 'eur',
          countryIso3: 'DEU',
          methodType: 'bank_card',
          card: { token: await tokenize(server, '4000000000000002') },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await saveAccount(roubles.creator, {
          currency: 'rub',
          countryIso3: 'RUS',
          methodType: 'ru_account',
          params: { full_name: 'Petrova Anna', inn: '500100732259', bik: '044525225', account: '40817810899910004312' },
        })
      ).status,
    ).toBe(200);
    await payWithNewCard(server, newUser('Donor'), 'donation', declined.donationId, '4242424242424242', {
      amount: 200,
    });
    await payWithNewCard(server, newUser('Donor'), 'donation', roubles.donationId, '4242424242424242', {
      amount: 4000,
    });
    const payoutAt = payoutDayPaying(server.clock.now());
    const payoutDate = payoutDateString(payoutAt);
    await advanceTo(server, payoutAt + 60_000);
    cookie = await signIn(); // the clock moved past the 12 hours of the last session

    const run = async () =>
      (await adminApi<Page<AdminPayoutItem>>(cookie, 'GET', `/payouts?payoutDate=${payoutDate}&pageSize=100`)).body;
    const of = (items: AdminPayoutItem[], shop: { creator: TestUser }) =>
      items.find((item) => item.creator.telegramId === shop.creator.telegramId)!;
    const failed = of((await run()).items, declined);
    expect(failed).toMatchObject({
      id: `${declined.creator.telegramId}-eur-${payoutDate}`,
      amount: '174',
      currency: 'eur',
      status: 'failed',
      attempt: 1,
      error: 'The recipient bank declined the payout',
    });
    const arrived = of((await run()).items, roubles);
    expect(arrived).toMatchObject({ amount: '3,480', currency: 'rub', status: 'arrived' });

    // Only a failed payout can be retried.
    const refused = await adminApi(cookie, 'POST', `/payouts/${arrived.id}/retry`);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'conflict', message: expect.stringContaining('arrived') },
    });
    expect(
      (await adminApi(cookie, 'POST', `/payouts/${declined.creator.telegramId}-eur-2000-01-10/retry`)).body,
    ).toMatchObject({
      code: 'not_found',
      message: expect.any(String),
    });
    expect((await adminApi(cookie, 'POST', '/payouts/nonsense/retry')).body).toMatchObject({
      code: 'validation_error',
      message: expect.any(String),
    });

    // The creator saves a card the bank takes; the operator retries: a new attempt goes out.
    expect(
      (
        await saveAccount(declined.creator, {
          currency: 'eur',
          countryIso3: 'DEU',
          methodType: 'bank_card',
          card: { token: await tokenize(server, '4242424242424242') },
        })
      ).status,
    ).toBe(200);
    expect((await adminApi(cookie, 'POST', `/payouts/${failed.id}/retry`)).body).toEqual({ ok: true });
    const retried = of((await run()).items, declined);
    expect(retried).toMatchObject({ status: expect.stringMatching(/^(sent|arrived)$/), attempt: 2, error: null });
    expect(await lastAudit()).toMatchObject({
      operatorTelegramId: OPERATOR.telegramId,
      action: 'payout.retry',
      objectType: 'payout',
      objectId: failed.id,
      subject: { telegramId: declined.creator.telegramId },
      before: { status: 'failed', attempt: 1, errorCode: 'payout_declined' },
      after: { status: 'requested', attempt: 2, errorCode: null },
    });
    // The log, filtered by the id the payouts queue shows, finds the retry.
    expect(
      (await adminApi<Page<Audit>>(cookie, 'GET', `/audit?objectId=${failed.id}`)).body.items.map((a) => a.action),
    ).toEqual(['payout.retry']);
    const tracker = (await server.api<PayoutResponse>(declined.creator, 'GET', '/payout')).body;
    expect(tracker.payoutBalances).toEqual([]);
    expect(tracker.payouts).toEqual([
      expect.objectContaining({ payoutDate, amount: 174, currency: 'eur', status: retried.status }),
    ]);
    await expectBalancesMatchLedger(server, declined.creatorId);
    expect((await adminApi(cookie, 'POST', `/payouts/${failed.id}/retry`)).status).toBe(409);

    // A name is the creator's to choose: one a spreadsheet would run as a formula is neutralised (OWASP).
    const formula = '=HYPERLINK("https://evil.example/")';
    const renamed = { ...declined.creator, firstName: formula };
    expect((await server.api(renamed, 'GET', '/verification/status')).status).toBe(200);
    // The run as CSV: a header and one row per payout, amounts in each payout's currency.
    const csvPath = `${server.baseUrl}/admin/api/payout-days/${payoutDate}/csv`;
    const csv = await fetch(csvPath, { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="payouts-${payoutDate}.csv"`);
    const [header, ...rows] = (await csv.text()).split('\r\n').filter((line) => line !== '');
    expect(header).toBe(
      'payout_id,payout_date,telegram_id,name,username,currency,amount,status,attempt,method,error,created_at',
    );
    const all = await run();
    expect(rows).toHaveLength(all.total);
    const row = (shop: { creator: TestUser }) =>
      rows.find((line) => line.split(',')[2] === String(shop.creator.telegramId))!.split(',');
    expect(row(declined).slice(0, 3)).toEqual([failed.id, payoutDate, String(declined.creator.telegramId)]);
    expect(row(declined)[3]).toBe(`"'${formula.replace(/"/g, '""')}"`);
    expect(rows.every((line) => !/^[=+\-@\t\r]/.test(line.split(',')[3] ?? ''))).toBe(true);
    expect(row(declined).slice(5, 10)).toEqual(['eur', '174.00', retried.status, '2', 'bank_card']);
    expect(row(roubles).slice(5, 10)).toEqual(['rub', '3480.00', 'arrived', '1', 'ru_account']);
    expect(rows.every((line) => line.split(',')[1] === payoutDate)).toBe(true);
    expect(await lastAudit()).toMatchObject({
      action: 'payout.export',
      objectType: 'payout_run',
      objectId: payoutDate,
      after: { rows: all.total },
    });

    // Without a session: refused with {code, message}.
    const anonymous = await fetch(csvPath);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'unauthorized', message: expect.any(String) });
  });
});

test('schema-admin.ts mirrors the SQL', async () => {
  const tables = (Object.values(adminSchema) as unknown[]).filter(
    (value): value is PgTable =>
      typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
  );
  expect(tables).toHaveLength(6);
  for (const table of tables) {
    const config = getTableConfig(table);
    const columns = rowsOf<{ column_name: string; is_nullable: string }>(
      await server.database.db.execute(sql`
      select column_name, is_nullable from information_schema.columns where table_schema = 'public' and table_name = ${config.name}`),
    );
    expect(Object.fromEntries(config.columns.map((column) => [column.name, !column.notNull]))).toEqual(
      Object.fromEntries(columns.map((column) => [column.column_name, column.is_nullable === 'YES'])),
    );
  }
});
