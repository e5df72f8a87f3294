/**
 * The test harness's in-memory databases used again (support/databasePool.ts): a closed server's database serves the
 * file's next server only as the snapshot had it, and never once a test changed its shape.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/platform/db/db';
import { freshDatabase, newUser, startTestServer } from '../support/testServer';

const embedded = !process.env.TEST_DATABASE_URL;

(embedded ? describe : describe.skip)('in-memory databases used again', () => {
  it('gives the next server the closed one emptied: no rows, ids from 1, none of its prepared statements', async () => {
    const first = await startTestServer({ seed: true });
    const pglite = first.database.pglite;
    expect((await first.api(newUser('Pooled'), 'GET', '/dashboard?mode=follower')).status).toBe(200);
    const preparedNames = async (server: typeof first) =>
      rowsOf<{ name: string }>(await server.database.db.execute(sql`select name from pg_prepared_statements`)).map(
        (row) => row.name,
      );
    const firstStatements = await preparedNames(first);
    expect(firstStatements.length).toBeGreaterThan(0);
    await first.close();

    const second = await startTestServer();
    try {
      expect(second.database.pglite).toBe(pglite);
      const [counts] = rowsOf<{ users: number; channels: number }>(
        await second.database.db.execute(sql`select
          (select count(*)::int from users) as users,
          (select count(*)::int from channels) as channels`),
      );
      expect(counts).toEqual({ users: 0, channels: 0 });
      // Only what this server prepared since, none of the first server's.
      const secondStatements = await preparedNames(second);
      expect(secondStatements.filter((name) => firstStatements.includes(name))).toEqual([]);
      const user = newUser('Again');
      expect((await second.api(user, 'GET', '/dashboard?mode=follower')).status).toBe(200);
      const [row] = rowsOf<{ id: number }>(await second.database.db.execute(sql`select id from users`));
      expect(row?.id).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('closes a database whose shape a test changed instead of giving it to another server', async () => {
    const changed = await freshDatabase();
    const pglite = changed.pglite!;
    await pglite.exec('create table left_behind (id int)');
    await changed.close();
    expect(pglite.closed).toBe(true);

    const next = await freshDatabase();
    try {
      expect(next.pglite).not.toBe(pglite);
      const [found] = rowsOf<{ found: boolean }>(
        await next.db.execute(sql`select to_regclass('public.left_behind') is not null as found`),
      );
      expect(found?.found).toBe(false);
    } finally {
      await next.close();
    }
  });

  it('gives a database back once however often it is closed', async () => {
    const database = await freshDatabase();
    await Promise.all([database.close(), database.close()]);
    const [one, two] = [await freshDatabase(), await freshDatabase()];
    try {
      expect(one.pglite).not.toBe(two.pglite);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
