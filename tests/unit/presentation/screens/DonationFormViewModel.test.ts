import { RequestDonation } from '../../../../src/application/use-cases/donations/RequestDonation';
import { UploadDonationImage } from '../../../../src/application/use-cases/donations/UploadDonationImage';
import type { OnboardingStep } from '../../../../src/domain/entities';
import type { Currency } from '../../../../src/domain/money';
import { defaultBackendConfig } from '../../../../src/infrastructure/memory/defaults';
import { DonationDraftStore } from '../../../../src/presentation/shared/DonationDraftStore';
import {
  DONATION_CURRENCIES,
  DonationFormViewModel,
} from '../../../../src/presentation/screens/DonationForm/DonationFormViewModel';
import {
  DonationPreviewViewModel,
  donationPublishButtonKey,
} from '../../../../src/presentation/screens/DonationPreview/DonationPreviewViewModel';
import { createWorld } from '../../application/support/world';
import { FakePlatform } from '../support/FakePlatform';
import { toastStore } from './support/subscriptionFakes';

const translate = (key: string) => (key === 'donation_default_button_text' ? 'Donate' : `[${key}]`);

function setup(
  options: { step?: OnboardingStep; connected?: boolean; starsRates?: ReadonlyMap<Currency, string> } = {},
) {
  const world = createWorld({ config: { ...defaultBackendConfig(), starsRates: options.starsRates } });
  const owner = world.seed.user({ verification: 'approved' });
  const channel = world.seed.channel(owner.id, {
    onboardingStep: options.step ?? 'completed',
    connected: options.connected ?? true,
  });
  const repositories = world.as(owner);
  const drafts = new DonationDraftStore();
  const platform = new FakePlatform();
  const toasts = toastStore(platform);
  const uploads = new UploadDonationImage(repositories.donations);
  const form = new DonationFormViewModel(
    drafts,
    toasts,
    platform,
    uploads,
    repositories.donations,
    world.time,
    channel.id,
  );
  const preview = () =>
    new DonationPreviewViewModel(
      repositories.channels,
      new RequestDonation(repositories.donations, world.time),
      drafts,
      toasts,
      channel.id,
    );
  return { world, owner, channel, repositories, drafts, toasts, form, preview, platform, uploads };
}

/** Fills the form with valid texts. */
function fillValid(form: DonationFormViewModel): void {
  form.setTitle('Coffee fund');
  form.setDescription('Keeps the lights on.');
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

describe('DonationFormViewModel', () => {
  it('starts from the defaults (eur, amount 0, "Donate") and offers currencies with eur first', () => {
    const { form } = setup();
    form.start(translate);
    expect(form.form).toEqual(
      expect.objectContaining({
        title: '',
        description: '',
        currency: 'eur',
        amount: '0',
        buttonText: 'Donate',
        pin: true,
        disableNotification: false,
      }),
    );
    expect(DONATION_CURRENCIES[0]).toBe('eur');
    expect(DONATION_CURRENCIES).toContain('rub');
  });

  it.each([
    ['title', { title: '' }, 'donation.form.errors.title_required', undefined],
    ['title', { title: 'x'.repeat(33) }, 'donation.form.errors.title_too_long', { max: 32 }],
    ['description', { description: ' ' }, 'donation.form.errors.description_required', undefined],
    ['description', { description: 'x'.repeat(141) }, 'donation.form.errors.description_too_long', { max: 140 }],
    ['buttonText', { buttonText: '' }, 'donation.form.errors.buttonText_required', undefined],
    ['buttonText', { buttonText: 'x'.repeat(21) }, 'donation.form.errors.buttonText_too_long', { max: 20 }],
    ['amount', { amount: '0.5' }, 'donation.form.errors.amount_below', { amount: '€1' }],
    ['amount', { amount: '2000.01' }, 'donation.form.errors.amount_above', { amount: '€2,000' }],
  ] as const)(
    'stops at the first failing field (%s) with a fail toast and a focus request',
    (field, change, key, params) => {
      const { form, toasts } = setup();
      form.start(translate);
      fillValid(form);
      if ('title' in change) form.setTitle(change.title);
      if ('description' in change) form.setDescription(change.description);
      if ('buttonText' in change) form.setButtonText(change.buttonText);
      if ('amount' in change) form.setAmount(change.amount);
      expect(form.continueToPreview()).toBe(false);
      expect(toasts.current).toEqual(
        expect.objectContaining({ kind: 'fail', message: params === undefined ? { key } : { key, params } }),
      );
      expect(form.focusRequest).toEqual({ field, seq: 1 });
      form.continueToPreview();
      expect(form.focusRequest?.seq).toBe(2);
    },
  );

  it('checks the title before the description, the description before the button text', () => {
    const { form } = setup();
    form.start(translate);
    form.setButtonText('');
    form.continueToPreview();
    expect(form.focusRequest?.field).toBe('title');
    form.setTitle('Fund');
    form.continueToPreview();
    expect(form.focusRequest?.field).toBe('description');
  });

  it('lets the donor choose with 0 or an empty amount, and uses the bounds of the chosen currency', () => {
    const { form } = setup();
    form.start(translate);
    fillValid(form);
    expect(form.continueToPreview()).toBe(true);
    form.setAmount('');
    expect(form.continueToPreview()).toBe(true);
    form.setCurrency('rub');
    form.setAmount('150');
    expect(form.continueToPreview()).toBe(false);
    form.setAmount('200');
    expect(form.continueToPreview()).toBe(true);
  });

  it('checks the goal and the end date on continue, and focuses the field', () => {
    const { form } = setup();
    form.start(translate);
    form.setTitle('Mic');
    form.setDescription('Help');
    form.setGoal('0.5');
    expect(form.continueToPreview()).toBe(false);
    expect(form.focusRequest?.field).toBe('goal');
    form.setGoal('1000');
    form.setEndsOn('2020-01-01');
    expect(form.continueToPreview()).toBe(false);
    expect(form.focusRequest?.field).toBe('endsOn');
    expect(form.hasUnsavedChanges).toBe(true);
    form.setEndsOn(form.endsOnRange.min);
    expect(form.continueToPreview()).toBe(true);
  });

  it('keeps the draft in the store: a new view model for the same channel resumes it', () => {
    const { form, drafts, toasts, channel, uploads, repositories, world } = setup();
    form.start(translate);
    form.setTitle('Kept');
    form.dispose();
    const again = new DonationFormViewModel(
      drafts,
      toasts,
      new FakePlatform(),
      uploads,
      repositories.donations,
      world.time,
      channel.id,
    );
    again.start(translate);
    expect(again.form?.title).toBe('Kept');
  });
});

describe('DonationPreviewViewModel', () => {
  it('names the publish button after the switches', () => {
    expect(donationPublishButtonKey(true, false)).toBe('donation.preview.publishAndPin');
    expect(donationPublishButtonKey(false, false)).toBe('donation.preview.publish');
    expect(donationPublishButtonKey(false, true)).toBe('donation.preview.publishSilently');
    expect(donationPublishButtonKey(true, true)).toBe('donation.preview.publishPinnedSilently');
  });

  it('loads the channel and shows the suggested amount, or none when the donor chooses', async () => {
    const { form, preview, channel } = setup();
    form.start(translate);
    fillValid(form);
    form.setAmount('12.5');
    const vm = preview();
    await vm.load();
    expect(vm.state.status).toBe('ready');
    expect(vm.channel?.id).toBe(channel.id);
    expect(vm.suggestedAmount).toEqual({ minor: 1250, currency: 'eur' });
    expect(vm.canPublish).toBe(true);
    form.setAmount('0');
    expect(vm.suggestedAmount).toBeNull();
  });

  it('publishes with the switches, toasts success, advances the onboarding step and forgets the draft when it goes away', async () => {
    const { form, preview, toasts, drafts, repositories, channel, world } = setup({ step: 'request_donation' });
    form.start(translate);
    fillValid(form);
    const vm = preview();
    await vm.load();
    vm.setPin(false);
    vm.setSilent(true);
    expect(vm.publishButtonKey).toBe('donation.preview.publishSilently');
    await expect(vm.publish()).resolves.toBe(true);
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'success', message: { key: 'donation.preview.published' } }),
    );
    expect(vm.channel?.onboardingStep).not.toBe('request_donation');
    expect((await repositories.channels.get(channel.id)).channel.onboardingStep).not.toBe('request_donation');
    const stored = [...world.backend.donations.values()].find((candidate) => candidate.channelId === channel.id);
    expect(stored).toEqual(expect.objectContaining({ title: 'Coffee fund', pin: false, disableNotification: true }));
    await expect(vm.publish()).resolves.toBe(false);
    expect(drafts.find(channel.id)).not.toBeNull();
    vm.dispose();
    expect(drafts.find(channel.id)).toBeNull();
  });

  it('shows the server message when publishing fails and keeps the draft', async () => {
    const { form, preview, toasts, drafts, channel, world } = setup();
    form.start(translate);
    fillValid(form);
    const vm = preview();
    await vm.load();
    world.backend.channels.get(channel.id)!.connected = false;
    await expect(vm.publish()).resolves.toBe(false);
    expect(toasts.current?.kind).toBe('fail');
    expect(vm.publishing).toBe(false);
    vm.dispose();
    expect(drafts.find(channel.id)).not.toBeNull();
  });

  it('has nothing to publish without a draft, and fails the load for an unknown channel', async () => {
    const { preview } = setup();
    const vm = preview();
    await vm.load();
    expect(vm.form).toBeNull();
    expect(vm.canPublish).toBe(false);
    await expect(vm.publish()).resolves.toBe(false);

    const world = createWorld();
    const stranger = world.seed.user();
    const other = new DonationPreviewViewModel(
      world.as(stranger).channels,
      new RequestDonation(world.as(stranger).donations, world.time),
      new DonationDraftStore(),
      toastStore(new FakePlatform()),
      987654,
    );
    await other.load();
    expect(other.state).toEqual({ status: 'error', code: 'not_found' });
  });
});

describe('DonationFormViewModel: no lost drafts', () => {
  it('asks the host to confirm closing while the draft differs from a fresh one, and clears it when the form is left', () => {
    const { form, platform } = setup();
    form.start(translate);
    expect(platform.unsavedGuardCalls).toEqual([]);
    form.setTitle('Coffee fund');
    expect(platform.unsavedGuard).toBe(true);
    form.setTitle('');
    expect(platform.unsavedGuard).toBe(false);
    form.setAmount('5');
    expect(platform.unsavedGuard).toBe(true);
    form.dispose();
    expect(platform.unsavedGuardCalls).toEqual([true, false, true, false]);
  });
});

describe('DonationFormViewModel: the image', () => {
  const png = (size = 68) => new Blob([new Uint8Array(size)], { type: 'image/png' });

  it('uploads a picked image, shows it, and the published request carries its imageId; remove drops it', async () => {
    const { form, preview, world, channel } = setup();
    form.start(translate);
    fillValid(form);
    await expect(form.pickImage(png(), 'blob:first')).resolves.toBeNull();
    expect(form.image).toEqual({ imageId: expect.stringMatching(/^upload:/), previewUrl: 'blob:first' });
    expect(form.uploadingImage).toBe(false);
    // A second pick replaces the first: its preview URL is handed back for release.
    await expect(form.pickImage(png(), 'blob:second')).resolves.toBe('blob:first');
    const imageId = form.image!.imageId;
    const vm = preview();
    expect(vm.image?.previewUrl).toBe('blob:second');
    await expect(vm.publish()).resolves.toBe(true);
    expect([...world.backend.donations.values()].find((donation) => donation.channelId === channel.id)?.imageId).toBe(
      imageId,
    );
    expect(form.removeImage()).toBe('blob:second');
    expect(form.image).toBeNull();
  });

  it('refuses a type or size the bot cannot post with a fail toast, before any upload', async () => {
    const { form, toasts } = setup();
    form.start(translate);
    await expect(form.pickImage(new Blob(['GIF89a'], { type: 'image/gif' }), 'blob:gif')).resolves.toBe('blob:gif');
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'fail', message: { key: 'donation.image.errors.image_type' } }),
    );
    expect(form.image).toBeNull();
    await form.pickImage(png(5 * 1024 * 1024 + 1), 'blob:big');
    expect(toasts.current).toEqual(
      expect.objectContaining({ kind: 'fail', message: { key: 'donation.image.errors.image_too_large' } }),
    );
    expect(form.image).toBeNull();
    expect(form.hasUnsavedChanges).toBe(false);
  });

  it('an upload the server refuses shows its message and keeps the image chosen before', async () => {
    const { form, toasts, world, channel } = setup();
    form.start(translate);
    await form.pickImage(png(), 'blob:kept');
    world.backend.channels.get(channel.id)!.connected = false;
    await expect(form.pickImage(png(), 'blob:refused')).resolves.toBe('blob:refused');
    expect(toasts.current?.kind).toBe('fail');
    expect(form.image?.previewUrl).toBe('blob:kept');
    expect(form.uploadingImage).toBe(false);
  });
});

describe('DonationFormViewModel: the amount in Stars', () => {
  it("suggests the amount at the rate, or the invoice's first offer when the donor chooses; Suggest fills it", async () => {
    const { form } = setup({ starsRates: new Map<Currency, string>([['eur', '0.012']]) });
    form.start(translate);
    await form.loadStarsRates();
    expect(form.canSuggestStars).toBe(true);
    form.setAmount('15');
    expect(form.suggestedStars).toBe(1250); // €15 at €0.012
    form.suggestStars();
    expect(form.form?.stars).toBe('1250');
    expect(form.hasUnsavedChanges).toBe(true);
    form.setCurrency('usd');
    expect(form.canSuggestStars).toBe(false);
  });

  it("refuses a Stars amount outside Telegram's limits on Continue, focusing it; the preview publishes it", async () => {
    const { form, toasts, preview, world } = setup();
    form.start(translate);
    await form.loadStarsRates();
    expect(form.canSuggestStars).toBe(false);
    form.setTitle('Coffee');
    form.setDescription('Keep us awake');
    form.setStars('99999');
    expect(form.continueToPreview()).toBe(false);
    expect(form.focusRequest?.field).toBe('stars');
    expect(toasts.current?.message).toEqual({
      key: 'donation.form.stars.errors.stars_out_of_range',
      params: { min: '1\u00a0⭐', max: '10,000\u00a0⭐' },
    });
    form.setStars('300');
    expect(form.continueToPreview()).toBe(true);
    const next = preview();
    await next.load();
    expect(await next.publish()).toBe(true);
    expect([...world.backend.donations.values()][0]?.starsPrice).toBe(300);
  });
});
