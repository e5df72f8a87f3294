/** Compressed answers (server/platform/http/compression.ts): brotli or gzip when the client accepts it, from 1 kB on. */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { SYNC_COMPRESSION_MAX_BYTES } from '../../../server/platform/http/compression';
import { ALICE, type TestServer, startTestServer } from '../support/testServer';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(async () => server.close());

/** The raw answer (node:http does not decode bodies, unlike fetch). */
function rawGet(
  urlPath: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(urlPath, server.baseUrl), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const authorization = () => `TgAuth ${server.initData(ALICE)}`;

test("the creator's dashboard is sent with brotli to a client that accepts it, several times smaller, the same JSON", async () => {
  const plain = await rawGet('/api/v2/dashboard?mode=creator', { authorization: authorization() });
  const packed = await rawGet('/api/v2/dashboard?mode=creator', {
    authorization: authorization(),
    'accept-encoding': 'gzip, deflate, br',
  });
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.length).toBeGreaterThan(1024);
  expect(packed.status).toBe(200);
  expect(packed.headers['content-encoding']).toBe('br');
  expect(packed.headers.vary).toMatch(/accept-encoding/i);
  expect(packed.headers['cache-control']).toBe('no-store');
  expect(packed.body.length * 3).toBeLessThan(plain.body.length);
  expect(JSON.parse(brotliDecompressSync(packed.body).toString('utf8'))).toEqual(
    JSON.parse(plain.body.toString('utf8')),
  );
});

test('the cached dashboard goes out as the same compressed bytes each time, and every variant names Accept-Encoding in Vary', async () => {
  const first = await rawGet('/api/v2/dashboard?mode=creator', {
    authorization: authorization(),
    'accept-encoding': 'br',
  });
  const again = await rawGet('/api/v2/dashboard?mode=creator', {
    authorization: authorization(),
    'accept-encoding': 'br',
  });
  expect(again.headers['content-encoding']).toBe('br');
  expect(again.body.equals(first.body)).toBe(true);
  expect(Number(again.headers['content-length'])).toBe(again.body.length);
  const plain = await rawGet('/api/v2/dashboard?mode=creator', { authorization: authorization() });
  expect(plain.headers.vary).toMatch(/accept-encoding/i);
  const refused = await rawGet('/api/v2/dashboard?mode=creator', {
    authorization: authorization(),
    'accept-encoding': 'br;q=0, gzip;q=0',
  });
  expect(refused.headers['content-encoding']).toBeUndefined();
  expect(refused.body.equals(plain.body)).toBe(true);
});

test('gzip for a client without brotli', async () => {
  const packed = await rawGet('/api/v2/dashboard?mode=creator', {
    authorization: authorization(),
    'accept-encoding': 'gzip',
  });
  expect(packed.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(gunzipSync(packed.body).toString('utf8'))).toHaveProperty('mode', 'creator');
});

test('small answers and error answers under 1 kB go as they are', async () => {
  const small = await rawGet('/api/v2/channel/languages', { authorization: authorization(), 'accept-encoding': 'br' });
  expect(small.status).toBe(200);
  expect(small.body.length).toBeLessThan(1024);
  expect(small.headers['content-encoding']).toBeUndefined();
  const denied = await rawGet('/api/v2/dashboard', { 'accept-encoding': 'br' });
  expect(denied.status).toBe(401);
  expect(denied.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(denied.body.toString('utf8'))).toHaveProperty('code');
});

test('an answer between 8 kB and the synchronous limit is compressed in one piece: its length known, the same JSON', async () => {
  // 60 more members of the seeded monthly subscription with the longest names Telegram gives (64 characters first and
  // last): its page shows 10 of each group, about 10 kB of JSON (above the plugin's own default for the one-piece path
  // on a 2-core host, which would stream it in chunks).
  const now = `'${new Date(server.clock.now()).toISOString()}'::timestamptz`;
  await server.database.db.execute(
    sql.raw(`
    with people as (
      insert into users (telegram_id, first_name, last_name, language_code, created_at, updated_at)
      select 950000000 + i, rpad('Member ' || i || ' ', 64, 'm'), rpad('Surname ', 64, 's'), 'en', ${now}, ${now}
      from generate_series(1, 60) i
      returning id, telegram_id - 950000000 as i
    )
    insert into subscription_members (subscription_id, user_id, status, period, activated_at, expires_at,
      renewal_failed, payment_method, price_minor, currency, created_at, updated_at)
    select 1, p.id, 'active', 'monthly', ${now}, ${now} + (case when p.i % 2 = 0 then 10 else -10 end) * interval '1 day',
      false, 'smart_glocal', 500, 'eur', ${now}, ${now}
    from people p`),
  );
  const plain = await rawGet('/api/v2/subscription/1', { authorization: authorization() });
  const packed = await rawGet('/api/v2/subscription/1', { authorization: authorization(), 'accept-encoding': 'br' });
  expect(plain.status).toBe(200);
  expect(plain.body.length).toBeGreaterThan(8 * 1024);
  expect(plain.body.length).toBeLessThan(SYNC_COMPRESSION_MAX_BYTES);
  expect(packed.headers['content-encoding']).toBe('br');
  expect(packed.headers['transfer-encoding']).toBeUndefined();
  expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
  expect(JSON.parse(brotliDecompressSync(packed.body).toString('utf8'))).toEqual(
    JSON.parse(plain.body.toString('utf8')),
  );
});
