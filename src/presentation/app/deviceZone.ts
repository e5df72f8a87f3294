/**
 * The zone dates of the user's own events (payments, renewals, expiries) are shown and counted in: the device's.
 * One place for it, so every screen shows the same day for the same moment. Dates of the payout schedule are UTC by
 * rule (src/domain/payout.ts) and pass 'UTC' explicitly.
 */
export function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
