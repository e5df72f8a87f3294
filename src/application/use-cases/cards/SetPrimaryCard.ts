import type { Result } from '../../../domain/result';
import type { CardRepository } from '../../ports/CardRepository';
import { type RequestFailure, request } from '../shared/failures';

/**
 * Makes a saved card primary (the server clears primary on the others). The screen applies it optimistically and
 * rolls back on a failure.
 */
export class SetPrimaryCard {
  constructor(private readonly cards: CardRepository) {}

  async execute(input: { readonly cardId: number }): Promise<Result<void, RequestFailure>> {
    return request(() => this.cards.setPrimary(input.cardId));
  }
}
