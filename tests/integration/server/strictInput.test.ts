/**
 * Strict input over real HTTP: every body field only in its own JSON type (no coercion of "0x10" to 16,
 * true to 1 or [5] to 5), ids and query values only from canonical text, oversized bodies 413 payload_too_large.
 * Property-based with fast-check for the amount of the two payment-shaped requests and a few other request schemas.
 */
import fc from 'fast-check';
import { DEFAULT_RATE_LIMITS } from '../../../server/platform/http/rateLimits';
import { ALICE, BOB, type TestServer, creatorWithChannel, startTestServer } from '../support/testServer';

let server: TestServer;
let channelId: number;
let creator: Awaited<ReturnType<typeof creatorWithChannel>>['user'];
beforeAll(async () => {
  // Bob creates far more payments than a person would: no per-user payment limit here (rateLimits.test.ts has it).
  server = await startTestServer({
    seed: true,
    config: { rateLimits: { ...DEFAULT_RATE_LIMITS, paymentsPerMinute: 0 } },
  });
  ({ channelId, user: creator } = await creatorWithChannel(server));
});
afterAll(() => server.close());

const ODD_AMOUNTS: readonly unknown[] = [
  '0x10',
  '0b11',
  '0o7',
  '1e3',
  ' 5',
  '5 ',
  '+5',
  '-5',
  '5,00',
  'five',
  true,
  false,
  [5],
  ['5'],
  { amount: 5 },
  null,
];
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
/** Values that are neither a JSON number nor a plain decimal string (nor empty: nothing entered has its own reason). */
const oddAmount = fc.oneof(
  fc.constantFrom(...ODD_AMOUNTS),
  fc.string({ maxLength: 10 }).filter((text) => text !== '' && !PLAIN_DECIMAL.test(text)),
  fc.boolean(),
  fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { minKeys: 1, maxKeys: 1 }),
);
let keys = 0;
const key = () => `strict-${process.pid}-${(keys += 1)}`;

describe('amounts', () => {
  test('POST /invoice/donation/{id}/create refuses an odd amount with 400 validation_error on amount and charges nothing', async () => {
    await fc.assert(
      fc.asyncProperty(oddAmount, async (amount) => {
        const answer = await server.api(
          BOB,
          'POST',
          '/invoice/donation/1/create',
          { paymentMethod: 'smart_glocal', amount },
          { 'Idempotency-Key': key() },
        );
        expect({ amount, status: answer.status, code: answer.body.code, field: answer.body.field }).toEqual({
          amount,
          status: 400,
          code: 'validation_error',
          field: 'amount',
        });
      }),
      { numRuns: 40 },
    );
  });

  test('"0x10" is not €16: the donation is not created at all', async () => {
    const answer = await server.api(
      BOB,
      'POST',
      '/invoice/donation/1/create',
      { paymentMethod: 'smart_glocal', amount: '0x10' },
      { 'Idempotency-Key': key() },
    );
    expect(answer.status).toBe(400);
    const plain = await server.api<{ status: string; amount: number }>(
      BOB,
      'POST',
      '/invoice/donation/1/create',
      { paymentMethod: 'smart_glocal', amount: '16' },
      { 'Idempotency-Key': key() },
    );
    expect(plain.status).toBe(200);
    expect(plain.body.amount).toBe(16);
  });

  test('a JSON number or a plain decimal string within the bounds pays that amount', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 100, max: 200_000 }), fc.boolean(), async (cents, asText) => {
        const major = cents / 100;
        const amount = asText ? major.toFixed(2) : major;
        const answer = await server.api<{ amount: number }>(
          BOB,
          'POST',
          '/invoice/donation/1/create',
          { paymentMethod: 'smart_glocal', amount },
          { 'Idempotency-Key': key() },
        );
        expect({ status: answer.status, amount: answer.body.amount }).toEqual({ status: 200, amount: major });
      }),
      { numRuns: 8 },
    );
  });

  test('POST /subscription/new refuses an odd amount with 400 validation_error on amount', async () => {
    await fc.assert(
      fc.asyncProperty(oddAmount, async (amount) => {
        const answer = await server.api(creator, 'POST', '/subscription/new', {
          channelId,
          name: 'Strict',
          description: 'Strict',
          period: 'monthly',
          currency: 'eur',
          amount,
          buttonText: 'Join',
        });
        expect({ amount, status: answer.status, code: answer.body.code, field: answer.body.field }).toEqual({
          amount,
          status: 400,
          code: 'validation_error',
          field: 'amount',
        });
      }),
      { numRuns: 30 },
    );
    const list = await server.api<{ subscriptions: unknown[] }>(
      creator,
      'POST',
      `/channel/${channelId}/subscriptions`,
      {},
    );
    expect(list.body.subscriptions).toEqual([]);
  });
});

describe('other body fields in their own type', () => {
  const subscription = {
    channelId: 0,
    name: 'Typed',
    description: 'Typed',
    period: 'monthly',
    currency: 'eur',
    amount: 5,
    buttonText: 'Join',
  };

  test.each([
    ['channelId', '1'],
    ['channelId', 1.5],
    ['channelId', true],
    ['channelId', [1]],
    ['name', 5],
    ['name', true],
    ['name', ['Typed']],
    ['period', ['monthly']],
    ['currency', 1],
  ])('POST /subscription/new with %s = %j answers 400 on that field', async (field, value) => {
    const answer = await server.api(creator, 'POST', '/subscription/new', {
      ...subscription,
      channelId,
      [field]: value,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation_error', field });
  });

  test('booleans are booleans: pin "true" or 1 on a donation request answers 400', async () => {
    const body = {
      title: 'T',
      description: 'D',
      currency: 'eur',
      amount: 5,
      buttonText: 'Give',
      disableNotification: false,
    };
    for (const pin of ['true', 1, null]) {
      const answer = await server.api(creator, 'POST', `/donation/request/channel/${channelId}`, { ...body, pin });
      expect({ pin, status: answer.status, field: answer.body.field }).toEqual({ pin, status: 400, field: 'pin' });
    }
  });

  test('any cardId that is not a positive JSON integer answers 400 on cardId', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 6 }),
          fc.boolean(),
          fc.double({ noInteger: true }),
          fc.integer({ max: 0 }),
          fc.array(fc.nat(), { minLength: 1, maxLength: 1 }),
        ),
        async (cardId) => {
          const answer = await server.api(
            BOB,
            'POST',
            '/invoice/subscription/1/create',
            { paymentMethod: 'smart_glocal_saved_card', cardId },
            { 'Idempotency-Key': key() },
          );
          expect({ cardId, status: answer.status, field: answer.body.field }).toEqual({
            cardId,
            status: 400,
            field: 'cardId',
          });
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('path params and query strings', () => {
  test('ids only from canonical digits: 0x10, 1e1, " 1", +1, 01 and [1] style values answer 400 on id', async () => {
    for (const id of ['0x1', '0b1', '0o1', '1e0', '%201', '+1', '01', '1%20', 'true']) {
      const answer = await server.api(ALICE, 'GET', `/channel/${id}`);
      expect({ id, status: answer.status, code: answer.body.code, field: answer.body.field }).toEqual({
        id,
        status: 400,
        code: 'validation_error',
        field: 'id',
      });
    }
    expect((await server.api(ALICE, 'GET', '/channel/1')).status).toBe(200);
  });

  test('any id text that is not a positive decimal answers 400, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 8 }).filter((text) => !/^[1-9]\d*$/.test(text)),
        async (text) => {
          const answer = await server.api(ALICE, 'GET', `/channel/${encodeURIComponent(text)}`);
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
        },
      ),
      { numRuns: 30 },
    );
  });

  test('a boolean query value is true or false only', async () => {
    const user = { telegramId: 4242, firstName: 'Query' };
    expect((await server.api(user, 'GET', '/verification/status?first_call=true')).status).toBe(200);
    for (const value of ['1', 'yes', 'TRUE']) {
      const answer = await server.api(user, 'GET', `/verification/status?first_call=${value}`);
      expect({ value, status: answer.status, field: answer.body.field }).toEqual({
        value,
        status: 400,
        field: 'first_call',
      });
    }
  });
});

test('a body over the limit answers 413 payload_too_large', async () => {
  const huge = JSON.stringify({ ...{ paymentMethod: 'smart_glocal' }, amount: '1', padding: 'x'.repeat(300_000) });
  const answer = await server.api(BOB, 'POST', '/invoice/donation/1/create', huge, { 'Idempotency-Key': key() });
  expect(answer.status).toBe(413);
  expect(answer.body.code).toBe('payload_too_large');
});
