import type { Channel } from '../../../domain/entities';
import {
  type DonationForm,
  type DonationFormError,
  validateDonationForm,
  validateDonationFormGoal,
} from '../../../domain/donation-form';
import type { Clock } from '../../ports/Clock';
import { type Result, err, ok } from '../../../domain/result';
import { type StarsPriceError, parseStarsPrice } from '../../../domain/stars';
import type { Donation, DonationRepository } from '../../ports/DonationRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';
import { type MalformedInput, checkInput } from '../../inputs/checkInput';
import { DonationFormInput } from '../../inputs/forms';

export type RequestDonationError =
  MalformedInput | Invalid<DonationFormError> | Invalid<StarsPriceError> | RequestFailure;

export interface RequestedDonation {
  readonly channel: Channel;
  readonly donation: Donation;
  /** Why the Stars amount was not saved although the request was posted (it is then not payable in Stars). */
  readonly starsFailure?: RequestFailure;
}

/**
 * Validates the donation form (title, description, button text, amount, the Stars amount, then the goal and end
 * date at the clock's now), posts the request into the channel, then sets the Stars amount a donor paying in Stars is
 * offered first when one was typed.
 */
export class RequestDonation {
  constructor(
    private readonly donations: DonationRepository,
    private readonly clock: Clock,
  ) {}

  /** `imageId`: an image uploaded for the channel (UploadDonationImage), posted as a photo with the text as caption. */
  async execute(
    form: DonationForm,
    imageId: string | null = null,
  ): Promise<Result<RequestedDonation, RequestDonationError>> {
    const shaped = checkInput(DonationFormInput, form);
    if (!shaped.ok) return shaped;
    const valid = validateDonationForm(form);
    if (!valid.ok) return err(invalid(valid.error));
    const stars = parseStarsPrice(form.stars ?? '');
    if (!stars.ok) return err(invalid(stars.error));
    const goal = validateDonationFormGoal(form, this.clock.now(), this.clock.timezoneOffsetMinutes());
    if (!goal.ok) return err(invalid(goal.error));
    const posted = await request(() =>
      this.donations.request(form.channelId, { ...valid.value, ...goal.value, imageId }),
    );
    if (!posted.ok || stars.value === null) return posted;
    const starsValue = stars.value;
    const saved = await request(() => this.donations.setStarsPrice(posted.value.donation.id, starsValue));
    return ok(saved.ok ? posted.value : { ...posted.value, starsFailure: saved.error });
  }
}
