/**
 * Reusing the use cases without the app (README, "Reusing the use cases"): `npm run example`.
 *
 * Everything comes from one module, src/backend.ts: the use cases, the in-memory backend behind every port, and its
 * virtual clock (polls and waits run instantly). A creator publishes a subscription; followers pay with a saved card,
 * a declined card and a 3-D Secure card; the creator reads the dashboard. The script exits non-zero when an outcome
 * is not the expected one, so CI runs it (scripts/test.sh).
 */
import {
  CheckPayment,
  CreateSubscription,
  InMemoryBackend,
  InMemorySeeder,
  PROVIDER_TEST_CARDS,
  PayInvoice,
  PublishSubscription,
  VirtualTime,
  completeThreeDSecure,
  createInMemoryRepositories,
  money,
} from '../src/backend';

function expectThat(condition: boolean, what: string): void {
  if (!condition) {
    console.error(`example: expected ${what}`);
    process.exit(1);
  }
  console.log(`ok: ${what}`);
}

const cardDetails = (number: string) => ({
  number,
  holderName: 'Ada Lovelace',
  expiryMonth: '12',
  expiryYear: '34',
  cvc: '123',
});

async function main(): Promise<void> {
  // One backend (the shared state of "the server") on virtual time; a seeder for the people and channels around.
  const time = new VirtualTime();
  const backend = new InMemoryBackend({ clock: time });
  const seed = new InMemorySeeder(backend);
  const creator = seed.user({ firstName: 'Alice', verification: 'approved' });
  const channel = seed.channel(creator.id, { name: 'Alice Travels' });

  // Ports act for one user: the repositories of a session, as the HTTP adapters would for a signed-in user.
  const asCreator = createInMemoryRepositories(backend, { userId: creator.id });

  // 1. The creator creates a monthly subscription of 5 EUR from the form as typed, then publishes it to the channel.
  const created = await new CreateSubscription(asCreator.subscriptions).execute({
    channelId: channel.id,
    name: 'Monthly Subscription',
    description: 'Support the trips',
    period: 'monthly',
    currency: 'eur',
    amount: '5',
    buttonText: 'Subscribe',
    command: '',
    publish: false,
    disableNotification: false,
    pin: false,
  });
  if (!created.ok) throw new Error(`create failed: ${JSON.stringify(created.error)}`);
  const subscription = created.value.subscription;
  expectThat(
    subscription.price.minor === 500 && subscription.price.currency === 'eur',
    'the subscription costs 5.00 EUR',
  );
  const published = await new PublishSubscription(asCreator.subscriptions).execute({
    subscription,
    channel,
    pin: true,
    disableNotification: false,
  });
  expectThat(published.ok, 'the subscription is published to the channel');

  const target = { kind: 'subscription', subscriptionId: subscription.id } as const;

  // Input from outside is checked at the use case's boundary: a mistyped field answers malformed_input with its path,
  // before any rule or call (an untyped caller, e.g. a JSON body passed straight through).
  const mistyped = await new CreateSubscription(asCreator.subscriptions).execute(JSON.parse('{"channelId":"one"}'));
  expectThat(
    !mistyped.ok && mistyped.error.kind === 'malformed' && mistyped.error.field === 'channelId',
    'a mistyped channel id is malformed_input',
  );

  // 2. A follower with a saved card pays at once: no polling, the sale is in the creator's ledger.
  const saver = seed.user({ firstName: 'Bob' });
  const savedCard = seed.card(saver.id, { primary: true, scenario: 'approve' });
  const asSaver = createInMemoryRepositories(backend, { userId: saver.id });
  const paid = await new PayInvoice(asSaver.invoices, asSaver.provider, time).execute({
    target,
    method: { kind: 'saved_card', cardId: savedCard.id },
    idempotencyKey: 'bob-tap-1',
  });
  expectThat(paid.ok && paid.value.status === 'paid', 'a saved-card payment is paid');

  // 3. A declined card ends in error with the issuer's code; nothing is sold.
  const declinedPayer = seed.user({ firstName: 'Carol' });
  const asDeclined = createInMemoryRepositories(backend, { userId: declinedPayer.id });
  const declined = await new PayInvoice(asDeclined.invoices, asDeclined.provider, time).execute({
    target,
    method: { kind: 'new_card', card: cardDetails(PROVIDER_TEST_CARDS.declined.number), saveCard: false },
    idempotencyKey: 'carol-tap-1',
  });
  expectThat(
    declined.ok && declined.value.status === 'error' && declined.value.error.code === 'do_not_honor',
    'a declined card answers do_not_honor',
  );

  // 4. A 3-D Secure card: action_required with the bank page; once the payer confirms there, checking answers paid.
  const challenged = seed.user({ firstName: 'Dana' });
  const asChallenged = createInMemoryRepositories(backend, { userId: challenged.id });
  const pending = await new PayInvoice(asChallenged.invoices, asChallenged.provider, time).execute({
    target,
    method: { kind: 'new_card', card: cardDetails(PROVIDER_TEST_CARDS.threeDSecure.number), saveCard: true },
    idempotencyKey: 'dana-tap-1',
  });
  if (!pending.ok || pending.value.status !== 'action_required')
    throw new Error(`expected action_required, got ${JSON.stringify(pending)}`);
  expectThat(pending.value.redirectUrl.startsWith('https://'), '3-D Secure answers action_required with the bank page');
  completeThreeDSecure(backend, pending.value.paymentId, true); // the payer taps Confirm on the bank page
  const confirmed = await new CheckPayment(asChallenged.invoices, time).execute({ paymentId: pending.value.paymentId });
  expectThat(confirmed.ok && confirmed.value.status === 'paid', 'after the challenge the payment is paid');

  // 5. The creator's dashboard: two sales of 5 EUR, minus the service and provider fees, earning in the open window.
  const dashboard = await asCreator.dashboard.load('creator');
  const sales = dashboard.transactions.items.filter((transaction) => transaction.type === 'sell_subscription');
  expectThat(sales.length === 2, 'the creator sees two subscription sales');
  const earned = dashboard.balances
    .filter((balance) => balance.amount.currency === 'eur')
    .reduce((sum, balance) => sum + balance.amount.minor, 0);
  expectThat(
    earned > 0 && earned < 2 * money.toMinor(5, 'eur'),
    `the creator earned ${(earned / 100).toFixed(2)} EUR of 10.00 EUR after fees`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
