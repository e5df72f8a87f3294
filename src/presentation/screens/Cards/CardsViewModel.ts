import { makeAutoObservable } from 'mobx';
import type { CardRepository } from '../../../application/ports/CardRepository';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { SavedCard } from '../../../domain/entities';
import { AsyncState, type ScreenState } from '../../shell/screenState';

/** /payment: the follower's saved cards, the primary one first, each active or inactive. */
export class CardsViewModel {
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
      (cards) => (this.cards = [...cards].sort((a, b) => Number(b.primary) - Number(a.primary))),
    );
  }

  get isEmpty(): boolean {
    return this.loader.state.status === 'ready' && this.cards.length === 0;
  }

  dispose(): void {
    this.loader.dispose();
  }
}
