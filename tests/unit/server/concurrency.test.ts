import { Pace, forEachConcurrently } from '../../../server/platform/concurrency';

/** A call that finishes when the test lets it: `release(i)`. */
function gated() {
  const releases = new Map<number, () => void>();
  let inFlight = 0;
  let most = 0;
  const started: number[] = [];
  const work = (item: number) =>
    new Promise<void>((resolve) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      started.push(item);
      releases.set(item, () => {
        inFlight -= 1;
        resolve();
      });
    });
  return { work, releases, started, most: () => most };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('forEachConcurrently', () => {
  it('keeps at most `limit` calls in flight and starts the next as one ends', async () => {
    const gate = gated();
    const done = forEachConcurrently([1, 2, 3, 4, 5], 2, gate.work);
    await turn();
    expect(gate.started).toEqual([1, 2]);
    gate.releases.get(2)!();
    await turn();
    expect(gate.started).toEqual([1, 2, 3]);
    for (const item of [1, 3, 4, 5]) {
      await turn();
      gate.releases.get(item)!();
    }
    await done;
    expect(gate.started).toEqual([1, 2, 3, 4, 5]);
    expect(gate.most()).toBe(2);
  });

  it('tries every item, then throws the first error', async () => {
    const seen: number[] = [];
    const run = forEachConcurrently([1, 2, 3, 4], 2, async (item) => {
      seen.push(item);
      if (item % 2 === 0) throw new Error(`item ${item}`);
    });
    await expect(run).rejects.toThrow('item 2');
    expect(seen.sort()).toEqual([1, 2, 3, 4]);
  });

  it('does nothing for no items', async () => {
    await expect(forEachConcurrently([], 4, () => Promise.reject(new Error('called')))).resolves.toBeUndefined();
  });
});

describe('Pace', () => {
  it('spaces starts 1000 / perSecond ms apart, across callers', async () => {
    let now = 1_000_000;
    const spy = jest.spyOn(Date, 'now').mockImplementation(() => now);
    const waits: number[] = [];
    const pace = new Pace(25, async (ms) => {
      waits.push(ms);
    });
    try {
      await Promise.all([pace.turn(), pace.turn(), pace.turn()]);
      expect(waits).toEqual([40, 80]);
      // Time passed beyond the next slot: no wait.
      now += 1_000;
      await pace.turn();
      expect(waits).toEqual([40, 80]);
    } finally {
      spy.mockRestore();
    }
  });
});
