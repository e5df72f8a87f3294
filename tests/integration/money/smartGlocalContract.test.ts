/**
 * The Smart Glocal contract: every request our adapter sends, and every answer and webhook the sandbox's double sends,
 * checked against Smart Glocal's API v1 reference (../shared/vendors/smart-glocal.md; assumptions in
 * server/modules/payments/README.md). The adapter runs against the double over HTTP with a recording transport; the
 * double's webhooks go to a recording endpoint instead of our server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Type, { type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { money } from '../../../src/domain/money';
import { SANDBOX_PROJECT } from '../../../server/modules/payments/engine';
import { sandboxKeyPairs } from '../../../server/modules/payments/smartglocal/keys';
import { MemorySandboxProviderStore } from '../../../server/modules/payments/sandbox/MemorySandboxProviderStore';
import { PAYMENT_PAGE_PATH } from '../../../server/modules/payments/sandbox/SmartGlocalDouble';
import type { SandboxProviderStore } from '../../../server/modules/payments/sandbox/store';
import { TOKENIZE_PATH, verify } from '../../../server/modules/payments/smartglocal/protocol';
import { type HttpPost, SmartGlocalProvider } from '../../../server/modules/payments/smartglocal/SmartGlocalProvider';
import { type TestServer, startTestServer } from '../support/testServer';

jest.setTimeout(180_000);

/** Where a payer comes back after 3-D Secure: the app's invoice with the payment (PaymentService.returnUrlOf). */
const RETURN_URL = 'https://app.example/invoice/subscription/7?paymentId=pay_contract';

// ---- the reference, as schemas

const Iso = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$' });
const Amount = Type.Object({ amount: Type.Integer({ minimum: 1 }), currency: Type.String({ pattern: '^[a-z]{3}$' }) });
const EncryptedCard = Type.Object({
  type: Type.Literal('card'),
  card: Type.Object({
    type: Type.Literal('encrypted_card'),
    // The "card number hash": 64 hex characters in the reference's examples.
    encrypted_card: Type.Object({ number_hash: Type.String({ pattern: '^[0-9a-f]{64}$' }) }),
  }),
});
const recurrent = (initiator: 'merchant' | 'client') =>
  Type.Object({
    type: Type.Literal('recurrent'),
    recurrent: Type.Object({ token: Type.String({ minLength: 1 }), initiator: Type.Literal(initiator) }),
  });
const Customer = Type.Object({ reference: Type.String({ minLength: 1 }) });
const PaymentOptions = Type.Object({
  recurrent: Type.Optional(Type.Boolean()),
  return_url: Type.Optional(Type.String()),
});
/** Customer-initiated payments (a new card, a saved card with initiator client) must carry return_url (CIT page). */
const CustomerPaymentOptions = Type.Object({
  recurrent: Type.Optional(Type.Boolean()),
  return_url: Type.String({ pattern: '^https?://' }),
});
const Metadata = Type.Object({ reference: Type.String({ minLength: 1 }) });
const SessionId = Type.Object({ session_id: Type.String({ minLength: 1 }) }, { additionalProperties: false });

/** Request bodies per method: required fields as the reference marks them; nothing it does not list. */
const REQUESTS: Record<string, TSchema> = {
  'session/init/payment': Type.Union([
    Type.Object(
      {
        payment_details: Type.Union([EncryptedCard, recurrent('client')]),
        amount_details: Amount,
        customer: Customer,
        payment_options: CustomerPaymentOptions,
        metadata: Metadata,
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        payment_details: recurrent('merchant'),
        amount_details: Amount,
        customer: Customer,
        payment_options: Type.Optional(PaymentOptions),
        metadata: Metadata,
      },
      { additionalProperties: false },
    ),
  ]),
  'session/create': Type.Object(
    { amount_details: Amount, customer: Customer, payment_options: Type.Optional(PaymentOptions), metadata: Metadata },
    { additionalProperties: false },
  ),
  'session/init/payout': Type.Object(
    {
      payment_method: Type.Union([
        EncryptedCard,
        Type.Object({
          type: Type.Literal('bank_account'),
          bank_account: Type.Object({
            system_type: Type.Literal('ru'),
            // payouts/payout-russia, an individual: a 12-digit inn is mandatory, kpp only for legal entities, and
            // full_name is the holder's name as in the passport.
            ru: Type.Object(
              {
                bik: Type.String({ pattern: '^04\\d{7}$' }),
                account: Type.String({ pattern: '^(40817810|4230[1-7]810|40802810|40502810|40820810)\\d{12}$' }),
                full_name: Type.String({ minLength: 1 }),
                inn: Type.String({ pattern: '^\\d{12}$' }),
                description: Type.String(),
              },
              { additionalProperties: false },
            ),
          }),
        }),
        Type.Object({
          type: Type.Literal('bank_account'),
          bank_account: Type.Object({
            system_type: Type.Literal('global'),
            global: Type.Object({ iban: Type.String(), description: Type.String() }),
          }),
        }),
      ]),
      amount_details: Amount,
      participant_details: Type.Object({ recipient: Type.Object({ full_name: Type.String({ minLength: 1 }) }) }),
      metadata: Metadata,
    },
    { additionalProperties: false },
  ),
  'session/status': SessionId,
  'session/confirm': SessionId,
  'session/refund': SessionId,
  token: Type.Union([
    Type.Object(
      { tokenize_widget: Type.Object({ access: Type.String(), locale: Type.String() }) },
      { additionalProperties: false },
    ),
    Type.Object(
      { acquiring_widget: Type.Object({ session_id: Type.String({ minLength: 1 }), locale: Type.String() }) },
      { additionalProperties: false },
    ),
  ]),
  'token/info': Type.Object(
    {
      type: Type.Literal('card'),
      card: Type.Object({
        type: Type.Literal('encrypted_card'),
        encrypted_card: Type.Object({ number_hash: Type.String() }),
      }),
    },
    { additionalProperties: false },
  ),
};

const Operation = {
  id: Type.String({ minLength: 1 }),
  status: Type.Union(['in_progress', 'pending', 'succeeded', 'failed'].map((value) => Type.Literal(value))),
  created_at: Iso,
  finished_at: Type.Optional(Iso),
  amount_details: Amount,
  error: Type.Optional(Type.Object({ code: Type.String(), description: Type.String() })),
};
const Session = Type.Object({
  id: Type.String({ minLength: 1 }),
  status: Type.Union(['created', 'in_progress', 'accepted', 'cancelled', 'error'].map((value) => Type.Literal(value))),
  created_at: Iso,
  updated_at: Iso,
  next_action: Type.Optional(Type.Union([Type.Literal('confirm'), Type.Literal('capture')])),
  acquiring_payments: Type.Optional(
    Type.Array(Type.Object({ ...Operation, payment_details: Type.Object({ type: Type.String() }) })),
  ),
  payments: Type.Optional(
    Type.Array(Type.Object({ ...Operation, payment_method: Type.Object({ type: Type.String() }) })),
  ),
  error: Type.Optional(Type.Object({ code: Type.String(), description: Type.String() })),
});
const ANSWERS = {
  session: Type.Object({ status: Type.Literal('ok'), session: Session }),
  token: Type.Object({ status: Type.Literal('ok'), public_token: Type.String({ pattern: '^[0-9a-f]{64}$' }) }),
  info: Type.Object({
    status: Type.Literal('ok'),
    info: Type.Object({
      type: Type.Literal('card'),
      number_hash: Type.String(),
      brand: Type.String(),
      last4: Type.String({ pattern: '^\\d{4}$' }),
    }),
  }),
  error: Type.Object({
    status: Type.Literal('error'),
    error: Type.Object({ code: Type.String({ minLength: 1 }), description: Type.String() }),
  }),
};
const Webhook = Type.Object({
  type: Type.Union(
    ['ready_to_confirm', 'action_required', 'ready_to_capture', 'payment_finished', 'payment_refunded'].map((value) =>
      Type.Literal(value),
    ),
  ),
  session: Session,
});
/** The tokenisation Telegram's clients do (POST <tokenize_url>, X-PUBLIC-TOKEN). */
const TokenizeAnswer = Type.Object({
  status: Type.Literal('ok'),
  data: Type.Object({
    token: Type.String({ minLength: 1 }),
    info: Type.Object({
      card_type: Type.String(),
      card_network: Type.String(),
      masked_card_number: Type.String({ pattern: '^\\d{6}\\*+\\d{4}$' }),
    }),
  }),
});

function expectShape(schema: TSchema, value: unknown, what: string): void {
  const errors = [...Value.Errors(schema, value)].map((error) => `${error.instancePath} ${error.message}`);
  expect({ what, errors }).toEqual({ what, errors: [] });
}

// ---- recording

interface Recorded {
  method: string;
  headers: Record<string, string>;
  raw: string;
  status: number;
  answer: unknown;
}

let server: TestServer;
let hooks: Server;
const webhooks: { raw: string; headers: Record<string, string | string[] | undefined> }[] = [];
const calls: Recorded[] = [];
let adapter: SmartGlocalProvider;

async function start(providerStore: SandboxProviderStore | undefined): Promise<void> {
  webhooks.length = 0;
  calls.length = 0;
  hooks = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      webhooks.push({ raw, headers: request.headers });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  server = await startTestServer({
    config: { providerWebhookUrl: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/webhook` },
    ...(providerStore ? { providerStore } : {}),
  });
  const keys = sandboxKeyPairs();
  const base = `${server.baseUrl}/provider`;
  const post: HttpPost = async (url, init) => {
    const response = await fetch(url, init);
    const answer: unknown = await response.json();
    calls.push({
      method: url.slice(`${base}/api/v1/`.length),
      headers: init.headers,
      raw: init.body,
      status: response.status,
      answer,
    });
    return { status: response.status, json: async () => answer };
  };
  adapter = new SmartGlocalProvider({
    baseUrl: () => base,
    tokenizeUrl: () => `/provider${TOKENIZE_PATH}`,
    paymentPageUrl: () => `/provider${PAYMENT_PAGE_PATH}`,
    project: SANDBOX_PROJECT,
    privateKey: keys.partner.privateKey,
    providerPublicKey: keys.provider.publicKey,
    feeBps: 300,
    post,
  });
}

async function stop(): Promise<void> {
  await server?.close();
  await new Promise<void>((resolve) => hooks.close(() => resolve()));
}

async function tokenizeAtDouble(number: string, withExpiry = true): Promise<string> {
  const { publicToken, tokenizeUrl: path } = await adapter.cardTokenization('en');
  const tokenizeUrl = new URL(path, server.baseUrl).toString();
  const card = withExpiry
    ? { number, expiration_month: '12', expiration_year: '35', security_code: '123' }
    : { number };
  const response = await fetch(tokenizeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-PUBLIC-TOKEN': publicToken },
    body: JSON.stringify({ card }),
  });
  const answer: unknown = await response.json();
  expectShape(TokenizeAnswer, answer, 'tokenize answer');
  // The public token is good for one tokenisation.
  const again = await fetch(tokenizeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-PUBLIC-TOKEN': publicToken },
    body: JSON.stringify({ card }),
  });
  expect(again.status).toBe(401);
  return (answer as { data: { token: string } }).data.token;
}

// The double keeps its sessions in the provider_* tables in the sandbox, in memory in the payments benchmark.
const STORES: readonly (readonly [string, () => SandboxProviderStore | undefined])[] = [
  ['its tables', () => undefined],
  ['memory', () => new MemorySandboxProviderStore()],
];
describe.each(STORES)("Smart Glocal contract (adapter ↔ double, the double's store in %s)", (_store, makeStore) => {
  beforeAll(async () => start(makeStore()));
  afterAll(stop);

  it('drives every flow the product uses and each call, answer and webhook matches the reference', async () => {
    // A card payment that saves the card, then a merchant-initiated charge with its recurrent token.
    const cardToken = await tokenizeAtDouble('4242424242424242');
    const first = await adapter.createPayment({
      reference: 'pay_contract_1',
      customerReference: '501',
      amount: money(1500, 'eur'),
      description: 'Channel (subscription)',
      source: { type: 'card_token', token: cardToken, save: true },
      returnUrl: RETURN_URL,
    });
    expect(first).toMatchObject({ status: 'pending', awaitingConfirmation: true });
    const paid = await adapter.confirmPayment(first.sessionId!);
    expect(paid).toMatchObject({
      status: 'paid',
      reference: 'pay_contract_1',
      card: { brand: 'visa', last4: '4242' },
      providerFee: 45,
      recurrentToken: expect.any(String),
    });
    // The same idempotency key answers the same session; the card token names the card (the reference's "card number
    // hash"), so it pays again under another key.
    expect(
      (
        await adapter.createPayment({
          reference: 'pay_contract_1',
          customerReference: '501',
          amount: money(1500, 'eur'),
          description: 'again',
          source: { type: 'card_token', token: cardToken, save: true },
          returnUrl: RETURN_URL,
        })
      ).sessionId,
    ).toBe(first.sessionId);
    expect(
      await adapter.createPayment({
        reference: 'pay_contract_2',
        customerReference: '501',
        amount: money(1500, 'eur'),
        description: 'reuse',
        source: { type: 'card_token', token: cardToken, save: false },
        returnUrl: RETURN_URL,
      }),
    ).toMatchObject({ status: 'pending', awaitingConfirmation: true });
    expect(await tokenizeAtDouble('4242424242424242')).toBe(cardToken);
    const renewal = await adapter.createPayment({
      reference: 'pay_contract_3',
      customerReference: '501',
      amount: money(1500, 'eur'),
      description: 'renewal',
      source: { type: 'recurrent', recurrentToken: paid.recurrentToken!, initiator: 'merchant' },
    });
    expect(await adapter.confirmPayment(renewal.sessionId!)).toMatchObject({ status: 'paid' });
    // A recurrent token charges only its own customer.
    expect(
      await adapter.createPayment({
        reference: 'pay_contract_4',
        customerReference: '999',
        amount: money(1500, 'eur'),
        description: 'stolen',
        source: { type: 'recurrent', recurrentToken: paid.recurrentToken!, initiator: 'customer' },
        returnUrl: RETURN_URL,
      }),
    ).toMatchObject({ status: 'cancelled', errorCode: 'token_not_found' });

    // 3-D Secure: a redirect to the bank's page; the payer confirms there.
    const challengeToken = await tokenizeAtDouble('4000000000003220');
    const challenged = await adapter.createPayment({
      reference: 'pay_contract_5',
      customerReference: '502',
      amount: money(500, 'eur'),
      description: 'Donation',
      source: { type: 'card_token', token: challengeToken, save: false },
      returnUrl: RETURN_URL,
    });
    const redirect = await adapter.confirmPayment(challenged.sessionId!);
    expect(redirect).toMatchObject({
      status: 'action_required',
      redirectUrl: `/provider/v1/3ds/${challenged.sessionId}`,
    });
    await fetch(new URL(redirect.redirectUrl!, server.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=confirm',
    });
    expect(await adapter.findPayment('pay_contract_5', challenged.sessionId)).toMatchObject({ status: 'paid' });

    // A decline carries the issuer's code.
    const declinedToken = await tokenizeAtDouble('4000000000009995');
    const declined = await adapter.createPayment({
      reference: 'pay_contract_6',
      customerReference: '503',
      amount: money(500, 'eur'),
      description: 'Donation',
      source: { type: 'card_token', token: declinedToken, save: false },
      returnUrl: RETURN_URL,
    });
    expect(await adapter.confirmPayment(declined.sessionId!)).toMatchObject({
      status: 'cancelled',
      errorCode: 'insufficient_funds',
    });

    // A link payment: session/create, then the hosted page's public token.
    const link = await adapter.createPayment({
      reference: 'pay_contract_7',
      customerReference: '504',
      amount: money(700, 'eur'),
      description: 'Donation',
      source: { type: 'hosted_page', save: false },
    });
    expect(link).toMatchObject({
      status: 'pending',
      hostedPageUrl: expect.stringMatching(/^\/provider\/pay\/en\/payment\/[0-9a-f]{64}$/),
    });

    // A full refund, once.
    expect(await adapter.refundPayment(first.sessionId!)).toBe('refunded');
    expect(await adapter.refundPayment(first.sessionId!)).toBe('refunded');
    expect(await adapter.findPayment('pay_contract_1', first.sessionId)).toMatchObject({
      status: 'paid',
      refunded: true,
    });
    expect(await adapter.refundPayment(declined.sessionId!)).toBe('not_refundable');

    // Payouts: to a tokenised card (arrives), to one the bank declines (fails), to a Russian account.
    const payoutCard = await tokenizeAtDouble('5555555555554444', false);
    expect(await adapter.describeToken(payoutCard)).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
      country: 'FR',
    });
    const payout = await adapter.createPayout({
      reference: 'payout:1:eur:2030-01-10',
      amount: money(15000, 'eur'),
      destination: { type: 'card', cardToken: payoutCard, holderName: 'Ada Lovelace' },
    });
    expect(payout).toMatchObject({ status: 'in_progress', awaitingConfirmation: true });
    expect(await adapter.confirmPayout(payout.sessionId!)).toMatchObject({
      status: 'succeeded',
      reference: 'payout:1:eur:2030-01-10',
    });
    const refusedCard = await tokenizeAtDouble('4000000000000002', false);
    const refused = await adapter.createPayout({
      reference: 'payout:2:eur:2030-01-10',
      amount: money(15000, 'eur'),
      destination: { type: 'card', cardToken: refusedCard, holderName: 'Bo Decline' },
    });
    expect(await adapter.confirmPayout(refused.sessionId!)).toMatchObject({
      status: 'failed',
      errorCode: 'payout_declined',
    });
    const toAccount = await adapter.createPayout({
      reference: 'payout:3:rub:2030-01-10',
      amount: money(500000, 'rub'),
      destination: {
        type: 'ru_account',
        bik: '044525225',
        account: '40817810899910004312',
        holderName: 'Петров Иван Сергеевич',
        inn: '500100732259',
        description: 'Backers payout',
      },
    });
    expect(await adapter.findPayout(toAccount.sessionId!)).toMatchObject({
      status: 'in_progress',
      awaitingConfirmation: true,
    });

    // Every request: a known method, the project, a signature over the raw body that verifies with our public key,
    // an idempotency key on the calls that move money, a body as the reference describes it.
    const partnerKey = sandboxKeyPairs().partner.publicKey;
    expect(new Set(calls.map((call) => call.method))).toEqual(new Set(Object.keys(REQUESTS)));
    for (const call of calls) {
      expect(call.headers['content-type']).toBe('application/json');
      expect(call.headers['x-partner-project']).toBe(SANDBOX_PROJECT);
      expect(verify(call.raw, call.headers['x-partner-sign'], partnerKey)).toBe(true);
      if (call.method.startsWith('session/init/') || call.method === 'session/create')
        expect(call.headers['x-partner-idempotency-key']).toMatch(/^(pay_contract_|payout:)/);
      expectShape(REQUESTS[call.method], JSON.parse(call.raw), `${call.method} request`);
      const answer =
        call.status === 200
          ? call.method === 'token'
            ? ANSWERS.token
            : call.method === 'token/info'
              ? ANSWERS.info
              : ANSWERS.session
          : ANSWERS.error;
      expectShape(answer, call.answer, `${call.method} answer (${call.status})`);
    }

    // Every webhook: signed with Smart Glocal's key, no project header, a known type and a session.
    await server.request('POST', '/sandbox/clock', { advanceSeconds: 1 });
    const providerKey = sandboxKeyPairs().provider.publicKey;
    expect(webhooks.length).toBeGreaterThan(10);
    for (const hook of webhooks) {
      expect(verify(hook.raw, hook.headers['x-partner-sign'] as string, providerKey)).toBe(true);
      expect(hook.headers['x-partner-project']).toBeUndefined();
      expectShape(Webhook, JSON.parse(hook.raw), 'webhook');
    }
    const types = new Set(webhooks.map((hook) => (JSON.parse(hook.raw) as { type: string }).type));
    expect(types).toEqual(new Set(['ready_to_confirm', 'action_required', 'payment_finished', 'payment_refunded']));
  });

  it('refuses requests that are not signed by the partner, or not for its project', async () => {
    const body = JSON.stringify({ session_id: 'ps_x' });
    const unsigned = await fetch(`${server.baseUrl}/provider/api/v1/session/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-partner-project': SANDBOX_PROJECT },
      body,
    });
    expect(unsigned.status).toBe(401);
    expectShape(ANSWERS.error, await unsigned.json(), 'unsigned');
    const { createSign } = await import('node:crypto');
    const signature = createSign('RSA-SHA256').update(body).sign(sandboxKeyPairs().partner.privateKey, 'base64');
    const otherProject = await fetch(`${server.baseUrl}/provider/api/v1/session/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-partner-project': 'someone-else', 'x-partner-sign': signature },
      body,
    });
    expect(otherProject.status).toBe(401);
    const unknown = await fetch(`${server.baseUrl}/provider/api/v1/session/status`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-partner-project': SANDBOX_PROJECT,
        'x-partner-sign': signature,
      },
      body,
    });
    expect({ status: unknown.status, body: await unknown.json() }).toEqual({
      status: 404,
      body: { status: 'error', error: { code: 'session_not_found', description: 'Unknown session' } },
    });
  });
});
