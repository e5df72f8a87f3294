/** The store: migrations under an advisory lock, the schema mirror, int8 mapping, cursors, the data dir lock. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { decodeCursor, encodeCursor } from '../../../server/platform/db/cursor';
import { type Database, rowsOf } from '../../../server/platform/db/db';
import { DataDirLockedError, acquireDataDirLock } from '../../../server/platform/db/lock';
import { migrate, readMigrations } from '../../../server/platform/db/migrate';
import * as schema from '../../../server/platform/db/schema';
import { freshDatabase } from '../support/testServer';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('migrations', () => {
  test('every file is recorded once; running again applies nothing', async () => {
    const files = await readMigrations();
    expect(files[0]!.name).toBe('0001_core');
    expect(await migrate(database)).toEqual([]);
    const rows = rowsOf<{ version: string }>(
      await database.db.execute(sql`select version from schema_migrations order by version`),
    );
    expect(rows.map((row) => row.version)).toEqual(files.map((file) => file.version));
  });

  (process.env.TEST_DATABASE_URL ? test : test.skip)(
    'concurrent runs from several processes apply each file exactly once (PostgreSQL)',
    async () => {
      const { fromPostgresUrl } = await import('../../../server/platform/db/db');
      const pg = await import('pg');
      const admin = new pg.default.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `backers_migrate_${process.pid}_${Date.now().toString(36)}`;
      await admin.query(`create database ${name}`);
      try {
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${name}`;
        const servers = [0, 1, 2, 3].map(() => fromPostgresUrl(url.toString(), 2));
        const applied = await Promise.all(servers.map((server) => migrate(server)));
        expect(applied.flat().sort()).toEqual((await readMigrations()).map((file) => file.name).sort());
        await Promise.all(servers.map((server) => server.close()));
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );

  test('schema.ts mirrors the SQL: same tables, columns and nullability', async () => {
    const tables = (Object.values(schema) as unknown[]).filter(
      (value): value is PgTable =>
        typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
    );
    expect(tables.length).toBe(21);
    for (const table of tables) {
      const config = getTableConfig(table);
      const columns = rowsOf<{ column_name: string; is_nullable: string }>(
        await database.db.execute(sql`
        select column_name, is_nullable from information_schema.columns where table_schema = 'public' and table_name = ${config.name}`),
      );
      const inDatabase = Object.fromEntries(
        columns.map((column) => [column.column_name, column.is_nullable === 'YES']),
      );
      const inSchema = Object.fromEntries(config.columns.map((column) => [column.name, !column.notNull]));
      expect({ table: config.name, columns: inSchema }).toEqual({ table: config.name, columns: inDatabase });
    }
  });
});

describe('int8 and numeric come back as JS numbers on both drivers', () => {
  test('bigint columns, counts and sums are numbers; beyond the safe range is refused, never rounded', async () => {
    const [row] = rowsOf<{ big: unknown; count: unknown; total: unknown }>(
      await database.db.execute(sql`
      select (-1001000000001)::int8 as big, count(*) as count, sum(x)::numeric as total from (values (1::int8), (9000000000000::int8)) as v(x)`),
    );
    expect(row).toEqual({ big: -1001000000001, count: 2, total: 9000000000001 });
    await expect(database.db.execute(sql`select 9007199254740993::int8 as too_big`)).rejects.toThrow();
  });
});

describe('cursors', () => {
  test('round-trip and refuse anything they did not issue', () => {
    const cursor = encodeCursor({ t: 1_768_910_400_000, id: 42 });
    expect(decodeCursor(cursor)).toEqual({ t: 1_768_910_400_000, id: 42 });
    expect(decodeCursor(null)).toBeNull();
    expect(decodeCursor('')).toBeNull();
    for (const bad of [
      'abc',
      Buffer.from('[1]').toString('base64url'),
      Buffer.from('[-1,2]').toString('base64url'),
      Buffer.from('{"t":1}').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrow(expect.objectContaining({ code: 'validation_error' }));
    }
  });
});

describe('the data dir lock', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'backers-lock-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('a second owner is refused with a clear message while the first runs', async () => {
    const lock = await acquireDataDirLock(dir, process.pid);
    // Another live process (our parent) asking for the same dir.
    await expect(acquireDataDirLock(dir, process.ppid)).rejects.toThrow(DataDirLockedError);
    await expect(acquireDataDirLock(dir, process.ppid)).rejects.toThrow(/in use by another server process \(pid \d+\)/);
    await lock.release();
    const next = await acquireDataDirLock(dir, process.ppid);
    expect((await readFile(next.file, 'utf8')).trim()).toBe(String(process.ppid));
  });

  test('a stale lock of a process that died is taken over', async () => {
    await writeFile(path.join(dir, 'server.lock'), '2147483646\n');
    const lock = await acquireDataDirLock(dir, process.pid);
    expect((await readFile(lock.file, 'utf8')).trim()).toBe(String(process.pid));
    await lock.release();
  });
});
