/**
 * Revenue at a glance (beyond spec section 7): the earnings series and the CSV export, defined once as TypeBox schemas
 * like schemas.ts. Amounts are integer minor units of `currency` (exact sums; the app formats them).
 */
import Type, { type Static } from 'typebox';
import { REVENUE_PERIODS } from '../domain/revenue';
import { CURRENCIES } from '../domain/money';

const oneOf = <const V extends readonly string[]>(values: V) =>
  Type.Unsafe<V[number]>({ type: 'string', enum: [...values] });

export const RevenueQuerySchema = Type.Object(
  {
    period: oneOf(REVENUE_PERIODS),
    /** One channel's revenue (the channel page); without it, all the creator's channels (the dashboard). */
    channelId: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Without it: the currency the creator earned most in over the range. */
    currency: Type.Optional(oneOf(CURRENCIES)),
  },
  { additionalProperties: false },
);

export const RevenueBucketSchema = Type.Object({
  /** Epoch seconds of the bucket's first instant in the creator's zone, and of the next bucket's. */
  start: Type.Integer(),
  end: Type.Integer(),
  subscriptionsMinor: Type.Integer(),
  donationsMinor: Type.Integer(),
  totalMinor: Type.Integer(),
  newMembers: Type.Integer(),
  lostMembers: Type.Integer(),
  /** The part of totalMinor earned from Telegram Stars sales, and the Stars they were paid with (refunds off). */
  starsMinor: Type.Integer(),
  stars: Type.Integer(),
});

export const RevenueResponseSchema = Type.Object({
  period: oneOf(REVENUE_PERIODS),
  currency: oneOf(CURRENCIES),
  /** Every currency the creator has earnings in over the range, most earned first. */
  currencies: Type.Array(oneOf(CURRENCIES)),
  /** Minutes east of UTC the buckets were cut in (the request's Timezone header). */
  offsetMinutes: Type.Integer(),
  buckets: Type.Array(RevenueBucketSchema),
});

export const RevenueExportRequestSchema = Type.Object(
  {
    /** Epoch seconds, from inclusive, to exclusive; at most 366 days apart. */
    from: Type.Integer({ minimum: 0 }),
    to: Type.Integer({ minimum: 1 }),
    channelId: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

export const RevenueExportResponseSchema = Type.Object({
  /** A short-lived signed link to the CSV file (no Authorization needed: the host downloads it itself). */
  url: Type.String(),
  fileName: Type.String(),
  expiresAt: Type.Integer(),
});

export type RevenueQuery = Static<typeof RevenueQuerySchema>;
export type RevenueBucketDto = Static<typeof RevenueBucketSchema>;
export type RevenueResponse = Static<typeof RevenueResponseSchema>;
export type RevenueExportRequest = Static<typeof RevenueExportRequestSchema>;
export type RevenueExportResponse = Static<typeof RevenueExportResponseSchema>;

export const RevenueInsightsQuerySchema = Type.Object(
  {
    /** One channel's insights; without it, every channel of the creator. */
    channelId: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

export const RevenueMrrSchema = Type.Object({
  currency: oneOf(CURRENCIES),
  /** Monthly recurring revenue in integer minor units (src/domain/insights.ts: one rounding, half up). */
  minor: Type.Integer(),
  /** The renewing memberships it comes from. */
  members: Type.Integer(),
});

export const RevenueStarsMrrSchema = Type.Object({
  /** Monthly recurring revenue of the memberships paid in Telegram Stars, in whole Stars. */
  stars: Type.Integer(),
  members: Type.Integer(),
});

export const RevenueInsightMonthSchema = Type.Object({
  /** The calendar month in UTC, `YYYY-MM`. */
  month: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$' }),
  /** Epoch seconds of its first instant (UTC). */
  start: Type.Integer(),
  newMembers: Type.Integer(),
  lostMembers: Type.Integer(),
});

export const RevenuePromoSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  channelId: Type.Integer(),
  /** null: a code for every subscription of its channel. */
  subscriptionId: Type.Union([Type.Integer(), Type.Null()]),
  deleted: Type.Boolean(),
  /** Paid redemptions not refunded. */
  redemptions: Type.Integer(),
  /** What payers paid with the code (first payments and discounted renewals) less refunds, per currency. */
  revenue: Type.Array(Type.Object({ currency: oneOf(CURRENCIES), minor: Type.Integer() })),
});

export const RevenueTrialsSchema = Type.Object({
  /** Free trials running now. */
  onTrial: Type.Integer(),
  /** Trials that ended: converted (paid within the grace after the end) plus lapsed. */
  ended: Type.Integer(),
  converted: Type.Integer(),
  /** converted / ended in whole percents, rounded down (src/domain/trial.ts); null before any trial ended. */
  conversionPercent: Type.Union([Type.Integer(), Type.Null()]),
});

export const RevenueInsightsResponseSchema = Type.Object({
  /** Per currency, most first; card (and other non-Stars) memberships. */
  mrr: Type.Array(RevenueMrrSchema),
  /** null: no renewing membership is paid in Stars. */
  starsMrr: Type.Union([RevenueStarsMrrSchema, Type.Null()]),
  /** The last 12 months, oldest first, the current one last. */
  months: Type.Array(RevenueInsightMonthSchema),
  /** Codes with a redemption or not deleted, newest first. */
  promos: Type.Array(RevenuePromoSchema),
  /** Free trials of the scope's subscriptions and how many converted. */
  trials: RevenueTrialsSchema,
});

export type RevenueInsightsQuery = Static<typeof RevenueInsightsQuerySchema>;
export type RevenueInsightsResponse = Static<typeof RevenueInsightsResponseSchema>;
export type RevenueInsightMonthDto = Static<typeof RevenueInsightMonthSchema>;
export type RevenuePromoDto = Static<typeof RevenuePromoSchema>;
