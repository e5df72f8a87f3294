/**
 * Why a card payment failed, in words the payer can act on. The provider's description is English and written for
 * integrators, so the failure screen shows one of these instead, in the payer's language (the code stays beneath, for
 * support). Codes are Smart Glocal's as its examples and our double use them, the common card-network names, and our
 * own; any other code reads as "other", which asks to try again or use another card.
 */
export const PAYMENT_FAILURE_REASONS = [
  'funds',
  'declined',
  'expired',
  'authentication',
  'timeout',
  'card',
  'stars',
  'other',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

const BY_CODE: Readonly<Record<string, PaymentFailureReason>> = {
  insufficient_funds: 'funds',
  not_sufficient_funds: 'funds',
  // The issuer said no without saying why (lost or stolen cards included: the payer is told no more than that).
  card_declined: 'declined',
  do_not_honor: 'declined',
  generic_decline: 'declined',
  payment_declined: 'declined',
  restricted_card: 'declined',
  lost_card: 'declined',
  stolen_card: 'declined',
  pickup_card: 'declined',
  transaction_not_allowed: 'declined',
  expired_card: 'expired',
  card_expired: 'expired',
  '3ds_declined': 'authentication',
  '3ds_failed': 'authentication',
  authentication_failed: 'authentication',
  authentication_required: 'authentication',
  '3ds_timeout': 'timeout',
  session_expired: 'timeout',
  payment_abandoned: 'timeout',
  // The card itself cannot pay here: its details, or a saved card the provider no longer knows.
  card_not_supported: 'card',
  invalid_card_number: 'card',
  incorrect_number: 'card',
  invalid_expiry: 'card',
  invalid_cvc: 'card',
  incorrect_cvc: 'card',
  token_not_found: 'card',
  // Telegram reported the Stars payment failed (the bot refused it, or it did not go through): nothing was charged.
  stars_payment_failed: 'stars',
};

export function paymentFailureReason(code: string | null | undefined): PaymentFailureReason {
  return (code !== null && code !== undefined && BY_CODE[code.trim().toLowerCase()]) || 'other';
}
