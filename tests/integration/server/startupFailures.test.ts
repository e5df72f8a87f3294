/**
 * Start-up failures in the operator's words, from the real server process (compiled, as production runs it): a full disk, a read-only
 * DATA_DIR, a port in use and an unreachable DATABASE_URL each print one line naming the cause and the variable or
 * path, and the process exits non-zero. The disk cases mount a small tmpfs (a full disk) and a read-only one; where
 * this machine does not allow mounting they are skipped.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PROCESS_BOT_TOKEN, compiledServer } from '../support/serverProcess';

jest.setTimeout(240_000);

interface Ended {
  readonly code: number | null;
  readonly output: string;
}

/** Runs the server with `env` until it exits (it must not start). */
async function runUntilExit(env: Record<string, string>): Promise<Ended> {
  const child = spawn(process.execPath, ['--enable-source-maps', await compiledServer()], {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), 200_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    }),
  );
}

/** The operator's line: one line that names the cause and `names` (a variable or a path). */
function expectOneLine(ended: Ended, cause: RegExp, ...names: string[]) {
  expect(ended.code).not.toBe(0);
  expect(ended.code).not.toBeNull();
  const line = ended.output.split('\n').find((text) => text.startsWith('Cannot start:'));
  expect({ line, output: line === undefined ? ended.output : '' }).toEqual({
    line: expect.stringMatching(cause),
    output: '',
  });
  for (const name of names) expect(line).toContain(name);
  expect(ended.output).not.toMatch(/^\s+at /m); // no stack trace
}

function mount(dir: string, options: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const unmount = (dir: string) => {
  try {
    execFileSync('umount', [dir], { stdio: 'ignore' });
  } catch {
    // not mounted
  }
};

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'backers-startup-'));
});
afterAll(async () => {
  for (const dir of ['full', 'readonly']) unmount(path.join(root, dir));
  await rm(root, { recursive: true, force: true });
});

test('a port in use: names PORT and the port', async () => {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as net.AddressInfo).port;
  try {
    const ended = await runUntilExit({ PORT: String(port), DATABASE_URL: 'memory://' });
    expectOneLine(ended, /in use/, 'PORT', String(port));
  } finally {
    holder.close();
  }
});

test('an unreachable DATABASE_URL: names DATABASE_URL and where, without the password', async () => {
  const closed = net.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as net.AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve)); // nothing listens there now
  const ended = await runUntilExit({ DATABASE_URL: `postgres://backers:s3cret-pass@127.0.0.1:${port}/backers` });
  expectOneLine(ended, /cannot be reached/, 'DATABASE_URL', `127.0.0.1:${port}`);
  expect(ended.output).not.toContain('s3cret-pass');
});

test('a read-only DATA_DIR: names DATA_DIR and the path', async () => {
  const dir = path.join(root, 'readonly');
  execFileSync('mkdir', ['-p', dir]);
  if (!mount(dir, 'size=1m,ro')) {
    console.warn('skipped: this machine does not allow mounting a read-only file system');
    return;
  }
  const ended = await runUntilExit({ DATA_DIR: dir });
  expectOneLine(ended, /read-only/, 'DATA_DIR', dir);
  // A directory that cannot be created inside it: named too.
  const inside = path.join(dir, 'data');
  expectOneLine(await runUntilExit({ DATA_DIR: inside }), /cannot be created/, 'DATA_DIR', inside);
});

test('a full disk under DATA_DIR: names DATA_DIR and the path', async () => {
  const dir = path.join(root, 'full');
  execFileSync('mkdir', ['-p', dir]);
  if (!mount(dir, 'size=2m')) {
    console.warn('skipped: this machine does not allow mounting a small file system');
    return;
  }
  const ended = await runUntilExit({ DATA_DIR: dir });
  expectOneLine(ended, /full/, 'DATA_DIR', dir);
});
