import { type AmountError, checkAmount } from '../../../domain/amounts';
import { type Result, err, ok } from '../../../domain/result';
import type {
  CreatedPayment,
  InvoiceRepository,
  InvoiceTarget,
  PaymentInstrument,
} from '../../ports/InvoiceRepository';
import type { CardDetails, ProviderGateway } from '../../ports/ProviderGateway';
import type { Scheduler } from '../../ports/Scheduler';
import { type Invalid, type RequestFailure, invalid, request, requestFailure } from '../shared/failures';
import type { PaymentOutcome, PollOptions } from './PaymentOutcome';
import { outcomeOf, pollPaymentCheck, unexpectedAnswer } from './pollPayment';
import { type MalformedInput, checkInput, instanceOf } from '../../inputs/checkInput';
import { CardDetailsInput, PayInvoiceCommand, PaymentMethodChoiceInput, PaymentTargetInput } from '../../inputs/forms';

export type PaymentMethodInput =
  /** Card typed into the embedded form: tokenised at the provider, the number never reaches our server. */
  | { readonly kind: 'new_card'; readonly card: CardDetails; readonly saveCard: boolean }
  | { readonly kind: 'saved_card'; readonly cardId: number }
  /** Hosted payment page. */
  | { readonly kind: 'link' };

export interface PayInvoiceInput {
  readonly target: InvoiceTarget;
  readonly method: PaymentMethodInput;
  /** Made once per user action by the caller (a pay tap), reused by nothing else. */
  readonly idempotencyKey: string;
  readonly signal?: AbortSignal;
}

export type PayInvoiceError = MalformedInput | Invalid<{ readonly field: 'amount' } & AmountError> | RequestFailure;
export type PayInvoiceResult = Result<PaymentOutcome, PayInvoiceError>;

/**
 * Pays an invoice (spec section 4). New card: tokenise at the provider, create the payment, poll the provider session
 * every second until final. Saved card: create, then check (every second while pending). Link: create and answer
 * the hosted page url. A create is never retried: a second execute with the same key answers the first attempt
 * (and the server replays the first payment for a key it has seen).
 */
export class PayInvoice {
  private readonly attempts = new Map<string, Promise<PayInvoiceResult>>();

  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly provider: ProviderGateway,
    private readonly scheduler: Scheduler,
    private readonly options: Pick<PollOptions, 'maxPolls'> = {},
  ) {}

  execute(input: PayInvoiceInput): Promise<PayInvoiceResult> {
    const shaped = checkInput(PayInvoiceCommand, input, (command) => {
      command.target = instanceOf(PaymentTargetInput, command.target) as PaymentTargetInput;
      const method = instanceOf(PaymentMethodChoiceInput, command.method) as PaymentMethodChoiceInput;
      if (typeof method === 'object' && method !== null && method.kind === 'new_card')
        method.card = instanceOf(CardDetailsInput, method.card) as CardDetailsInput;
      command.method = method;
    });
    if (!shaped.ok) return Promise.resolve(shaped);
    const previous = this.attempts.get(input.idempotencyKey);
    if (previous !== undefined) return previous;
    const attempt = this.pay(input);
    this.attempts.set(input.idempotencyKey, attempt);
    return attempt;
  }

  private async pay(input: PayInvoiceInput): Promise<PayInvoiceResult> {
    if (input.target.kind === 'donation') {
      const amount = checkAmount('donation', input.target.amount);
      if (!amount.ok) return err(invalid({ field: 'amount', ...amount.error } as const));
    }
    const instrument = await this.instrumentFor(input.method);
    if (!instrument.ok) return instrument;
    if (input.signal?.aborted) return err(requestFailure('request_aborted'));

    const created = await request(() =>
      this.invoices.createPayment(input.target, instrument.value, input.idempotencyKey),
    );
    if (!created.ok) return created;
    return this.follow(created.value, input);
  }

  private async instrumentFor(method: PaymentMethodInput): Promise<Result<PaymentInstrument, RequestFailure>> {
    switch (method.kind) {
      case 'link':
        return ok({ method: 'smart_glocal' });
      case 'saved_card':
        return ok({ method: 'smart_glocal_saved_card', cardId: method.cardId });
      case 'new_card': {
        // A public token for this one tokenisation comes from our server; the card itself goes only to the provider.
        const access = await request(() => this.invoices.cardTokenization());
        if (!access.ok) return access;
        const token = await request(() => this.provider.tokenizeCard(method.card, access.value));
        return token.ok
          ? ok({
              method: 'smart_glocal_form',
              cardToken: token.value.token,
              publicToken: access.value.publicToken,
              saveCard: method.saveCard,
            })
          : token;
      }
    }
  }

  /** From the create answer to a final outcome. */
  private async follow(created: CreatedPayment, input: PayInvoiceInput): Promise<PayInvoiceResult> {
    const { paymentId } = created;
    const settled = outcomeOf(paymentId, created);
    const polling = { signal: input.signal, maxPolls: this.options.maxPolls };
    switch (input.method.kind) {
      case 'link':
        if (settled !== null && settled.status !== 'paid') return ok(settled);
        return created.url ? ok({ status: 'link', paymentId, url: created.url }) : unexpectedAnswer(paymentId);
      case 'saved_card':
      case 'new_card':
        if (settled !== null && settled.status !== 'paid') return ok(settled);
        // Even an immediately paid answer is checked once, for the transaction and invite link.
        return pollPaymentCheck(this.invoices, this.scheduler, paymentId, { ...polling, immediate: true });
    }
  }
}
