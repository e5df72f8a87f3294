import { makeAutoObservable, runInAction } from 'mobx';
import type { MessengerPlatform } from '../../../application/ports/MessengerPlatform';
import type { NewPromoCode, PromoCode, PromoRepository } from '../../../application/ports/PromoRepository';
import { errorCodeOf, errorDetailOf, errorMessageOf } from '../../../application/ports/RepositoryError';
import type { SubscriptionRepository } from '../../../application/ports/SubscriptionRepository';
import { parseDecimalAmount } from '../../../domain/amounts';
import type { Subscription } from '../../../domain/entities';
import { money } from '../../../domain/money';
import { PROMO_MAX_PERIODS, type PromoDuration, normalizePromoCode } from '../../../domain/promo';
import { AsyncState } from '../../shell/screenState';
import type { ToastStore } from '../../toasts/ToastStore';
import { failureMessage } from '../../toasts/failureMessage';

/** What the new-code form holds, as typed. */
export interface PromoDraft {
  code: string;
  scope: 'subscription' | 'channel';
  discountType: 'percent' | 'fixed';
  percent: string;
  amount: string;
  duration: PromoDuration;
  periods: string;
  maxRedemptions: string;
  /** yyyy-MM-dd (the last day it redeems, UTC), or ''. */
  endDate: string;
  newMembersOnly: boolean;
}

const emptyDraft = (): PromoDraft => ({
  code: '',
  scope: 'subscription',
  discountType: 'percent',
  percent: '',
  amount: '',
  duration: 'first',
  periods: '3',
  maxRedemptions: '',
  endDate: '',
  newMembersOnly: false,
});

const wholeNumber = (text: string, min: number, max: number): number | null => {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
};

/**
 * /channel/:channelId/subscription/:subscriptionId/promos: the creator's promo codes of a subscription (its own and
 * its channel's) with redemptions and revenue; create, share, pause, resume and delete.
 */
export class PromoCodesViewModel {
  readonly loader = new AsyncState(errorCodeOf);
  subscription: Subscription | null = null;
  promos: PromoCode[] = [];
  formOpen = false;
  draft: PromoDraft = emptyDraft();
  saving = false;
  /** The code whose action runs. */
  busyId: number | null = null;

  constructor(
    private readonly repository: PromoRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly toasts: ToastStore,
    private readonly platform: MessengerPlatform,
    readonly subscriptionId: number,
  ) {
    makeAutoObservable<PromoCodesViewModel, 'repository' | 'subscriptions' | 'toasts' | 'platform'>(
      this,
      { repository: false, subscriptions: false, toasts: false, platform: false, loader: false, subscriptionId: false },
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
    this.draft = emptyDraft();
  }

  change<K extends keyof PromoDraft>(field: K, value: PromoDraft[K]): void {
    this.draft = { ...this.draft, [field]: value };
  }

  /** The draft as a request, or the i18n key of the first thing wrong with it. */
  get checked(): { ok: true; value: NewPromoCode } | { ok: false; error: string } {
    const { draft, subscription } = this;
    if (subscription === null) return { ok: false, error: 'promo.form.error.code' };
    const code = normalizePromoCode(draft.code);
    if (code === null) return { ok: false, error: 'promo.form.error.code' };
    let discount: NewPromoCode['discount'];
    if (draft.discountType === 'percent') {
      const percent = wholeNumber(draft.percent, 1, 100);
      if (percent === null) return { ok: false, error: 'promo.form.error.percent' };
      discount = { kind: 'percent', percent };
    } else {
      const minor = parseDecimalAmount(draft.amount, subscription.price.currency);
      if (minor === null || minor <= 0) return { ok: false, error: 'promo.form.error.amount' };
      discount = { kind: 'fixed', amount: money(minor, subscription.price.currency) };
    }
    const periods = draft.duration === 'periods' ? wholeNumber(draft.periods, 2, PROMO_MAX_PERIODS) : undefined;
    if (periods === null) return { ok: false, error: 'promo.form.error.periods' };
    const max = draft.maxRedemptions.trim() === '' ? undefined : wholeNumber(draft.maxRedemptions, 1, 1_000_000);
    if (max === null) return { ok: false, error: 'promo.form.error.max' };
    let endsAt: number | undefined;
    if (draft.endDate !== '') {
      const end = Date.parse(`${draft.endDate}T23:59:59Z`);
      if (Number.isNaN(end)) return { ok: false, error: 'promo.form.error.endDate' };
      endsAt = Math.floor(end / 1000) + 1;
    }
    return {
      ok: true,
      value: {
        code,
        scope: draft.scope,
        discount,
        duration: draft.duration,
        ...(periods === undefined ? {} : { periods }),
        ...(max === undefined ? {} : { maxRedemptions: max }),
        ...(endsAt === undefined ? {} : { endsAt }),
        newMembersOnly: draft.newMembersOnly,
      },
    };
  }

  async create(): Promise<void> {
    if (this.saving) return;
    const checked = this.checked;
    if (!checked.ok) {
      this.toasts.fail(checked.error);
      return;
    }
    this.saving = true;
    try {
      const promo = await this.repository.create(this.subscriptionId, checked.value);
      runInAction(() => {
        this.promos = [promo, ...this.promos];
        this.closeForm();
      });
      this.toasts.success('promo.created');
    } catch (error) {
      this.failed(error);
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  async togglePaused(promo: PromoCode): Promise<void> {
    if (this.busyId !== null) return;
    this.busyId = promo.id;
    try {
      const changed = await this.repository.setPaused(promo.id, !promo.paused);
      runInAction(() => {
        // Keep this list's share link (a channel code's answer names no subscription).
        this.promos = this.promos.map((row) => (row.id === promo.id ? { ...changed, shareLink: row.shareLink } : row));
      });
    } catch (error) {
      this.failed(error);
    } finally {
      runInAction(() => (this.busyId = null));
    }
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
    try {
      await this.repository.remove(promo.id);
      runInAction(() => (this.promos = this.promos.filter((row) => row.id !== promo.id)));
      this.toasts.success('promo.deleted');
    } catch (error) {
      this.failed(error);
    } finally {
      runInAction(() => (this.busyId = null));
    }
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

  private failed(error: unknown): void {
    const reason = errorDetailOf(error, 'reason');
    if (reason === 'promo_code_taken' || reason === 'promo_code_format' || reason === 'promo_end_past')
      this.toasts.fail(`promo.form.error.${reason}`);
    else this.toasts.fail(failureMessage({ code: errorCodeOf(error), message: errorMessageOf(error) }));
  }

  dispose(): void {
    this.loader.dispose();
  }
}
