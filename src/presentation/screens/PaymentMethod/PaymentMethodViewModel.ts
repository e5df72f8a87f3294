import { makeAutoObservable, reaction } from 'mobx';
import type { SavedCard } from '../../../domain/entities';
import type { Money } from '../../../domain/money';
import type { ToastStore } from '../../toasts/ToastStore';
import { PAYMENT_FORM_PATH, type PaymentFlowStore } from '../../payment/PaymentFlowStore';
import { newIdempotencyKey } from '../../payment/idempotencyKey';
import { failureMessage } from '../../toasts/failureMessage';

/**
 * /payment/choicePaymentMethod: the payer's saved cards (primary first selected) or a new bank card. Paying with a
 * saved card starts here; a new card continues to the card form.
 */
export class PaymentMethodViewModel {
  private readonly stopErrorToasts: () => void;

  constructor(
    private readonly flow: PaymentFlowStore,
    private readonly toasts: ToastStore,
    private readonly makeKey: () => string = newIdempotencyKey,
  ) {
    makeAutoObservable<PaymentMethodViewModel, 'flow' | 'toasts' | 'makeKey' | 'stopErrorToasts'>(
      this,
      { flow: false, toasts: false, makeKey: false, stopErrorToasts: false },
      { autoBind: true },
    );
    // A payment that could not even start (no answer, card refused) is told in a toast; the user stays here.
    this.stopErrorToasts = reaction(
      () => this.flow.requestError,
      (error) => {
        if (error === null) return;
        this.toasts.fail(failureMessage(error, 'payment.unknownError'));
        this.flow.clearRequestError();
      },
    );
  }

  get flowNavigation(): Pick<PaymentFlowStore, 'navigation' | 'consumeNavigation'> {
    return this.flow;
  }

  /** Nothing to pay (the page was opened directly or reloaded): the screen offers a way out. */
  get hasTarget(): boolean {
    return this.flow.target !== null;
  }

  get amount(): Money | null {
    return this.flow.target?.amount ?? null;
  }

  get cards(): readonly SavedCard[] {
    return this.flow.target?.cards ?? [];
  }

  /** The chosen saved card, or null for a new bank card. */
  get selectedCardId(): number | null {
    return this.flow.selectedCardId;
  }

  get isPaying(): boolean {
    return this.flow.isPaying;
  }

  select(cardId: number | null): void {
    if (this.isPaying) return;
    this.flow.selectCard(cardId);
  }

  /**
   * The tap of the main button: a saved card pays now (one Idempotency-Key for this tap), a new card goes to the
   * form. Answers the route to open, if any.
   */
  continue(): string | null {
    const cardId = this.selectedCardId;
    if (cardId === null) return PAYMENT_FORM_PATH;
    if (this.isPaying) return null;
    void this.flow.pay({ kind: 'saved_card', cardId }, this.makeKey());
    return null;
  }

  dispose(): void {
    this.stopErrorToasts();
  }
}
