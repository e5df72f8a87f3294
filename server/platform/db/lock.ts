/**
 * One process per embedded data directory. PGlite has no locking of its own: two processes on one data dir
 * silently lose data. The lock file holds the owner's pid; a second process refuses to start with a clear message,
 * and a lock left by a process that died (its pid no longer runs) is taken over.
 */
import { readFileSync } from 'node:fs';
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

export interface DataDirLock {
  readonly file: string;
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another server process (pid ${ownerPid}). ` +
        'Stop that process, or start this one with another DATA_DIR or DATABASE_URL.',
    );
  }
}

/** A zombie (exited, not yet reaped: common in containers whose init does not reap) holds no database. */
function isZombie(pid: number): boolean {
  try {
    // /proc/<pid>/stat: "pid (comm) state ..."; comm may hold spaces or parentheses, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false; // no /proc (not Linux) or the process is gone: kill(pid, 0) decides
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !isZombie(pid);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(file: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(file, 'utf8')).trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function acquireDataDirLock(dataDir: string, pid: number = process.pid): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(`${pid}\n`);
      await handle.close();
      let released = false;
      return {
        file,
        async release() {
          if (released) return;
          released = true;
          if ((await readOwner(file)) === pid) await unlink(file).catch(() => undefined);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await readOwner(file);
      if (owner !== null && owner !== pid && isRunning(owner)) throw new DataDirLockedError(dataDir, owner);
      // Stale (dead owner, unreadable or our own leftover): remove it and try again.
      await unlink(file).catch(() => undefined);
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
