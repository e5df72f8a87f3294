import type { Money } from '../../domain/money';
import type { RetentionStats, RetentionTerms } from '../../domain/retention';
import type { FollowerMembership } from './FollowerRepository';

/** A subscription's retention offer as its creator sees it (rules: src/domain/retention.ts). */
export interface CreatorRetention {
  /** null: no offer. */
  readonly offer: RetentionTerms | null;
  readonly stats: RetentionStats;
}

/** The offer a cancelling follower is shown: the next `renewals` renewals charge `charged` instead of `price`. */
export interface RetentionOfferQuote extends RetentionTerms {
  readonly price: Money;
  readonly charged: Money;
  readonly capped: boolean;
}

/**
 * Retention offers: the creator's offer per subscription and a follower's answer in the cancel flow. Someone else's
 * subscription or membership answers not_found; an offer that cannot be accepted any more answers
 * retention_offer_unavailable (with a reason).
 */
export interface RetentionRepository {
  creatorOffer(subscriptionId: number): Promise<CreatorRetention>;
  /** Sets or changes the offer (whole percents 5–90, 1–12 renewals). */
  setOffer(subscriptionId: number, terms: RetentionTerms): Promise<CreatorRetention>;
  removeOffer(subscriptionId: number): Promise<CreatorRetention>;
  /** What to show before a cancel is confirmed (recorded as shown); null: cancel directly. */
  offerOnCancel(memberId: number): Promise<RetentionOfferQuote | null>;
  /** Accepts the terms shown; `idempotencyKey` is made once per tap. */
  accept(memberId: number, terms: RetentionTerms, idempotencyKey: string): Promise<FollowerMembership>;
  /** Declines and cancels renewal, as a plain cancel does. */
  decline(memberId: number): Promise<FollowerMembership>;
}
