/** Saved cards as the invoice and dashboard loads show them (the money engine owns adding, primary and removal). */
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/db';
import { type SavedCardRow, savedCards } from '../../platform/db/schema';

export class CardsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** The user's cards that are not removed: primary first, then oldest first. */
  async listByUser(userId: number): Promise<SavedCardRow[]> {
    const rows = await this.db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.userId, userId), eq(savedCards.deleted, false)))
      .orderBy(asc(savedCards.createdAt), asc(savedCards.id));
    return primaryFirst(rows);
  }
}

/** The primary card first, the others in the order given (oldest first). */
export function primaryFirst<T extends Pick<SavedCardRow, 'primary'>>(rows: readonly T[]): T[] {
  return [...rows.filter((card) => card.primary), ...rows.filter((card) => !card.primary)];
}
