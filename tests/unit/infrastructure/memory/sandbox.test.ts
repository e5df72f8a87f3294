import { PROVIDER_TEST_CARDS } from '../../../../src/contract/api';
import { money } from '../../../../src/domain/money';
import { InMemoryBackend } from '../../../../src/infrastructure/memory/InMemoryBackend';
import { InMemorySeeder } from '../../../../src/infrastructure/memory/InMemorySeeder';
import { VirtualTime } from '../../../../src/infrastructure/memory/VirtualTime';
import { createInMemoryRepositories } from '../../../../src/infrastructure/memory/createInMemoryRepositories';
import { paginate } from '../../../../src/infrastructure/memory/paging';
import { completeThreeDSecure } from '../../../../src/infrastructure/memory/payments';

function world() {
  const time = new VirtualTime();
  const backend = new InMemoryBackend({ clock: time });
  const seed = new InMemorySeeder(backend);
  const creator = seed.user({ verification: 'approved' });
  const subscription = seed.subscription(seed.channel(creator.id).id, { price: money(1000, 'eur') });
  const follower = seed.user();
  return {
    time,
    backend,
    seed,
    creator,
    follower,
    subscription,
    ports: createInMemoryRepositories(backend, { userId: follower.id }),
  };
}

describe('in-memory sandbox', () => {
  it('holds a 3-D Secure session at action_required until the payer completes it', async () => {
    const { backend, ports, subscription } = world();
    const access = await ports.invoices.cardTokenization();
    const token = await ports.provider.tokenizeCard(
      { number: PROVIDER_TEST_CARDS.threeDSecure.number, cvc: '123' },
      access,
    );
    const created = await ports.invoices.createPayment(
      { kind: 'subscription', subscriptionId: subscription.id },
      { method: 'smart_glocal_form', cardToken: token.token, publicToken: access.publicToken, saveCard: false },
      'k1',
    );
    expect((await ports.invoices.checkPayment(created.paymentId)).status).toBe('pending');
    const action = await ports.invoices.checkPayment(created.paymentId);
    expect(action).toMatchObject({
      status: 'action_required',
      redirectUrl: expect.stringContaining(created.paymentId),
    });
    completeThreeDSecure(backend, created.paymentId);
    expect((await ports.invoices.checkPayment(created.paymentId)).status).toBe('paid');
  });

  it('uses a card tokenisation once', async () => {
    const { ports, subscription, seed, creator } = world();
    const other = seed.subscription(seed.channel(creator.id).id);
    const access = await ports.invoices.cardTokenization();
    const token = await ports.provider.tokenizeCard({ number: PROVIDER_TEST_CARDS.approved.number }, access);
    await ports.invoices.createPayment(
      { kind: 'subscription', subscriptionId: subscription.id },
      { method: 'smart_glocal_form', cardToken: token.token, publicToken: access.publicToken, saveCard: false },
      'k1',
    );
    await expect(
      ports.invoices.createPayment(
        { kind: 'subscription', subscriptionId: other.id },
        { method: 'smart_glocal_form', cardToken: token.token, publicToken: access.publicToken, saveCard: false },
        'k2',
      ),
    ).rejects.toMatchObject({ code: 'validation_error' });
  });

  it('credits the owner with the price minus the service fee on a sale', async () => {
    const { backend, ports, subscription, seed, follower, creator } = world();
    const card = seed.card(follower.id);
    const created = await ports.invoices.createPayment(
      { kind: 'subscription', subscriptionId: subscription.id },
      { method: 'smart_glocal_saved_card', cardId: card.id },
      'k1',
    );
    await ports.invoices.checkPayment(created.paymentId);
    expect(backend.userRecord(creator.id).balances.active.get('eur')).toBe(900);
    const sale = backend.transactions.find((t) => t.userId === creator.id)?.transaction;
    expect(sale).toMatchObject({
      type: 'sell_subscription',
      amount: money(1000, 'eur'),
      serviceFee: money(100, 'eur'),
      payoutAmount: money(900, 'eur'),
    });
  });

  it('answers unauthorized without a session and banned for banned users', async () => {
    const { backend, seed } = world();
    await expect(createInMemoryRepositories(backend).cards.list()).rejects.toMatchObject({ code: 'unauthorized' });
    const banned = seed.user({ banned: true });
    await expect(createInMemoryRepositories(backend, { userId: banned.id }).cards.list()).rejects.toMatchObject({
      code: 'banned',
    });
  });

  it('lets the default session sign in through the seeder', async () => {
    const { backend, seed, follower } = world();
    seed.signIn(follower.id);
    expect((await createInMemoryRepositories(backend).dashboard.load()).user.id).toBe(follower.id);
  });

  it('refuses a cursor it did not hand out', () => {
    expect(() => paginate([1, 2, 3], 'garbage', 2)).toThrow(expect.objectContaining({ code: 'validation_error' }));
    expect(paginate([1, 2, 3], null, 2)).toEqual({ items: [1, 2], nextFrom: 'o2' });
    expect(paginate([1, 2, 3], 'o2', 2)).toEqual({ items: [3], nextFrom: null });
  });
});

describe('VirtualTime', () => {
  it('moves only when something waits, and records each wait', async () => {
    const time = new VirtualTime(1_000_000);
    await time.delay(1000);
    await time.delay(5000);
    expect(time.now()).toBe(1_006_000);
    expect(time.delays).toEqual([1000, 5000]);
  });

  it('rejects an aborted wait without moving', async () => {
    const time = new VirtualTime(0);
    const controller = new AbortController();
    controller.abort();
    await expect(time.delay(1000, controller.signal)).rejects.toBeDefined();
    expect(time.now()).toBe(0);
  });
});
