import { makeAutoObservable, runInAction } from 'mobx';
import type { GiftPurchase, GiftRepository } from '../../../application/ports/GiftRepository';
import type { MessengerPlatform } from '../../../application/ports/MessengerPlatform';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { Scheduler } from '../../../application/ports/Scheduler';
import { type PaymentFailureReason, paymentFailureReason } from '../../../domain/payment-failure';
import { PAYMENT_CHECK_POLL_MS } from '../../../domain/timings';
import { giftInvoicePath } from '../../../domain/gift';
import { AsyncState, type ScreenState } from '../../shell/screenState';
import type { ToastStore } from '../../toasts/ToastStore';

/** Checks of a payment still under way before the screen stops asking (the giver may come back to it). */
const MAX_POLLS = 60;

/** What the giver's gift page shows. */
export type GiftSentView =
  | { readonly kind: 'pending' }
  | { readonly kind: 'failed'; readonly code: string; readonly reason: PaymentFailureReason }
  | { readonly kind: 'ready'; readonly purchase: GiftPurchase & { readonly gift: NonNullable<GiftPurchase['gift']> } };

/**
 * /gift/sent/:paymentId: the giver's gift. While the payment is under way it asks the server every second (which asks
 * the provider); once paid it shows the gift's link with Share (the messenger's share sheet: t.me/share/url) and Copy.
 */
export class GiftSentViewModel {
  private readonly loader = new AsyncState(errorCodeOf);
  purchase: GiftPurchase | null = null;
  private readonly abort = new AbortController();

  constructor(
    private readonly gifts: GiftRepository,
    private readonly platform: MessengerPlatform,
    private readonly toasts: ToastStore,
    private readonly scheduler: Scheduler,
    readonly paymentId: string,
  ) {
    makeAutoObservable<GiftSentViewModel, 'loader' | 'gifts' | 'platform' | 'toasts' | 'scheduler' | 'abort'>(
      this,
      { loader: false, gifts: false, platform: false, toasts: false, scheduler: false, abort: false, paymentId: false },
      { autoBind: true },
    );
  }

  get state(): ScreenState {
    return this.loader.state;
  }

  async load(): Promise<void> {
    const loaded = await this.loader.run(
      () => this.gifts.purchase(this.paymentId),
      (purchase) => (this.purchase = purchase),
    );
    if (loaded === undefined) return;
    for (let poll = 0; poll < MAX_POLLS && this.isOpen; poll += 1) {
      try {
        await this.scheduler.delay(PAYMENT_CHECK_POLL_MS, this.abort.signal);
        const purchase = await this.gifts.purchase(this.paymentId);
        runInAction(() => (this.purchase = purchase));
      } catch {
        return; // aborted, or the check failed: the screen shows the last answer
      }
    }
  }

  private get isOpen(): boolean {
    const purchase = this.purchase;
    return purchase !== null && (purchase.status === 'pending' || purchase.status === 'action_required');
  }

  get view(): GiftSentView {
    const purchase = this.purchase;
    if (purchase === null || this.isOpen) return { kind: 'pending' };
    if (purchase.status === 'error' || purchase.gift === null) {
      const code = purchase.error?.code ?? 'error_unknown';
      return { kind: 'failed', code, reason: paymentFailureReason(code) };
    }
    return { kind: 'ready', purchase: { ...purchase, gift: purchase.gift } };
  }

  /** Where "Try again" goes after a failed payment: the gift's payment page. */
  get retryPath(): string | null {
    const gift = this.purchase?.gift;
    return gift ? giftInvoicePath(gift.subscriptionId) : null;
  }

  /** The messenger's share sheet with the link and a line saying what it is (`text`, already in the page language). */
  share(text: string): void {
    const link = this.purchase?.gift?.link;
    if (link === undefined) return;
    this.platform.openTelegramLink(
      `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(text)}`,
    );
  }

  async copy(): Promise<void> {
    const link = this.purchase?.gift?.link;
    if (link === undefined) return;
    if (await this.platform.copyToClipboard(link)) this.toasts.copied();
    else this.toasts.fail('common.toast.failed');
  }

  dispose(): void {
    this.abort.abort();
    this.loader.dispose();
  }
}
