import { makeAutoObservable } from 'mobx';
import type { MessengerPlatform } from '../../application/ports/MessengerPlatform';
import type { InvoiceKind } from '../../domain/invoice';

/** A route change the payment flow asks for; the mounted payment screen performs it. */
export interface FlowNavigation {
  readonly to: string;
  readonly replace: boolean;
}

/** What the payment flow does to the host: open pages, close the app. */
export type PaymentHost = Pick<MessengerPlatform, 'openLink' | 'openTelegramLink' | 'close'>;

/** A t.me link opens inside the messenger; anything else in the browser. */
export function isTelegramLink(url: string): boolean {
  return /^https?:\/\/(t|telegram)\.me\//i.test(url);
}

/**
 * The payment session's effects outside its own state: the route changes it asks the mounted payment screen for
 * (`useFlowNavigation` performs them) and what it does to the host (the hosted page of a link payment, the channel
 * after a subscription, closing after a donation). A singleton beside PaymentFlowStore, so a pending request survives
 * route changes too.
 */
export class PaymentFlowEffects {
  navigation: FlowNavigation | null = null;

  constructor(private readonly host: PaymentHost) {
    makeAutoObservable<PaymentFlowEffects, 'host'>(this, { host: false }, { autoBind: true });
  }

  /** Asks the mounted payment screen to go to `to` (replacing the current entry: results are not history). */
  navigate(to: string): void {
    this.navigation = { to, replace: true };
  }

  consumeNavigation(): FlowNavigation | null {
    const next = this.navigation;
    this.navigation = null;
    return next;
  }

  forgetNavigation(): void {
    this.navigation = null;
  }

  /** The provider's hosted page of a link payment. */
  openPaymentPage(url: string): void {
    this.host.openLink(url);
  }

  /** After a paid payment: a subscriber goes to the channel (by the invite link), a donor is done and the app closes. */
  leaveAfterPayment(kind: InvoiceKind, inviteLink: string | undefined): void {
    if (kind === 'subscription' && inviteLink) {
      if (isTelegramLink(inviteLink)) this.host.openTelegramLink(inviteLink);
      else this.host.openLink(inviteLink);
      return;
    }
    if (kind === 'donation') this.host.close();
  }
}
