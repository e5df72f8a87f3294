/** src/backend.ts alone is enough to run a use case on the in-memory backend (what a backend team imports). */
import * as backendModule from '../../src/backend';
import {
  CreateSubscription,
  InMemoryBackend,
  InMemorySeeder,
  PayInvoice,
  VirtualTime,
  createInMemoryRepositories,
} from '../../src/backend';

describe('src/backend.ts', () => {
  it('exports the use cases, the in-memory backend, its clock and the domain namespaces', () => {
    for (const name of [
      'PublishSubscription',
      'PayInvoice',
      'SaveWithdrawalAccount',
      'ConfirmMigration',
      'CheckPayment',
      'InMemoryBackend',
      'VirtualTime',
      'RepositoryError',
    ]) {
      expect(typeof (backendModule as Record<string, unknown>)[name]).toBe('function');
    }
    expect(backendModule.money.toMinor(3.33, 'eur')).toBe(333);
  });

  it('creates a subscription and sells it with a saved card, without React or HTTP', async () => {
    const time = new VirtualTime();
    const backend = new InMemoryBackend({ clock: time });
    const seed = new InMemorySeeder(backend);
    const creator = seed.user({ verification: 'approved' });
    const channel = seed.channel(creator.id);
    const created = await new CreateSubscription(
      createInMemoryRepositories(backend, { userId: creator.id }).subscriptions,
    ).execute({
      channelId: channel.id,
      name: 'Weekly',
      description: 'Thanks',
      period: 'weekly',
      currency: 'eur',
      amount: '3',
      buttonText: 'Subscribe',
      command: '',
      publish: false,
      disableNotification: false,
      pin: false,
    });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const follower = seed.user();
    const card = seed.card(follower.id, { primary: true });
    const ports = createInMemoryRepositories(backend, { userId: follower.id });
    const paid = await new PayInvoice(ports.invoices, ports.provider, time).execute({
      target: { kind: 'subscription', subscriptionId: created.value.subscription.id },
      method: { kind: 'saved_card', cardId: card.id },
      idempotencyKey: 'tap',
    });
    expect(paid).toMatchObject({ ok: true, value: { status: 'paid' } });
    expect(backend.transactions.filter((row) => row.transaction.type === 'sell_subscription')).toHaveLength(1);
  });
});
