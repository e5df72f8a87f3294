/**
 * Why a payout failed, in words the creator can act on. The provider's own text is English and written for
 * integrators, so the app and the bot show one of these instead, in the creator's language.
 * Smart Glocal publishes no list of error codes (vendors' notes: "no list of error codes ... was found"), so the codes
 * below are the ones its examples and our double use, plus our own; any other code reads as "provider", which says
 * the money is back and nothing is wrong with the creator's details.
 */
export const PAYOUT_FAILURE_REASONS = ['account_details', 'declined', 'card', 'provider'] as const;
export type PayoutFailureReason = (typeof PAYOUT_FAILURE_REASONS)[number];

const BY_CODE: Readonly<Record<string, PayoutFailureReason>> = {
  // The request named a destination the provider cannot pay: details to correct in the app.
  invalid_request: 'account_details',
  invalid_account: 'account_details',
  account_not_found: 'account_details',
  payout_account_incomplete: 'account_details',
  // The recipient's bank said no.
  payout_declined: 'declined',
  // It arrived, then the recipient's bank sent it back.
  payout_returned: 'declined',
  card_declined: 'declined',
  do_not_honor: 'declined',
  // The saved payout card can no longer be used.
  token_not_found: 'card',
  card_expired: 'card',
  expired_card: 'card',
};

export function payoutFailureReason(code: string | null | undefined): PayoutFailureReason {
  return (code !== null && code !== undefined && BY_CODE[code.trim().toLowerCase()]) || 'provider';
}
