/**
 * kill -9 on the payment path: the real `server/main.ts` process with CRASH_AT=<point>
 * (server/platform/crashPoint.ts) kills itself with SIGKILL in the middle of a payment create call; it is started
 * again without the hook on the same embedded database. The caller, who got no answer, retries with the same
 * Idempotency-Key and gets the final state; nothing is charged twice; after the reconcile job every payment is
 * terminal and every balance equals its ledger. Embedded database only (the data dir is read after the exit).
 * Six process starts take a minute or more on a busy machine, so this runs in `npm run test:faults`, not `npm test`.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CRASH_POINTS } from '../../server/platform/config';
import { balancesOf, ledgerSum } from '../../server/modules/payments/ledger/ledger';
import { fromPglite, pgliteParsers } from '../../server/platform/db/pgliteDatabase';
import {
  type ServerProcess,
  callJson,
  cardToken,
  donationTarget,
  preparedDataDir,
  processAuth,
  startServerProcess,
  stopServerProcess,
} from '../integration/support/serverProcess';

const describeEmbedded = process.env.TEST_DATABASE_URL ? describe.skip : describe;
jest.setTimeout(120_000);

describeEmbedded.each(CRASH_POINTS)('kill -9 at %s', (point) => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await preparedDataDir(`backers-crash-${point}-`);
  });
  afterAll(async () => {
    if (server !== undefined && server.child.exitCode === null && server.child.signalCode === null)
      server.child.kill('SIGKILL');
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('charges once, answers the retry with the final state, and leaves every payment terminal', async () => {
    const creatorId = 920_001 + CRASH_POINTS.indexOf(point) * 10;
    const payerId = creatorId + 1;
    server = await startServerProcess({ env: { DATA_DIR: dataDir, CRASH_AT: point } });
    const donationId = await donationTarget(server.origin, creatorId);
    const body = { paymentMethod: 'smart_glocal_form', ...(await cardToken(server.origin, payerId)), amount: 7 };
    const key = randomUUID();
    const path_ = `/api/v2/invoice/donation/${donationId}/create`;

    // The process dies inside the call: the caller gets no answer.
    const first = await callJson(server.origin, 'POST', path_, body, {
      ...processAuth(payerId),
      'idempotency-key': key,
    }).then(
      () => 'answered',
      () => 'no answer',
    );
    expect(first).toBe('no answer');
    await server.exited;
    expect(server.child.signalCode).toBe('SIGKILL');

    server = await startServerProcess({ env: { DATA_DIR: dataDir } });
    const retry = await callJson<{ paymentId: string; status: string }>(server.origin, 'POST', path_, body, {
      ...processAuth(payerId),
      'idempotency-key': key,
    });
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe('paid');
    const again = await callJson<{ paymentId: string; status: string }>(server.origin, 'POST', path_, body, {
      ...processAuth(payerId),
      'idempotency-key': key,
    });
    expect(again.body).toMatchObject({ paymentId: retry.body.paymentId, status: 'paid' });

    // The reconcile job runs (clock moved past its thresholds); then the process stops and the data dir is read.
    const jobs = await callJson<{ jobs: { ok: boolean }[] }>(server.origin, 'POST', '/sandbox/clock', {
      advanceSeconds: 121,
    });
    expect(jobs.body.jobs.filter((job) => !job.ok)).toEqual([]);
    const nowMs = (await callJson<{ now: number }>(server.origin, 'GET', '/sandbox/clock')).body.now;
    const code = await stopServerProcess(server);
    expect(`exit ${code}${code === 0 ? '' : `: ${server.output()}`}`).toBe('exit 0');

    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), parsers: pgliteParsers });
    try {
      const payerPayments = (
        await pglite.query<{ id: string; status: string }>(
          "select p.id, p.status from payments p join users u on u.id = p.user_id where u.telegram_id = $1 and p.kind = 'donation'",
          [payerId],
        )
      ).rows;
      expect(payerPayments).toEqual([{ id: retry.body.paymentId, status: 'paid' }]);
      const sessions = (
        await pglite.query('select id from provider_sessions where reference = $1', [retry.body.paymentId])
      ).rows;
      expect(sessions).toHaveLength(1);
      const ledger = (
        await pglite.query<{ type: string }>('select type from transactions where payment_id = $1 order by type', [
          retry.body.paymentId,
        ])
      ).rows;
      expect(ledger.map((row) => row.type)).toEqual(['get_donation', 'send_donation']);
      const open = (await pglite.query("select id from payments where status in ('pending', 'action_required')")).rows;
      expect(open).toEqual([]);
      // Every balance equals its ledger (active + payout per currency), for the creator and the payer.
      const db = fromPglite(pglite).db;
      for (const telegramId of [creatorId, payerId]) {
        const [user] = (await pglite.query<{ id: number }>('select id from users where telegram_id = $1', [telegramId]))
          .rows;
        const balances = await balancesOf(db, user!.id, nowMs);
        const sums = await ledgerSum(db, user!.id);
        const fromBalances = new Map<string, number>();
        for (const balance of [...balances.active, ...balances.payout])
          fromBalances.set(balance.currency, (fromBalances.get(balance.currency) ?? 0) + balance.minor);
        for (const [currency, sum] of sums)
          expect([currency, fromBalances.get(currency) ?? 0]).toEqual([currency, sum]);
      }
    } finally {
      await pglite.close();
    }
  });
});
