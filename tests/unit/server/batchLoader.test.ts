import { BatchLoader } from '../../../server/platform/db/batchLoader';

interface Row {
  readonly id: number;
  readonly name: string;
}

/** A loader over a fixed table that records every batch it is asked for. */
function loaderOf(table: readonly Row[], maxBatch?: number) {
  const batches: number[][] = [];
  const loader = new BatchLoader<number, Row>(
    async (ids) => {
      batches.push([...ids]);
      return table.filter((row) => ids.includes(row.id)).reverse();
    },
    (row) => row.id,
    maxBatch,
  );
  return { loader, batches };
}

const TABLE: Row[] = [
  { id: 1, name: 'one' },
  { id: 2, name: 'two' },
  { id: 3, name: 'three' },
];

test('lookups of one turn share one batch; each gets its own row, a missing key gets undefined', async () => {
  const { loader, batches } = loaderOf(TABLE);
  const answers = await Promise.all([loader.load(2), loader.load(1), loader.load(9), loader.load(2)]);
  expect(answers).toEqual([TABLE[1], TABLE[0], undefined, TABLE[1]]);
  expect(batches).toEqual([[2, 1, 9]]);
});

test('a lookup made after a batch was sent starts a new batch (it never joins a query already running)', async () => {
  const { loader, batches } = loaderOf(TABLE);
  const first = loader.load(1);
  await new Promise((resolve) => setImmediate(resolve));
  const second = loader.load(1);
  expect(await first).toEqual(TABLE[0]);
  expect(await second).toEqual(TABLE[0]);
  expect(batches).toEqual([[1], [1]]);
});

test('a full batch is sent at once and the rest of the turn starts another', async () => {
  const { loader, batches } = loaderOf(TABLE, 2);
  const answers = await Promise.all([loader.load(1), loader.load(2), loader.load(3)]);
  expect(answers.map((row) => row?.name)).toEqual(['one', 'two', 'three']);
  expect(batches).toEqual([[1, 2], [3]]);
});

test('a failing query fails every lookup of its batch, and the next batch works again', async () => {
  let fail = true;
  const loader = new BatchLoader<number, Row>(
    (ids) => {
      if (fail) throw new Error('database is down');
      return Promise.resolve(TABLE.filter((row) => ids.includes(row.id)));
    },
    (row) => row.id,
  );
  const outcomes = await Promise.allSettled([loader.load(1), loader.load(2)]);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  fail = false;
  expect(await loader.load(3)).toEqual(TABLE[2]);
});
