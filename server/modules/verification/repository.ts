/** The identity check's rows: kyc_reviews (per user) and kyc_events (webhooks seen), plus the user's status columns. */
import { and, asc, eq, or } from 'drizzle-orm';
import type { VerificationStatus } from '../../../src/domain/entities';
import type { DbOrTx } from '../../platform/db/db';
import { type KycReviewRow, type UserRow, kycEvents, kycReviews, users } from '../../platform/db/schema';

export type KycReviewPatch = Partial<Omit<KycReviewRow, 'userId' | 'createdAt'>>;

export interface KycSessionColumns {
  token: string | null;
  expiresAt: Date | null;
  url: string | null;
}

export class VerificationRepository {
  constructor(private readonly db: DbOrTx) {}

  async review(userId: number): Promise<KycReviewRow | undefined> {
    const [row] = await this.db.select().from(kycReviews).where(eq(kycReviews.userId, userId));
    return row;
  }

  async userByApplicant(provider: string, applicantId: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ userId: kycReviews.userId })
      .from(kycReviews)
      .where(and(eq(kycReviews.provider, provider), eq(kycReviews.applicantId, applicantId)));
    return row?.userId;
  }

  async upsertReview(userId: number, provider: string, patch: KycReviewPatch, now: Date): Promise<void> {
    await this.db
      .insert(kycReviews)
      .values({ userId, provider, ...patch, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: kycReviews.userId, set: { provider, ...patch, updatedAt: now } });
  }

  /** Records a webhook; false when it was seen before (the event is then not applied again). */
  async recordEvent(
    event: { provider: string; eventId: string; userId: number | null; type: string; occurredAt: Date },
    now: Date,
  ): Promise<boolean> {
    const inserted = await this.db
      .insert(kycEvents)
      .values({ ...event, applied: false, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: kycEvents.eventId });
    return inserted.length > 0;
  }

  async markEventApplied(provider: string, eventId: string): Promise<void> {
    await this.db
      .update(kycEvents)
      .set({ applied: true })
      .where(and(eq(kycEvents.provider, provider), eq(kycEvents.eventId, eventId)));
  }

  /** The user's row, locked until the transaction ends (decisions and webhooks for one user apply one at a time). */
  async lockUser(userId: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId)).for('update');
    return row;
  }

  async setStatus(
    userId: number,
    status: VerificationStatus,
    now: Date,
    session?: KycSessionColumns,
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({
        verificationStatus: status,
        updatedAt: now,
        ...(session ? { kycToken: session.token, kycTokenExpiresAt: session.expiresAt, kycUrl: session.url } : {}),
      })
      .where(eq(users.id, userId))
      .returning();
    return row;
  }

  /** Users waiting for an operator: a passed check (kyc_approved), or a manual review (in_kyc without a provider). */
  async awaitingDecision(): Promise<{ user: UserRow; review: KycReviewRow }[]> {
    const rows = await this.db
      .select({ user: users, review: kycReviews })
      .from(users)
      .innerJoin(kycReviews, eq(kycReviews.userId, users.id))
      .where(
        or(
          eq(users.verificationStatus, 'kyc_approved'),
          and(eq(users.verificationStatus, 'in_kyc'), eq(kycReviews.provider, 'manual')),
        ),
      )
      .orderBy(asc(kycReviews.updatedAt), asc(users.id));
    return rows;
  }
}
