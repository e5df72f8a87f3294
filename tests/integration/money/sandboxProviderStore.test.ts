import { money } from '../../../src/domain/money';
import type { MoneyDb } from '../../../server/platform/db/moneyDb';
import { DrizzleSandboxProviderStore } from '../../../server/modules/payments/sandbox/DrizzleSandboxProviderStore';
import { SandboxProvider } from '../../../server/modules/payments/sandbox/SandboxProvider';
import { verifySignature } from '../../../server/modules/payments/webhookSignature';
import { openMoneyDb } from './support/moneyDb';

let db: MoneyDb;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openMoneyDb());
}, 60_000);
afterAll(async () => close());

const NOW = Date.UTC(2030, 0, 15);
const card = (cardNumber: string) => ({ cardNumber, holder: 'Ada Lovelace', expiryMonth: '12', expiryYear: '34', cvc: '123' });

function provider(sink?: (body: string, signature: string) => Promise<boolean>) {
  const instance = new SandboxProvider({ store: new DrizzleSandboxProviderStore(db), now: () => NOW, webhookSecret: 's3cret', publicKey: 'pk' });
  if (sink !== undefined) instance.connect(sink);
  return instance;
}

describe('sandbox provider on PostgreSQL', () => {
  it('keeps tokens, sessions and recurrent tokens, and survives a new provider instance (a restart)', async () => {
    const first = provider();
    const token = await first.tokenize(card('4000000000003220'));
    if (!token.ok) throw new Error('tokenize failed');
    const payment = await first.createPayment({ reference: 'ref-restart', amount: money(1234, 'eur'), description: 'Channel', source: { type: 'card_token', token: token.token, save: true } });
    expect(payment.status).toBe('action_required');

    const bodies: string[] = [];
    const second = provider(async (body, signature) => {
      expect(verifySignature('s3cret', body, signature)).toBe(true);
      bodies.push(body);
      return true;
    });
    const done = await second.completeChallenge(payment.sessionId, 'confirm');
    expect(done).toMatchObject({ status: 'paid', card: { last4: '3220', country: 'DE', behaviour: 'challenge' } });
    expect(await second.findPayment('ref-restart')).toMatchObject({ status: 'paid', recurrentToken: expect.stringMatching(/^rec_/), card: { maskedNumber: '400000******3220' } });
    expect(bodies).toHaveLength(1);
    expect(JSON.parse(bodies[0])).toMatchObject({ type: 'session.updated', data: { reference: 'ref-restart', status: 'paid' } });
    // Nothing left to deliver.
    await second.sweep();
    expect(bodies).toHaveLength(1);
  });

  it('confirms a challenge once under concurrent answers', async () => {
    const bodies: string[] = [];
    const instance = provider(async (body) => { bodies.push(body); return true; });
    const token = await instance.tokenize(card('4000000000003220'));
    if (!token.ok) throw new Error('tokenize failed');
    const payment = await instance.createPayment({ reference: 'ref-race', amount: money(500, 'eur'), description: 'x', source: { type: 'card_token', token: token.token, save: false } });
    const answers = await Promise.all([instance.completeChallenge(payment.sessionId, 'confirm'), instance.completeChallenge(payment.sessionId, 'decline'), instance.completeChallenge(payment.sessionId, 'confirm')]);
    const statuses = new Set(answers.map((answer) => answer?.status));
    expect(statuses.size).toBe(1);
    expect(bodies).toHaveLength(1);
  });

  it('creates one session per reference under concurrency, and one payout per reference', async () => {
    const instance = provider();
    const token = await instance.tokenize(card('4242424242424242'));
    if (!token.ok) throw new Error('tokenize failed');
    const sessions = await Promise.all(Array.from({ length: 5 }, () => instance.createPayment({ reference: 'ref-once', amount: money(500, 'eur'), description: 'x', source: { type: 'card_token', token: token.token, save: false } })));
    expect(new Set(sessions.map((session) => session.sessionId)).size).toBe(1);
    const payouts = await Promise.all([1, 2].map(() => instance.createPayout({ reference: 'po-1', amount: money(10000, 'eur'), destination: { iban: 'DE89' } })));
    expect(payouts[0].payoutId).toBe(payouts[1].payoutId);
  });
});
