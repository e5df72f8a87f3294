import type { PaymentError } from '../../../domain/entities';
import type { PaymentCheck } from '../../ports/InvoiceRepository';

/**
 * Where a payment attempt ended (spec section 4: pending, then paid, error or action_required).
 * - link: a hosted-page payment; the caller shows the url and checks later.
 * - pending: polling stopped (aborted, or the poll limit) before a final answer; check again with CheckPayment.
 */
export type PaymentOutcome =
  | { readonly status: 'paid'; readonly paymentId: string; readonly details?: PaymentCheck }
  | { readonly status: 'error'; readonly paymentId: string; readonly error: PaymentError }
  | { readonly status: 'action_required'; readonly paymentId: string; readonly redirectUrl: string }
  | { readonly status: 'link'; readonly paymentId: string; readonly url: string }
  | { readonly status: 'pending'; readonly paymentId: string };

export interface PollOptions {
  readonly signal?: AbortSignal;
  /** Polls before giving up with a pending outcome; 300 polls at 1 s is five minutes. */
  readonly maxPolls?: number;
}

export const DEFAULT_MAX_POLLS = 300;
