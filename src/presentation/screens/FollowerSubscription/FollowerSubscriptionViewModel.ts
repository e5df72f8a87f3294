import { makeAutoObservable } from 'mobx';
import type { Clock } from '../../../application/ports/Clock';
import type { Dialogs } from '../../../application/ports/Dialogs';
import type { FollowerMembership, FollowerRepository } from '../../../application/ports/FollowerRepository';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { CancelFollowerSubscription } from '../../../application/use-cases/follower/CancelFollowerSubscription';
import type { RenewFollowerSubscription } from '../../../application/use-cases/follower/RenewFollowerSubscription';
import type { RetentionOfferQuote } from '../../../application/ports/RetentionRepository';
import type { AcceptRetentionOffer } from '../../../application/use-cases/retention/AcceptRetentionOffer';
import type { DeclineRetentionOffer } from '../../../application/use-cases/retention/DeclineRetentionOffer';
import type { ShowRetentionOffer } from '../../../application/use-cases/retention/ShowRetentionOffer';
import { type FollowerSubscriptionView, followerSubscriptionView } from '../../../domain/follower-subscription';
import { invoicePath } from '../../../domain/invoice';
import { newIdempotencyKey } from '../../payment/idempotencyKey';
import type { ConfirmTexts } from '../../shared/dialogs';
import type { ToastStore } from '../../toasts/ToastStore';
import { AsyncState, type ScreenState } from '../../shell/screenState';
import { failureMessage } from '../../toasts/failureMessage';

/**
 * /follower/subscription/{subscriptionMemberId}: the follower's own membership (spec section 4): the renews-on,
 * expires-on or expired-on line (with the deleted suffix), cancel with a confirmation stating the date, and renew
 * (a cancelled, unexpired one reactivates; an expired one goes to the invoice to pay again). One-time has neither.
 * Cancel first asks for the creator's retention offer: when there is one the screen shows it (Accept, or "No,
 * cancel"), else the host's confirmation popup as before; an offer gone meanwhile falls back to that popup.
 */
export class FollowerSubscriptionViewModel {
  private readonly loader: AsyncState;
  membership: FollowerMembership | null = null;
  busy: 'cancel' | 'renew' | 'accept' | null = null;
  /** The retention offer shown instead of the plain confirmation; null: none shown. */
  offer: RetentionOfferQuote | null = null;

  constructor(
    private readonly follower: FollowerRepository,
    private readonly cancelSubscription: CancelFollowerSubscription,
    private readonly renewSubscription: RenewFollowerSubscription,
    private readonly showOffer: ShowRetentionOffer,
    private readonly acceptOffer: AcceptRetentionOffer,
    private readonly declineOffer: DeclineRetentionOffer,
    private readonly toasts: ToastStore,
    private readonly clock: Clock,
    private readonly dialogs: Dialogs,
    readonly memberId: number,
  ) {
    this.loader = new AsyncState(errorCodeOf);
    makeAutoObservable<
      FollowerSubscriptionViewModel,
      | 'loader'
      | 'follower'
      | 'cancelSubscription'
      | 'renewSubscription'
      | 'showOffer'
      | 'acceptOffer'
      | 'declineOffer'
      | 'toasts'
      | 'clock'
      | 'dialogs'
    >(
      this,
      {
        follower: false,
        cancelSubscription: false,
        renewSubscription: false,
        showOffer: false,
        acceptOffer: false,
        declineOffer: false,
        toasts: false,
        clock: false,
        dialogs: false,
        loader: false,
        memberId: false,
        now: false,
      },
      { autoBind: true },
    );
  }

  /** Reads what the screen shows; the screen frame follows `state` (retry calls this again). */
  get state(): ScreenState {
    return this.loader.state;
  }

  async load(): Promise<void> {
    await this.loader.run(
      () => this.follower.member(this.memberId),
      (membership) => (this.membership = membership),
    );
  }

  /** The rules' reading of the membership now; null until loaded. */
  get view(): FollowerSubscriptionView | null {
    const membership = this.membership;
    return membership === null
      ? null
      : followerSubscriptionView(membership.member, membership.subscription, this.clock.now());
  }

  /** i18n key of the date line, e.g. follower.line.renews_on (suffix added by the screen when `deletedSuffix`). */
  get lineKey(): string | null {
    const line = this.view?.line;
    if (!line) return null;
    return line.kind === 'trial_until' ? 'trial.until' : `follower.line.${line.kind}`;
  }

  /** The time dates are shown relative to (read on every call: it is not observable). */
  now(): number {
    return this.clock.now();
  }

  /**
   * The Cancel button: shows the retention offer when the creator made one this follower has not answered, else the
   * plain confirmation (`texts`).
   */
  async startCancel(texts: ConfirmTexts): Promise<void> {
    const membership = this.membership;
    if (membership === null || this.busy !== null) return;
    this.busy = 'cancel';
    const result = await this.showOffer.execute(membership);
    this.busy = null;
    if (result.ok && result.value !== null) {
      this.offer = result.value;
      return;
    }
    await this.confirmCancel(texts);
  }

  /** Accept: the membership stays at the offered price. An offer gone meanwhile falls back to the plain confirmation. */
  async accept(texts: ConfirmTexts): Promise<void> {
    const membership = this.membership;
    const offer = this.offer;
    if (membership === null || offer === null || this.busy !== null) return;
    this.busy = 'accept';
    const result = await this.acceptOffer.execute(membership.member.id, offer, newIdempotencyKey());
    this.busy = null;
    if (result.ok) {
      this.membership = result.value;
      this.offer = null;
      this.toasts.success('retention.stayedToast');
      return;
    }
    if (result.error.code === 'retention_offer_unavailable') {
      this.offer = null;
      await this.confirmCancel(texts);
      return;
    }
    this.toasts.fail(failureMessage(result.error));
  }

  /** "No, cancel": cancels as the plain confirmation does, and the creator counts the answer. */
  async decline(): Promise<void> {
    const membership = this.membership;
    if (membership === null || this.offer === null || this.busy !== null) return;
    this.busy = 'cancel';
    const result = await this.declineOffer.execute(membership.member.id);
    if (result.ok) this.offer = null;
    this.done(result, 'follower.cancelled');
  }

  /** Asks the host's confirmation popup (its text states until when access stays), then cancels. */
  async confirmCancel(texts: ConfirmTexts): Promise<void> {
    if (this.membership === null || this.busy !== null) return;
    const answer = await this.dialogs.showPopup({
      title: texts.title,
      message: texts.message,
      buttons: [
        { id: 'cancel-subscription', type: 'destructive', text: texts.confirm },
        texts.keep === undefined ? { id: 'keep', type: 'cancel' } : { id: 'keep', type: 'default', text: texts.keep },
      ],
    });
    if (answer === 'cancel-subscription') await this.cancel();
  }

  /** After the user confirmed: stops renewal, access stays until expiry. */
  async cancel(): Promise<void> {
    const membership = this.membership;
    if (membership === null || this.busy !== null) return;
    this.busy = 'cancel';
    const result = await this.cancelSubscription.execute(membership);
    this.done(result, 'follower.cancelled');
  }

  /**
   * Renews: a cancelled, unexpired membership is active again at once; an expired one answers the invoice path to
   * pay again (the screen opens it). Answers that path, or null.
   */
  async renew(): Promise<string | null> {
    const membership = this.membership;
    if (membership === null || this.busy !== null) return null;
    this.busy = 'renew';
    const result = await this.renewSubscription.execute(membership);
    if (result.ok && result.value.renewal?.action === 'pay_invoice')
      return this.payAgain(result.value.renewal.subscriptionId);
    this.done(result, 'follower.renewed');
    return null;
  }

  private payAgain(subscriptionId: number): string {
    this.busy = null;
    return invoicePath('subscription', subscriptionId);
  }

  private done(
    result:
      | { readonly ok: true; readonly value: FollowerMembership }
      | {
          readonly ok: false;
          readonly error: { readonly kind: string; readonly code: string; readonly message?: string };
        },
    successKey: string,
  ): void {
    this.busy = null;
    if (result.ok) {
      this.membership = result.value;
      this.toasts.success(successKey);
    } else {
      this.toasts.fail(failureMessage(result.error));
    }
  }

  dispose(): void {
    this.loader.dispose();
  }
}
