/**
 * Graceful shutdown under load: the real `server/main.ts` process gets SIGTERM while clients keep reading and paying.
 * Every request sent must get a complete HTTP answer (those answered after the signal with `Connection: close`), a
 * connection attempted after it is refused before anything is sent, and no payment may be committed whose caller got
 * no answer. A client stops once its connection is refused. Embedded database only (the payments are read from its
 * data dir after the exit): skipped when the suite runs against a PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  type ServerProcess,
  cardToken,
  donationTarget,
  preparedDataDir,
  processAuth,
  startServerProcess,
  stopServerProcess,
} from '../support/serverProcess';

const describeEmbedded = process.env.TEST_DATABASE_URL ? describe.skip : describe;
jest.setTimeout(120_000);

type Outcome =
  | { kind: 'answer'; status: number; code?: string; connection: string | null }
  | { kind: 'dropped'; error: string }
  | { kind: 'refused' };

async function attempt(url: string, init: RequestInit): Promise<Outcome> {
  try {
    const response = await fetch(url, init);
    const text = await response.text(); // a reset mid-body throws here
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      // not JSON
    }
    return { kind: 'answer', status: response.status, code, connection: response.headers.get('connection') };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    // Refused: the connection was never made, so the request never reached the server.
    if (cause?.code === 'ECONNREFUSED') return { kind: 'refused' };
    return { kind: 'dropped', error: `${cause?.code ?? ''} ${cause?.message ?? (error as Error).message}` };
  }
}

describeEmbedded('SIGTERM under load', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await preparedDataDir('backers-shutdown-');
  });
  afterAll(async () => {
    if (server !== undefined && server.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('answers every request sent, finishes payments in flight, refuses new connections, commits none unanswered', async () => {
    server = await startServerProcess({ env: { DATA_DIR: dataDir } });
    const origin = server.origin;
    const donationId = await donationTarget(origin, 910_001);
    const payers = Array.from({ length: 4 }, (_, index) => 910_100 + index);
    const tokens = new Map<number, { cardToken: string; publicToken: string }[]>();
    for (const payer of payers)
      tokens.set(payer, await Promise.all(Array.from({ length: 40 }, () => cardToken(origin, payer))));

    const outcomes: Outcome[] = [];
    const payments: { key: string; outcome: Outcome }[] = [];
    let signalled = false;
    const reader = async (telegramId: number) => {
      const headers = processAuth(telegramId);
      for (let round = 0; round < 2000; round += 1) {
        const outcome = await attempt(`${origin}/api/v2/dashboard?mode=follower`, { headers });
        outcomes.push(outcome);
        if (outcome.kind !== 'answer') return;
      }
    };
    const payer = async (telegramId: number) => {
      const headers = { ...processAuth(telegramId), 'content-type': 'application/json' };
      for (const token of tokens.get(telegramId)!) {
        const key = randomUUID();
        const outcome = await attempt(`${origin}/api/v2/invoice/donation/${donationId}/create`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': key },
          body: JSON.stringify({ paymentMethod: 'smart_glocal_form', ...token, amount: 5 }),
        });
        outcomes.push(outcome);
        payments.push({ key, outcome });
        if (outcome.kind !== 'answer') return;
      }
      if (!signalled) throw new Error('the payers ran out of card tokens before the signal');
    };
    const clients = [...Array.from({ length: 8 }, (_, index) => reader(2001 + (index % 5))), ...payers.map(payer)];
    // Let the load run, then signal while requests are in flight.
    while (outcomes.length < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    signalled = true;
    server.child.kill('SIGTERM');
    await Promise.all(clients);
    const code = await stopServerProcess(server);

    const dropped = outcomes.filter((outcome) => outcome.kind === 'dropped');
    const refused = outcomes.filter((outcome) => outcome.kind === 'refused');
    const answers = outcomes.filter(
      (outcome): outcome is Extract<Outcome, { kind: 'answer' }> => outcome.kind === 'answer',
    );
    const closing = answers.filter((answer) => answer.connection === 'close');
    console.info(
      `shutdown under load: ${outcomes.length} requests, ${dropped.length} dropped, ${refused.length} refused, ${closing.length} answered with Connection: close`,
    );
    expect(dropped).toEqual([]);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    // Requests in flight at the signal were answered, and told the client not to reuse the connection.
    expect(closing.length).toBeGreaterThan(0);
    expect(`exit ${code}`).toBe('exit 0');

    // The database after the exit: a payment for every 200, none for a request answered otherwise or not at all.
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
    try {
      const rows = (
        await pglite.query<{ idempotency_key: string; status: string }>(
          'select idempotency_key, status from payments where kind = $1',
          ['donation'],
        )
      ).rows;
      const committed = new Map(rows.map((row) => [row.idempotency_key, row.status]));
      const answeredOk = payments.filter(
        (payment) => payment.outcome.kind === 'answer' && payment.outcome.status === 200,
      );
      const notAnswered = payments.filter(
        (payment) => !(payment.outcome.kind === 'answer' && payment.outcome.status === 200),
      );
      expect(answeredOk.length).toBeGreaterThan(0);
      expect(answeredOk.filter((payment) => committed.get(payment.key) !== 'paid')).toEqual([]);
      expect(notAnswered.filter((payment) => committed.has(payment.key))).toEqual([]);
      expect(rows).toHaveLength(answeredOk.length);
    } finally {
      await pglite.close();
    }
  });
});
