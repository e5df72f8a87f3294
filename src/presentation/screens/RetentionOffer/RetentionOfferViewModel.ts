import { makeAutoObservable, runInAction } from 'mobx';
import { errorCodeOf, errorMessageOf } from '../../../application/ports/RepositoryError';
import type { CreatorRetention, RetentionRepository } from '../../../application/ports/RetentionRepository';
import type { SubscriptionRepository } from '../../../application/ports/SubscriptionRepository';
import type { SaveRetentionOffer } from '../../../application/use-cases/retention/SaveRetentionOffer';
import type { Subscription } from '../../../domain/entities';
import type { Money } from '../../../domain/money';
import { retentionPrice } from '../../../domain/retention';
import { AsyncState } from '../../shell/screenState';
import type { ToastStore } from '../../toasts/ToastStore';
import { failureMessage } from '../../toasts/failureMessage';

const wholeOrNull = (text: string): number | null => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * /channel/:channelId/subscription/:subscriptionId/retention: the creator's retention offer of a recurring
 * subscription (set, change, remove) and how many followers who cancelled were shown it, stayed and left.
 */
export class RetentionOfferViewModel {
  readonly loader = new AsyncState(errorCodeOf);
  subscription: Subscription | null = null;
  retention: CreatorRetention | null = null;
  percent = '';
  renewals = '';
  busy: 'save' | 'remove' | null = null;

  constructor(
    private readonly repository: RetentionRepository,
    private readonly saveOffer: SaveRetentionOffer,
    private readonly subscriptions: SubscriptionRepository,
    private readonly toasts: ToastStore,
    readonly subscriptionId: number,
  ) {
    makeAutoObservable<RetentionOfferViewModel, 'repository' | 'saveOffer' | 'subscriptions' | 'toasts'>(
      this,
      {
        repository: false,
        saveOffer: false,
        subscriptions: false,
        toasts: false,
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
        const [detail, retention] = await Promise.all([
          this.subscriptions.detail(this.subscriptionId),
          this.repository.creatorOffer(this.subscriptionId),
        ]);
        return { subscription: detail.subscription, retention };
      },
      ({ subscription, retention }) => {
        this.subscription = subscription;
        this.show(retention);
      },
    );
  }

  private show(retention: CreatorRetention): void {
    this.retention = retention;
    this.percent = retention.offer === null ? '' : String(retention.offer.percent);
    this.renewals = retention.offer === null ? '' : String(retention.offer.renewals);
  }

  setPercent(text: string): void {
    this.percent = text.replace(/\D/g, '').slice(0, 2);
  }

  setRenewals(text: string): void {
    this.renewals = text.replace(/\D/g, '').slice(0, 2);
  }

  /** What the offer as typed makes the subscription's price, for the preview; null while not valid. */
  get preview(): { readonly price: Money; readonly charged: Money } | null {
    const percent = wholeOrNull(this.percent);
    if (this.subscription === null || percent === null || percent < 5 || percent > 90) return null;
    const { price, charged } = retentionPrice(this.subscription.price, percent);
    return { price, charged };
  }

  async save(): Promise<void> {
    if (this.busy !== null) return;
    this.busy = 'save';
    const result = await this.saveOffer.execute(this.subscriptionId, {
      percent: wholeOrNull(this.percent),
      renewals: wholeOrNull(this.renewals),
    });
    runInAction(() => {
      this.busy = null;
      if (result.ok) {
        this.show(result.value);
        this.toasts.success('retention.saved');
      } else if (result.error.kind === 'invalid') {
        this.toasts.fail(
          result.error.code === 'retention_percent_range' ? 'retention.errorPercent' : 'retention.errorRenewals',
        );
      } else {
        this.toasts.fail(failureMessage(result.error));
      }
    });
  }

  async remove(): Promise<void> {
    if (this.busy !== null || this.retention?.offer == null) return;
    this.busy = 'remove';
    try {
      const retention = await this.repository.removeOffer(this.subscriptionId);
      runInAction(() => this.show(retention));
      this.toasts.success('retention.removed');
    } catch (error) {
      this.toasts.fail(failureMessage({ code: errorCodeOf(error), message: errorMessageOf(error) }));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  dispose(): void {
    this.loader.dispose();
  }
}
