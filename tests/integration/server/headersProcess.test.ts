/**
 * Headers and endpoints of the real server process with a built app to serve (its SPA fallback answers unknown
 * paths with the app's page, so only a real static directory shows what an unknown path gets):
 * - /metrics without METRICS_TOKEN is a JSON 404, not the app's page;
 * - the operator console has its own CSP that nobody may frame; the mini-app keeps Telegram's web clients;
 * - HSTS only over https: directly, or per X-Forwarded-Proto from a proxy TRUST_PROXY names.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ServerProcess, preparedDataDir, startServerProcess, stopServerProcess } from '../support/serverProcess';

const describeEmbedded = process.env.TEST_DATABASE_URL ? describe.skip : describe;
jest.setTimeout(180_000);

const csp = (headers: Headers): Map<string, string[]> =>
  new Map(
    (headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((part) => part[0] !== '')
      .map(([name, ...values]) => [name!, values]),
  );

describeEmbedded('the real process', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    const staticDir = await mkdtemp(path.join(os.tmpdir(), 'backers-static-'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title><p>the app</p>');
    await writeFile(path.join(staticDir, 'admin.html'), '<!doctype html><title>console</title><p>the console</p>');
    server = await startServerProcess({
      env: { DATA_DIR: await preparedDataDir(), STATIC_DIR: staticDir, TRUST_PROXY: '127.0.0.1' },
      timeoutMs: 150_000,
    });
  }, 180_000);
  afterAll(async () => {
    if (server) await stopServerProcess(server);
  });

  test('/metrics without METRICS_TOKEN answers a JSON 404, not the app', async () => {
    const answer = await fetch(`${server.origin}/metrics`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
    // The app's deep links still answer the app.
    expect((await fetch(`${server.origin}/some/app/route`)).status).toBe(200);
  });

  test('the console has its own CSP and nobody may frame it; the mini-app may be framed by Telegram', async () => {
    for (const url of ['/admin', '/admin/', '/admin/channels', '/admin.html', '/admin/signin?token=x']) {
      const answer = await fetch(`${server.origin}${url}`, { redirect: 'manual' });
      const policy = csp(answer.headers);
      expect({
        url,
        frameAncestors: policy.get('frame-ancestors'),
        xfo: answer.headers.get('x-frame-options'),
      }).toEqual({ url, frameAncestors: ["'none'"], xfo: 'DENY' });
      expect(policy.get('script-src')).toEqual(["'self'"]);
    }
    const console = await fetch(`${server.origin}/admin/`);
    expect(await console.text()).toContain('the console');
    const app = csp((await fetch(`${server.origin}/`)).headers);
    expect(app.get('frame-ancestors')).toEqual(expect.arrayContaining(['https://web.telegram.org']));
  });

  test('HSTS only over https: not over plain http, yes when the trusted proxy says https', async () => {
    expect((await fetch(`${server.origin}/`)).headers.get('strict-transport-security')).toBeNull();
    expect((await fetch(`${server.origin}/api/v2/openapi.json`)).headers.get('strict-transport-security')).toBeNull();
    const proxied = await fetch(`${server.origin}/api/v2/openapi.json`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.headers.get('strict-transport-security')).toBe('max-age=15552000');
  });
});
