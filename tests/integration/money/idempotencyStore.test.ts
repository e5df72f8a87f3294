import { sql } from 'drizzle-orm';
import { IdempotencyService, requestHash, type StoredAnswer } from '../../../server/platform/http/idempotency';
import { moneyDbForFile } from './support/moneyDb';

const db = moneyDbForFile();

const scope = (userId: number, key: string, body: unknown = { amount: 5 }) => ({
  userId,
  key,
  method: 'POST',
  path: '/api/v2/invoice/donation/1/create',
  body,
});

describe('IdempotencyService on PostgreSQL', () => {
  it('runs the handler once for 20 concurrent requests and gives all of them the same answer', async () => {
    const service = new IdempotencyService(db());
    let runs = 0;
    const handler = async (): Promise<StoredAnswer> => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { status: 200, body: { paymentId: `pay_${runs}` } };
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => service.run(scope(1, 'k-concurrent'), handler)));
    expect(runs).toBe(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body)))).toEqual(
      new Set([JSON.stringify({ paymentId: 'pay_1' })]),
    );
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
  });

  it('waits across service instances (another process) by polling the row', async () => {
    const first = new IdempotencyService(db());
    const second = new IdempotencyService(db(), { pollMs: 20 });
    let runs = 0;
    // The second instance asks once the first has claimed the key and is running: a fixed head start is not enough
    // on a busy machine, where the first claim can take longer than it.
    let firstRunning!: () => void;
    const claimed = new Promise<void>((resolve) => (firstRunning = resolve));
    const slow = async (): Promise<StoredAnswer> => {
      runs += 1;
      firstRunning();
      await new Promise((resolve) => setTimeout(resolve, 150));
      return { status: 201, body: { ok: runs } };
    };
    const [a, b] = await Promise.all([
      first.run(scope(1, 'k-cross'), slow),
      claimed.then(() => second.run(scope(1, 'k-cross'), slow)),
    ]);
    expect(runs).toBe(1);
    expect(b).toEqual({ status: 201, body: { ok: 1 }, replayed: true });
    expect(a.replayed).toBe(false);
  });

  it('answers 409 conflict when the first request outlives the wait', async () => {
    const patient = new IdempotencyService(db());
    const impatient = new IdempotencyService(db(), { waitMs: 50, pollMs: 10 });
    const running = patient.run(scope(1, 'k-slow'), async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { status: 200, body: {} };
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(
      await impatient.run(scope(1, 'k-slow'), async () => ({ status: 200, body: { second: true } })),
    ).toMatchObject({ status: 409, body: { code: 'conflict' } });
    await running;
  });

  it('refuses the same key with a different body (422) and keeps keys per user', async () => {
    const service = new IdempotencyService(db());
    await service.run(scope(1, 'k-body'), async () => ({ status: 200, body: { user: 1 } }));
    expect(await service.run(scope(1, 'k-body', { amount: 6 }), async () => ({ status: 200, body: {} }))).toMatchObject(
      { status: 422, body: { code: 'idempotency_key_reused' } },
    );
    expect(await service.run(scope(2, 'k-body'), async () => ({ status: 200, body: { user: 2 } }))).toEqual({
      status: 200,
      body: { user: 2 },
      replayed: false,
    });
    expect(await service.run(scope(1, 'k-body'), async () => ({ status: 200, body: { never: true } }))).toEqual({
      status: 200,
      body: { user: 1 },
      replayed: true,
    });
  });

  it('stores and replays a 4xx answer', async () => {
    const service = new IdempotencyService(db());
    let runs = 0;
    const failing = async () => {
      runs += 1;
      return { status: 409, body: { code: 'already_subscribed', message: 'x' } };
    };
    await service.run(scope(3, 'k-4xx'), failing);
    expect(await service.run(scope(3, 'k-4xx'), failing)).toMatchObject({ status: 409, replayed: true });
    expect(runs).toBe(1);
  });

  it('releases the key when the handler throws, so a retry runs', async () => {
    const service = new IdempotencyService(db());
    await expect(
      service.run(scope(4, 'k-throw'), async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await service.run(scope(4, 'k-throw'), async () => ({ status: 200, body: { retried: true } }))).toEqual({
      status: 200,
      body: { retried: true },
      replayed: false,
    });
  });

  it('takes over a running key whose process died', async () => {
    const service = new IdempotencyService(db(), { staleMs: 1000, waitMs: 5000 });
    await db().execute(sql`insert into idempotency_keys (user_id, key, request_hash, state, updated_at)
      values (5, 'k-dead', ${requestHash(scope(5, 'k-dead'))}, 'running', now() - interval '10 seconds')`);
    expect(await service.run(scope(5, 'k-dead'), async () => ({ status: 200, body: { takenOver: true } }))).toEqual({
      status: 200,
      body: { takenOver: true },
      replayed: false,
    });
  });
});
