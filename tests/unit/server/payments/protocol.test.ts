import { isValidIdempotencyKey, requestHash } from '../../../../server/platform/http/idempotency';
import { escapeHtml } from '../../../../server/modules/payments/sandbox/pages';
import { parseEvent } from '../../../../server/modules/payments/sandbox/SandboxPaymentProvider';

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
    const base = { method: 'POST', path: '/api/v2/invoice/donation/1/create', body: { amount: 5, paymentMethod: 'smart_glocal', nested: { a: 1, b: 2 } } };
    expect(requestHash({ ...base, body: { nested: { b: 2, a: 1 }, paymentMethod: 'smart_glocal', amount: 5 } })).toBe(requestHash(base));
    expect(requestHash({ ...base, method: 'post' })).toBe(requestHash(base));
    expect(requestHash({ ...base, body: { ...base.body, amount: 6 } })).not.toBe(requestHash(base));
    expect(requestHash({ ...base, body: { ...base.body, amount: '5' } })).not.toBe(requestHash(base));
    expect(requestHash({ ...base, path: '/api/v2/invoice/donation/2/create' })).not.toBe(requestHash(base));
  });
});

describe('provider notification bodies', () => {
  const payment = { sessionId: 'ses_1', reference: 'pay_1', publicToken: 'pub_1', status: 'paid' };

  it('reads a session event', () => {
    expect(parseEvent(JSON.stringify({ id: 'evt_1', type: 'session.updated', data: payment }))).toEqual({ id: 'evt_1', type: 'session.updated', payment });
  });

  it.each([
    ['not json', 'nope'],
    ['no id', JSON.stringify({ type: 'session.updated', data: payment })],
    ['another type', JSON.stringify({ id: 'evt_1', type: 'payout.updated', data: payment })],
    ['unknown status', JSON.stringify({ id: 'evt_1', type: 'session.updated', data: { ...payment, status: 'refunded' } })],
    ['no reference', JSON.stringify({ id: 'evt_1', type: 'session.updated', data: { ...payment, reference: 1 } })],
  ])('refuses %s', (_name, body) => {
    expect(parseEvent(body)).toBeNull();
  });
});

describe('provider pages', () => {
  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;y&#39;');
  });
});
