import { makeAutoObservable, runInAction } from 'mobx';
import { RepositoryError, errorCodeOf } from '../../../application/ports/RepositoryError';
import type { ChannelRepository } from '../../../application/ports/ChannelRepository';
import type { SubscriptionRepository } from '../../../application/ports/SubscriptionRepository';
import type { SetSubscriptionCommand } from '../../../application/use-cases/subscriptions/SetSubscriptionCommand';
import { commandOnBlur, commandOnFocus, sanitizeCommand } from '../../../domain/command';
import type { Subscription } from '../../../domain/entities';
import { AsyncState } from '../../shell/screenState';
import type { ToastStore } from '../../toasts/ToastStore';
import { failureMessage } from '../../toasts/failureMessage';

/**
 * The subscription command (spec section 5): "$" then a-z only; other characters are dropped as typed, focusing an
 * empty field puts the "$" in and leaving it with only "$" clears it.
 * The route of spec section 2 is /channel/{id}/subscription/command: the subscription comes from ?subscriptionId=
 * when the subscription screen links here, else from the channel: its only live subscription, or the creator picks
 * one of several (`choices`).
 */
export class SubscriptionCommandViewModel {
  readonly loader = new AsyncState(errorCodeOf);
  subscription: Subscription | null = null;
  command = '';
  saving = false;
  /** Changes each time the field should take focus (an invalid command on save). */
  focusRequest = 0;
  /** The channel's live subscriptions to pick from (opened without ?subscriptionId= on a channel with several). */
  choices: readonly Subscription[] = [];
  /** The subscription the command is for: the query's, the channel's only one, or the creator's pick. */
  subscriptionId: number | null;

  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly setSubscriptionCommand: SetSubscriptionCommand,
    private readonly toasts: ToastStore,
    private readonly channels: ChannelRepository,
    /** From the path; null when not a number. */
    readonly channelId: number | null,
    /** From the query (?subscriptionId=); null when missing or not a number. */
    subscriptionId: number | null,
  ) {
    this.subscriptionId = subscriptionId;
    makeAutoObservable<
      SubscriptionCommandViewModel,
      'subscriptions' | 'setSubscriptionCommand' | 'toasts' | 'channels'
    >(
      this,
      {
        subscriptions: false,
        setSubscriptionCommand: false,
        toasts: false,
        channels: false,
        loader: false,
        channelId: false,
      },
      { autoBind: true },
    );
  }

  /** The creator picked one of the channel's subscriptions. */
  async choose(subscriptionId: number): Promise<void> {
    this.subscriptionId = subscriptionId;
    this.choices = [];
    await this.load();
  }

  get state() {
    return this.loader.state;
  }

  async load(): Promise<void> {
    await this.loader.run(
      async () => {
        const id = this.subscriptionId ?? (await this.fromChannel());
        return id === null ? null : this.subscriptions.detail(id);
      },
      (detail) => {
        if (detail === null) return; // several to pick from: the list shows
        this.subscriptionId = detail.subscription.id;
        this.subscription = detail.subscription;
        this.command = detail.subscription.command ?? '';
      },
    );
  }

  /** The channel's only live subscription, or null with `choices` set when there are several. */
  private async fromChannel(): Promise<number | null> {
    if (this.channelId === null) throw new RepositoryError('not_found', 'channelId is missing');
    const { subscriptions } = await this.channels.get(this.channelId);
    const live = subscriptions.items.filter((subscription) => !subscription.isDeleted);
    if (live.length === 0) throw new RepositoryError('not_found', 'The channel has no subscription');
    if (live.length === 1) return live[0]!.id;
    runInAction(() => (this.choices = live));
    return null;
  }

  change(text: string): void {
    this.command = sanitizeCommand(text);
  }

  focus(): void {
    this.command = commandOnFocus(this.command);
  }

  blur(): void {
    this.command = commandOnBlur(this.command);
  }

  /** Saves; answers true when the screen should go back. */
  async save(): Promise<boolean> {
    const id = this.subscriptionId;
    if (this.saving || id === null || this.subscription === null) return false;
    this.saving = true;
    const result = await this.setSubscriptionCommand.execute({ subscriptionId: id, command: this.command });
    runInAction(() => {
      this.saving = false;
      if (result.ok) this.subscription = result.value;
    });
    if (!result.ok) {
      if (result.error.kind === 'request') this.toasts.fail(failureMessage(result.error));
      else {
        this.toasts.fail('subscription.command.invalid');
        runInAction(() => (this.focusRequest += 1));
      }
      return false;
    }
    this.toasts.success('subscription.command.saved');
    return true;
  }

  dispose(): void {
    this.loader.dispose();
  }
}
