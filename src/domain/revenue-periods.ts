/** The periods revenue at a glance buckets by (revenue.ts has the rules; this stays free of luxon for the first screen). */
export const REVENUE_PERIODS = ['day', 'week', 'month'] as const;
export type RevenuePeriod = (typeof REVENUE_PERIODS)[number];
