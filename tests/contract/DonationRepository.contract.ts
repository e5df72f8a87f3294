import type { DonationRepository, DonationRequest } from '../../src/application/ports/DonationRepository';
import { money } from '../../src/domain/money';
import { type MakeContractSubject, expectCode, useContractSubject } from './fixture';

/** A real 1x1 PNG. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function donationRequest(overrides: Partial<DonationRequest> = {}): DonationRequest {
  return {
    title: 'Coffee for the team',
    description: 'Thank you',
    amount: money(1000, 'eur'),
    buttonText: 'Donate',
    pin: true,
    disableNotification: false,
    ...overrides,
  };
}

export function describeDonationRepositoryContract(name: string, make: MakeContractSubject<DonationRepository>): void {
  describe(`${name} (DonationRepository contract)`, () => {
    const subject = useContractSubject(make);

    it('posts a donation request and completes the request-donation onboarding step', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator, { onboardingStep: 'request_donation' });
      const { channel: updated, donation } = await subject().as(creator).request(channel.id, donationRequest());
      expect(donation).toMatchObject({
        channelId: channel.id,
        title: 'Coffee for the team',
        amount: money(1000, 'eur'),
        buttonText: 'Donate',
      });
      expect(donation.id).toEqual(expect.any(Number));
      expect(updated).toMatchObject({ id: channel.id, onboardingStep: 'completed', onboardingPassed: true });
    });

    it("sets the Stars amount a donor is offered first, clears it, and refuses Telegram's limits", async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator);
      const donations = subject().as(creator);
      const { donation } = await donations.request(channel.id, donationRequest());
      // Neither backend has a STARS_RATE_* set here: no suggestion.
      expect(await donations.setStarsPrice(donation.id, 1250)).toEqual({
        stars: 1250,
        offer: 'one_time',
        suggested: null,
        rate: null,
      });
      expect((await donations.setStarsPrice(donation.id, null)).stars).toBeNull();
      await expectCode(donations.setStarsPrice(donation.id, 10_001), 'validation_error');
      expect((await donations.starsRates()).size).toBe(0);
    });

    it('accepts amount 0, which lets the payer choose', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator);
      const { donation } = await subject()
        .as(creator)
        .request(channel.id, donationRequest({ amount: money(0, 'eur') }));
      expect(donation.amount).toEqual(money(0, 'eur'));
    });

    it('takes a goal: the request, and the owner reading it again, carry its progress', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator);
      const { donation } = await subject()
        .as(creator)
        .request(channel.id, donationRequest({ amount: money(0, 'eur'), goal: money(100_000, 'eur') }));
      const progress = {
        raised: money(0, 'eur'),
        donations: 0,
        percent: 0,
        reached: false,
        ended: false,
      };
      expect(donation).toMatchObject({ goal: money(100_000, 'eur'), endsAt: null, progress });
      const again = await subject().as(creator).get(donation.id);
      expect(again.channel.id).toBe(channel.id);
      expect(again.donation).toMatchObject({ id: donation.id, goal: money(100_000, 'eur'), progress });
      await expectCode(
        subject()
          .as(await fixture.asCreator())
          .get(donation.id),
        'not_found',
      );
    });

    it('without a goal or end date carries no progress', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator);
      const { donation } = await subject().as(creator).request(channel.id, donationRequest());
      expect(donation.progress ?? null).toBeNull();
      expect(donation.goal ?? null).toBeNull();
    });

    it.each([
      ['a goal below the smallest donation', { goal: money(99, 'eur') }],
      ['a title longer than 32', { title: 't'.repeat(33) }],
      ['a description longer than 140', { description: 'd'.repeat(141) }],
      ['an empty button text', { buttonText: '' }],
      ['an amount above eur 2000', { amount: money(200_001, 'eur') }],
      ['an amount below rub 200', { amount: money(19_999, 'rub') }],
    ])('rejects %s with validation_error', async (_case, overrides) => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator);
      await expectCode(subject().as(creator).request(channel.id, donationRequest(overrides)), 'validation_error');
    });

    it('uploads a JPEG, PNG or WebP image for an own channel and refuses other files', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const channel = await fixture.seedChannel(creator);
      const png = new Blob([Buffer.from(PNG_1X1, 'base64')], { type: 'image/png' });
      await expect(subject().as(creator).uploadImage(channel.id, png)).resolves.toMatchObject({
        imageId: expect.stringMatching(/^upload:/),
      });
      await expectCode(
        subject()
          .as(creator)
          .uploadImage(channel.id, new Blob(['GIF89a'], { type: 'image/gif' })),
        'validation_error',
      );
      const foreign = await fixture.seedChannel(await fixture.asCreator());
      await expectCode(subject().as(creator).uploadImage(foreign.id, png), 'not_found');
    });

    it('needs an own channel with a connected bot', async () => {
      const { fixture } = subject();
      const creator = await fixture.asCreator();
      const disconnected = await fixture.seedChannel(creator, { connected: false });
      await expectCode(subject().as(creator).request(disconnected.id, donationRequest()), 'channel_disconnected');
      const foreign = await fixture.seedChannel(await fixture.asCreator());
      await expectCode(subject().as(creator).request(foreign.id, donationRequest()), 'not_found');
    });
  });
}
