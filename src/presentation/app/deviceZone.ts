/**
 * The zone dates of the user's own events (payments, renewals, expiries) are shown and counted in: the device's.
 * One place for it, so every screen shows the same day for the same moment. Dates of the payout schedule are UTC by
 * rule (src/domain/payout.ts) and pass 'UTC' explicitly.
 * Read once: building an Intl.DateTimeFormat is slow (tens of ms on a slow phone), and list rows ask for every row.
 */
let zone: string | undefined;

export function deviceZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return zone;
}
