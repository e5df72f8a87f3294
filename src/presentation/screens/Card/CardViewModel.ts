import { makeAutoObservable, runInAction } from 'mobx';
import type { CardRepository } from '../../../application/ports/CardRepository';
import type { Dialogs } from '../../../application/ports/Dialogs';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { RemoveCard } from '../../../application/use-cases/cards/RemoveCard';
import type { SetPrimaryCard } from '../../../application/use-cases/cards/SetPrimaryCard';
import type { SavedCard } from '../../../domain/entities';
import type { ConfirmTexts } from '../../shared/dialogs';
import type { ToastStore } from '../../toasts/ToastStore';
import { AsyncState, type ScreenState } from '../../shell/screenState';
import { failureMessage } from '../../toasts/failureMessage';

/**
 * /payment/card/{cardId}: set primary (hidden when already primary; applied at once and rolled back when the
 * server refuses) and remove (after the host's confirmation popup, with loading, removed or failed toasts).
 */
export class CardViewModel {
  private readonly loader: AsyncState;
  card: SavedCard | null = null;
  removing = false;
  /** True once the card is gone (the screen goes back). */
  removed = false;

  constructor(
    private readonly repository: CardRepository,
    private readonly setPrimaryCard: SetPrimaryCard,
    private readonly removeCard: RemoveCard,
    private readonly toasts: ToastStore,
    private readonly dialogs: Dialogs,
    readonly cardId: number,
  ) {
    this.loader = new AsyncState(errorCodeOf);
    makeAutoObservable<CardViewModel, 'loader' | 'repository' | 'setPrimaryCard' | 'removeCard' | 'toasts' | 'dialogs'>(
      this,
      {
        repository: false,
        setPrimaryCard: false,
        removeCard: false,
        toasts: false,
        dialogs: false,
        loader: false,
        cardId: false,
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
      () => this.repository.get(this.cardId),
      (card) => (this.card = card),
    );
  }

  /** Hidden on the primary card, and on an inactive one (it cannot be charged, so it cannot be primary). */
  get canSetPrimary(): boolean {
    return this.card !== null && !this.card.primary && this.card.active && !this.removing;
  }

  /** Optimistic: the card shows as primary at once; a refusal puts it back and says so. */
  async setPrimary(): Promise<void> {
    const card = this.card;
    if (card === null || !this.canSetPrimary) return;
    this.card = { ...card, primary: true };
    const result = await this.setPrimaryCard.execute({ cardId: card.id });
    runInAction(() => {
      if (result.ok) {
        this.toasts.success('cards.primarySet');
        return;
      }
      if (this.card?.id === card.id) this.card = { ...this.card, primary: card.primary };
      this.toasts.fail(failureMessage(result.error, 'cards.primaryFailed'));
    });
  }

  /** Asks the host's confirmation popup, then removes the card. */
  async confirmRemove(texts: ConfirmTexts): Promise<void> {
    if (this.card === null || this.removing) return;
    const answer = await this.dialogs.showPopup({
      title: texts.title,
      message: texts.message,
      buttons: [
        { id: 'remove', type: 'destructive', text: texts.confirm },
        { id: 'keep', type: 'cancel' },
      ],
    });
    if (answer === 'remove') await this.remove();
  }

  /** Removes the card (the user already confirmed). */
  async remove(): Promise<void> {
    const card = this.card;
    if (card === null || this.removing) return;
    this.removing = true;
    this.toasts.loading('cards.removing');
    const result = await this.removeCard.execute({ cardId: card.id });
    runInAction(() => {
      this.removing = false;
      if (result.ok) {
        this.removed = true;
        this.toasts.success('cards.removed');
      } else {
        this.toasts.fail('cards.removeFailed');
      }
    });
  }

  dispose(): void {
    this.loader.dispose();
  }
}
