/**
 * The real `server/main.ts` process on the embedded database: start-up (migrate, seed, print the addresses), the
 * sandbox bot token kept in the data dir, the built app with its SPA fallback and cache headers, the data dir lock
 * refusing a second process, graceful shutdown on SIGTERM, and data surviving a restart. Embedded database only:
 * skipped when the suite runs against a PostgreSQL server. The data dir starts from the migrated snapshot (an initdb
 * on disk costs 10–40 s of CPU on a busy machine); the server still runs its migrations and the seed on it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migratedSnapshot } from '../support/snapshot';

const describeEmbedded = process.env.TEST_DATABASE_URL ? describe.skip : describe;
jest.setTimeout(120_000);

interface Started {
  readonly child: ChildProcess;
  readonly origin: string;
  readonly output: () => string;
}

function run(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  // node with tsx's loader, not the tsx command: the server is this process's own child, so SIGKILL reaches it too
  // (the tsx command passes SIGTERM on, but a SIGKILL would leave the server running without its parent).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      JOB_INTERVAL_MS: '3600000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function start(env: Record<string, string>): Promise<Started> {
  const process_ = run(env);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const match = /Backers is running at (http:\/\/[^\s/]+)\//.exec(process_.output());
    if (match) return { child: process_.child, origin: match[1]!, output: process_.output };
    if (process_.child.exitCode !== null) throw new Error(`server exited: ${process_.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process_.child.kill('SIGKILL');
  throw new Error(`server did not start: ${process_.output()}`);
}

async function stop(started: Started): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => started.child.on('exit', (code) => resolve(code)));
  started.child.kill('SIGTERM');
  return exited;
}

describeEmbedded('server/main.ts', () => {
  let dir: string;
  let env: Record<string, string>;
  let first: Started | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'backers-main-'));
    const staticDir = path.join(dir, 'dist');
    await mkdir(path.join(staticDir, 'assets'), { recursive: true });
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Backers</title><div id="root"></div>');
    await writeFile(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    env = { DATA_DIR: path.join(dir, 'data'), STATIC_DIR: staticDir };
    await mkdir(env.DATA_DIR!, { recursive: true });
    const prepared = await PGlite.create({
      dataDir: path.join(env.DATA_DIR!, 'pgdata'),
      loadDataDir: await migratedSnapshot(),
    });
    await prepared.close();
  });
  afterAll(async () => {
    if (first && first.child.exitCode === null) first.child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  test('starts, seeds the sandbox, prints the app and emulator addresses, keeps a generated bot token', async () => {
    first = await start(env);
    expect(first.output()).toContain('seeded the demo accounts');
    expect(first.output()).toContain(`Messenger host emulator: ${first.origin}/sandbox/`);
    const token = (await readFile(path.join(env.DATA_DIR!, 'sandbox-bot-token'), 'utf8')).trim();
    expect(token).toMatch(/^\d{10}:[\w-]{35}$/);
    const users = (await (await fetch(`${first.origin}/sandbox/users`)).json()) as { demo: unknown[] };
    expect(users.demo).toHaveLength(3);
  });

  test('serves the app: index revalidated, hashed assets immutable, deep links fall back to index.html', async () => {
    const origin = first!.origin;
    const index = await fetch(`${origin}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('<title>Backers</title>');
    const asset = await fetch(`${origin}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${origin}/favicon.svg`)).headers.get('cache-control')).toBe('no-cache');
    for (const deep of ['/dashboard/creator', '/channel/1/subscription/2', '/invoice/donation/3']) {
      const page = await fetch(`${origin}${deep}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
    }
    for (const missing of ['/missing.js', '/api/v2/unknown', '/sandbox/unknown', '/provider/unknown']) {
      const answer = await fetch(`${origin}${missing}`);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ code: 'not_found' });
    }
  });

  test('a second process on the same data dir refuses to start, saying why', async () => {
    const second = run(env);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another server process \(pid \d+\)/);
  });

  test('SIGTERM shuts down cleanly and releases the lock; a restart keeps the data and does not seed again', async () => {
    const code = await stop(first!);
    if (code !== 0) throw new Error(`server exited with ${code}: ${first!.output()}`);
    expect(existsSync(path.join(env.DATA_DIR!, 'server.lock'))).toBe(false);
    const again = await start(env);
    let channels: unknown[];
    let seededAgain: boolean;
    try {
      seededAgain = again.output().includes('seeded');
      const launch = await fetch(`${again.origin}/sandbox/launch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ telegramId: 1001 }),
      });
      const { initData } = (await launch.json()) as { initData: string };
      const dashboard = await fetch(`${again.origin}/api/v2/dashboard?mode=creator`, {
        headers: { authorization: `TgAuth ${initData}` },
      });
      channels = ((await dashboard.json()) as { channels?: unknown[] }).channels ?? [];
    } finally {
      const code = await stop(again);
      expect(`exit ${code}: ${code === 0 ? '' : again.output()}`).toBe('exit 0: ');
    }
    expect(seededAgain).toBe(false);
    expect(channels).toHaveLength(2);
  });

  test('refuses a sandbox on a public address unless SANDBOX_PUBLIC=1', async () => {
    const refused = run({ ...env, HOST: '0.0.0.0' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/sandbox .* is on and HOST=0\.0\.0\.0 is not a loopback address/);
  });
});
