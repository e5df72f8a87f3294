import { makeAutoObservable, runInAction } from 'mobx';
import type { MessengerPlatform } from '../../../application/ports/MessengerPlatform';
import type { PromoCode, PromoRepository } from '../../../application/ports/PromoRepository';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { SubscriptionRepository } from '../../../application/ports/SubscriptionRepository';
import type { RequestFailure } from '../../../application/use-cases/shared/failures';
import type { CreatePromoCode } from '../../../application/use-cases/promos/CreatePromoCode';
import type { DeletePromoCode } from '../../../application/use-cases/promos/DeletePromoCode';
import type { SetPromoCodePaused } from '../../../application/use-cases/promos/SetPromoCodePaused';
import type { Subscription } from '../../../domain/entities';
import { type PromoDraft, emptyPromoDraft } from '../../../domain/promo-form';
import { AsyncState } from '../../shell/screenState';
import type { ToastStore } from '../../toasts/ToastStore';
import { failureMessage } from '../../toasts/failureMessage';

export type { PromoDraft };

/**
 * /channel/:channelId/subscription/:subscriptionId/promos: the creator's promo codes of a subscription (its own and
 * its channel's) with redemptions and revenue; create, share, pause, resume and delete.
 */
export class PromoCodesViewModel {
  readonly loader = new AsyncState(errorCodeOf);
  subscription: Subscription | null = null;
  promos: PromoCode[] = [];
  formOpen = false;
  draft: PromoDraft = emptyPromoDraft();
  saving = false;
  /** The code whose action runs. */
  busyId: number | null = null;

  constructor(
    private readonly repository: PromoRepository,
    private readonly createPromo: CreatePromoCode,
    private readonly setPaused: SetPromoCodePaused,
    private readonly deletePromo: DeletePromoCode,
    private readonly subscriptions: SubscriptionRepository,
    private readonly toasts: ToastStore,
    private readonly platform: MessengerPlatform,
    readonly subscriptionId: number,
  ) {
    makeAutoObservable<
      PromoCodesViewModel,
      'repository' | 'createPromo' | 'setPaused' | 'deletePromo' | 'subscriptions' | 'toasts' | 'platform'
    >(
      this,
      {
        repository: false,
        createPromo: false,
        setPaused: false,
        deletePromo: false,
        subscriptions: false,
        toasts: false,
        platform: false,
        loader: false,
        subscriptionId: false,
      },
      { autoBind: true },
    );
  }

  get state() {
    return this.loader.state;
  }

  async load(): Promise<void> {
    await this.loader.run(
      async () => {
        const [detail, promos] = await Promise.all([
          this.subscriptions.detail(this.subscriptionId),
          this.repository.list(this.subscriptionId),
        ]);
        return { subscription: detail.subscription, promos };
      },
      ({ subscription, promos }) => {
        this.subscription = subscription;
        this.promos = promos;
      },
    );
  }

  openForm(): void {
    this.formOpen = true;
  }

  closeForm(): void {
    this.formOpen = false;
    this.draft = emptyPromoDraft();
  }

  change<K extends keyof PromoDraft>(field: K, value: PromoDraft[K]): void {
    this.draft = { ...this.draft, [field]: value };
  }

  async create(): Promise<void> {
    if (this.saving) return;
    const { subscription } = this;
    if (subscription === null) return;
    this.saving = true;
    const created = await this.createPromo.execute({
      subscriptionId: this.subscriptionId,
      currency: subscription.price.currency,
      draft: this.draft,
    });
    runInAction(() => {
      this.saving = false;
      if (created.ok) {
        this.promos = [created.value, ...this.promos];
        this.closeForm();
      }
    });
    if (created.ok) this.toasts.success('promo.created');
    else if (created.error.kind === 'invalid') this.toasts.fail(`promo.form.error.${created.error.field}`);
    else this.failed(created.error);
  }

  async togglePaused(promo: PromoCode): Promise<void> {
    if (this.busyId !== null) return;
    this.busyId = promo.id;
    const changed = await this.setPaused.execute({ promoId: promo.id, paused: !promo.paused });
    runInAction(() => {
      this.busyId = null;
      // Keep this list's share link (a channel code's answer names no subscription).
      if (changed.ok)
        this.promos = this.promos.map((row) =>
          row.id === promo.id ? { ...changed.value, shareLink: row.shareLink } : row,
        );
    });
    if (!changed.ok) this.failed(changed.error);
  }

  async remove(promo: PromoCode, texts: { title: string; message: string; confirm: string }): Promise<void> {
    if (this.busyId !== null) return;
    const answer = await this.platform.showPopup({
      title: texts.title,
      message: texts.message,
      buttons: [
        { id: 'cancel', type: 'cancel' },
        { id: 'delete', type: 'destructive', text: texts.confirm },
      ],
    });
    if (answer !== 'delete') return;
    runInAction(() => (this.busyId = promo.id));
    const removed = await this.deletePromo.execute({ promoId: promo.id });
    runInAction(() => {
      this.busyId = null;
      if (removed.ok) this.promos = this.promos.filter((row) => row.id !== promo.id);
    });
    if (removed.ok) this.toasts.success('promo.deleted');
    else this.failed(removed.error);
  }

  async copyLink(promo: PromoCode): Promise<void> {
    if (promo.shareLink === null) return;
    if (await this.platform.copyToClipboard(promo.shareLink)) this.toasts.copied();
    else this.toasts.fail('common.toast.failed');
  }

  /** The messenger's share sheet with the link. */
  share(promo: PromoCode): void {
    if (promo.shareLink === null) return;
    this.platform.openTelegramLink(`https://t.me/share/url?url=${encodeURIComponent(promo.shareLink)}`);
  }

  private failed(failure: RequestFailure): void {
    const reason = failure.details['reason'];
    if (reason === 'promo_code_taken' || reason === 'promo_code_format' || reason === 'promo_end_past')
      this.toasts.fail(`promo.form.error.${reason}`);
    else this.toasts.fail(failureMessage(failure));
  }

  dispose(): void {
    this.loader.dispose();
  }
}
