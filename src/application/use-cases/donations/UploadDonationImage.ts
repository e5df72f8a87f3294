import { type Result, err } from '../../../domain/result';
import type { DonationRepository, UploadedDonationImage } from '../../ports/DonationRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';

/** The image types the bot can post as a photo, and our size limit (the server checks both again, by the bytes). */
export const DONATION_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
export const DONATION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export type DonationImageErrorCode = 'image_type' | 'image_too_large';
export type UploadDonationImageError = Invalid<{ readonly code: DonationImageErrorCode }> | RequestFailure;

/** Checks the picked file's type and size, then uploads it for the channel's donation requests. */
export class UploadDonationImage {
  constructor(private readonly donations: DonationRepository) {}

  async execute(channelId: number, file: Blob): Promise<Result<UploadedDonationImage, UploadDonationImageError>> {
    if (!DONATION_IMAGE_TYPES.includes(file.type)) return err(invalid({ code: 'image_type' as const }));
    if (file.size > DONATION_IMAGE_MAX_BYTES) return err(invalid({ code: 'image_too_large' as const }));
    return request(() => this.donations.uploadImage(channelId, file));
  }
}
