/**
 * The real server as a child process, for tests of what only a process shows: signals, kill -9, start-up failures.
 * It runs compiled, as production runs it (`npm run build:server`, `npm run start:prod`): one build per change of the
 * server's sources, shared by every test and worker (dist-server/tests-<key>/), because compiling TypeScript with tsx
 * at every start cost about twice the CPU of the start itself. `entry: 'tsx'` runs server/main.ts as `npm start`
 * does. The embedded database starts from the
 * migrated snapshot (support/snapshot.ts) so start-up costs seconds, not an initdb; BOT_TOKEN is fixed so the test
 * signs init data itself (signed with the wall clock, as the process's clock starts at the wall clock).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { signInitData } from '../../../server/modules/sandbox/initData';
import { migratedSnapshot } from './snapshot';

export const PROCESS_BOT_TOKEN = '1234567890:TEST-process-token-for-tests-only-x';

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly origin: string;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
}

export interface StartOptions {
  readonly env?: Record<string, string>;
  /**
   * `compiled` (default): the shared build of the current sources; `tsx`: server/main.ts as `npm start` runs it; else
   * the path of a compiled bundle (npm run build:server).
   */
  readonly entry?: 'compiled' | 'tsx' | { readonly compiled: string };
  /** How long start-up may take. */
  readonly timeoutMs?: number;
}

/** A temporary DATA_DIR with the migrated snapshot unpacked in it. */
export async function preparedDataDir(prefix = 'backers-process-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const dataDir = path.join(dir, 'data');
  await mkdir(dataDir, { recursive: true });
  const prepared = await PGlite.create({
    dataDir: path.join(dataDir, 'pgdata'),
    loadDataDir: await migratedSnapshot(),
  });
  await prepared.close();
  return dataDir;
}

/** Every file under these paths, in a stable order: what the server's bundle is built from. */
async function sourceFiles(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const entry of paths) {
    const full = path.resolve(process.cwd(), entry);
    if (!existsSync(full)) continue;
    if (!full.endsWith('/') && !entry.endsWith('/')) files.push(full);
    else
      for (const name of (await readdir(full, { recursive: true, withFileTypes: true }))
        .filter((item) => item.isFile())
        .map((item) => path.join(item.parentPath, item.name))
        .sort())
        files.push(name);
  }
  return files;
}

let compiled: Promise<string> | undefined;

/**
 * The compiled server for the current sources: built once (scripts/build-server.mjs) into dist-server/tests-<key>/,
 * keyed by the sources it is built from, and reused by later workers and runs. Workers that build at once each build
 * into their own folder and the first rename wins.
 */
export function compiledServer(): Promise<string> {
  compiled ??= (async () => {
    const hash = createHash('sha256');
    for (const file of await sourceFiles(['server/', 'src/', 'scripts/build-server.mjs', 'tsconfig.node.json']))
      hash.update(path.relative(process.cwd(), file)).update(await readFile(file));
    const key = hash.digest('hex').slice(0, 16);
    const dir = path.resolve(process.cwd(), 'dist-server', `tests-${key}`);
    const outfile = path.join(dir, 'main.cjs');
    if (existsSync(outfile)) return outfile;
    const building = `${dir}.${process.pid}`;
    await rm(building, { recursive: true, force: true });
    await promisify(execFile)(
      process.execPath,
      ['scripts/build-server.mjs', '--outfile', path.join(building, 'main.cjs')],
      { cwd: process.cwd() },
    );
    await rename(building, dir).catch(async (error: NodeJS.ErrnoException) => {
      if (!existsSync(outfile)) throw error;
      await rm(building, { recursive: true, force: true });
    });
    return outfile;
  })();
  return compiled;
}

export async function startServerProcess(options: StartOptions = {}): Promise<ServerProcess> {
  const entry = options.entry ?? 'compiled';
  const args =
    entry === 'tsx'
      ? ['--import', 'tsx', 'server/main.ts']
      : ['--enable-source-maps', entry === 'compiled' ? await compiledServer() : entry.compiled];
  // The server is this process's own child (no npx in between), so a signal reaches it directly.
  const child = spawn(process.execPath, args, {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SANDBOX: '1',
      JOB_INTERVAL_MS: '3600000',
      BOT_TOKEN: PROCESS_BOT_TOKEN,
      STATIC_DIR: path.join(os.tmpdir(), 'backers-no-static'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    const match = /Backers is running at (http:\/\/[^\s/]+)\//.exec(output);
    // Started: listening, and the bot connected (the last step before the jobs).
    if (match && /^Bot: @/m.test(output)) return { child, origin: match[1]!, output: () => output, exited };
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

/** Sends the signal and waits for the exit; answers the exit code. */
export async function stopServerProcess(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

export function processAuth(telegramId: number): { authorization: string } {
  return {
    authorization: `TgAuth ${signInitData({ telegramId, firstName: `Process ${telegramId}` }, PROCESS_BOT_TOKEN, Date.now())}`,
  };
}

export interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

export async function callJson<T = Record<string, unknown>>(
  origin: string,
  method: string,
  urlPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response = await fetch(`${origin}${urlPath}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** A creator (KYC approved) with a channel and an open-amount donation request; answers the donation id. */
export async function donationTarget(origin: string, creatorId: number): Promise<number> {
  await callJson(origin, 'GET', '/api/v2/verification/status', undefined, processAuth(creatorId));
  await callJson(origin, 'POST', '/sandbox/kyc', { telegramId: creatorId, status: 'approved' });
  const channel = await callJson<{ channel: { id: number } }>(origin, 'POST', '/sandbox/bot/channel-added', {
    ownerTelegramId: creatorId,
    chatId: -1_009_000_000_000 - creatorId,
    title: `Process channel ${creatorId}`,
    username: `process_${creatorId}`,
  });
  const donation = await callJson<{ donation: { id: number } }>(
    origin,
    'POST',
    `/api/v2/donation/request/channel/${channel.body.channel.id}`,
    {
      title: 'Tips',
      description: 'Process test',
      currency: 'eur',
      amount: 0,
      buttonText: 'Donate',
      pin: false,
      disableNotification: true,
    },
    processAuth(creatorId),
  );
  if (donation.status !== 200) throw new Error(`donation request: ${donation.status} ${JSON.stringify(donation.body)}`);
  return donation.body.donation.id;
}

/** A one-use card token for the payer, made as the app does (our public token, then the double's tokenize URL). */
/** A new card as a payment sends it: the card's token and the public token of the payer's own tokenisation. */
export async function cardToken(
  origin: string,
  payerId: number,
  number = '4242424242424242',
): Promise<{ cardToken: string; publicToken: string }> {
  const access = await callJson<{ publicToken: string; tokenizeUrl: string }>(
    origin,
    'POST',
    '/api/v2/pay/smart_glocal/token',
    undefined,
    processAuth(payerId),
  );
  const url = new URL(access.body.tokenizeUrl, origin).toString();
  const tokenized = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-public-token': access.body.publicToken },
    body: JSON.stringify({ card: { number, expiration_month: '12', expiration_year: '35', security_code: '123' } }),
  });
  return {
    cardToken: ((await tokenized.json()) as { data: { token: string } }).data.token,
    publicToken: access.body.publicToken,
  };
}
