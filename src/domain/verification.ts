/** Verification (identity check) status helpers (spec section 4). */
import type { VerificationStatus } from './entities';

/** What the verification screen shows for a status. */
export type VerificationView =
  | 'intro' // none: monetisation benefits, terms checkbox, Get
  | 'widget' // in_kyc: the identity-check widget
  | 'in_progress_external' // in_kyc on iOS: placeholder, the check runs on an external page
  | 'manual_review' // in_kyc without an identity-check provider: the application is reviewed by hand
  | 'rejected' // rejected: placeholder with support button
  | 'retry' // kyc_rejected (the provider's RETRY): placeholder with try again and support
  | 'waiting' // kyc_approved: waiting for the final decision, with close
  | 'success'; // approved: button to connect the bot

export function verificationView(
  status: VerificationStatus,
  platform: { isIos: boolean } = { isIos: false },
  manualReview = false,
): VerificationView {
  switch (status) {
    case 'none':
      return 'intro';
    case 'in_kyc':
      if (manualReview) return 'manual_review';
      return platform.isIos ? 'in_progress_external' : 'widget';
    case 'rejected':
      return 'rejected';
    case 'kyc_rejected':
      return 'retry';
    case 'kyc_approved':
      return 'waiting';
    case 'approved':
      return 'success';
  }
}

export function isVerified(status: VerificationStatus): boolean {
  return status === 'approved';
}

export function isVerificationRejected(status: VerificationStatus): boolean {
  return status === 'rejected' || status === 'kyc_rejected';
}

/**
 * The status is polled (every 5 s) while a decision can still come: during the check and while waiting after it.
 * Not before the user starts, and not once approved or rejected.
 */
export function shouldPollVerification(status: VerificationStatus): boolean {
  return status === 'in_kyc' || status === 'kyc_approved';
}

/** The widget's invalid-token error asks for a fresh token instead of failing. */
export const WIDGET_INVALID_TOKEN_ERROR = 'invalid-token';

export const VERIFICATION_TERMS_ALERT_KEY = 'verification_terms_alert';
export const MIGRATION_TERMS_ALERT_KEY = 'migration_terms_alert';

/** Verification and migration require the terms checkbox: returns the alert key when it is not ticked. */
export function termsAlert(accepted: boolean, flow: 'verification' | 'migration'): string | null {
  if (accepted) return null;
  return flow === 'verification' ? VERIFICATION_TERMS_ALERT_KEY : MIGRATION_TERMS_ALERT_KEY;
}
