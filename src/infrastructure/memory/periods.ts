import { DateTime } from 'luxon';
import type { Period } from '../../domain/entities';

/** The expiry of a period bought at `fromSeconds` (calendar months and years, UTC); one-time never expires. */
export function periodEnd(fromSeconds: number, period: Period): number | undefined {
  const from = DateTime.fromSeconds(fromSeconds, { zone: 'utc' });
  switch (period) {
    case 'onetime':
      return undefined;
    case 'weekly':
      return from.plus({ weeks: 1 }).toSeconds();
    case 'monthly':
      return from.plus({ months: 1 }).toSeconds();
    case 'yearly':
      return from.plus({ years: 1 }).toSeconds();
  }
}
