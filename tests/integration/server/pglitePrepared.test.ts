/** PGlite with named prepared statements (server/platform/db/pglitePrepared.ts): PGlite's own answers, each text parsed once. */
import { PGlite } from '@electric-sql/pglite';
import { pgliteParsers } from '../../../server/platform/db/pgliteDatabase';
import { PreparedStatementsPglite } from '../../../server/platform/db/pglitePrepared';

// Several tests start a PGlite of their own (seconds each on a busy machine): past Jest's 5 s default.
jest.setTimeout(180_000);

let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create({ parsers: pgliteParsers });
  await pglite.exec(`
    create table sample (id int8 primary key, label text unique, amount numeric, data jsonb, flag boolean, at timestamptz, tags text[], bytes bytea);
    insert into sample values (1, 'one', 12.5, '{"a":[1,2]}', true, '2026-11-27T10:00:00Z', '{x,"y z"}', '\\x0102');`);
});
afterAll(() => pglite.close());

const statementsIn = async (db: PGlite): Promise<number> =>
  Number((await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n);

describe('PreparedStatementsPglite', () => {
  test('answers what PGlite answers: rows, fields and counts, in both row modes, with every parameter type', async () => {
    const prepared = new PreparedStatementsPglite(pglite);
    const text =
      'select id, label, amount, data, flag, at, tags, bytes from sample where id = $1 and label = any($2) and data @> $3 and flag = $4 and at <= $5';
    const params = [1, ['one', 'two'], { a: [1] }, true, new Date('2026-11-28T00:00:00Z')];
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { rowMode: 'array' as const, parsers: { 1184: (value: string) => value } },
    ]) {
      const ours = await prepared.query(text, params, options);
      const theirs = await pglite.query(text, params, options);
      expect(ours).toEqual(theirs);
    }
    const touch = 'update sample set label = label where id = $1';
    expect(await prepared.query(touch, [1])).toEqual(await pglite.query(touch, [1]));
    const inserted = await prepared.query('insert into sample (id, label) values ($1, $2), ($3, $4) returning id', [
      2,
      'two',
      3,
      'three',
    ]);
    expect(inserted.rows).toEqual([{ id: 2 }, { id: 3 }]);
    expect(inserted.affectedRows).toBe(2);
    expect((await prepared.query('delete from sample where id > $1', [1])).affectedRows).toBe(2);
    expect((await prepared.query('select null::text as nothing, $1::text as given', [null])).rows).toEqual([
      { nothing: null, given: null },
    ]);
  });

  test('parses a text once: later runs reuse its statement', async () => {
    const db = await PGlite.create({ parsers: pgliteParsers });
    try {
      const prepared = new PreparedStatementsPglite(db);
      for (let id = 0; id < 5; id += 1)
        expect((await prepared.query<{ n: number }>('select $1::int + 1 as n', [id])).rows).toEqual([{ n: id + 1 }]);
      expect(prepared.preparedCount).toBe(1);
      expect(await statementsIn(db)).toBe(1);
      await prepared.query('select $1::int + 2 as n', [1]);
      expect(prepared.preparedCount).toBe(2);
    } finally {
      await db.close();
    }
  });

  test("a refused statement throws PostgreSQL's error and stays usable; a text that does not parse is not kept", async () => {
    const prepared = new PreparedStatementsPglite(pglite);
    const insert = 'insert into sample (id, label) values ($1, $2)';
    await expect(prepared.query(insert, [10, 'one'])).rejects.toMatchObject({ code: '23505' });
    await prepared.query(insert, [10, 'ten']);
    expect((await prepared.query('select label from sample where id = $1', [10])).rows).toEqual([{ label: 'ten' }]);
    const before = prepared.preparedCount;
    await expect(prepared.query('selec 1', [])).rejects.toMatchObject({ code: '42601' });
    expect(prepared.preparedCount).toBe(before);
    await prepared.query('delete from sample where id = $1', [10]);
  });

  test('transactions: commit and rollback as PGlite does, statements prepared inside stay prepared, others wait for the transaction', async () => {
    const prepared = new PreparedStatementsPglite(pglite);
    const order: string[] = [];
    const outside = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const { rows } = await prepared.query<{ n: number }>('select count(*)::int as n from sample where id = $1', [20]);
      order.push(`outside saw ${rows[0]!.n}`);
    })();
    await prepared.transaction(async (tx) => {
      await tx.query('insert into sample (id, label) values ($1, $2)', [20, 'twenty']);
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('committing');
    });
    await outside;
    expect(order).toEqual(['committing', 'outside saw 1']);

    await expect(
      prepared.transaction(async (tx) => {
        await tx.query('update sample set label = $1 where id = $2', ['changed', 20]);
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    expect((await prepared.query('select label from sample where id = $1', [20])).rows).toEqual([{ label: 'twenty' }]);
    // Prepared inside the rolled-back transaction, still there after it.
    expect(
      (await prepared.query('update sample set label = $1 where id = $2 returning label', ['again', 20])).rows,
    ).toEqual([{ label: 'again' }]);
    await prepared.query('delete from sample where id = $1', [20]);
  });

  test('keeps at most its limit, closing the least recently used', async () => {
    const db = await PGlite.create({ parsers: pgliteParsers });
    try {
      const prepared = new PreparedStatementsPglite(db, 2);
      await prepared.query('select 1 as a', []);
      await prepared.query('select 2 as b', []);
      await prepared.query('select 1 as a', []);
      await prepared.query('select 3 as c', []);
      expect(prepared.preparedCount).toBe(2);
      expect(await statementsIn(db)).toBe(2);
      const names = (
        await db.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')
      ).rows.map((row) => row.statement);
      expect(names).toEqual(['select 1 as a', 'select 3 as c']);
    } finally {
      await db.close();
    }
  });

  test('a table that changes shape under a prepared statement: prepared again, not an error', async () => {
    const db = await PGlite.create({ parsers: pgliteParsers });
    try {
      const prepared = new PreparedStatementsPglite(db);
      await db.exec('create table shape (id int primary key); insert into shape values (1);');
      expect((await prepared.query('select * from shape', [])).rows).toEqual([{ id: 1 }]);
      await db.exec("alter table shape add column note text default 'new';");
      expect((await prepared.query('select * from shape', [])).rows).toEqual([{ id: 1, note: 'new' }]);
    } finally {
      await db.close();
    }
  });
});
