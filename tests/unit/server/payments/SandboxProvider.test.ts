import { createHmac } from 'node:crypto';
import { money } from '../../../../src/domain/money';
import { SandboxProvider, type CardInput } from '../../../../server/modules/payments/sandbox/SandboxProvider';
import { InMemorySandboxProviderStore } from '../../../../server/modules/payments/sandbox/store';
import { verifySignature } from '../../../../server/modules/payments/webhookSignature';

const SECRET = 'whsec_test';
const START = Date.UTC(2030, 0, 15, 12, 0, 0);

function setup(challengeSeconds = 180) {
  let now = START;
  const delivered: { body: Record<string, unknown>; valid: boolean }[] = [];
  const provider = new SandboxProvider({ store: new InMemorySandboxProviderStore(), now: () => now, webhookSecret: SECRET, publicKey: 'pk_test', challengeSeconds });
  provider.connect(async (rawBody, signature) => {
    delivered.push({ body: JSON.parse(rawBody) as Record<string, unknown>, valid: verifySignature(SECRET, rawBody, signature) });
    return true;
  });
  return { provider, delivered, advance: (ms: number) => { now += ms; } };
}

const card = (cardNumber: string, extra: Partial<CardInput> = {}): CardInput => ({
  cardNumber, holder: 'Ada Lovelace', expiryMonth: '12', expiryYear: '34', cvc: '123', ...extra,
});

async function pay(provider: SandboxProvider, number: string, reference: string, save = false) {
  const tokenized = await provider.tokenize(card(number));
  if (!tokenized.ok) throw new Error(tokenized.error.code);
  return provider.createPayment({ reference, amount: money(500, 'eur'), description: 'Test channel', source: { type: 'card_token', token: tokenized.token, save } });
}

describe('sandbox provider: tokenisation', () => {
  it('answers brand, type, bin, last 4, country and a masked number, never the number itself', async () => {
    const { provider } = setup();
    const result = await provider.tokenize(card('4242 4242 4242 4242'));
    expect(result).toEqual({ ok: true, token: expect.stringMatching(/^tok_/), card: { brand: 'visa', type: 'debit', bin: '424242', last4: '4242', country: 'DE', maskedNumber: '424242******4242' } });
    expect(JSON.stringify(result)).not.toContain('4242424242424242');
  });

  it.each([
    ['5555555555554444', 'mastercard', 'FR'],
    ['2200000000000004', 'mir', 'RU'],
    ['4000000000000127', 'visa', 'US'],
  ])('%s is a %s card issued in %s', async (number, brand, country) => {
    const result = await setup().provider.tokenize(card(number));
    expect(result.ok && result.card).toMatchObject({ brand, country });
  });

  it.each([
    [card('4242424242424241'), 'invalid_card_number'],
    [card('4242'), 'invalid_card_number'],
    [card('4242424242424242', { expiryMonth: '13' }), 'invalid_expiry'],
    [card('4242424242424242', { expiryMonth: '12', expiryYear: '29' }), 'invalid_expiry'],
    [card('4242424242424242', { expiryMonth: '01', expiryYear: '2050' }), 'invalid_expiry'],
    [card('4242424242424242', { cvc: '12' }), 'invalid_cvc'],
    [card('4242424242424242', { holder: '12345' }), 'invalid_holder'],
    [card('4242424242424242', { holder: ' ' }), 'invalid_holder'],
  ])('rejects bad input %# with the right code', async (input, code) => {
    const result = await setup().provider.tokenize(input);
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ code }) });
  });

  it('tokenises a payout card from the number alone', async () => {
    const result = await setup().provider.tokenize({ cardNumber: '2200000000000004', holder: '', expiryMonth: '', expiryYear: '', cvc: '' });
    expect(result).toMatchObject({ ok: true, card: { brand: 'mir', country: 'RU', last4: '0004' } });
    expect((await setup().provider.tokenize({ cardNumber: '2200000000000005', holder: '', expiryMonth: '', expiryYear: '', cvc: '' })).ok).toBe(false);
  });

  it('accepts the current month and 19 years ahead', async () => {
    const { provider } = setup();
    expect((await provider.tokenize(card('4242424242424242', { expiryMonth: '01', expiryYear: '30' }))).ok).toBe(true);
    expect((await provider.tokenize(card('4242424242424242', { expiryMonth: '12', expiryYear: '2049' }))).ok).toBe(true);
  });
});

describe('sandbox provider: charges', () => {
  it('pays 4242 at once and notifies with a valid signature', async () => {
    const { provider, delivered } = setup();
    const payment = await pay(provider, '4242424242424242', 'pay_1');
    expect(payment).toMatchObject({ status: 'paid', reference: 'pay_1', card: { last4: '4242' } });
    expect(payment.recurrentToken).toBeUndefined();
    await provider.drain();
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ valid: true, body: { type: 'session.updated', data: { reference: 'pay_1', status: 'paid' } } });
  });

  it('is idempotent on the reference: a second create returns the same session', async () => {
    const { provider, delivered } = setup();
    const first = await pay(provider, '4242424242424242', 'pay_same');
    const second = await pay(provider, '5555555555554444', 'pay_same');
    expect(second.sessionId).toBe(first.sessionId);
    expect(second.card?.last4).toBe('4242');
    await provider.drain();
    expect(delivered).toHaveLength(1);
  });

  it.each([
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000002', 'do_not_honor'],
    ['4000000000000069', 'expired_card'],
  ])('cancels %s with %s and its description', async (number, code) => {
    const payment = await pay(setup().provider, number, 'pay_x');
    expect(payment).toMatchObject({ status: 'cancelled', errorCode: code, errorDescription: expect.any(String) });
    expect(payment.errorDescription).not.toBe('');
  });

  it('asks 4000 0000 0000 3220 for a challenge; Confirm pays and saves the card when asked', async () => {
    const { provider, delivered } = setup();
    const payment = await pay(provider, '4000000000003220', 'pay_3ds', true);
    expect(payment).toMatchObject({ status: 'action_required', redirectUrl: `/provider/v1/3ds/${payment.sessionId}` });
    expect(await provider.statusByPublicToken(payment.publicToken)).toEqual({ status: 'action_required', redirect_url: payment.redirectUrl });
    const done = await provider.completeChallenge(payment.sessionId, 'confirm');
    expect(done?.status).toBe('paid');
    expect(done?.recurrentToken).toMatch(/^rec_/);
    expect(await provider.statusByPublicToken(payment.publicToken)).toEqual({ status: 'paid' });
    expect(delivered.map((event) => (event.body.data as { status: string }).status)).toEqual(['paid']);
    // A second answer changes nothing.
    expect((await provider.completeChallenge(payment.sessionId, 'decline'))?.status).toBe('paid');
    expect(delivered).toHaveLength(1);
  });

  it('cancels on Decline with 3ds_declined', async () => {
    const { provider } = setup();
    const payment = await pay(provider, '4000000000003220', 'pay_decline');
    await provider.completeChallenge(payment.sessionId, 'decline');
    expect(await provider.statusByPublicToken(payment.publicToken)).toEqual({ status: 'cancelled', error_code: '3ds_declined', error_description: expect.any(String) });
  });

  it('fails the 4000 0000 0000 3238 challenge even when confirmed', async () => {
    const { provider } = setup();
    const payment = await pay(provider, '4000000000003238', 'pay_fail');
    expect(payment.status).toBe('action_required');
    expect(await provider.completeChallenge(payment.sessionId, 'confirm')).toMatchObject({ status: 'cancelled', errorCode: '3ds_failed' });
  });

  it('times the challenge out once its countdown has run out, not before', async () => {
    const { provider, advance } = setup(60);
    const payment = await pay(provider, '4000000000003220', 'pay_timeout');
    advance(59_000);
    expect((await provider.statusByPublicToken(payment.publicToken))?.status).toBe('action_required');
    advance(1_000);
    expect(await provider.findPayment('pay_timeout')).toMatchObject({ status: 'cancelled', errorCode: '3ds_timeout' });
    expect((await provider.completeChallenge(payment.sessionId, 'confirm'))?.status).toBe('cancelled');
  });

  it('charges a saved card without a challenge; a recurring_fails card pays once and then declines', async () => {
    const { provider } = setup();
    const first = await pay(provider, '4000000000000341', 'pay_first', true);
    expect(first.status).toBe('paid');
    const token = first.recurrentToken ?? '';
    const renewal = await provider.createPayment({ reference: 'renew_1', amount: money(500, 'eur'), description: 'renewal', source: { type: 'recurrent', recurrentToken: token, initiator: 'merchant' } });
    expect(renewal).toMatchObject({ status: 'cancelled', errorCode: 'insufficient_funds' });

    const challengeCard = await pay(provider, '4000000000003220', 'pay_c', true);
    const saved = await provider.completeChallenge(challengeCard.sessionId, 'confirm');
    const again = await provider.createPayment({ reference: 'saved_2', amount: money(500, 'eur'), description: 'again', source: { type: 'recurrent', recurrentToken: saved?.recurrentToken ?? '', initiator: 'customer' } });
    expect(again.status).toBe('paid');
  });

  it('declines an unknown recurrent token and an unknown card token', async () => {
    const { provider } = setup();
    expect((await provider.createPayment({ reference: 'r1', amount: money(1, 'eur'), description: 'x', source: { type: 'recurrent', recurrentToken: 'rec_nope', initiator: 'merchant' } })).status).toBe('cancelled');
    expect((await provider.createPayment({ reference: 'r2', amount: money(1, 'eur'), description: 'x', source: { type: 'card_token', token: 'tok_nope', save: false } })).errorCode).toBe('invalid_token');
  });
});

describe('sandbox provider: hosted page', () => {
  it('collects the card on the page and goes through the same behaviours', async () => {
    const { provider, delivered } = setup();
    const session = await provider.createPayment({ reference: 'link_1', amount: money(1000, 'eur'), description: 'Donation', source: { type: 'hosted_page', save: false } });
    expect(session).toMatchObject({ status: 'pending', hostedPageUrl: `/provider/v1/pay/${session.sessionId}` });
    const bad = await provider.payHostedPage(session.sessionId, card('1234'));
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_card_number' } });
    const paid = await provider.payHostedPage(session.sessionId, card('5555555555554444'));
    expect(paid).toMatchObject({ ok: true, session: { status: 'paid' } });
    expect(delivered).toHaveLength(1);
  });

  it('sends a challenge card to the 3-D Secure page', async () => {
    const { provider } = setup();
    const session = await provider.createPayment({ reference: 'link_2', amount: money(1000, 'eur'), description: 'Donation', source: { type: 'hosted_page', save: false } });
    const answer = await provider.payHostedPage(session.sessionId, card('4000000000003220'));
    expect(answer).toMatchObject({ ok: true, session: { status: 'action_required' } });
    expect((await provider.completeChallenge(session.sessionId, 'confirm'))?.status).toBe('paid');
  });

  it('expires an unpaid page', async () => {
    const { provider, advance } = setup();
    await provider.createPayment({ reference: 'link_3', amount: money(1000, 'eur'), description: 'Donation', source: { type: 'hosted_page', save: false } });
    advance(31 * 60_000);
    await provider.sweep();
    expect(await provider.findPayment('link_3')).toMatchObject({ status: 'cancelled', errorCode: 'session_expired' });
  });
});

describe('sandbox provider: notifications', () => {
  it('retries undelivered notifications until the merchant acknowledges', async () => {
    let accept = false;
    const bodies: string[] = [];
    const provider = new SandboxProvider({ store: new InMemorySandboxProviderStore(), now: () => START, webhookSecret: SECRET, publicKey: 'pk' });
    provider.connect(async (rawBody) => {
      bodies.push(rawBody);
      return accept;
    });
    await pay(provider, '4242424242424242', 'pay_retry');
    await provider.drain();
    expect(bodies).toHaveLength(1);
    accept = true;
    await provider.sweep();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(bodies[0]);
    await provider.sweep();
    expect(bodies).toHaveLength(2);
  });

  it('verifySignature rejects a tampered body, a wrong secret and a malformed header', () => {
    const body = '{"id":"evt_1"}';
    const header = `t=1,v1=${createHmac('sha256', SECRET).update(`1.${body}`).digest('hex')}`;
    expect(verifySignature(SECRET, body, header)).toBe(true);
    expect(verifySignature(SECRET, `${body} `, header)).toBe(false);
    expect(verifySignature('other', body, header)).toBe(false);
    expect(verifySignature(SECRET, body, 'v1=abc')).toBe(false);
    expect(verifySignature(SECRET, body, undefined)).toBe(false);
  });
});
