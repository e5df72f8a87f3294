/**
 * The payment state machine (spec section 4): null, then pending, then paid, error or action_required.
 * Guards (documented decisions): paid and error are final: later answers (a late poll) are ignored until the state is
 * cleared or, after an error, a new attempt starts. Answers are accepted from null too, because a screen opened after
 * the bank redirect checks a payment it did not start. A new attempt cannot start while pending or after paid.
 */
import type { PaymentStatus } from './entities';

export interface PaymentState {
  readonly status: PaymentStatus | null;
  readonly code?: string;
  readonly message?: string;
  /** Where an action_required payment sends the user (through /payment/redirect). */
  readonly redirectUrl?: string;
}

export type PaymentEvent =
  | { readonly type: 'start' }
  | { readonly type: 'paid' }
  | { readonly type: 'error'; readonly code: string; readonly message: string }
  | { readonly type: 'action_required'; readonly redirectUrl: string }
  | { readonly type: 'clear' };

export const INITIAL_PAYMENT_STATE: PaymentState = { status: null };

export function isFinal(state: PaymentState): boolean {
  return state.status === 'paid' || state.status === 'error';
}

export function transition(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'clear':
      return INITIAL_PAYMENT_STATE;
    case 'start':
      return state.status === 'pending' || state.status === 'paid' ? state : { status: 'pending' };
    case 'paid':
      return isFinal(state) ? state : { status: 'paid' };
    case 'error':
      return isFinal(state) ? state : { status: 'error', code: event.code, message: event.message };
    case 'action_required':
      return isFinal(state) ? state : { status: 'action_required', redirectUrl: event.redirectUrl };
  }
}

export const startPayment = (state: PaymentState): PaymentState => transition(state, { type: 'start' });
export const paymentPaid = (state: PaymentState): PaymentState => transition(state, { type: 'paid' });
export const paymentError = (state: PaymentState, code: string, message: string): PaymentState =>
  transition(state, { type: 'error', code, message });
export const paymentActionRequired = (state: PaymentState, redirectUrl: string): PaymentState =>
  transition(state, { type: 'action_required', redirectUrl });
export const clearPayment = (): PaymentState => INITIAL_PAYMENT_STATE;

/** Whether the user must be sent to /payment/redirect. */
export function needsRedirect(
  state: PaymentState,
): state is PaymentState & { status: 'action_required'; redirectUrl: string } {
  return state.status === 'action_required' && typeof state.redirectUrl === 'string' && state.redirectUrl !== '';
}

export const PAYMENT_UNKNOWN_ERROR = 'error_unknown';

/**
 * The event a provider session status or a payment check answer stands for; null while still pending.
 * A cancelled session is an error carrying the provider's code and description.
 */
export function eventFromPaymentAnswer(answer: {
  status: PaymentStatus | 'cancelled';
  redirectUrl?: string;
  errorCode?: string;
  errorDescription?: string;
}): PaymentEvent | null {
  switch (answer.status) {
    case 'pending':
      return null;
    case 'paid':
      return { type: 'paid' };
    case 'action_required':
      return answer.redirectUrl
        ? { type: 'action_required', redirectUrl: answer.redirectUrl }
        : { type: 'error', code: answer.errorCode ?? PAYMENT_UNKNOWN_ERROR, message: answer.errorDescription ?? '' };
    case 'cancelled':
    case 'error':
      return { type: 'error', code: answer.errorCode ?? PAYMENT_UNKNOWN_ERROR, message: answer.errorDescription ?? '' };
  }
}

/** The transitions by name, for view models that dispatch them. */
export const paymentTransitions = {
  start: startPayment,
  paid: paymentPaid,
  error: paymentError,
  actionRequired: paymentActionRequired,
  clear: clearPayment,
} as const;
