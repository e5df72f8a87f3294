import type { SavedCard } from '../../domain/entities';

/** The signed-in follower's saved payment cards. */
export interface CardRepository {
  list(): Promise<readonly SavedCard[]>;
  get(cardId: number): Promise<SavedCard>;
  /** Makes the card primary; every other card of the user stops being primary. */
  setPrimary(cardId: number): Promise<void>;
  delete(cardId: number): Promise<void>;
}
