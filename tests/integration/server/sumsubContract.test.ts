/**
 * The Sumsub adapter's requests and the webhook shapes, pinned to Sumsub's reference (/work/shared/vendors/sumsub.md):
 * paths, the three auth headers with a signature recomputed here from the secret, bodies; the documented signing
 * example; the double's webhooks carry the documented fields.
 */
import { createHmac } from 'node:crypto';
import { requestSignature } from '../../../server/modules/verification/sumsub/protocol';
import { type HttpFetch, SumsubKycProvider } from '../../../server/modules/verification/sumsub/SumsubKycProvider';
import { type TestServer, startTestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

test('the adapter signs each request as the reference says and calls the documented paths', async () => {
  const double = server.app.deps.kycDouble!;
  const seen: Seen[] = [];
  const recording: HttpFetch = async (url, init) => {
    seen.push({ url, method: init.method, headers: init.headers, body: init.body });
    return fetch(url, init);
  };
  const adapter = new SumsubKycProvider({
    ...double.settings,
    baseUrl: () => server.baseUrl,
    now: () => server.clock.now(),
    fetch: recording,
  });
  const session = await adapter.createSession({ userId: 424242, lang: 'ru', applicantId: null });
  expect(session.token).toMatch(/^_act-sbx-jwt-/);

  expect(seen.map((call) => `${call.method} ${call.url.slice(server.baseUrl.length)}`)).toEqual([
    'POST /resources/applicants?levelName=basic-kyc-level',
    'POST /resources/accessTokens/sdk',
    'POST /resources/sdkIntegrations/levels/-/websdkLink?lang=ru',
  ]);
  expect(JSON.parse(seen[0]!.body!)).toEqual({ externalUserId: '424242', lang: 'ru' });
  expect(JSON.parse(seen[1]!.body!)).toEqual({ userId: '424242', levelName: 'basic-kyc-level', ttlInSecs: 1800 });
  expect(JSON.parse(seen[2]!.body!)).toEqual({ levelName: 'basic-kyc-level', userId: '424242', ttlInSecs: 1800 });
  for (const call of seen) {
    const ts = call.headers['x-app-access-ts']!;
    expect(call.headers['x-app-token']).toBe(double.settings.appToken);
    expect(Number(ts)).toBe(Math.floor(server.clock.now() / 1000));
    const path = call.url.slice(server.baseUrl.length);
    const expected = createHmac('sha256', double.settings.secretKey)
      .update(`${ts}${call.method}${path}${call.body ?? ''}`)
      .digest('hex');
    expect(call.headers['x-app-access-sig']).toBe(expected);
    expect(call.headers['content-type']).toBe('application/json');
  }

  // The second session finds the applicant by external id after the 409.
  seen.length = 0;
  const again = await adapter.createSession({ userId: 424242, lang: 'en', applicantId: null });
  expect(again.applicantId).toBe(session.applicantId);
  expect(seen.map((call) => `${call.method} ${call.url.slice(server.baseUrl.length)}`).slice(0, 2)).toEqual([
    'POST /resources/applicants?levelName=basic-kyc-level',
    'GET /resources/applicants/-;externalUserId=424242/one',
  ]);
  expect(seen[1]!.body).toBeUndefined();
  expect(seen[1]!.headers['x-app-access-sig']).toBe(
    createHmac('sha256', double.settings.secretKey)
      .update(`${seen[1]!.headers['x-app-access-ts']}GET/resources/applicants/-;externalUserId=424242/one`)
      .digest('hex'),
  );
});

test('the double answers a wrong signature with the documented 401 body', async () => {
  const answer = await fetch(`${server.baseUrl}/resources/accessTokens/sdk`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-app-token': 'sbx:backers-sandbox',
      'x-app-access-ts': String(Math.floor(server.clock.now() / 1000)),
      'x-app-access-sig': '00',
    },
    body: '{}',
  });
  expect(answer.status).toBe(401);
  expect(await answer.json()).toEqual({
    description: 'Request signature mismatch',
    code: 401,
    correlationId: expect.any(String),
    errorCode: 4003,
    errorName: 'app-token-signature mismatch',
  });
});

test('webhooks carry the documented envelope and results', async () => {
  const double = server.app.deps.kycDouble!;
  const adapter = new SumsubKycProvider({
    ...double.settings,
    baseUrl: () => server.baseUrl,
    now: () => server.clock.now(),
  });
  await adapter.createSession({ userId: 515151, lang: 'en', applicantId: null });
  const applicant = double.applicantByExternalId('515151')!;
  applicant.reviewStatus = 'completed';
  applicant.reviewResult = {
    reviewAnswer: 'RED',
    reviewRejectType: 'RETRY',
    rejectLabels: ['UNSATISFACTORY_PHOTOS'],
    moderationComment: 'Blurry',
    clientComment: 'internal',
  };
  const body = double.webhookBody(applicant, 'applicantReviewed', Date.UTC(2020, 1, 21, 13, 23, 19, 321));
  // The documented GREEN example's fields (docs: receive-and-interpret-results-via-api) plus the attribute table's.
  expect(Object.keys(body).sort()).toEqual(
    [
      'applicantId',
      'applicantType',
      'clientId',
      'correlationId',
      'createdAt',
      'createdAtMs',
      'externalUserId',
      'inspectionId',
      'levelName',
      'reviewResult',
      'reviewStatus',
      'sandboxMode',
      'type',
    ].sort(),
  );
  expect(body).toMatchObject({
    type: 'applicantReviewed',
    reviewStatus: 'completed',
    applicantType: 'individual',
    externalUserId: '515151',
    createdAtMs: '2020-02-21 13:23:19.321',
    createdAt: '2020-02-21 13:23:19+0000',
  });
  expect(body.reviewResult).toEqual({
    reviewAnswer: 'RED',
    reviewRejectType: 'RETRY',
    rejectLabels: ['UNSATISFACTORY_PHOTOS'],
    moderationComment: 'Blurry',
    clientComment: 'internal',
  });
  const raw = JSON.stringify(body);
  const headers = double.signWebhook(raw);
  expect(headers['x-payload-digest-alg']).toBe('HMAC_SHA256_HEX');
  expect(headers['x-payload-digest']).toBe(
    createHmac('sha256', double.settings.webhookSecret).update(raw).digest('hex'),
  );
  expect(adapter.readWebhook(raw, headers)).toMatchObject({
    userId: 515151,
    applicantId: applicant.id,
    occurredAtMs: Date.UTC(2020, 1, 21, 13, 23, 19, 321),
    change: { kind: 'reviewed', answer: 'RED', rejectType: 'RETRY', labels: ['UNSATISFACTORY_PHOTOS'] },
  });
  // SHA512 digests are accepted too; the documented pending example has no reviewResult.
  const sha512 = createHmac('sha512', double.settings.webhookSecret).update(raw).digest('hex');
  expect(
    adapter.readWebhook(raw, { 'x-payload-digest': sha512, 'x-payload-digest-alg': 'HMAC_SHA512_HEX' }).change.kind,
  ).toBe('reviewed');
  applicant.reviewStatus = 'pending';
  const pending = double.webhookBody(applicant, 'applicantPending');
  expect(pending).not.toHaveProperty('reviewResult');
  expect(pending).toMatchObject({ type: 'applicantPending', reviewStatus: 'pending' });
});

test('the documented signing example: ts + METHOD + path with query, no body', () => {
  const text =
    '1607551635POST/resources/accessTokens?userId=cfd20712-24a2-4c7d-9ab0-146f3c142335&levelName=basic-kyc-level&ttlInSecs=600';
  const expected = createHmac('sha256', 'secret').update(text).digest('hex');
  // The adapter's signing function builds the same string from its parts.
  expect(
    requestSignature(
      'secret',
      1607551635,
      'post',
      '/resources/accessTokens?userId=cfd20712-24a2-4c7d-9ab0-146f3c142335&levelName=basic-kyc-level&ttlInSecs=600',
    ),
  ).toBe(expected);
});
