/** Verification and the sandbox identity check (spec section 4; issue: expired token answers invalid-token). */
import type { VerificationStatusResponse } from '../../../src/contract/api';
import { type TestServer, newUser, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const status = (user: ReturnType<typeof newUser>, firstCall = false) =>
  server.api<VerificationStatusResponse>(user, 'GET', `/verification/status${firstCall ? '?first_call=true' : ''}`);
const decide = (token: string, decision: string) => server.request('POST', '/sandbox/kyc/widget/decision', { token, decision });

describe('verification', () => {
  test('a new user starts at none without a token', async () => {
    const answer = await status(newUser());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'none', botUsername: 'BackersSandboxBot' });
  });

  test('start opens the identity check: in_kyc with a token and the widget address', async () => {
    const user = newUser();
    const start = await server.api<{ token: string; widgetUrl: string }>(user, 'GET', '/verification/start');
    expect(start.status).toBe(200);
    expect(start.body.token).toMatch(/^kyc_/);
    expect(start.body.widgetUrl).toBe(`/sandbox/kyc/widget?token=${encodeURIComponent(start.body.token)}`);
    expect((await status(user)).body).toEqual({ status: 'in_kyc', token: start.body.token, widgetUrl: start.body.widgetUrl, botUsername: 'BackersSandboxBot' });
    const widget = await server.request<string>('GET', start.body.widgetUrl);
    expect(widget.status).toBe(200);
    expect(widget.headers.get('content-type')).toMatch(/text\/html/);
    expect(widget.body).toContain('data-decision="approved"');
  });

  test.each([
    ['approved', 'approved'],
    ['kyc_approved', 'kyc_approved'],
    ['kyc_rejected', 'kyc_rejected'],
  ])('the widget decision %s sets the status and ends the session', async (decision, expected) => {
    const user = newUser();
    const { token } = (await server.api<{ token: string }>(user, 'GET', '/verification/start')).body;
    const answer = await decide(token, decision);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: expected });
    expect((await status(user)).body).toEqual({ status: expected, botUsername: 'BackersSandboxBot' });
    // The token is spent.
    expect((await decide(token, 'approved')).body).toMatchObject({ code: 'invalid-token' });
  });

  test('an expired token answers invalid-token; first_call and start hand out a fresh one', async () => {
    const user = newUser();
    const { token } = (await server.api<{ token: string }>(user, 'GET', '/verification/start')).body;
    server.clock.advance(31 * 60);
    const widget = await server.request<string>('GET', `/sandbox/kyc/widget?token=${token}`);
    expect(widget.body).toContain("code: 'invalid-token'");
    const late = await decide(token, 'approved');
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: 'invalid-token' });
    // Without first_call the status keeps the old token; with it a fresh one is issued.
    expect((await status(user)).body.token).toBe(token);
    const fresh = (await status(user, true)).body;
    expect(fresh.status).toBe('in_kyc');
    expect(fresh.token).not.toBe(token);
    expect((await decide(fresh.token!, 'approved')).status).toBe(200);
  });

  test('start is refused once a decision was made', async () => {
    const user = newUser();
    await status(user);
    await server.request('POST', '/sandbox/kyc', { telegramId: user.telegramId, status: 'rejected' });
    expect((await status(user)).body).toMatchObject({ status: 'rejected' });
    expect((await status(user)).body).not.toHaveProperty('token');
    const answer = await server.api(user, 'GET', '/verification/start');
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('conflict');
  });

  test('approval unlocks the creator dashboard', async () => {
    const user = newUser();
    expect((await server.api(user, 'GET', '/dashboard?mode=creator')).body.code).toBe('verification_required');
    await server.request('POST', '/sandbox/kyc', { telegramId: user.telegramId, status: 'approved' });
    const answer = await server.api(user, 'GET', '/dashboard?mode=creator');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ mode: 'creator', isCreator: true, channels: [] });
  });

  test('first_call must be a boolean; the widget decision must be one of the outcomes', async () => {
    const bad = await server.api(newUser(), 'GET', '/verification/status?first_call=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_error', field: 'first_call' });
    const decision = await decide('kyc_x', 'maybe');
    expect(decision.status).toBe(400);
    expect(decision.body.code).toBe('validation_error');
  });
});
