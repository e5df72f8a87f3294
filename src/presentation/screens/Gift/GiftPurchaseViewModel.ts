import { makeAutoObservable } from 'mobx';
import type { InvoiceRepository, SubscriptionInvoice } from '../../../application/ports/InvoiceRepository';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import { isGiftablePeriod } from '../../../domain/gift';
import { PAYMENT_FORM_PATH, PAYMENT_METHOD_PATH, type PaymentFlowStore } from '../../payment/PaymentFlowStore';
import { AsyncState, type ScreenState } from '../../shell/screenState';

/**
 * /invoice/subscription/:subscriptionId/gift: one period of a subscription as a gift (src/domain/gift.ts). Loads the
 * invoice whatever the payer's own membership (a member may give too), then hands the payment to the shared
 * PaymentFlowStore as a gift: card only, no promo code; its result is /gift/sent/:paymentId.
 */
export class GiftPurchaseViewModel {
  private readonly loader = new AsyncState(errorCodeOf);
  invoice: SubscriptionInvoice | null = null;

  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly flow: PaymentFlowStore,
    readonly subscriptionId: number,
  ) {
    makeAutoObservable<GiftPurchaseViewModel, 'loader' | 'invoices' | 'flow'>(
      this,
      { loader: false, invoices: false, flow: false, subscriptionId: false },
      { autoBind: true },
    );
  }

  get state(): ScreenState {
    return this.loader.state;
  }

  async load(): Promise<void> {
    await this.loader.run(
      () => this.invoices.subscriptionInvoice(this.subscriptionId, { gift: true }),
      (invoice) => (this.invoice = invoice),
    );
  }

  /** A one-time subscription has no period to give. */
  get giftable(): boolean {
    return this.invoice !== null && isGiftablePeriod(this.invoice.subscription.period);
  }

  /** The tap of Pay: the gift goes to the payment flow; answers the card screen to open (null: nothing to pay). */
  proceedToPayment(): string | null {
    const invoice = this.invoice;
    if (invoice === null || !this.giftable) return null;
    this.flow.setTarget({
      kind: 'subscription',
      id: this.subscriptionId,
      amount: invoice.subscription.price,
      channelName: invoice.channel.name,
      cards: invoice.cards,
      gift: true,
    });
    return invoice.cards.some((card) => card.active) ? PAYMENT_METHOD_PATH : PAYMENT_FORM_PATH;
  }

  dispose(): void {
    this.loader.dispose();
  }
}
