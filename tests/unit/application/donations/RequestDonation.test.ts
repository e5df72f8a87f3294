import { RequestDonation } from '../../../../src/application/use-cases/donations/RequestDonation';
import type { DonationForm } from '../../../../src/domain/donation-form';
import { money } from '../../../../src/domain/money';
import type { SeedChannelOptions } from '../../../../src/infrastructure/memory/InMemorySeeder';
import { createWorld } from '../support/world';

function setup(channelOptions: SeedChannelOptions = {}) {
  const world = createWorld();
  const creator = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(creator.id, channelOptions);
  const form: DonationForm = {
    channelId: channel.id,
    title: 'Coffee',
    description: 'Keep us awake',
    currency: 'eur',
    amount: '15',
    buttonText: 'Donate',
    pin: true,
    disableNotification: false,
    goal: '',
    endsOn: '',
  };
  return { world, form, requestDonation: new RequestDonation(world.as(creator).donations, world.time) };
}

describe('RequestDonation', () => {
  it('posts the request with the amount in minor units', async () => {
    const { world, form, requestDonation } = setup({ onboardingStep: 'request_donation' });
    const result = await requestDonation.execute(form);
    expect(result.ok && result.value.donation).toMatchObject({ title: 'Coffee', amount: money(1500, 'eur') });
    expect(result.ok && result.value.channel.onboardingStep).toBe('completed');
    expect(world.backend.donations.size).toBe(1);
  });

  it('lets the payer choose when the amount is 0', async () => {
    const { form, requestDonation } = setup();
    const result = await requestDonation.execute({ ...form, amount: '0' });
    expect(result.ok && result.value.donation.amount).toEqual(money(0, 'eur'));
  });

  it.each([
    ['title', { title: 't'.repeat(33) }, 'too_long'],
    ['description', { description: '' }, 'required'],
    ['buttonText', { buttonText: 'b'.repeat(21) }, 'too_long'],
    ['amount', { amount: '2000.01' }, 'amount_above'],
  ])('refuses an invalid %s and posts nothing', async (field, overrides, code) => {
    const { world, form, requestDonation } = setup();
    const result = await requestDonation.execute({ ...form, ...overrides });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'invalid', field, code }) });
    expect(world.backend.donations.size).toBe(0);
  });

  it('posts a goal and the end of the chosen day, and answers the progress', async () => {
    const { world, form, requestDonation } = setup();
    const result = await requestDonation.execute({ ...form, goal: '1000', endsOn: '2025-02-01' });
    expect(result.ok && result.value.donation).toMatchObject({
      goal: money(100_000, 'eur'),
      endsAt: Date.UTC(2025, 1, 1, 23, 59, 59) / 1000,
      progress: { raised: money(0, 'eur'), donations: 0, percent: 0, reached: false, ended: false },
    });
    expect(world.backend.donations.size).toBe(1);
  });

  it.each([
    ['goal', { goal: '0.5' }, 'goal_below'],
    ['goal', { goal: 'lots' }, 'goal_invalid'],
    ['endsOn', { endsOn: '2025-01-14' }, 'end_date_past'],
    ['endsOn', { endsOn: '2026-12-31' }, 'end_date_too_far'],
  ])('refuses a bad %s (%o) and posts nothing', async (field, overrides, code) => {
    const { world, form, requestDonation } = setup();
    const result = await requestDonation.execute({ ...form, ...overrides });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'invalid', field, code }) });
    expect(world.backend.donations.size).toBe(0);
  });

  it('reports a disconnected channel', async () => {
    const { form, requestDonation } = setup({ connected: false });
    expect(await requestDonation.execute(form)).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'request', code: 'channel_disconnected' }),
    });
  });

  it('sets the typed Stars amount after posting; empty takes cards only', async () => {
    const { world, form, requestDonation } = setup();
    const result = await requestDonation.execute({ ...form, stars: '1250' });
    expect(result.ok && result.value.starsFailure).toBeUndefined();
    const [posted] = [...world.backend.donations.values()];
    expect(posted?.starsPrice).toBe(1250);
    await requestDonation.execute({ ...form, stars: '' });
    expect([...world.backend.donations.values()][1]?.starsPrice).toBeUndefined();
  });

  it("refuses a Stars amount outside Telegram's limits before posting", async () => {
    const { world, form, requestDonation } = setup();
    const result = await requestDonation.execute({ ...form, stars: '0' });
    expect(result).toEqual({
      ok: false,
      error: { kind: 'invalid', field: 'stars', code: 'stars_too_small', min: 1, max: 10_000 },
    });
    expect(world.backend.donations.size).toBe(0);
  });
});
