import type { InvoiceRepository } from '../../../../src/application/ports/InvoiceRepository';
import { RepositoryError } from '../../../../src/application/ports/RepositoryError';
import { type PayInvoiceInput, PayInvoice } from '../../../../src/application/use-cases/payments/PayInvoice';
import { PROVIDER_DECLINE_ERROR, PROVIDER_TEST_CARDS } from '../../../../src/contract/api';
import { money } from '../../../../src/domain/money';
import type { InMemoryBackendOptions } from '../../../../src/infrastructure/memory/InMemoryBackend';
import type { SeedCardOptions } from '../../../../src/infrastructure/memory/InMemorySeeder';
import { createWorld, schedulerWith } from '../support/world';

const newCard = (number: string) => ({
  number,
  holderName: 'Ada Lovelace',
  expiryMonth: '12',
  expiryYear: '34',
  cvc: '123',
});
let keys = 0;
const key = () => `action-${(keys += 1)}`;

function setup(options: Omit<InMemoryBackendOptions, 'clock'> = {}, cardOptions: SeedCardOptions = {}) {
  const world = createWorld(options);
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id);
  const subscription = world.seed.subscription(channel.id, { price: money(990, 'eur') });
  const follower = world.seed.user();
  const card = world.seed.card(follower.id, { last4: '0005', ...cardOptions });
  const ports = world.as(follower);
  const creates: string[] = [];
  /** Counts creates; the fake behind it is the real in-memory backend. */
  const invoices: InvoiceRepository = {
    donationInvoice: (id) => ports.invoices.donationInvoice(id),
    subscriptionInvoice: (id) => ports.invoices.subscriptionInvoice(id),
    createPayment: (target, instrument, idempotencyKey) => {
      creates.push(idempotencyKey);
      return ports.invoices.createPayment(target, instrument, idempotencyKey);
    },
    checkPayment: (id) => ports.invoices.checkPayment(id),
    cardTokenization: () => ports.invoices.cardTokenization(),
    createStarsPayment: (target, key) => ports.invoices.createStarsPayment(target, key),
    promoQuote: (id, code) => ports.invoices.promoQuote(id, code),
    startTrial: (id, key) => ports.invoices.startTrial(id, key),
  };
  const target = { kind: 'subscription', subscriptionId: subscription.id } as const;
  const payInvoice = new PayInvoice(invoices, ports.provider, world.time);
  const salesOf = () => world.backend.transactions.filter((t) => t.transaction.type === 'sell_subscription').length;
  return { world, creator, channel, follower, card, ports, invoices, creates, target, payInvoice, salesOf };
}

describe('PayInvoice', () => {
  describe('with a saved card', () => {
    it('creates, checks and answers paid with the transaction, card and invite link, without waiting', async () => {
      const { card, target, payInvoice, world, salesOf } = setup();
      const result = await payInvoice.execute({
        target,
        method: { kind: 'saved_card', cardId: card.id },
        idempotencyKey: key(),
      });
      if (!result.ok || result.value.status !== 'paid') throw new Error(`expected paid, got ${JSON.stringify(result)}`);
      expect(result.value.details).toMatchObject({
        amount: money(990, 'eur'),
        card: { last4: '0005' },
        kind: 'subscription',
      });
      expect(result.value.details?.transactionId).toEqual(expect.any(Number));
      expect(result.value.details?.inviteLink).toEqual(expect.any(String));
      expect(world.time.delays).toEqual([]);
      expect(salesOf()).toBe(1);
    });

    it('answers error with the provider code for a declined card', async () => {
      const { card, target, payInvoice, salesOf } = setup({}, { scenario: 'decline' });
      const result = await payInvoice.execute({
        target,
        method: { kind: 'saved_card', cardId: card.id },
        idempotencyKey: key(),
      });
      expect(result).toEqual({
        ok: true,
        value: {
          status: 'error',
          paymentId: expect.any(String),
          error: { code: PROVIDER_DECLINE_ERROR.code, message: PROVIDER_DECLINE_ERROR.message },
        },
      });
      expect(salesOf()).toBe(0);
    });

    it('answers action_required with the bank page for 3-D Secure', async () => {
      const { card, target, payInvoice } = setup({}, { scenario: 'three_ds' });
      const result = await payInvoice.execute({
        target,
        method: { kind: 'saved_card', cardId: card.id },
        idempotencyKey: key(),
      });
      expect(result.ok && result.value).toEqual({
        status: 'action_required',
        paymentId: expect.any(String),
        redirectUrl: expect.stringMatching(/^https:\/\//),
      });
    });
  });

  describe('with a new card', () => {
    it('asks for a public token, tokenises at the provider, creates, and checks the payment every second until paid', async () => {
      const { target, payInvoice, world, follower, salesOf } = setup({ providerPendingReads: 3 });
      const number = PROVIDER_TEST_CARDS.approved.number;
      const result = await payInvoice.execute({
        target,
        method: { kind: 'new_card', card: newCard(number), saveCard: true },
        idempotencyKey: key(),
      });

      expect(result.ok && result.value.status).toBe('paid');
      // Checked at once, then every second while the provider keeps it pending (3 reads).
      expect(world.time.delays).toEqual([1000, 1000, 1000]);
      expect(salesOf()).toBe(1);
      const saved = [...world.backend.cards.values()].filter((c) => c.userId === follower.id).map((c) => c.cardLast);
      expect(saved).toContain(number.slice(-4));
    });

    it('never keeps the card number anywhere in the backend', async () => {
      const { target, payInvoice, world } = setup();
      const number = PROVIDER_TEST_CARDS.approved.number;
      await payInvoice.execute({
        target,
        method: { kind: 'new_card', card: newCard(number), saveCard: true },
        idempotencyKey: key(),
      });
      const stored = JSON.stringify([
        ...world.backend.payments.values(),
        ...world.backend.cards.values(),
        ...world.backend.providerTokens.values(),
      ]);
      expect(stored).not.toContain(number);
    });

    it.each([
      ['declined', PROVIDER_TEST_CARDS.declined.number, 'error'],
      ['3-D Secure', PROVIDER_TEST_CARDS.threeDSecure.number, 'action_required'],
    ])('answers a %s card as %s', async (_case, number, status) => {
      const { target, payInvoice } = setup();
      const result = await payInvoice.execute({
        target,
        method: { kind: 'new_card', card: newCard(number), saveCard: false },
        idempotencyKey: key(),
      });
      expect(result.ok && result.value.status).toBe(status);
    });

    it("stops at the provider's refusal of the card and creates nothing", async () => {
      const { target, payInvoice, creates } = setup();
      const result = await payInvoice.execute({
        target,
        method: { kind: 'new_card', card: newCard('4242424242424241'), saveCard: false },
        idempotencyKey: key(),
      });
      expect(result).toEqual({
        ok: false,
        error: expect.objectContaining({ kind: 'request', code: 'invalid_card_number' }),
      });
      expect(creates).toEqual([]);
    });

    it('keeps polling through a lost connection', async () => {
      const { target, invoices, ports, world } = setup();
      let failures = 1;
      const flakyChecks: InvoiceRepository = {
        ...invoices,
        checkPayment: (id) =>
          failures-- > 0
            ? Promise.reject(new RepositoryError('network_error', 'Network Error'))
            : invoices.checkPayment(id),
      };
      const result = await new PayInvoice(flakyChecks, ports.provider, world.time).execute({
        target,
        method: { kind: 'new_card', card: newCard(PROVIDER_TEST_CARDS.approved.number), saveCard: false },
        idempotencyKey: key(),
      });
      expect(result.ok && result.value.status).toBe('paid');
    });

    it('gives up polling as pending after the poll limit', async () => {
      const { target, invoices, ports, world } = setup({ providerPendingReads: 50 });
      const result = await new PayInvoice(invoices, ports.provider, world.time, { maxPolls: 3 }).execute({
        target,
        method: { kind: 'new_card', card: newCard(PROVIDER_TEST_CARDS.approved.number), saveCard: false },
        idempotencyKey: key(),
      });
      expect(result.ok && result.value.status).toBe('pending');
      expect(world.time.delays).toEqual([1000, 1000]);
    });

    it('stops polling when aborted and answers pending', async () => {
      const { target, invoices, ports, world } = setup({ providerPendingReads: 50 });
      const controller = new AbortController();
      const scheduler = schedulerWith(world.time, (count) => {
        if (count === 2) controller.abort();
      });
      const result = await new PayInvoice(invoices, ports.provider, scheduler).execute({
        target,
        method: { kind: 'new_card', card: newCard(PROVIDER_TEST_CARDS.approved.number), saveCard: false },
        idempotencyKey: key(),
        signal: controller.signal,
      });
      expect(result.ok && result.value.status).toBe('pending');
      expect(world.time.delays).toEqual([1000, 1000]);
    });

    it('creates nothing when aborted before the create', async () => {
      const { target, payInvoice, creates } = setup();
      const controller = new AbortController();
      controller.abort();
      const result = await payInvoice.execute({
        target,
        method: { kind: 'new_card', card: newCard(PROVIDER_TEST_CARDS.approved.number), saveCard: false },
        idempotencyKey: key(),
        signal: controller.signal,
      });
      expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'request_aborted' }) });
      expect(creates).toEqual([]);
    });
  });

  it('answers the hosted page url for a link payment', async () => {
    const { target, payInvoice, salesOf } = setup();
    const result = await payInvoice.execute({ target, method: { kind: 'link' }, idempotencyKey: key() });
    expect(result.ok && result.value).toEqual({
      status: 'link',
      paymentId: expect.any(String),
      url: expect.stringMatching(/^https:\/\//),
    });
    expect(salesOf()).toBe(0);
  });

  it('refuses a donation amount outside the bounds before creating anything', async () => {
    const { world, channel, payInvoice, creates, card } = setup();
    const donation = world.seed.donation(channel.id);
    const result = await payInvoice.execute({
      target: { kind: 'donation', donationId: donation.id, amount: money(200_001, 'eur') },
      method: { kind: 'saved_card', cardId: card.id },
      idempotencyKey: key(),
    });
    expect(result).toEqual({
      ok: false,
      error: { kind: 'invalid', field: 'amount', code: 'amount_above', bound: money(200_000, 'eur') },
    });
    expect(creates).toEqual([]);
  });

  describe('idempotency', () => {
    it('answers the first attempt for a second execute with the same key, creating once', async () => {
      const { card, target, payInvoice, creates, world, salesOf } = setup();
      const input: PayInvoiceInput = { target, method: { kind: 'saved_card', cardId: card.id }, idempotencyKey: key() };
      const [first, second] = await Promise.all([payInvoice.execute(input), payInvoice.execute(input)]);
      const third = await payInvoice.execute(input);
      expect(second).toBe(first);
      expect(third).toBe(first);
      expect(creates).toHaveLength(1);
      expect(world.backend.payments.size).toBe(1);
      expect(salesOf()).toBe(1);
    });

    it('does not tokenise a new card twice for the same key', async () => {
      const { target, payInvoice, creates, world } = setup();
      const input: PayInvoiceInput = {
        target,
        method: { kind: 'new_card', card: newCard(PROVIDER_TEST_CARDS.approved.number), saveCard: false },
        idempotencyKey: key(),
      };
      await payInvoice.execute(input);
      await payInvoice.execute(input);
      expect(creates).toHaveLength(1);
      expect(world.backend.payments.size).toBe(1);
    });

    it('relies on the server replay when another instance repeats the key', async () => {
      const { card, target, invoices, ports, world, salesOf } = setup();
      const input: PayInvoiceInput = { target, method: { kind: 'saved_card', cardId: card.id }, idempotencyKey: key() };
      const first = await new PayInvoice(invoices, ports.provider, world.time).execute(input);
      const again = await new PayInvoice(invoices, ports.provider, world.time).execute(input);
      expect(first.ok && again.ok && again.value.paymentId).toBe(first.ok && first.value.paymentId);
      expect(world.backend.payments.size).toBe(1);
      expect(salesOf()).toBe(1);
    });

    it('never retries a create that failed', async () => {
      const { card, target, invoices, ports, world } = setup();
      let calls = 0;
      const failingOnce: InvoiceRepository = {
        ...invoices,
        createPayment: (...args) => {
          calls += 1;
          return calls === 1
            ? Promise.reject(new RepositoryError('network_error', 'Network Error'))
            : invoices.createPayment(...args);
        },
      };
      const result = await new PayInvoice(failingOnce, ports.provider, world.time).execute({
        target,
        method: { kind: 'saved_card', cardId: card.id },
        idempotencyKey: key(),
      });
      expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'request', code: 'network_error' }) });
      expect(calls).toBe(1);
      expect(world.backend.payments.size).toBe(0);
    });
  });

  it('reports invoice states as request failures (already subscribed)', async () => {
    const { world, card, target, payInvoice, follower } = setup();
    world.seed.member(target.subscriptionId, follower.id);
    const result = await payInvoice.execute({
      target,
      method: { kind: 'saved_card', cardId: card.id },
      idempotencyKey: key(),
    });
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'request', code: 'already_subscribed' }),
    });
  });
});
