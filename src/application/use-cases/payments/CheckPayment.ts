import type { Result } from '../../../domain/result';
import type { InvoiceRepository } from '../../ports/InvoiceRepository';
import type { Scheduler } from '../../ports/Scheduler';
import type { RequestFailure } from '../shared/failures';
import type { PaymentOutcome, PollOptions } from './PaymentOutcome';
import { pollPaymentCheck } from './pollPayment';

export interface CheckPaymentInput extends PollOptions {
  readonly paymentId: string;
}

/**
 * Follows a payment that is already created (back from the bank's redirect, or a link payment): checks it at once,
 * then every second while pending. Creates nothing.
 */
export class CheckPayment {
  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly scheduler: Scheduler,
  ) {}

  execute(input: CheckPaymentInput): Promise<Result<PaymentOutcome, RequestFailure>> {
    return pollPaymentCheck(this.invoices, this.scheduler, input.paymentId, {
      signal: input.signal,
      maxPolls: input.maxPolls,
      immediate: true,
    });
  }
}
