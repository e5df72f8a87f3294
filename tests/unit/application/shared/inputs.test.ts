/**
 * The use cases' boundary: an input from outside with a missing or mistyped field answers malformed_input with the
 * field, before any rule or call runs, whoever calls (a screen, the server, a backend team).
 */
import { RequestDonation } from '../../../../src/application/use-cases/donations/RequestDonation';
import { PayInvoice } from '../../../../src/application/use-cases/payments/PayInvoice';
import { SaveWithdrawalAccount } from '../../../../src/application/use-cases/payouts/SaveWithdrawalAccount';
import { CreateSubscription } from '../../../../src/application/use-cases/subscriptions/CreateSubscription';
import { EditSubscription } from '../../../../src/application/use-cases/subscriptions/EditSubscription';
import { money } from '../../../../src/domain/money';
import { createWorld } from '../support/world';

const form = {
  channelId: 1,
  name: 'Club',
  description: 'Posts',
  period: 'monthly',
  currency: 'eur',
  amount: '5',
  buttonText: 'Join',
  command: '',
  publish: true,
  disableNotification: false,
  pin: true,
};

function setup() {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id);
  const follower = world.seed.user();
  return { world, creator, channel, follower, creatorPorts: world.as(creator), followerPorts: world.as(follower) };
}

const malformed = (field: string, message: RegExp) => ({
  ok: false,
  error: { kind: 'malformed', code: 'malformed_input', field, message: expect.stringMatching(message) },
});

describe('use-case inputs are checked at the boundary (class-validator)', () => {
  it('CreateSubscription: a mistyped channel id or period is malformed_input and nothing is created', async () => {
    const { creatorPorts, channel } = setup();
    const create = new CreateSubscription(creatorPorts.subscriptions);
    expect(await create.execute({ ...form, channelId: 'seven' } as never)).toEqual(
      malformed('channelId', /channelId must be an integer/),
    );
    expect(await create.execute({ ...form, channelId: channel.id, period: 'daily' } as never)).toEqual(
      malformed('period', /period must be one of/),
    );
    expect(await create.execute({ ...form, channelId: channel.id, amount: 5 } as never)).toEqual(
      malformed('amount', /amount must be a string/),
    );
    expect((await creatorPorts.channels.get(channel.id)).subscriptions.items).toEqual([]);
  });

  it('CreateSubscription: a well-shaped form still meets the domain rules (amount bounds), then creates', async () => {
    const { creatorPorts, channel } = setup();
    const create = new CreateSubscription(creatorPorts.subscriptions);
    expect(await create.execute({ ...form, channelId: channel.id, amount: '' } as never)).toMatchObject({
      ok: false,
      error: { kind: 'invalid', field: 'amount', code: 'amount_required' },
    });
    expect(await create.execute({ ...form, channelId: channel.id } as never)).toMatchObject({ ok: true });
  });

  it('EditSubscription and RequestDonation refuse a form of the wrong shape', async () => {
    const { creatorPorts, channel, world } = setup();
    const subscription = world.seed.subscription(channel.id);
    const edit = new EditSubscription(creatorPorts.subscriptions);
    expect(
      await edit.execute({ subscription, form: { ...form, channelId: channel.id, publish: 'yes' } as never }),
    ).toEqual(malformed('publish', /publish must be a boolean/));
    const donate = new RequestDonation(creatorPorts.donations, world.time);
    expect(
      await donate.execute({
        channelId: channel.id,
        title: 'Tip',
        description: '',
        currency: 'xyz',
        amount: '',
        buttonText: 'Tip',
        pin: false,
        disableNotification: false,
      } as never),
    ).toEqual(malformed('currency', /currency must be one of/));
  });

  it('SaveWithdrawalAccount refuses a payout form with a mistyped country code', async () => {
    const { creatorPorts } = setup();
    const save = new SaveWithdrawalAccount(creatorPorts.payouts, creatorPorts.provider);
    const result = await save.execute({
      form: { countryCodeIso2: 'DE', countryCodeIso3: 'DE', currency: 'eur', methodType: 'swift', fields: {} },
      parameters: { token: 't', tokenizeUrl: 'https://tokenize.example', supportedCountries: [], requirements: [] },
      banks: [],
    });
    expect(result).toEqual(
      malformed('countryCodeIso3', /countryCodeIso3 must be longer than or equal to 3 characters/),
    );
  });

  it('PayInvoice refuses a missing key, an unknown method and a saved card without its id, before any payment', async () => {
    const { followerPorts, world, channel } = setup();
    const subscription = world.seed.subscription(channel.id);
    const pay = new PayInvoice(followerPorts.invoices, followerPorts.provider, world.time);
    const target = { kind: 'subscription', subscriptionId: subscription.id } as const;
    expect(await pay.execute({ target, method: { kind: 'link' }, idempotencyKey: '' })).toEqual(
      malformed('idempotencyKey', /idempotencyKey should not be empty/),
    );
    expect(await pay.execute({ target, method: { kind: 'cash' }, idempotencyKey: 'k1' } as never)).toEqual(
      malformed('method.kind', /method.kind must be one of/),
    );
    expect(await pay.execute({ target, method: { kind: 'saved_card' }, idempotencyKey: 'k2' } as never)).toEqual(
      malformed('method.cardId', /method.cardId must be an integer/),
    );
    expect(
      await pay.execute({
        target: { kind: 'donation', donationId: 3 },
        method: { kind: 'link' },
        idempotencyKey: 'k3',
      } as never),
    ).toEqual(malformed('target.amount', /target.amount must be an object/));
    expect(
      await pay.execute({
        target,
        method: { kind: 'new_card', saveCard: false, card: {} },
        idempotencyKey: 'k4',
      } as never),
    ).toEqual(malformed('method.card.number', /method.card.number must be a string/));
    expect(world.backend.payments.size).toBe(0);
    expect(
      await pay.execute({
        target: { kind: 'donation', donationId: 3, amount: money(1, 'eur') },
        method: { kind: 'link' },
        idempotencyKey: 'k5',
      }),
    ).toMatchObject({ ok: false, error: { kind: 'invalid', field: 'amount' } });
  });
});
