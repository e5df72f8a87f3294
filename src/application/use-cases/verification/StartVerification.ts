import { type Result, err } from '../../../domain/result';
import { termsAlert } from '../../../domain/verification';
import type { VerificationRepository, VerificationSession } from '../../ports/VerificationRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';

export type StartVerificationError = Invalid<{ readonly code: string }> | RequestFailure;

/**
 * Starts the identity check and answers the widget token. Needs the terms ticked (alert verification_terms_alert);
 * also used to fetch a fresh token after the widget's invalid-token error.
 */
export class StartVerification {
  constructor(private readonly verification: VerificationRepository) {}

  async execute(input: {
    readonly termsAccepted: boolean;
  }): Promise<Result<VerificationSession, StartVerificationError>> {
    const alert = termsAlert(input.termsAccepted, 'verification');
    if (alert !== null) return err(invalid({ code: alert }));
    return request(() => this.verification.start());
  }
}
