/**
 * Start-up failures in the operator's words: one line that names the cause and the variable or path to look at,
 * instead of a stack trace or PGlite's bare `ErrnoError errno 51`. main.ts prints it and exits non-zero.
 */
import type { ServerConfig } from './config';

/** Emscripten's errno numbers, which PGlite's file system reports (ErrnoError has `errno`, no `code`). */
const EMSCRIPTEN_ERRNO: Readonly<Record<number, string>> = {
  2: 'EACCES',
  51: 'ENOSPC',
  63: 'EPERM',
  69: 'EROFS',
  54: 'ENOTDIR',
};

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
]);

/** The error and everything it wraps (causes, an AggregateError's errors). */
function chain(error: unknown): Array<Record<string, unknown>> {
  const seen: Array<Record<string, unknown>> = [];
  const visit = (value: unknown) => {
    if (typeof value !== 'object' || value === null || seen.includes(value as Record<string, unknown>)) return;
    const item = value as Record<string, unknown>;
    seen.push(item);
    visit(item.cause);
    if (Array.isArray(item.errors)) item.errors.forEach(visit);
  };
  visit(error);
  return seen;
}

/** The errno name of the failure: Node's `code`, or PGlite's Emscripten `errno` number. */
function codesOf(error: unknown): string[] {
  return chain(error).flatMap((item) => {
    const codes: string[] = [];
    if (typeof item.code === 'string') codes.push(item.code);
    if (typeof item.errno === 'number' && item.name === 'ErrnoError') {
      const name = EMSCRIPTEN_ERRNO[item.errno];
      if (name !== undefined) codes.push(name);
    }
    return codes;
  });
}

/** DATABASE_URL without its password: host, port and database are what the operator checks. */
export function safeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL (not a valid URL)';
  }
}

type StartupConfig = Pick<ServerConfig, 'dataDir' | 'port' | 'host' | 'database'>;

/** One line for a failure the operator can fix, or null for anything else (printed as it is). */
export function describeStartupFailure(error: unknown, config: StartupConfig | null): string | null {
  const codes = codesOf(error);
  const has = (code: string) => codes.includes(code);
  const dataDir = config?.dataDir ?? 'DATA_DIR';
  if (has('EADDRINUSE'))
    return `Cannot start: port ${config?.port ?? '(PORT)'} on ${config?.host ?? '(HOST)'} is already in use by another process; stop it or set PORT to a free port.`;
  if (has('EADDRNOTAVAIL'))
    return `Cannot start: HOST ${config?.host ?? ''} is not an address of this machine; set HOST to one of its addresses.`;
  if (has('EACCES') && chain(error).some((item) => item.syscall === 'listen'))
    return `Cannot start: this user may not listen on port ${config?.port ?? '(PORT)'}; set PORT to 1024 or above.`;
  if (has('ENOSPC'))
    return `Cannot start: the disk holding DATA_DIR (${dataDir}) is full; free some space there or set DATA_DIR to a disk with room.`;
  if (has('EROFS'))
    return `Cannot start: DATA_DIR (${dataDir}) is on a read-only file system; set DATA_DIR to a writable directory.`;
  if (has('EACCES') || has('EPERM'))
    return `Cannot start: DATA_DIR (${dataDir}) is not writable by this user; fix its permissions or set DATA_DIR to a writable directory.`;
  // Node's recursive mkdir answers ENOENT when a parent cannot be written (a read-only mount).
  if (has('ENOENT') && chain(error).some((item) => item.syscall === 'mkdir'))
    return `Cannot start: DATA_DIR (${dataDir}) cannot be created (is its parent read-only or missing?); create it or set DATA_DIR to a writable directory.`;
  if (has('ENOTDIR')) return `Cannot start: DATA_DIR (${dataDir}) is not a directory; set DATA_DIR to a directory.`;
  if (config?.database.kind === 'postgres') {
    const where = safeDatabaseUrl(config.database.url);
    const connection = codes.find((code) => CONNECTION_CODES.has(code));
    if (connection !== undefined)
      return `Cannot start: the database at DATABASE_URL (${where}) cannot be reached (${connection}); check that PostgreSQL runs there and the host and port are right.`;
    if (has('28P01') || has('28000'))
      return `Cannot start: the database at DATABASE_URL (${where}) refused the user or password; check DATABASE_URL's credentials.`;
    if (has('3D000'))
      return `Cannot start: the database named in DATABASE_URL (${where}) does not exist; create it or fix DATABASE_URL.`;
    const text = error instanceof Error ? error.message : '';
    if (/timeout|terminated|Connection terminated/i.test(text))
      return `Cannot start: the database at DATABASE_URL (${where}) did not answer (${text}); check that PostgreSQL runs there.`;
  }
  return null;
}
