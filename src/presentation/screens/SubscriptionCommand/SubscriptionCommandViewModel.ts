import { makeAutoObservable, runInAction } from 'mobx';
import { RepositoryError, errorCodeOf } from '../../../application/ports/RepositoryError';
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
 */
export class SubscriptionCommandViewModel {
  readonly loader = new AsyncState(errorCodeOf);
  subscription: Subscription | null = null;
  command = '';
  saving = false;
  /** Changes each time the field should take focus (an invalid command on save). */
  focusRequest = 0;

  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly setSubscriptionCommand: SetSubscriptionCommand,
    private readonly toasts: ToastStore,
    /** From the query (?subscriptionId=); null when missing or not a number. */
    readonly subscriptionId: number | null,
  ) {
    makeAutoObservable<SubscriptionCommandViewModel, 'subscriptions' | 'setSubscriptionCommand' | 'toasts'>(
      this,
      { subscriptions: false, setSubscriptionCommand: false, toasts: false, loader: false, subscriptionId: false },
      { autoBind: true },
    );
  }

  get state() {
    return this.loader.state;
  }

  async load(): Promise<void> {
    const id = this.subscriptionId;
    await this.loader.run(
      async () => {
        if (id === null) throw new RepositoryError('not_found', 'subscriptionId is missing');
        return this.subscriptions.detail(id);
      },
      ({ subscription }) => {
        this.subscription = subscription;
        this.command = subscription.command ?? '';
      },
    );
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
