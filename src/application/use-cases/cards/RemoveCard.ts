import type { Result } from '../../../domain/result';
import type { CardRepository } from '../../ports/CardRepository';
import { type RequestFailure, request } from '../shared/failures';

/** Removes a saved card (after the screen's confirmation). */
export class RemoveCard {
  constructor(private readonly cards: CardRepository) {}

  async execute(input: { readonly cardId: number }): Promise<Result<void, RequestFailure>> {
    return request(() => this.cards.delete(input.cardId));
  }
}
