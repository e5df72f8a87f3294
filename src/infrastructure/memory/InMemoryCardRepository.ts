import type { SavedCard } from '../../domain/entities';
import type { CardRepository } from '../../application/ports/CardRepository';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import type { CardRecord } from './records';
import { cardView } from './views';

export class InMemoryCardRepository implements CardRepository {
  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {}

  /** The primary card first, then the others in the order they were added. */
  async list(): Promise<readonly SavedCard[]> {
    const actor = this.backend.actor(this.session);
    const cards = this.cardsOf(actor.user.id);
    return [...cards.filter((c) => c.primary), ...cards.filter((c) => !c.primary)].map(cardView);
  }

  async get(cardId: number): Promise<SavedCard> {
    return cardView(this.ownCard(cardId));
  }

  /** An inactive card cannot be primary (validation_error). */
  async setPrimary(cardId: number): Promise<void> {
    const card = this.ownCard(cardId);
    if (!card.active) fail('validation_error', 'An inactive card cannot be the primary card', { field: 'cardId' });
    for (const other of this.cardsOf(card.userId)) other.primary = other.id === card.id;
  }

  /** Removing the primary card makes the oldest remaining active card primary. */
  async delete(cardId: number): Promise<void> {
    const card = this.ownCard(cardId);
    this.backend.cards.delete(card.id);
    if (!card.primary) return;
    const next = this.cardsOf(card.userId).find((c) => c.active);
    if (next !== undefined) next.primary = true;
  }

  private ownCard(cardId: number): CardRecord {
    const actor = this.backend.actor(this.session);
    const card = this.backend.cards.get(cardId);
    if (card === undefined || card.userId !== actor.user.id) fail('not_found', 'Card not found');
    return card;
  }

  private cardsOf(userId: number): CardRecord[] {
    return [...this.backend.cards.values()].filter((c) => c.userId === userId).sort((a, b) => a.id - b.id);
  }
}
