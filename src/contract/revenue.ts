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
