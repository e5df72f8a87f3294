/**
 * The in-memory databases of one integration test file's servers, used again (testServer.ts's freshDatabase): a
 * closed server's database is emptied to the snapshot's state and serves the file's next server. The test file's
 * last hook closes what is left (contractAfterAll.ts, a setup file of every integration file).
 */
import type { PGlite } from '@electric-sql/pglite';

/**
 * The shape of the database: its tables, columns, indexes, triggers and functions, and its settings. A test that
 * changed it (a trigger that fails on purpose) leaves a database no other test may have.
 */
const SHAPE = `select md5(concat_ws('|',
  (select string_agg(c.relname || ':' || c.relkind::text || ':' || c.relnatts, ',' order by c.relname, c.relkind)
     from pg_class c where c.relnamespace = 'public'::regnamespace),
  (select string_agg(t.tgname || ':' || t.tgenabled::text, ',' order by t.tgname, t.tgrelid) from pg_trigger t),
  (select string_agg(p.proname || ':' || md5(p.prosrc), ',' order by p.proname, p.oid)
     from pg_proc p where p.pronamespace = 'public'::regnamespace),
  (select count(*) from pg_db_role_setting))) as shape`;

/**
 * In-memory databases given back by closed test servers, emptied, for the next server of this test file: loading a
 * snapshot costs a second or two of CPU per server on a busy machine, emptying one a few milliseconds.
 */
const emptied: PGlite[] = [];
let pristineShape: string | undefined;
/** Set by the file's last hook: a server closed after it (its own afterAll ran later) closes its database. */
let fileEnded = false;

const shapeOf = async (pglite: PGlite): Promise<string> =>
  (await pglite.query<{ shape: string }>(SHAPE)).rows[0]!.shape;

/**
 * Empties a database a server is done with, as the snapshot had it: every table's rows (the migrations' record
 * kept) and sequence, and the session's state (prepared statements, settings, advisory locks, temporary tables).
 * Kept only while its shape is the snapshot's; any failure closes it instead.
 */
export async function giveBack(pglite: PGlite): Promise<void> {
  if (pglite.closed) return;
  if (fileEnded) return pglite.close();
  try {
    if ((await shapeOf(pglite)) !== pristineShape) throw new Error('the database changed shape');
    await pglite.exec(`do $$ begin
      execute (select 'truncate ' || string_agg(format('%I.%I', schemaname, tablename), ', ') || ' restart identity cascade'
        from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations');
    end $$`);
    await pglite.exec('discard all');
    emptied.push(pglite);
  } catch {
    await pglite.close().catch(() => undefined);
  }
}

/** A database from the pool, or none. */
export const takeEmptied = (): PGlite | undefined => emptied.pop();

/** Learns the snapshot's shape from a database just loaded from it (once per file), and answers the database. */
export async function keepShape(pglite: PGlite): Promise<PGlite> {
  pristineShape ??= await shapeOf(pglite);
  return pglite;
}

/** Closes the emptied databases, and those given back from now on (after the file's last test). */
export async function closeEmptied(): Promise<void> {
  fileEnded = true;
  await Promise.all(emptied.splice(0).map((pglite) => pglite.close()));
}
