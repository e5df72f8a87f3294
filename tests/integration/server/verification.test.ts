/**
 * Verification (spec section 4) through the Sumsub adapter against the sandbox's Sumsub double, over real HTTP:
 * the whole state machine (the frame's buttons submit and review the applicant, whose webhooks we apply), a token
 * expired mid-session, a webhook twice, out of order and with a bad digest, the operator's decision.
 */
import type { VerificationStatusResponse } from '../../../src/contract/api';
import type { SumsubDouble } from '../../../server/modules/verification/sandbox/SumsubDouble';
import { SandboxService } from '../../../server/modules/sandbox/service';
import { SUMSUB_WEBHOOK_PATH } from '../../../server/modules/verification/sandbox/plugin';
import { type TestServer, type TestUser, newUser, startTestServer } from '../support/testServer';

let server: TestServer;
let double: SumsubDouble;
beforeAll(async () => {
  server = await startTestServer();
  double = server.app.deps.kycDouble!;
});
afterAll(() => server.close());

const status = (user: TestUser, firstCall = false) =>
  server.api<VerificationStatusResponse>(user, 'GET', `/verification/status${firstCall ? '?first_call=true' : ''}`);
const start = (user: TestUser) => server.api<{ token: string; widgetUrl: string }>(user, 'GET', '/verification/start');
/** What the double's WebSDK frame does on a button. */
const submit = (token: string, outcome: 'approve' | 'retry' | 'final') =>
  server.request('POST', '/websdk/sandbox/submit', { token, outcome });
const userId = async (user: TestUser): Promise<number> =>
  (await new SandboxService(server.app.deps.db, server.clock).userByTelegramId(user.telegramId)).id;
const postWebhook = (raw: string, headers: Record<string, string>) =>
  fetch(`${server.baseUrl}${SUMSUB_WEBHOOK_PATH}`, { method: 'POST', headers, body: raw }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as Record<string, unknown>,
  }));

async function startedApplicant(user: TestUser) {
  const { token } = (await start(user)).body;
  const applicant = double.applicantByExternalId(String(await userId(user)))!;
  return { token, applicant };
}

describe('verification through the Sumsub double', () => {
  test('a new user starts at none without a token', async () => {
    const answer = await status(newUser());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'none', botUsername: 'BackersSandboxBot' });
  });

  test('start makes the applicant and answers a WebSDK token naming the double, and the external page', async () => {
    const user = newUser();
    const answer = await start(user);
    expect(answer.status).toBe(200);
    expect(answer.body.token).toMatch(/^_act-sbx-jwt-/);
    const claims = JSON.parse(
      Buffer.from(answer.body.token.slice('_act-sbx-jwt-'.length).split('.')[1]!, 'base64').toString('utf8'),
    ) as { url: string };
    expect(claims.url).toBe(server.baseUrl);
    expect(answer.body.widgetUrl).toMatch(new RegExp(`^${server.baseUrl}/websdk/p/sbx_[\\w-]+\\?lang=en$`));
    expect((await status(user)).body).toEqual({
      status: 'in_kyc',
      token: answer.body.token,
      widgetUrl: answer.body.widgetUrl,
      botUsername: 'BackersSandboxBot',
    });
    expect(double.applicantByExternalId(String(await userId(user)))).toMatchObject({
      levelName: 'basic-kyc-level',
      reviewStatus: 'init',
    });
    const frame = await server.request<string>('GET', '/websdk/websdk.html?_=id_x');
    expect(frame.headers.get('content-type')).toMatch(/text\/html/);
    expect(frame.body).toContain("tell('idCheck.onReady')");
    const page = await fetch(answer.body.widgetUrl).then((r) => r.text());
    expect(page).toContain('Reject for retry');
  });

  test('approve: pending then GREEN is kyc_approved, waiting for the operator, who approves; creator features open', async () => {
    const user = newUser();
    const { token, applicant } = await startedApplicant(user);
    expect((await submit(token, 'approve')).status).toBe(200);
    expect((await status(user)).body).toEqual({ status: 'kyc_approved', botUsername: 'BackersSandboxBot' });
    const id = await userId(user);
    const waiting = await server.app.deps.services.verification.awaitingDecision();
    expect(waiting).toContainEqual(
      expect.objectContaining({
        userId: id,
        status: 'kyc_approved',
        provider: 'sumsub',
        applicantId: applicant.id,
        reviewAnswer: 'GREEN',
      }),
    );
    expect((await server.api(user, 'GET', '/dashboard?mode=creator')).body.code).toBe('verification_required');
    await expect(server.app.deps.services.verification.decide(id, 'approve', 77)).resolves.toBe('approved');
    expect((await status(user)).body.status).toBe('approved');
    expect((await server.app.deps.services.verification.awaitingDecision()).map((row) => row.userId)).not.toContain(id);
    expect((await server.api(user, 'GET', '/dashboard?mode=creator')).status).toBe(200);
    // A decision is made once.
    await expect(server.app.deps.services.verification.decide(id, 'reject', 77)).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  test('the operator may reject a passed check', async () => {
    const user = newUser();
    const { token } = await startedApplicant(user);
    await submit(token, 'approve');
    await expect(server.app.deps.services.verification.decide(await userId(user), 'reject', 77)).resolves.toBe(
      'rejected',
    );
    expect((await status(user)).body.status).toBe('rejected');
  });

  test('RED RETRY is kyc_rejected; the creator starts again on the same applicant and passes', async () => {
    const user = newUser();
    const { token, applicant } = await startedApplicant(user);
    expect((await submit(token, 'retry')).status).toBe(200);
    expect((await status(user)).body).toEqual({ status: 'kyc_rejected', botUsername: 'BackersSandboxBot' });
    expect(
      await server.app.deps.services.verification
        .decide(await userId(user), 'approve', 77)
        .catch((error: { code: string }) => error.code),
    ).toBe('conflict');
    const again = await start(user);
    expect(again.status).toBe(200);
    expect(again.body.token).not.toBe(token);
    expect((await status(user)).body.status).toBe('in_kyc');
    expect(double.applicantByExternalId(String(await userId(user)))!.id).toBe(applicant.id);
    await submit(again.body.token, 'approve');
    expect((await status(user)).body.status).toBe('kyc_approved');
    expect(applicant.attemptCnt).toBe(2);
  });

  test('RED FINAL is rejected: no restart, and the double refuses new data', async () => {
    const user = newUser();
    const { token } = await startedApplicant(user);
    await submit(token, 'final');
    expect((await status(user)).body.status).toBe('rejected');
    const again = await start(user);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict');
    expect((await submit(token, 'approve')).status).toBe(409);
  });

  test('a token expired mid-session answers invalid-token; first_call and start hand out fresh ones that work', async () => {
    const user = newUser();
    const { token } = await startedApplicant(user);
    server.clock.advance(31 * 60);
    expect((await server.request('GET', `/websdk/sandbox/session?token=${encodeURIComponent(token)}`)).status).toBe(
      401,
    );
    const late = await submit(token, 'approve');
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ errorName: 'invalid-token' });
    expect((await status(user)).body.status).toBe('in_kyc');
    // Without first_call the status keeps the old token; with it a fresh one is issued.
    expect((await status(user)).body.token).toBe(token);
    const fresh = (await status(user, true)).body;
    expect(fresh.status).toBe('in_kyc');
    expect(fresh.token).not.toBe(token);
    expect((await submit(fresh.token!, 'approve')).status).toBe(200);
    expect((await status(user)).body.status).toBe('kyc_approved');
  });

  test('a webhook delivered twice is applied once', async () => {
    const user = newUser();
    const { applicant } = await startedApplicant(user);
    applicant.reviewStatus = 'completed';
    applicant.reviewResult = { reviewAnswer: 'RED', reviewRejectType: 'RETRY', rejectLabels: ['SCREENSHOTS'] };
    const raw = JSON.stringify(double.webhookBody(applicant, 'applicantReviewed'));
    expect((await postWebhook(raw, double.signWebhook(raw))).body).toEqual({ received: true, result: 'applied' });
    expect((await status(user)).body.status).toBe('kyc_rejected');
    await start(user);
    expect((await status(user)).body.status).toBe('in_kyc');
    // The redelivery must not reject the new attempt.
    expect((await postWebhook(raw, double.signWebhook(raw))).body).toEqual({ received: true, result: 'duplicate' });
    expect((await status(user)).body.status).toBe('in_kyc');
  });

  test('webhooks out of order: an older pending after the result changes nothing', async () => {
    const user = newUser();
    const { applicant } = await startedApplicant(user);
    const t0 = server.clock.now();
    applicant.reviewStatus = 'pending';
    const pending = JSON.stringify(double.webhookBody(applicant, 'applicantPending', t0));
    applicant.reviewStatus = 'completed';
    applicant.reviewResult = { reviewAnswer: 'GREEN', rejectLabels: [] };
    const reviewed = JSON.stringify(double.webhookBody(applicant, 'applicantReviewed', t0 + 5_000));
    expect((await postWebhook(reviewed, double.signWebhook(reviewed))).body.result).toBe('applied');
    expect((await postWebhook(pending, double.signWebhook(pending))).body.result).toBe('stale');
    expect((await status(user)).body.status).toBe('kyc_approved');
  });

  test('a webhook with a bad digest answers 401 and changes nothing', async () => {
    const user = newUser();
    const { applicant } = await startedApplicant(user);
    applicant.reviewStatus = 'completed';
    applicant.reviewResult = { reviewAnswer: 'GREEN', rejectLabels: [] };
    const raw = JSON.stringify(double.webhookBody(applicant, 'applicantReviewed'));
    const headers = double.signWebhook(raw);
    const forged = await postWebhook(raw, {
      ...headers,
      'x-payload-digest': headers['x-payload-digest']!.replace(/^./, (c) => (c === '0' ? '1' : '0')),
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ code: 'unauthorized' });
    expect((await postWebhook(raw, { 'content-type': 'application/json' })).status).toBe(401);
    expect((await postWebhook(`${raw} `, headers)).status).toBe(401);
    expect((await status(user)).body.status).toBe('in_kyc');
    // The genuine one still applies afterwards: the forged ones were not recorded.
    expect((await postWebhook(raw, headers)).body.result).toBe('applied');
  });

  test('applicantReset (testCompleted, then reset through the API) returns the creator to none', async () => {
    const user = newUser();
    const { token, applicant } = await startedApplicant(user);
    await submit(token, 'retry');
    applicant.reviewStatus = 'init';
    applicant.reviewResult = null;
    const raw = JSON.stringify(double.webhookBody(applicant, 'applicantReset', server.clock.now() + 1_000));
    expect((await postWebhook(raw, double.signWebhook(raw))).body.result).toBe('applied');
    expect((await status(user)).body.status).toBe('none');
  });

  test('the sandbox control stands in for the operator console', async () => {
    const user = newUser();
    const { token } = await startedApplicant(user);
    await submit(token, 'approve');
    const decided = await server.request('POST', '/sandbox/kyc/decision', {
      telegramId: user.telegramId,
      decision: 'approve',
    });
    expect(decided.body).toEqual({ status: 'approved' });
    expect(
      (await server.request('POST', '/sandbox/kyc/decision', { telegramId: user.telegramId, decision: 'maybe' }))
        .status,
    ).toBe(400);
  });

  test('first_call must be a boolean; the frame outcome must be one of the buttons', async () => {
    const bad = await server.api(newUser(), 'GET', '/verification/status?first_call=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_error', field: 'first_call' });
    expect((await submit('x', 'maybe' as 'approve')).status).toBe(400);
  });
});

describe("Sumsub's websdkLink failing", () => {
  it('still starts the check: the WebSDK runs with the access token, without the external page', async () => {
    const user = newUser('NoLink');
    double.faults.websdkLinkStatus = 500;
    try {
      const started = await start(user);
      expect(started.status).toBe(200);
      expect(started.body.token).toEqual(expect.any(String));
      expect(started.body.widgetUrl).toBeUndefined();
      expect((await status(user)).body).toMatchObject({ status: 'in_kyc', token: started.body.token });
    } finally {
      double.faults.websdkLinkStatus = null;
    }
  });
});

describe('KYC_AUTO_APPROVE=1', () => {
  let auto: TestServer;
  beforeAll(async () => {
    auto = await startTestServer({ config: { kycAutoApprove: true } });
  });
  afterAll(() => auto.close());

  test('a passed check is approved at once', async () => {
    const user = newUser();
    const { token } = (await auto.api<{ token: string }>(user, 'GET', '/verification/start')).body;
    expect((await auto.request('POST', '/websdk/sandbox/submit', { token, outcome: 'approve' })).status).toBe(200);
    expect((await auto.api(user, 'GET', '/verification/status')).body.status).toBe('approved');
    expect((await auto.app.deps.services.verification.awaitingDecision()).length).toBe(0);
  });
});
