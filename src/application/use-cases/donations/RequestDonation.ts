import type { Channel } from '../../../domain/entities';
import { type DonationForm, type DonationFormError, validateDonationForm } from '../../../domain/donation-form';
import { type Result, err } from '../../../domain/result';
import type { Donation, DonationRepository } from '../../ports/DonationRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';
import { type MalformedInput, checkInput } from '../../inputs/checkInput';
import { DonationFormInput } from '../../inputs/forms';

export type RequestDonationError = MalformedInput | Invalid<DonationFormError> | RequestFailure;

/** Validates the donation form (title, description, button text, amount) and posts the request into the channel. */
export class RequestDonation {
  constructor(private readonly donations: DonationRepository) {}

  /** `imageId`: an image uploaded for the channel (UploadDonationImage), posted as a photo with the text as caption. */
  async execute(
    form: DonationForm,
    imageId: string | null = null,
  ): Promise<Result<{ readonly channel: Channel; readonly donation: Donation }, RequestDonationError>> {
    const shaped = checkInput(DonationFormInput, form);
    if (!shaped.ok) return shaped;
    const valid = validateDonationForm(form);
    if (!valid.ok) return err(invalid(valid.error));
    return request(() => this.donations.request(form.channelId, { ...valid.value, imageId }));
  }
}
