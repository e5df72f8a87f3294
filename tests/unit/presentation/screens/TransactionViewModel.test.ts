import { RepositoryError } from '../../../../src/application/ports/RepositoryError';
import type { TransactionRepository } from '../../../../src/application/ports/TransactionRepository';
import type { Transaction, TransactionType } from '../../../../src/domain/entities';
import { money } from '../../../../src/domain/money';
import {
  TransactionViewModel,
  subscriptionLink,
} from '../../../../src/presentation/screens/Transaction/TransactionViewModel';

/** An in-memory TransactionRepository: known ids answer their transaction, others not_found; can fail once. */
class FakeTransactions implements TransactionRepository {
  readonly byId = new Map<number, Transaction>();
  failures: string[] = [];
  calls = 0;

  async get(transactionId: number): Promise<Transaction> {
    this.calls += 1;
    const failure = this.failures.shift();
    if (failure !== undefined) throw new RepositoryError(failure);
    const found = this.byId.get(transactionId);
    if (found === undefined) throw new RepositoryError('not_found', 'Transaction not found');
    return found;
  }
}

const clock = { now: () => 1_700_000_600_000, timezoneOffsetMinutes: () => 0 };
const channel = { id: 7, name: 'Alice Travels' };
const subscription = { id: 11, name: 'Monthly', period: 'monthly' as const };

function transaction(type: TransactionType, extra: Partial<Transaction> = {}): Transaction {
  return {
    id: 100,
    type,
    createdAt: 1_700_000_000,
    total: money(900, 'eur'),
    amount: money(1000, 'eur'),
    price: money(1000, 'eur'),
    serviceFee: money(100, 'eur'),
    paymentMethod: 'smart_glocal',
    card: { brand: 'visa', last4: '4242' },
    channel,
    ...extra,
  };
}

async function loaded(tx: Transaction) {
  const repository = new FakeTransactions();
  repository.byId.set(tx.id, tx);
  const vm = new TransactionViewModel(repository, clock, tx.id);
  await vm.load();
  return { vm, repository };
}

describe('TransactionViewModel', () => {
  it.each([
    ['sell_subscription', 900, 'SellSubscription'],
    ['get_donation', 900, 'GetDonation'],
    ['buy_subscription', -900, 'BuySubscription'],
    ['send_donation', -900, 'SendDonation'],
    ['withdrawal', -900, 'check'],
  ] as const)('%s: the total with its sign and its badge', async (type, minor, badge) => {
    const { vm } = await loaded(transaction(type));
    expect(vm.state.status).toBe('ready');
    expect(vm.signedTotal).toEqual({ minor, currency: 'eur' });
    expect(vm.badge).toBe(badge);
  });

  it('links a sold subscription to the creator page and a bought one to the follower page', () => {
    expect(subscriptionLink(transaction('sell_subscription', { subscription }))).toBe('/channel/7/subscription/11');
    expect(subscriptionLink(transaction('buy_subscription', { subscription, subscriptionMemberId: 55 }))).toBe(
      '/follower/subscription/55',
    );
    expect(subscriptionLink(transaction('buy_subscription', { subscription }))).toBeNull();
    expect(subscriptionLink(transaction('get_donation'))).toBeNull();
  });

  it('shows the service fee for donation received and subscription sold, not for what the user paid', async () => {
    expect((await loaded(transaction('get_donation'))).vm.details).toEqual({
      kind: 'payment',
      method: 'smart_glocal',
      card: { brand: 'visa', last4: '4242' },
      price: money(1000, 'eur'),
      serviceFee: money(100, 'eur'),
      sale: {
        gross: money(1000, 'eur'),
        providerFee: money(0, 'eur'),
        serviceFee: money(100, 'eur'),
        net: money(900, 'eur'),
      },
      stars: null,
    });
    expect((await loaded(transaction('sell_subscription'))).vm.details).toEqual(
      expect.objectContaining({ serviceFee: money(100, 'eur') }),
    );
    expect((await loaded(transaction('buy_subscription'))).vm.details).toEqual(
      expect.objectContaining({ kind: 'payment', serviceFee: null, sale: null }),
    );
    expect((await loaded(transaction('send_donation'))).vm.details).toEqual(
      expect.objectContaining({ serviceFee: null, sale: null }),
    );
  });

  it("shows a sale's price, provider fee, service fee and what the creator earns, adding up", async () => {
    const { vm } = await loaded(
      transaction('sell_subscription', {
        providerFee: money(30, 'eur'),
        payoutAmount: money(870, 'eur'),
        total: money(870, 'eur'),
      }),
    );
    expect(vm.details).toEqual(
      expect.objectContaining({
        sale: {
          gross: money(1000, 'eur'),
          providerFee: money(30, 'eur'),
          serviceFee: money(100, 'eur'),
          net: money(870, 'eur'),
        },
      }),
    );
  });

  it('shows a Telegram Stars sale with the Stars paid and the rate it was credited at', async () => {
    // 417 Stars at €0.012: €5.00 credited before a 10% service fee, €4.50 after it.
    const { vm } = await loaded(
      transaction('sell_subscription', {
        total: money(450, 'eur'),
        amount: money(450, 'eur'),
        price: money(500, 'eur'),
        providerFee: money(0, 'eur'),
        serviceFee: money(50, 'eur'),
        payoutAmount: money(450, 'eur'),
        paymentMethod: 'telegram_stars',
        card: undefined,
        stars: { amount: 417, rate: '0.012', credited: money(450, 'eur') },
      }),
    );
    expect(vm.details).toMatchObject({
      kind: 'payment',
      method: 'telegram_stars',
      card: null,
      stars: { amount: 417, rate: '1 ⭐ = 0.012 EUR' },
      sale: { gross: money(500, 'eur'), serviceFee: money(50, 'eur'), net: money(450, 'eur') },
    });
    const { vm: card } = await loaded(transaction('sell_subscription'));
    expect(card.details).toMatchObject({ stars: null });
  });

  it('uses the amount as the price when the price is missing', async () => {
    const { vm } = await loaded(transaction('send_donation', { price: undefined, amount: money(500, 'eur') }));
    expect(vm.details).toEqual(expect.objectContaining({ price: money(500, 'eur') }));
  });

  it('shows a withdrawal with its country, receiving method, card, amount and total', async () => {
    const { vm } = await loaded(
      transaction('withdrawal', {
        paymentMethod: 'bank_card',
        serviceFee: undefined,
        withdrawalAccount: { country: 'DE', methodType: 'swift', currency: 'eur', params: {} },
      }),
    );
    expect(vm.details).toEqual({
      kind: 'withdrawal',
      country: 'DE',
      method: 'swift',
      card: { brand: 'visa', last4: '4242' },
      amount: money(1000, 'eur'),
      serviceFee: null,
      total: money(900, 'eur'),
      conversion: null,
    });
  });

  it('shows what a withdrawal of another currency sent, and the rate it was converted at', async () => {
    const { vm } = await loaded(
      transaction('withdrawal', {
        amount: money(17_400, 'usd'),
        total: money(17_400, 'usd'),
        withdrawalAccount: { country: 'DE', methodType: 'swift', currency: 'eur', params: {} },
        conversion: { sent: money(16_008, 'eur'), rate: '0.92' },
      }),
    );
    expect(vm.details).toMatchObject({
      kind: 'withdrawal',
      amount: money(17_400, 'usd'),
      conversion: { sent: money(16_008, 'eur'), rate: '0.92', from: 'USD', to: 'EUR' },
    });
  });

  it('fails with the code, and loads on retry', async () => {
    const tx = transaction('get_donation');
    const { vm, repository } = await loaded(tx);
    repository.failures.push('network_error');
    await vm.load();
    expect(vm.state).toEqual({ status: 'error', code: 'network_error' });
    await vm.load();
    expect(vm.state.status).toBe('ready');
    expect(vm.transaction).toEqual(tx);
  });

  it('fails not_found for an unknown or malformed id without asking the server for a malformed one', async () => {
    const repository = new FakeTransactions();
    const unknown = new TransactionViewModel(repository, clock, 5);
    await unknown.load();
    expect(unknown.state).toEqual({ status: 'error', code: 'not_found' });
    const malformed = new TransactionViewModel(repository, clock, Number('abc'));
    await malformed.load();
    expect(malformed.state).toEqual({ status: 'error', code: 'not_found' });
    expect(repository.calls).toBe(1);
  });

  it('reads the time dates are shown against from its clock', () => {
    expect(new TransactionViewModel(new FakeTransactions(), clock, 1).now()).toBe(1_700_000_600_000);
  });
});
