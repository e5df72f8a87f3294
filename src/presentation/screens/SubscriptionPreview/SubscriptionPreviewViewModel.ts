import { makeAutoObservable, runInAction } from 'mobx';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { SubscriptionRepository } from '../../../application/ports/SubscriptionRepository';
import type { PublishSubscription } from '../../../application/use-cases/subscriptions/PublishSubscription';
import { canPublish } from '../../../domain/channel';
import type { Channel, Subscription } from '../../../domain/entities';
import { AsyncState } from '../../shell/screenState';
import type { ToastStore } from '../../toasts/ToastStore';
import { failureMessage } from '../../toasts/failureMessage';

/** i18n keys of the publish button: it says what will happen (pin, silent). */
export function publishButtonKey(pin: boolean, disableNotification: boolean): string {
  if (pin && disableNotification) return 'subscription.preview.publishPinnedSilently';
  if (pin) return 'subscription.preview.publishAndPin';
  if (disableNotification) return 'subscription.preview.publishSilently';
  return 'subscription.preview.publish';
}

/**
 * The publish preview (spec sections 2 and 6): the post as the bot will send it (name and description, then the
 * button), pin (default on) and sound (default on: disableNotification false) switches, and publishing for
 * channels with a public handle.
 */
export class SubscriptionPreviewViewModel {
  readonly loader = new AsyncState(errorCodeOf);
  subscription: Subscription | null = null;
  channel: Channel | null = null;
  pin = true;
  disableNotification = false;
  publishing = false;

  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly publishSubscription: PublishSubscription,
    private readonly toasts: ToastStore,
    readonly subscriptionId: number,
  ) {
    makeAutoObservable<SubscriptionPreviewViewModel, 'subscriptions' | 'publishSubscription' | 'toasts'>(
      this,
      { subscriptions: false, publishSubscription: false, toasts: false, loader: false, subscriptionId: false },
      { autoBind: true },
    );
  }

  get state() {
    return this.loader.state;
  }

  async load(): Promise<void> {
    await this.loader.run(
      () => this.subscriptions.detail(this.subscriptionId),
      ({ subscription, channel }) => {
        this.subscription = subscription;
        this.channel = channel;
      },
    );
  }

  /** False for private channels: the screen explains instead of offering to publish. */
  get canPublish(): boolean {
    return this.channel !== null && canPublish(this.channel);
  }

  get publishButtonKey(): string {
    return publishButtonKey(this.pin, this.disableNotification);
  }

  setPin(pin: boolean): void {
    this.pin = pin;
  }

  /** The sound switch is on while the post notifies subscribers. */
  setSound(on: boolean): void {
    this.disableNotification = !on;
  }

  /** Publishes; answers true when the screen should go back. */
  async publish(): Promise<boolean> {
    const { subscription, channel } = this;
    if (this.publishing || subscription === null || channel === null) return false;
    this.publishing = true;
    const result = await this.publishSubscription.execute({
      subscription,
      channel,
      pin: this.pin,
      disableNotification: this.disableNotification,
    });
    runInAction(() => {
      this.publishing = false;
      if (result.ok) this.channel = result.value;
    });
    if (!result.ok) {
      this.toasts.fail(
        result.error.kind === 'request' ? failureMessage(result.error) : `subscription.errors.${result.error.code}`,
      );
      return false;
    }
    this.toasts.success('subscription.preview.published');
    return true;
  }

  dispose(): void {
    this.loader.dispose();
  }
}
