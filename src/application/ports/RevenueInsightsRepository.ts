import type { Currency } from '../../domain/money';

/** One month of members gained and lost (src/contract/revenue.ts RevenueInsightMonthSchema). */
export interface RevenueInsightMonth {
  /** `YYYY-MM`, UTC. */
  readonly month: string;
  /** Epoch seconds of its first instant (UTC). */
  readonly start: number;
  readonly newMembers: number;
  readonly lostMembers: number;
}

/** A promo code's redemptions and revenue (integer minor units per currency). */
export interface RevenuePromo {
  readonly id: number;
  readonly code: string;
  readonly channelId: number;
  readonly subscriptionId: number | null;
  readonly deleted: boolean;
  readonly redemptions: number;
  readonly revenue: readonly { readonly currency: Currency; readonly minor: number }[];
}

/** GET /revenue/insights (rules: src/domain/insights.ts). */
export interface RevenueInsights {
  /** Monthly recurring revenue per currency, most first. */
  readonly mrr: readonly { readonly currency: Currency; readonly minor: number; readonly members: number }[];
  /** Of memberships paid in Telegram Stars, in Stars; null: none. */
  readonly starsMrr: { readonly stars: number; readonly members: number } | null;
  /** The last 12 months, oldest first. */
  readonly months: readonly RevenueInsightMonth[];
  readonly promos: readonly RevenuePromo[];
  /** Free trials running and ended, and the converted share in whole percents (null before any ended). */
  readonly trials: {
    readonly onTrial: number;
    readonly ended: number;
    readonly converted: number;
    readonly conversionPercent: number | null;
  };
}

/** A creator's revenue insights: one channel's (its id) or every channel's (null). */
export interface RevenueInsightsRepository {
  insights(channelId: number | null): Promise<RevenueInsights>;
}
