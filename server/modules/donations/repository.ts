/** Donation requests a creator posts into a channel. */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Currency } from '../../../src/domain/money';
import type { DbOrTx } from '../../platform/db/db';
import {
  type DonationImageRow,
  type DonationRow,
  donationImages,
  donationProgress,
  donations,
} from '../../platform/db/schema';
import type { DonationTotals } from '../../../src/domain/donation-goal';

export interface NewDonation {
  readonly channelId: number;
  readonly title: string;
  readonly description: string;
  readonly amountMinor: number;
  readonly currency: Currency;
  readonly buttonText: string;
  readonly imageId: string | null;
  readonly goalMinor: number | null;
  readonly endsAt: Date | null;
}

export class DonationsRepository {
  constructor(private readonly db: DbOrTx) {}

  async byId(id: number): Promise<DonationRow | undefined> {
    const [row] = await this.db.select().from(donations).where(eq(donations.id, id));
    return row;
  }

  async create(input: NewDonation, now: Date): Promise<DonationRow> {
    const [row] = await this.db
      .insert(donations)
      .values({ ...input, createdAt: now })
      .returning();
    return row!;
  }

  /** The request's totals (kept by the ledger's trigger, migration 0047); zero before its first donation. */
  async totals(id: number): Promise<DonationTotals> {
    const [row] = await this.db
      .select({ raised: donationProgress.raised, donations: donationProgress.donations })
      .from(donationProgress)
      .where(eq(donationProgress.donationId, id));
    return { raisedMinor: row?.raised ?? 0, donations: row?.donations ?? 0 };
  }

  /** The totals' row of a request with a goal, so the donation-posts job finds it even before any donation. */
  async startProgress(id: number): Promise<void> {
    await this.db.insert(donationProgress).values({ donationId: id }).onConflictDoNothing();
  }

  async setStarsPrice(id: number, stars: number | null): Promise<DonationRow> {
    const [row] = await this.db.update(donations).set({ starsPrice: stars }).where(eq(donations.id, id)).returning();
    return row!;
  }

  /**
   * New goal and end date, and a post edit to show them (the totals' version moves on); a changed goal or end date
   * forgets its announcement, so the new one is announced once in its turn.
   */
  async setGoal(donation: DonationRow, goalMinor: number | null, endsAt: Date | null): Promise<DonationRow> {
    const goalChanged = goalMinor !== donation.goalMinor;
    const endChanged = endsAt?.getTime() !== donation.endsAt?.getTime();
    const [row] = await this.db
      .update(donations)
      .set({ goalMinor, endsAt })
      .where(eq(donations.id, donation.id))
      .returning();
    await this.db
      .insert(donationProgress)
      .values({ donationId: donation.id, version: 1 })
      .onConflictDoUpdate({
        target: donationProgress.donationId,
        set: {
          version: sql`${donationProgress.version} + 1`,
          ...(goalChanged ? { goalAnnouncedAt: null } : {}),
          ...(endChanged ? { endAnnouncedAt: null } : {}),
        },
      });
    return row!;
  }

  async setDeleted(id: number): Promise<void> {
    await this.db.update(donations).set({ deleted: true }).where(eq(donations.id, id));
  }

  async setPost(id: number, postId: number): Promise<void> {
    await this.db.update(donations).set({ postId }).where(eq(donations.id, id));
  }
}

/** Images uploaded for donation requests, by token and channel. */
export class DonationImagesRepository {
  constructor(private readonly db: DbOrTx) {}

  async create(image: Omit<DonationImageRow, 'createdAt'>, now: Date): Promise<void> {
    await this.db.insert(donationImages).values({ ...image, createdAt: now });
  }

  /** Deletes the images uploaded before `cutoff`; answers how many. */
  async purgeUploadedBefore(cutoff: Date): Promise<number> {
    const removed = await this.db
      .delete(donationImages)
      .where(lt(donationImages.createdAt, cutoff))
      .returning({ token: donationImages.token });
    return removed.length;
  }

  /** The channel's image with this token (another channel's token finds nothing). */
  async ofChannel(token: string, channelId: number): Promise<DonationImageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(donationImages)
      .where(and(eq(donationImages.token, token), eq(donationImages.channelId, channelId)));
    return row;
  }
}
