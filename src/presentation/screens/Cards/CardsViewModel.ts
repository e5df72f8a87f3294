import { makeAutoObservable, runInAction } from 'mobx';
import type { CardRepository } from '../../../application/ports/CardRepository';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { SavedCard } from '../../../domain/entities';
import { AsyncState, type ScreenState } from '../../shell/screenState';
import type { KeepsPlace } from '../../navigation/keptScreens';

const primaryFirst = (cards: readonly SavedCard[]) => [...cards].sort((a, b) => Number(b.primary) - Number(a.primary));

/** /payment: the follower's saved cards, the primary one first, each active or inactive. Keeps its place for Back. */
export class CardsViewModel implements KeepsPlace {
  private readonly loader: AsyncState;
  cards: readonly SavedCard[] = [];

  constructor(private readonly repository: CardRepository) {
    this.loader = new AsyncState(errorCodeOf);
    makeAutoObservable<CardsViewModel, 'loader' | 'repository'>(
      this,
      { repository: false, loader: false },
      { autoBind: true },
    );
  }

  /** Reads what the screen shows; the screen frame follows `state` (retry calls this again). */
  get state(): ScreenState {
    return this.loader.state;
  }

  async load(): Promise<void> {
    await this.loader.run(
      () => this.repository.list(),
      (cards) => (this.cards = primaryFirst(cards)),
    );
  }

  /**
   * Shown again by Back (a card's page may have removed it or made it primary): the list stays as it was and is
   * replaced by a fresh one when it arrives, without a loading state; a failure leaves what is shown.
   */
  resume(): void {
    if (this.loader.state.status !== 'ready') {
      void this.load();
      return;
    }
    void this.repository.list().then(
      (cards) => runInAction(() => (this.cards = primaryFirst(cards))),
      () => undefined,
    );
  }

  get isEmpty(): boolean {
    return this.loader.state.status === 'ready' && this.cards.length === 0;
  }

  dispose(): void {
    this.loader.dispose();
  }
}
