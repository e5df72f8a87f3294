/**
 * Operator roles over HTTP: viewer sees everything and changes nothing, support also refunds, bans and checks
 * payments, admin does everything (ADMIN_TELEGRAM_IDS are admins from the start). Roles are given in the console by
 * an admin and audited. Every /admin/api route refuses a role that may not use it: 403 {code, message}, and nothing
 * changes (the audit log, the only record of a console change, stays as it was).
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/platform/db/db';
import type { AdminMe, OperatorRole } from '../../../src/contract/admin';
import { type TestServer, startTestServer } from '../support/testServer';
import { consoleApi, consoleSignIn } from '../support/admin';

const ADMIN = { telegramId: 7201, firstName: 'Ada' };
const SUPPORT = { telegramId: 7202, firstName: 'Sam' };
const VIEWER = { telegramId: 7203, firstName: 'Vic' };
let server: TestServer;
const cookies: Partial<Record<OperatorRole, string>> = {};

beforeAll(async () => {
  server = await startTestServer({ seed: true, config: { adminTelegramIds: [ADMIN.telegramId] } });
  cookies.admin = await consoleSignIn(server, ADMIN);
}, 180_000);
afterAll(() => server.close());

const auditRows = async () =>
  rowsOf<{ n: number }>(await server.database.db.execute(sql`select count(*)::int as n from admin_audit`))[0]!.n;

/** Every console route with the least role that may use it (bodies valid, so only the role can refuse them). */
const ROUTES: readonly (readonly [string, string, OperatorRole, unknown?])[] = [
  ['GET', '/me', 'viewer'],
  ['GET', '/channels', 'viewer'],
  ['GET', '/identity', 'viewer'],
  ['GET', '/users', 'viewer'],
  ['GET', '/payments', 'viewer'],
  ['GET', '/payout-days', 'viewer'],
  ['GET', '/payouts', 'viewer'],
  ['GET', '/payout-days/2026-01-10/csv', 'viewer'],
  ['GET', '/migrations', 'viewer'],
  ['GET', '/audit', 'viewer'],
  ['GET', '/operators', 'viewer'],
  ['GET', '/settings', 'viewer'],
  ['GET', '/reconciliation', 'viewer'],
  ['POST', '/reconciliation/run', 'support'],
  ['POST', '/reconciliation/999999/ignore', 'support', { reason: 'Known' }],
  ['POST', '/reconciliation/999999/apply', 'admin'],
  ['POST', '/payments/no-such-payment/refund', 'support', { reason: 'Twice' }],
  ['POST', '/payments/no-such-payment/check', 'support'],
  ['POST', '/users/999999/ban', 'support', { reason: 'Spam' }],
  ['POST', '/users/999999/unban', 'support', { reason: 'Resolved' }],
  ['POST', '/channels/999999/approve', 'admin'],
  ['POST', '/channels/999999/reject', 'admin', { reason: 'Spam' }],
  ['POST', '/identity/999999/approve', 'admin'],
  ['POST', '/identity/999999/reject', 'admin', { reason: 'Blurred' }],
  ['POST', '/payouts/999999-eur-2026-01-10/retry', 'admin'],
  ['POST', '/payouts/now', 'admin', { telegramId: 999999 }],
  ['POST', '/migrations/999999/import', 'admin', { export: { format: 'donate-export' } }],
  ['POST', '/operators', 'admin', { telegramId: 7299, role: 'viewer' }],
  ['POST', '/operators/7299/remove', 'admin'],
  ['POST', '/settings/channel_moderation', 'admin', { value: 'pre' }],
];

test('an admin gives roles in the console; each is audited; ADMIN_TELEGRAM_IDS cannot be changed there', async () => {
  for (const [person, role] of [
    [SUPPORT, 'support'],
    [VIEWER, 'viewer'],
  ] as const) {
    // Not an operator yet: the bot gives no link.
    await expect(consoleSignIn(server, person)).rejects.toThrow('no sign-in link');
    const given = await consoleApi(server, cookies.admin!, 'POST', '/operators', {
      telegramId: person.telegramId,
      role,
    });
    expect(given.body).toEqual({ ok: true });
    cookies[role] = await consoleSignIn(server, person);
    expect((await consoleApi<AdminMe>(server, cookies[role]!, 'GET', '/me')).body).toEqual({
      operator: { telegramId: person.telegramId, role },
    });
  }
  const audit = await consoleApi<{ items: { action: string; objectType: string; objectId: string; after: unknown }[] }>(
    server,
    cookies.admin!,
    'GET',
    '/audit?objectType=operator&order=asc',
  );
  expect(audit.body.items.map(({ action, objectId, after }) => ({ action, objectId, after }))).toEqual([
    { action: 'operator.role', objectId: String(SUPPORT.telegramId), after: { role: 'support' } },
    { action: 'operator.role', objectId: String(VIEWER.telegramId), after: { role: 'viewer' } },
  ]);
  const operators = await consoleApi<{ items: { telegramId: number; role: string; bootstrap: boolean }[] }>(
    server,
    cookies.viewer!,
    'GET',
    '/operators',
  );
  expect(operators.body.items.map(({ telegramId, role, bootstrap }) => [telegramId, role, bootstrap])).toEqual([
    [ADMIN.telegramId, 'admin', true],
    [SUPPORT.telegramId, 'support', false],
    [VIEWER.telegramId, 'viewer', false],
  ]);
  expect(
    (await consoleApi(server, cookies.admin!, 'POST', '/operators', { telegramId: ADMIN.telegramId, role: 'viewer' }))
      .status,
  ).toBe(409);
});

test('every console route refuses a role below the one it needs: 403 {code, message}, nothing changed', async () => {
  for (const role of ['viewer', 'support'] as const) {
    for (const [method, path, needed, body] of ROUTES) {
      const allowed = needed === 'viewer' || (needed === 'support' && role === 'support');
      const before = await auditRows();
      const answer = await consoleApi(server, cookies[role]!, method, path, body);
      if (allowed) {
        expect({ role, path, status: answer.status === 403 ? 403 : 'not 403' }).toEqual({
          role,
          path,
          status: 'not 403',
        });
        continue;
      }
      expect({ role, path, status: answer.status, code: answer.body?.code }).toEqual({
        role,
        path,
        status: 403,
        code: 'forbidden',
      });
      expect(answer.body.message).toEqual(expect.any(String));
      expect(await auditRows()).toBe(before);
    }
  }
  // The operator the viewer tried to add does not exist.
  expect(
    rowsOf<{ n: number }>(
      await server.database.db.execute(sql`select count(*)::int as n from admin_operators where telegram_id = 7299`),
    )[0]!.n,
  ).toBe(0);
});

test('support bans and unbans; a role taken away ends console access at once', async () => {
  const bob = { id: 2001 }; // the console knows people by their Telegram id
  expect(
    (await consoleApi(server, cookies.support!, 'POST', `/users/${bob!.id}/ban`, { reason: 'Spam' })).body,
  ).toEqual({
    ok: true,
  });
  expect(
    (await consoleApi(server, cookies.support!, 'POST', `/users/${bob!.id}/unban`, { reason: 'Ok' })).body,
  ).toEqual({
    ok: true,
  });
  expect((await consoleApi(server, cookies.admin!, 'POST', `/operators/${SUPPORT.telegramId}/remove`)).body).toEqual({
    ok: true,
  });
  expect((await consoleApi(server, cookies.support!, 'GET', '/me')).status).toBe(401);
  expect((await consoleApi(server, cookies.admin!, 'POST', `/operators/${SUPPORT.telegramId}/remove`)).status).toBe(
    404,
  );
});
