/**
 * The server process stops between creating a payment and the provider's confirmation, and starts again on the same
 * embedded database (DATA_DIR): nothing is lost and nothing is charged twice. Runs the real server, compiled as
 * production runs it (support/serverProcess.ts), in child processes, once with a clean stop (SIGTERM) and once killed
 * (SIGKILL).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CreatePaymentResponse, PaymentCheckResponse } from '../../../src/contract/api';
import { compiledServer } from '../support/serverProcess';

jest.setTimeout(180_000);

interface RunningServer {
  readonly child: ChildProcess;
  readonly baseUrl: string;
}

async function startServer(dataDir: string): Promise<RunningServer> {
  // The server is this process's own child (node running the compiled server, no npx in between), so a SIGKILL
  // reaches it and its exit is observed after it is reaped.
  const child = spawn(process.execPath, ['--enable-source-maps', await compiledServer()], {
    cwd: process.cwd(),
    detached: true, // its own process group
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SANDBOX: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      STATIC_DIR: path.join(dataDir, 'no-static'),
      JOB_INTERVAL_MS: '3600000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Backers is running at (http:\/\/[^\s/]+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, baseUrl };
}

async function stopServer(server: RunningServer, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  const exited = new Promise<void>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) resolve();
    else server.child.once('exit', () => resolve());
  });
  try {
    process.kill(-(server.child.pid ?? 0), signal);
  } catch {
    // already gone
  }
  await exited;
  // The group's last process may outlive the npx parent for a moment.
  await new Promise((resolve) => setTimeout(resolve, signal === 'SIGKILL' ? 500 : 200));
}

async function call<T>(
  baseUrl: string,
  method: string,
  urlPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: {
      ...(body !== undefined
        ? { 'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json' }
        : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // HTML
  }
  return { status: response.status, body: parsed as T };
}

async function as(baseUrl: string, telegramId: number, firstName: string) {
  const launch = await call<{ initData: string }>(baseUrl, 'POST', '/sandbox/launch', { telegramId, firstName });
  const auth = { authorization: `TgAuth ${launch.body.initData}` };
  return <T>(method: string, apiPath: string, body?: unknown, headers: Record<string, string> = {}) =>
    call<T>(baseUrl, method, `/api/v2${apiPath}`, body, { ...auth, ...headers });
}

describe.each(['SIGTERM', 'SIGKILL'] as const)('restart between payment and confirmation (%s)', (signal) => {
  let dataDir: string;
  let server: RunningServer | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'backers-restart-'));
  });
  afterAll(async () => {
    if (server !== null) await stopServer(server, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the payment, confirms it once after the restart, and replays the create', async () => {
    server = await startServer(dataDir);
    const creatorId = 700_001 + (signal === 'SIGKILL' ? 10 : 0);
    const creator = await as(server.baseUrl, creatorId, 'Restart Creator');
    await creator('GET', '/verification/status');
    await call(server.baseUrl, 'POST', '/sandbox/kyc', { telegramId: creatorId, status: 'approved' });
    const channel = await call<{ channel: { id: number } }>(server.baseUrl, 'POST', '/sandbox/bot/channel-added', {
      ownerTelegramId: creatorId,
      chatId: -1_007_000_000_000 - creatorId,
      title: 'Restart channel',
      username: `restart_${creatorId}`,
    });
    const subscription = await creator<{ subscription: { id: number } }>('POST', '/subscription/new', {
      channelId: channel.body.channel.id,
      name: 'Monthly',
      description: 'x',
      period: 'monthly',
      currency: 'eur',
      amount: 10,
      buttonText: 'Subscribe',
    });
    expect(subscription.status).toBe(200);

    const follower = await as(server.baseUrl, creatorId + 1, 'Restart Follower');
    // The card goes to the tokenize URL with the public token our API handed out, as in the app.
    const access = await follower<{ publicToken: string; tokenizeUrl: string }>('POST', '/pay/smart_glocal/token');
    const tokenized = await call<{ data: { token: string } }>(
      '',
      'POST',
      access.body.tokenizeUrl,
      { card: { number: '4000000000003220', expiration_month: '12', expiration_year: '35', security_code: '123' } },
      { 'x-public-token': access.body.publicToken },
    );
    const key = randomUUID();
    const body = {
      paymentMethod: 'smart_glocal_form',
      cardToken: tokenized.body.data.token,
      publicToken: access.body.publicToken,
      saveCard: true,
    };
    const created = await follower<CreatePaymentResponse>(
      'POST',
      `/invoice/subscription/${subscription.body.subscription.id}/create`,
      body,
      { 'Idempotency-Key': key },
    );
    expect(created.body.status).toBe('action_required');
    const challengePath = new URL(created.body.userAction?.url ?? '').pathname;

    await stopServer(server, signal);
    server = await startServer(dataDir);
    const followerAgain = await as(server.baseUrl, creatorId + 1, 'Restart Follower');
    const creatorAgain = await as(server.baseUrl, creatorId, 'Restart Creator');

    // Nothing was lost: the payment, its provider session and the idempotency record survived.
    expect(
      (
        await followerAgain<PaymentCheckResponse>('POST', '/pay/smart_glocal/check', {
          paymentId: created.body.paymentId,
        })
      ).body.status,
    ).toBe('action_required');
    const replay = await followerAgain<CreatePaymentResponse>(
      'POST',
      `/invoice/subscription/${subscription.body.subscription.id}/create`,
      body,
      { 'Idempotency-Key': key },
    );
    expect(replay.body.paymentId).toBe(created.body.paymentId);

    // The payer confirms on the bank page after the restart; the provider notifies the new process.
    const confirmed = await call<string>(server.baseUrl, 'POST', challengePath, 'outcome=confirm');
    expect(confirmed.body).toContain('data-status="paid"');
    const paid = await followerAgain<PaymentCheckResponse>('POST', '/pay/smart_glocal/check', {
      paymentId: created.body.paymentId,
    });
    expect(paid.body).toMatchObject({
      status: 'paid',
      subscriptionMemberId: expect.any(Number),
      transactionId: expect.any(Number),
    });

    // Charged once: one ledger pair, one membership, one saved card; a second confirmation and a replay change nothing.
    await call(server.baseUrl, 'POST', challengePath, 'outcome=confirm');
    await followerAgain('POST', `/invoice/subscription/${subscription.body.subscription.id}/create`, body, {
      'Idempotency-Key': key,
    });
    const sold = await creatorAgain<{ transactions: { type: string }[] }>('GET', `/channel/${channel.body.channel.id}`);
    expect(sold.body.transactions.filter((transaction) => transaction.type === 'sell_subscription')).toHaveLength(1);
    const cards = await followerAgain<{ cards: unknown[] }>('GET', '/follower/cards');
    expect(cards.body.cards).toHaveLength(1);
    const again = await followerAgain<{ code: string }>(
      'GET',
      `/invoice/subscription/${subscription.body.subscription.id}`,
    );
    expect(again.body.code).toBe('already_subscribed');
  });
});
