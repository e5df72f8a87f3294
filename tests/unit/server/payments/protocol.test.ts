import { isValidIdempotencyKey, requestHash } from '../../../../server/platform/http/idempotency';
import { escapeHtml } from '../../../../server/modules/payments/sandbox/pages';
import { generateKeyPairSync } from 'node:crypto';
import { SmartGlocalProvider } from '../../../../server/modules/payments/smartglocal/SmartGlocalProvider';
import { privateKeyFrom, publicKeyFrom } from '../../../../server/modules/payments/smartglocal/keys';
import {
  type PaymentSession,
  type Refund,
  sign,
  signOffLoop,
  verify,
} from '../../../../server/modules/payments/smartglocal/protocol';

describe('Idempotency-Key', () => {
  it('accepts 1 to 255 visible ASCII characters only', () => {
    expect(isValidIdempotencyKey('6f1c2a9e-7b1d-4c1e-9a55-0c3e1b1f2a77')).toBe(true);
    expect(isValidIdempotencyKey('x'.repeat(255))).toBe(true);
    expect(isValidIdempotencyKey('x'.repeat(256))).toBe(false);
    expect(isValidIdempotencyKey('')).toBe(false);
    expect(isValidIdempotencyKey('with space')).toBe(false);
    expect(isValidIdempotencyKey('ключ')).toBe(false);
    expect(isValidIdempotencyKey(undefined)).toBe(false);
  });

  it('hashes method, route and body; key order does not matter, any value does', () => {
    const base = {
      method: 'POST',
      path: '/api/v2/invoice/donation/1/create',
      body: { amount: 5, paymentMethod: 'smart_glocal', nested: { a: 1, b: 2 } },
    };
    expect(requestHash({ ...base, body: { nested: { b: 2, a: 1 }, paymentMethod: 'smart_glocal', amount: 5 } })).toBe(
      requestHash(base),
    );
    expect(requestHash({ ...base, method: 'post' })).toBe(requestHash(base));
    expect(requestHash({ ...base, body: { ...base.body, amount: 6 } })).not.toBe(requestHash(base));
    expect(requestHash({ ...base, body: { ...base.body, amount: '5' } })).not.toBe(requestHash(base));
    expect(requestHash({ ...base, path: '/api/v2/invoice/donation/2/create' })).not.toBe(requestHash(base));
  });
});

describe('Smart Glocal webhooks (SmartGlocalProvider.verifyEvent)', () => {
  const theirs = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ours = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const NOW = Date.UTC(2030, 0, 15, 12);
  const adapter = new SmartGlocalProvider({
    baseUrl: () => 'https://demo.smart-glocal.com',
    tokenizeUrl: () => 'https://tgb-playground.smart-glocal.com/cds/v1/tokenize/card',
    paymentPageUrl: () => 'https://pay.smart-glocal.com/en/payment',
    project: 'p1',
    privateKey: ours.privateKey,
    providerPublicKey: theirs.publicKey,
    feeBps: 300,
  });
  const session = (updatedAt: number, operation: Record<string, unknown>) => ({
    id: 'ps_3230',
    status: 'accepted',
    created_at: new Date(updatedAt - 1000).toISOString(),
    updated_at: new Date(updatedAt).toISOString(),
    acquiring_payments: [
      {
        id: 'pm_1313',
        status: 'succeeded',
        created_at: new Date(updatedAt - 1000).toISOString(),
        amount_details: { amount: 1000, currency: 'eur' },
        payment_details: { type: 'card', card: { brand: 'visa', last4: '4242', bin: '424242' } },
        metadata: { reference: 'pay_1' },
        ...operation,
      },
    ],
  });
  const signed = (body: unknown) => {
    const raw = JSON.stringify(body);
    return [raw, sign(raw, theirs.privateKey)] as const;
  };

  it('reads a signed, fresh payment_finished into our payment with its card and fee; its id names type, session and change time', async () => {
    const [raw, signature] = signed({ type: 'payment_finished', session: session(NOW - 60_000, {}) });
    const verified = await adapter.verifyEvent(raw, signature, NOW);
    expect(verified).toEqual({
      ok: true,
      event: {
        id: `payment_finished:ps_3230:${new Date(NOW - 60_000).toISOString()}`,
        kind: 'payment',
        happenedAtMs: NOW - 60_000,
        payment: {
          sessionId: 'ps_3230',
          reference: 'pay_1',
          status: 'paid',
          providerFee: 30,
          amount: { minor: 1000, currency: 'eur' },
          card: {
            brand: 'visa',
            type: 'debit',
            bin: '424242',
            last4: '4242',
            country: '',
            maskedNumber: '424242******4242',
          },
        },
      },
    });
  });

  it('signs off the event loop exactly as on it (RSA-SHA256, PKCS#1 v1.5, base64)', async () => {
    const raw = JSON.stringify({ type: 'payment_finished', note: 'é€' });
    const signature = await signOffLoop(raw, theirs.privateKey);
    expect(signature).toBe(sign(raw, theirs.privateKey));
    expect(verify(raw, signature, theirs.publicKey)).toBe(true);
    expect(verify(`${raw} `, signature, theirs.publicKey)).toBe(false);
    expect(verify(raw, signature, ours.publicKey)).toBe(false);
    expect(verify(raw, 'not base64!', theirs.publicKey)).toBe(false);
    expect(verify(raw, 'AAAA', theirs.publicKey)).toBe(false);
  });

  it('refuses a body changed after signing, a signature by another key, and a missing one', async () => {
    const [raw, signature] = signed({ type: 'payment_finished', session: session(NOW, {}) });
    expect(await adapter.verifyEvent(raw.replace('1000', '1'), signature, NOW)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(await adapter.verifyEvent(raw, sign(raw, ours.privateKey), NOW)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(await adapter.verifyEvent(raw, undefined, NOW)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses an event whose session changed more than 5 minutes ago (a replay), and unknown shapes', async () => {
    const [old, oldSignature] = signed({ type: 'payment_finished', session: session(NOW - 5 * 60_000 - 1, {}) });
    expect(await adapter.verifyEvent(old, oldSignature, NOW)).toEqual({ ok: false, reason: 'stale' });
    const [edge, edgeSignature] = signed({ type: 'payment_finished', session: session(NOW - 5 * 60_000, {}) });
    expect((await adapter.verifyEvent(edge, edgeSignature, NOW)).ok).toBe(true);
    const [unknown, unknownSignature] = signed({ type: 'session.updated', session: session(NOW, {}) });
    expect(await adapter.verifyEvent(unknown, unknownSignature, NOW)).toEqual({ ok: false, reason: 'malformed' });
    const [noReference, noReferenceSignature] = signed({
      type: 'payment_finished',
      session: session(NOW, { metadata: undefined }),
    });
    expect(await adapter.verifyEvent(noReference, noReferenceSignature, NOW)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it("reads a payout's amount, and one the bank returned (an accepted refund on it) as failed: payout_returned", () => {
    const payout = (refunds: Refund[] | undefined): PaymentSession => ({
      id: 'ps_77',
      status: 'accepted' as const,
      created_at: new Date(NOW).toISOString(),
      updated_at: new Date(NOW).toISOString(),
      payments: [
        {
          id: 'po_77',
          status: 'succeeded' as const,
          created_at: new Date(NOW).toISOString(),
          payment_method: { type: 'card' },
          amount_details: { amount: 17400, currency: 'EUR' },
          metadata: { reference: 'payout:1:eur:2026-01-12' },
          ...(refunds === undefined ? {} : { refunds }),
        },
      ],
    });
    const amount = { minor: 17400, currency: 'eur' };
    expect(adapter.toPayout(payout(undefined), 'payout:1:eur:2026-01-12')).toEqual({
      sessionId: 'ps_77',
      reference: 'payout:1:eur:2026-01-12',
      status: 'succeeded',
      amount,
    });
    const refund = (status: Refund['status']): Refund => ({
      id: 'rf_77',
      status,
      created_at: new Date(NOW).toISOString(),
      amount_details: { amount: 17400, currency: 'eur' },
    });
    expect(adapter.toPayout(payout([refund('in_progress')]), 'r').status).toBe('succeeded');
    expect(adapter.toPayout(payout([refund('accepted')]), 'r')).toMatchObject({
      status: 'failed',
      returned: true,
      errorCode: 'payout_returned',
      amount,
    });
  });

  it('maps the operation: a redirect is action_required, a pending one with next_action waits for our confirmation, failed carries its code', () => {
    const redirect = {
      status: 'pending',
      customer_interaction: { type: 'redirect', redirect: { url: 'https://bank.example/3ds?md=1', method: 'GET' } },
    };
    expect(adapter.toPayment({ ...session(NOW, redirect), status: 'in_progress' } as never, 'pay_1')).toMatchObject({
      status: 'action_required',
      redirectUrl: 'https://bank.example/3ds?md=1',
    });
    expect(
      adapter.toPayment(
        { ...session(NOW, { status: 'pending' }), status: 'in_progress', next_action: 'confirm' } as never,
        'pay_1',
      ),
    ).toMatchObject({ status: 'pending', awaitingConfirmation: true });
    expect(
      adapter.toPayment(
        {
          ...session(NOW, { status: 'failed', error: { code: 'insufficient_funds', description: 'No money' } }),
          status: 'cancelled',
        } as never,
        'pay_1',
      ),
    ).toMatchObject({ status: 'cancelled', errorCode: 'insufficient_funds', errorDescription: 'No money' });
    // A session in error is not final (the reference): the payment stays open.
    expect(
      adapter.toPayment({ ...session(NOW, { status: 'in_progress' }), status: 'error' } as never, 'pay_1'),
    ).toMatchObject({ status: 'pending' });
  });
});

describe('provider pages', () => {
  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;y&#39;',
    );
  });
});

describe('Smart Glocal keys (PEM text or a file path)', () => {
  it('reads PEM text, also with escaped newlines as environment files write them, and names the variable when it cannot', () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(privateKeyFrom(pem, 'SMART_GLOCAL_PRIVATE_KEY').asymmetricKeyType).toBe('rsa');
    expect(privateKeyFrom(pem.replace(/\n/g, '\\n'), 'SMART_GLOCAL_PRIVATE_KEY').asymmetricKeyType).toBe('rsa');
    expect(() =>
      publicKeyFrom('-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----', 'SMART_GLOCAL_PUBLIC_KEY'),
    ).toThrow(/SMART_GLOCAL_PUBLIC_KEY is not an RSA public key/);
    expect(() => publicKeyFrom('/no/such/key.pem', 'SMART_GLOCAL_PUBLIC_KEY')).toThrow(
      /SMART_GLOCAL_PUBLIC_KEY is neither PEM text nor a readable file \(ENOENT\)/,
    );
  });
});
