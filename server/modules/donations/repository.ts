/** Donation requests a creator posts into a channel. */
import { eq } from 'drizzle-orm';
import type { Currency } from '../../../src/domain/money';
import type { DbOrTx } from '../../platform/db/db';
import { type DonationRow, donations } from '../../platform/db/schema';

export interface NewDonation {
  readonly channelId: number;
  readonly title: string;
  readonly description: string;
  readonly amountMinor: number;
  readonly currency: Currency;
  readonly buttonText: string;
  readonly imageId: string | null;
}

export class DonationsRepository {
  constructor(private readonly db: DbOrTx) {}

  async byId(id: number): Promise<DonationRow | undefined> {
    const [row] = await this.db.select().from(donations).where(eq(donations.id, id));
    return row;
  }

  async create(input: NewDonation, now: Date): Promise<DonationRow> {
    const [row] = await this.db.insert(donations).values({ ...input, createdAt: now }).returning();
    return row!;
  }

  async setDeleted(id: number): Promise<void> {
    await this.db.update(donations).set({ deleted: true }).where(eq(donations.id, id));
  }

  async setPost(id: number, postId: number): Promise<void> {
    await this.db.update(donations).set({ postId }).where(eq(donations.id, id));
  }
}
