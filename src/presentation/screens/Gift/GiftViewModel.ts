import { makeAutoObservable, runInAction } from 'mobx';
import type { Gift, GiftAccepted, GiftRepository } from '../../../application/ports/GiftRepository';
import type { MessengerPlatform } from '../../../application/ports/MessengerPlatform';
import { errorCodeOf, errorDetailOf, errorMessageOf } from '../../../application/ports/RepositoryError';
import { GIFT_REFUSALS, type GiftRefusal } from '../../../domain/gift';
import { AsyncState, type ScreenState } from '../../shell/screenState';
import type { ToastStore } from '../../toasts/ToastStore';
import { failureMessage } from '../../toasts/failureMessage';

const isRefusal = (value: unknown): value is GiftRefusal =>
  typeof value === 'string' && (GIFT_REFUSALS as readonly string[]).includes(value);

/**
 * /gift/:code (a gift link's start parameter opens it): who gives what, and Accept. Accepting answers the membership's
 * end and the channel link, which "Go to channel" opens; a refusal says why (src/domain/gift.ts GIFT_REFUSALS).
 */
export class GiftViewModel {
  private readonly loader = new AsyncState(errorCodeOf);
  gift: Gift | null = null;
  /** Why the gift cannot be opened at all (an unknown code). */
  missing: GiftRefusal | null = null;
  accepted: GiftAccepted | null = null;
  accepting = false;

  constructor(
    private readonly gifts: GiftRepository,
    private readonly platform: MessengerPlatform,
    private readonly toasts: ToastStore,
    readonly code: string,
  ) {
    makeAutoObservable<GiftViewModel, 'loader' | 'gifts' | 'platform' | 'toasts'>(
      this,
      { loader: false, gifts: false, platform: false, toasts: false, code: false },
      { autoBind: true },
    );
  }

  get state(): ScreenState {
    return this.missing !== null ? { status: 'ready' } : this.loader.state;
  }

  async load(): Promise<void> {
    try {
      await this.loader.run(
        async () => {
          try {
            return await this.gifts.gift(this.code);
          } catch (error) {
            const reason = errorDetailOf(error, 'reason');
            if (errorCodeOf(error) === 'gift_invalid' && isRefusal(reason)) {
              runInAction(() => (this.missing = reason));
              return null;
            }
            throw error;
          }
        },
        (gift) => (this.gift = gift),
      );
    } catch {
      // the loader keeps the error state
    }
  }

  /** The reason to show instead of Accept (null: it can be accepted). */
  get refusal(): GiftRefusal | null {
    if (this.missing !== null) return this.missing;
    if (this.accepted !== null || this.gift === null) return null;
    // The recipient's own gift stays theirs, unless its payment was refunded since: then the page says so.
    if (this.gift.redeemedByMe && this.gift.refusal !== 'refunded') return null;
    return this.gift.refusal ?? null;
  }

  async accept(): Promise<void> {
    if (this.gift === null || this.accepting || this.accepted !== null || this.refusal !== null) return;
    this.accepting = true;
    try {
      const accepted = await this.gifts.accept(this.code);
      runInAction(() => {
        this.accepted = accepted;
        this.gift = accepted.gift;
      });
      this.platform.hapticNotification('success');
    } catch (error) {
      const reason = errorDetailOf(error, 'reason');
      if (errorCodeOf(error) === 'gift_invalid' && isRefusal(reason) && this.gift !== null) {
        runInAction(() => (this.gift = { ...this.gift!, refusal: reason }));
      } else {
        this.toasts.fail(failureMessage({ code: errorCodeOf(error), message: errorMessageOf(error) }));
      }
    } finally {
      runInAction(() => (this.accepting = false));
    }
  }

  /** The channel, through its link (a private channel's personal invite link): inside the messenger. */
  openChannel(): void {
    const link = this.accepted?.inviteLink;
    if (link === undefined) return;
    if (link.startsWith('https://t.me/')) this.platform.openTelegramLink(link);
    else this.platform.openLink(link);
  }

  dispose(): void {
    this.loader.dispose();
  }
}
