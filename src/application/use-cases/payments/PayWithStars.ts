import { isConnectionTrouble } from '../../../domain/errors';
import { type Result, err, ok } from '../../../domain/result';
import { STARS_CONFIRM_DELAYS_MS, STARS_SLOW_AFTER_MS } from '../../../domain/stars-checkout';
import { starsAmountProblem } from '../../../domain/stars';
import type { InvoiceRepository, PaymentCheck, StarsInvoiceTarget } from '../../ports/InvoiceRepository';
import type { MessengerPlatform } from '../../ports/MessengerPlatform';
import type { Scheduler } from '../../ports/Scheduler';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';

export interface PayWithStarsInput {
  readonly target: StarsInvoiceTarget;
  /** Made once per tap of Pay by the caller. */
  readonly idempotencyKey: string;
  readonly signal?: AbortSignal;
  /** Called once the host's sheet has closed paid (or pending) and the app waits for the server's word. */
  readonly onConfirming?: () => void;
  /** Called once when that wait takes longer than usual. */
  readonly onSlow?: () => void;
}

/**
 * Where a Stars payment ended:
 * - cancelled: the payer closed Telegram's sheet; nothing was charged.
 * - failed: Telegram reported the payment failed (the bot refused it, or it did not go through); nothing was charged.
 * - paid: the server has the payment (the membership exists); details when the server's check gave them.
 * - pending: Telegram said paid or pending, but the server has not heard of it within the wait.
 */
export type StarsOutcome =
  | { readonly status: 'cancelled'; readonly paymentId: string }
  | { readonly status: 'failed'; readonly paymentId: string }
  | { readonly status: 'paid'; readonly paymentId: string; readonly details?: PaymentCheck }
  | { readonly status: 'pending'; readonly paymentId: string };

export type PayWithStarsError = Invalid<{ readonly field: 'stars' }> | RequestFailure;
export type PayWithStarsResult = Result<StarsOutcome, PayWithStarsError>;

/**
 * Pays an invoice in Telegram Stars: the server creates the payment and its Bot API invoice link, the host's payment
 * sheet takes the Stars (MessengerPlatform.openInvoice), and the status it reports decides what follows. A paid sheet
 * is not the end: access comes when the bot hears successful_payment, so the server is asked again after a growing
 * pause (about a minute in all) until it has the payment: the subscription's invoice answers already_subscribed, or
 * the payment's check answers paid. The create is never retried; the same key answers the first attempt.
 */
export class PayWithStars {
  private readonly attempts = new Map<string, Promise<PayWithStarsResult>>();

  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly platform: Pick<MessengerPlatform, 'openInvoice'>,
    private readonly scheduler: Scheduler,
  ) {}

  execute(input: PayWithStarsInput): Promise<PayWithStarsResult> {
    if (input.target.kind === 'donation' && starsAmountProblem(input.target.stars) !== null)
      return Promise.resolve(err(invalid({ field: 'stars' as const })));
    const previous = this.attempts.get(input.idempotencyKey);
    if (previous !== undefined) return previous;
    const attempt = this.pay(input);
    this.attempts.set(input.idempotencyKey, attempt);
    return attempt;
  }

  private async pay(input: PayWithStarsInput): Promise<PayWithStarsResult> {
    const created = await request(() => this.invoices.createStarsPayment(input.target, input.idempotencyKey));
    if (!created.ok) return created;
    const { paymentId, invoiceLink } = created.value;
    const status = await this.platform.openInvoice(invoiceLink);
    if (status === 'cancelled') return ok({ status: 'cancelled', paymentId });
    if (status === 'failed') return ok({ status: 'failed', paymentId });
    input.onConfirming?.();
    return ok(await this.confirm(input, paymentId, status === 'paid'));
  }

  private async confirm(input: PayWithStarsInput, paymentId: string, hostSaidPaid: boolean): Promise<StarsOutcome> {
    let waited = 0;
    let slowSaid = false;
    for (const pause of [0, ...STARS_CONFIRM_DELAYS_MS]) {
      if (pause > 0) {
        if (!(await this.wait(pause, input.signal))) break;
        waited += pause;
        if (!slowSaid && waited >= STARS_SLOW_AFTER_MS) {
          slowSaid = true;
          input.onSlow?.();
        }
      }
      const answer = await this.ask(input.target, paymentId, hostSaidPaid);
      if (answer !== null) return answer;
    }
    return { status: 'pending', paymentId };
  }

  /** The server's word on the payment, or null while it has none yet. */
  private async ask(
    target: StarsInvoiceTarget,
    paymentId: string,
    hostSaidPaid: boolean,
  ): Promise<StarsOutcome | null> {
    const check = await request(() => this.invoices.checkPayment(paymentId));
    if (check.ok && check.value.status === 'paid') return { status: 'paid', paymentId, details: check.value };
    if (check.ok && check.value.status === 'error') return { status: 'failed', paymentId };
    const checkUnavailable = !check.ok && !isConnectionTrouble(check.error);
    if (target.kind === 'subscription') {
      // The invoice of a subscription the payer holds answers already_subscribed: the membership is there.
      const invoice = await request(() => this.invoices.subscriptionInvoice(target.subscriptionId));
      if (!invoice.ok && invoice.error.code === 'already_subscribed') return { status: 'paid', paymentId };
      return null;
    }
    // A donation leaves no membership to look for: where the server cannot report the payment, Telegram's paid is it.
    return checkUnavailable && hostSaidPaid ? { status: 'paid', paymentId } : null;
  }

  private async wait(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
    if (signal?.aborted) return false;
    try {
      await this.scheduler.delay(ms, signal);
      return !signal?.aborted;
    } catch {
      return false;
    }
  }
}
