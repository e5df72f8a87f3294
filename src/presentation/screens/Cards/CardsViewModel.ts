import { makeAutoObservable } from 'mobx';
import type { CardRepository } from '../../../application/ports/CardRepository';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { SavedCard } from '../../../domain/entities';
import { AsyncState } from '../../shell/screenState';

/** /payment: the follower's saved cards, the primary one first, each active or inactive. */
export class CardsViewModel {
  readonly load: AsyncState;
  cards: readonly SavedCard[] = [];

  constructor(private readonly repository: CardRepository) {
    this.load = new AsyncState(errorCodeOf);
    makeAutoObservable<CardsViewModel, 'repository'>(this, { repository: false, load: false }, { autoBind: true });
  }

  async start(): Promise<void> {
    await this.load.run(() => this.repository.list(), (cards) => (this.cards = [...cards].sort((a, b) => Number(b.primary) - Number(a.primary))));
  }

  get isEmpty(): boolean {
    return this.load.state.status === 'ready' && this.cards.length === 0;
  }

  dispose(): void {
    this.load.dispose();
  }
}
