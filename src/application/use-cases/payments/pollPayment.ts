/** Polling shared by PayInvoice and CheckPayment: every second until a final answer (spec section 9). */
import { isConnectionTrouble } from '../../../domain/errors';
import { PAYMENT_UNKNOWN_ERROR, eventFromPaymentAnswer } from '../../../domain/payment';
import { type Result, err, ok } from '../../../domain/result';
import { PAYMENT_CHECK_POLL_MS } from '../../../domain/timings';
import type { InvoiceRepository, PaymentCheck } from '../../ports/InvoiceRepository';
import type { Scheduler } from '../../ports/Scheduler';
import { type RequestFailure, request } from '../shared/failures';
import { DEFAULT_MAX_POLLS, type PaymentOutcome, type PollOptions } from './PaymentOutcome';

interface Answer {
  readonly status: PaymentCheck['status'] | 'cancelled';
  readonly redirectUrl?: string;
  readonly error?: { readonly code: string; readonly message: string };
}

/** The outcome an answer stands for, or null while pending. */
export function outcomeOf(paymentId: string, answer: Answer, details?: PaymentCheck): PaymentOutcome | null {
  const event = eventFromPaymentAnswer({
    status: answer.status,
    redirectUrl: answer.redirectUrl,
    errorCode: answer.error?.code,
    errorDescription: answer.error?.message,
  });
  switch (event?.type) {
    case undefined:
      return null;
    case 'paid':
      return { status: 'paid', paymentId, details };
    case 'action_required':
      return { status: 'action_required', paymentId, redirectUrl: event.redirectUrl };
    case 'error':
      return {
        status: 'error',
        paymentId,
        error: { code: event.code || PAYMENT_UNKNOWN_ERROR, message: event.message },
      };
    default:
      return null;
  }
}

/** Waits unless aborted; false when the signal stopped the wait. */
async function waitFor(scheduler: Scheduler, ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return false;
  try {
    await scheduler.delay(ms, signal);
    return !signal?.aborted;
  } catch (error) {
    if (signal?.aborted) return false;
    throw error;
  }
}

/**
 * Reads `poll` every `intervalMs` (the first read immediately when `immediate`) until it gives an outcome. A lost
 * connection is read again on the next tick; any other coded failure ends the polling.
 */
async function pollUntilFinal(
  scheduler: Scheduler,
  intervalMs: number,
  paymentId: string,
  options: PollOptions & { readonly immediate: boolean },
  poll: () => Promise<Result<PaymentOutcome | null, RequestFailure>>,
): Promise<Result<PaymentOutcome, RequestFailure>> {
  const maxPolls = options.maxPolls ?? DEFAULT_MAX_POLLS;
  for (let attempt = 0; attempt < maxPolls; attempt += 1) {
    if ((attempt > 0 || !options.immediate) && !(await waitFor(scheduler, intervalMs, options.signal))) break;
    const answer = await poll();
    if (!answer.ok) {
      if (isConnectionTrouble(answer.error)) continue;
      return answer;
    }
    if (answer.value !== null) return ok(answer.value);
  }
  return ok({ status: 'pending', paymentId });
}

/** Polls our server's payment check (saved card, after a redirect). */
export function pollPaymentCheck(
  invoices: InvoiceRepository,
  scheduler: Scheduler,
  paymentId: string,
  options: PollOptions & { readonly immediate: boolean },
): Promise<Result<PaymentOutcome, RequestFailure>> {
  return pollUntilFinal(scheduler, PAYMENT_CHECK_POLL_MS, paymentId, options, async () => {
    const check = await request(() => invoices.checkPayment(paymentId));
    return check.ok ? ok(outcomeOf(paymentId, check.value, check.value)) : check;
  });
}

export function unexpectedAnswer(paymentId: string): Result<PaymentOutcome, RequestFailure> {
  return err({
    kind: 'request',
    code: PAYMENT_UNKNOWN_ERROR,
    message: `payment ${paymentId} answered without a session token`,
    details: {},
  });
}
