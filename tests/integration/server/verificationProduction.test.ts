/**
 * SANDBOX=0. Without SUMSUB_*: verification is a manual review an operator decides (README "Running inside real
 * Telegram"). With SUMSUB_*: the adapter talks to "Sumsub" (here another server's double, reached only through the
 * variables) and applies its signed webhooks; half a configuration refuses to start.
 */
import type { VerificationStatusResponse } from '../../../src/contract/api';
import { ConfigError, loadConfig } from '../../../server/platform/config';
import { SUMSUB_WEBHOOK_PATH } from '../../../server/modules/verification/sandbox/plugin';
import { SandboxService } from '../../../server/modules/sandbox/service';
import { type TestServer, type TestUser, newUser, startTestServer } from '../support/testServer';

jest.setTimeout(180_000);

const userIdOn = async (server: TestServer, user: TestUser): Promise<number> =>
  (await new SandboxService(server.app.deps.db, server.clock).userByTelegramId(user.telegramId)).id;

describe('no identity-check provider: manual review', () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer({ config: { sandbox: false } });
  });
  afterAll(() => production.close());

  test('start opens a manual review; the operator approves and creator features open', async () => {
    const user = newUser('Manual');
    expect((await production.api(user, 'GET', '/dashboard?mode=creator')).body.code).toBe('verification_required');
    const start = await production.api(user, 'GET', '/verification/start');
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ manualReview: true });
    const state = await production.api<VerificationStatusResponse>(user, 'GET', '/verification/status?first_call=true');
    expect(state.body).toEqual({ status: 'in_kyc', manualReview: true, botUsername: 'BackersSandboxBot' });
    // Starting again changes nothing.
    expect((await production.api(user, 'GET', '/verification/start')).body).toEqual({ manualReview: true });

    const id = await userIdOn(production, user);
    const waiting = await production.app.deps.services.verification.awaitingDecision();
    expect(waiting).toContainEqual(
      expect.objectContaining({
        userId: id,
        status: 'in_kyc',
        provider: 'manual',
        applicantId: null,
        reviewAnswer: null,
        name: 'Manual',
      }),
    );
    await expect(production.app.deps.services.verification.decide(id, 'approve', 5)).resolves.toBe('approved');
    expect((await production.api(user, 'GET', '/verification/status')).body).toEqual({
      status: 'approved',
      botUsername: 'BackersSandboxBot',
    });
    expect((await production.api(user, 'GET', '/dashboard?mode=creator')).status).toBe(200);
  });

  test('the operator may reject a manual review; nothing is decided before a review started', async () => {
    const user = newUser('Refused');
    await production.api(user, 'GET', '/verification/status');
    const id = await userIdOn(production, user);
    await expect(production.app.deps.services.verification.decide(id, 'approve', 5)).rejects.toMatchObject({
      code: 'conflict',
    });
    await production.api(user, 'GET', '/verification/start');
    await expect(production.app.deps.services.verification.decide(id, 'reject', 5)).resolves.toBe('rejected');
    expect((await production.api(user, 'GET', '/verification/status')).body.status).toBe('rejected');
    expect((await production.api(user, 'GET', '/verification/start')).status).toBe(409);
  });

  test('there is no webhook route to feed', async () => {
    const answer = await production.request('POST', SUMSUB_WEBHOOK_PATH, { type: 'applicantReviewed' });
    expect(answer.status).toBe(404);
  });
});

describe('SUMSUB_* set', () => {
  let sumsub: TestServer;
  let production: TestServer;
  beforeAll(async () => {
    sumsub = await startTestServer();
    const double = sumsub.app.deps.kycDouble!;
    production = await startTestServer({
      config: {
        sandbox: false,
        sumsub: { url: sumsub.baseUrl, ...double.settings },
      },
    });
  });
  afterAll(async () => {
    await production?.close();
    await sumsub?.close();
  });

  test('start makes the applicant at Sumsub; its signed webhooks move the creator to kyc_approved', async () => {
    const user = newUser('RealKyc');
    const start = await production.api<{ token: string; widgetUrl: string }>(user, 'GET', '/verification/start');
    expect(start.status).toBe(200);
    expect(start.body.widgetUrl.startsWith(`${sumsub.baseUrl}/websdk/p/`)).toBe(true);
    const id = await userIdOn(production, user);
    const double = sumsub.app.deps.kycDouble!;
    const applicant = double.applicantByExternalId(String(id))!;
    expect(applicant).toBeDefined();
    // Sumsub would send the webhook to us: here the test carries it over, as signed by the double.
    applicant.reviewStatus = 'completed';
    applicant.reviewResult = { reviewAnswer: 'GREEN', rejectLabels: [] };
    const raw = JSON.stringify(double.webhookBody(applicant, 'applicantReviewed'));
    const delivered = await fetch(`${production.baseUrl}${SUMSUB_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: double.signWebhook(raw),
      body: raw,
    });
    expect(await delivered.json()).toEqual({ received: true, result: 'applied' });
    expect((await production.api(user, 'GET', '/verification/status')).body.status).toBe('kyc_approved');
    await expect(production.app.deps.services.verification.decide(id, 'approve', 5)).resolves.toBe('approved');
  });

  test('a wrong secret key is refused by Sumsub and start answers provider_unavailable', async () => {
    const wrong = await startTestServer({
      config: { sandbox: false, sumsub: { ...production.config.sumsub!, secretKey: 'not-the-secret' } },
    });
    try {
      const answer = await wrong.api(newUser(), 'GET', '/verification/start');
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('provider_unavailable');
    } finally {
      await wrong.close();
    }
  });

  test('all five SUMSUB_* or none: half a configuration refuses to start', () => {
    const base = {
      BOT_TOKEN: '1:x',
      SANDBOX: '0',
      PUBLIC_URL: 'https://app.example',
      SUMSUB_URL: 'https://api.sumsub.com',
      SUMSUB_APP_TOKEN: 'prd:x',
      SUMSUB_SECRET_KEY: 's',
      SUMSUB_LEVEL_NAME: 'basic-kyc-level',
    };
    expect(() => loadConfig(base)).toThrow(ConfigError);
    expect(() => loadConfig(base)).toThrow(/SUMSUB_WEBHOOK_SECRET is missing/);
    expect(loadConfig({ ...base, SUMSUB_WEBHOOK_SECRET: 'w' }).sumsub).toEqual({
      url: 'https://api.sumsub.com',
      appToken: 'prd:x',
      secretKey: 's',
      webhookSecret: 'w',
      levelName: 'basic-kyc-level',
    });
    expect(loadConfig({ BOT_TOKEN: '1:x', SANDBOX: '0', PUBLIC_URL: 'https://app.example' }).sumsub).toBeUndefined();
    expect(() => loadConfig({ ...base, SUMSUB_WEBHOOK_SECRET: 'w', SUMSUB_URL: 'api.sumsub.com' })).toThrow(
      /SUMSUB_URL must be an http/,
    );
    expect(
      loadConfig({ BOT_TOKEN: '1:x', SANDBOX: '0', PUBLIC_URL: 'https://app.example', KYC_AUTO_APPROVE: '1' })
        .kycAutoApprove,
    ).toBe(true);
  });
});
