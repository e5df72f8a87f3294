/** The job registry (run by main and by POST /sandbox/clock) and the server clocks. */
import { AdjustableClock, FixedClock } from '../../../server/platform/clock';
import { testConfig } from '../../../server/platform/config';
import { JobRegistry } from '../../../server/platform/jobs';
import type { Db } from '../../../server/platform/db/db';

describe('jobs registry', () => {
  let registry: JobRegistry;
  beforeEach(() => {
    registry = new JobRegistry();
  });
  const registerJob: JobRegistry['register'] = (name, fn) => registry.register(name, fn);
  const registeredJobs = () => registry.names();
  const runJobs: JobRegistry['run'] = (context) => registry.run(context);

  test("runs every job once in registration order with the clock's now; a failing job does not stop the rest", async () => {
    const clock = new FixedClock(1_000);
    const seen: string[] = [];
    registerJob('test-a', async ({ nowMs }) => {
      seen.push(`a@${nowMs}`);
      return { done: 1 };
    });
    registerJob('test-b', async () => {
      throw new Error('boom');
    });
    registerJob('test-c', async ({ nowMs }) => seen.push(`c@${nowMs}`));
    const errors: string[] = [];
    const results = await runJobs({
      db: {} as Db,
      clock,
      config: testConfig(),
      log: { info: () => undefined, error: (m) => errors.push(m) },
    });
    const ours = results.filter((result) => result.name.startsWith('test-'));
    expect(ours).toEqual([
      { name: 'test-a', ok: true, result: { done: 1 } },
      { name: 'test-b', ok: false, error: 'boom' },
      { name: 'test-c', ok: true, result: 2 },
    ]);
    expect(seen).toEqual(['a@1000', 'c@1000']);
    expect(errors).toEqual(['job test-b failed: boom']);
  });

  test('with a lease: a run takes it and gives it back; while another process holds it every job is skipped', async () => {
    const clock = new FixedClock(1_000);
    const log = { info: () => undefined, error: () => undefined };
    let heldElsewhere = false;
    const events: string[] = [];
    const leased = new JobRegistry({
      acquire: async (_db, name) => {
        if (heldElsewhere) return null;
        events.push(`take ${name}`);
        return async () => {
          events.push(`give ${name}`);
        };
      },
    });
    leased.register('test-a', async () => events.push('run a'));
    await leased.run({ db: {} as Db, clock, config: testConfig(), log });
    expect(events).toEqual(['take jobs', 'run a', 'give jobs']);
    heldElsewhere = true;
    expect(await leased.run({ db: {} as Db, clock, config: testConfig(), log })).toEqual([
      { name: 'test-a', ok: true, result: { skipped: 'another process runs the jobs' } },
    ]);
    expect(events).toHaveLength(3);
  });

  test('runs in one process never overlap: the second waits for the first', async () => {
    const clock = new FixedClock(1_000);
    const log = { info: () => undefined, error: () => undefined };
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    registerJob('test-slow', async () => {
      seen.push('start');
      await gate;
      seen.push('end');
    });
    const first = runJobs({ db: {} as Db, clock, config: testConfig(), log });
    const second = runJobs({ db: {} as Db, clock, config: testConfig(), log });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual(['start']);
    release();
    await Promise.all([first, second]);
    expect(seen).toEqual(['start', 'end', 'start', 'end']);
  });

  test('registering a name again replaces the job', async () => {
    registerJob('test-x', async () => 1);
    registerJob('test-x', async () => 2);
    expect(registeredJobs().filter((name) => name === 'test-x')).toHaveLength(1);
  });
});

describe('clocks', () => {
  test('AdjustableClock follows its source plus what the sandbox added, and never goes back', () => {
    let source = 10_000;
    const clock = new AdjustableClock(() => source);
    expect(clock.now()).toBe(10_000);
    expect(clock.advance(1.5)).toBe(11_500);
    source = 20_000;
    expect(clock.now()).toBe(21_500);
    expect(clock.offsetSeconds).toBe(1.5);
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
  });

  test('FixedClock stands still unless moved', () => {
    const clock = new FixedClock(5);
    expect(clock.now()).toBe(5);
    clock.advance(1);
    expect(clock.now()).toBe(1_005);
    clock.set(7);
    expect(clock.now()).toBe(7);
  });
});
