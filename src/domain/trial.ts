/**
 * Free trials of recurring subscriptions: the rules shared by the server, the in-memory backend and the app.
 *
 * - **Lengths**: 3, 7, 14 or 30 days, set per subscription by its creator (off by default). Only recurring
 *   (weekly, monthly, yearly) subscriptions may have one.
 * - **End**: the start plus that many calendar days in UTC (luxon), to the millisecond of the start.
 * - **Once per follower per channel, ever**: someone who ever had a membership (paid or trial) of any subscription of
 *   the channel gets no trial there, whatever became of it.
 * - **Card only**: Telegram Stars subscriptions start with a charge (the Bot API's createInvoiceLink with
 *   subscription_period has no trial), so a trial is offered only where the subscription can be paid by card; at its
 *   end the follower pays with their own tap, by card or in Stars, as any new subscriber.
 * - **No charge during the trial**: the trial saves no card and charges nothing, ever. Smart Glocal gives a recurrent
 *   token only after a successful payment and documents no zero-amount verification (see
 *   server/modules/trials/README.md), so the bot sends the follower a pay link at the end instead of charging.
 * - **Reminder** TRIAL_REMINDER_LEAD before the end (24 h, as peers do), naming the price and the date.
 * - **Outcome**: `converted` when the follower paid the subscription within TRIAL_CONVERSION_GRACE after the end (or
 *   before it: a payment cannot happen while the trial runs, the invoice answers already_subscribed); `lapsed` once
 *   that time has passed without a payment. A promo code applies to that first paid period, as to any invoice.
 */
import { DateTime } from 'luxon';
import type { Period } from './entities';

export const TRIAL_DAYS = [3, 7, 14, 30] as const;
export type TrialDays = (typeof TRIAL_DAYS)[number];

/** The bot's reminder goes out this long before the trial ends. */
export const TRIAL_REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/** A payment this long after the trial's end still counts as its conversion. */
export const TRIAL_CONVERSION_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

export function isTrialDays(value: unknown): value is TrialDays {
  return typeof value === 'number' && (TRIAL_DAYS as readonly number[]).includes(value);
}

/** The end of a trial of `days` started at `startMs` (epoch ms): calendar days in UTC. */
export function trialEndMs(startMs: number, days: TrialDays): number {
  return DateTime.fromMillis(startMs, { zone: 'utc' }).plus({ days }).toMillis();
}

/** When the reminder is due (epoch ms). */
export function trialReminderDueMs(endMs: number): number {
  return endMs - TRIAL_REMINDER_LEAD_MS;
}

/** The last moment a payment counts as the trial's conversion (epoch ms). */
export function trialConversionDeadlineMs(endMs: number): number {
  return endMs + TRIAL_CONVERSION_GRACE_MS;
}

/** Why a follower gets no trial, in the order they are checked (each answers 4xx `trial_unavailable` with it). */
export const TRIAL_REFUSALS = ['not_offered', 'not_recurring', 'stars_only', 'member', 'used_before'] as const;
export type TrialRefusal = (typeof TRIAL_REFUSALS)[number];

export interface TrialEligibilityInput {
  /** The subscription's trial length; null: it offers none. */
  readonly trialDays: number | null;
  readonly period: Period;
  /** Whether the subscription can be paid by card here (false: only in Telegram Stars). */
  readonly cardPayable: boolean;
  /** The follower has a membership of this channel that still gives access. */
  readonly currentMember: boolean;
  /** The follower ever had a membership (paid or trial) or a trial in this channel. */
  readonly everMember: boolean;
}

/** Null when the follower may start the trial, else the first refusal. */
export function trialRefusal(input: TrialEligibilityInput): TrialRefusal | null {
  if (input.trialDays === null || !isTrialDays(input.trialDays)) return 'not_offered';
  if (input.period === 'onetime') return 'not_recurring';
  if (!input.cardPayable) return 'stars_only';
  if (input.currentMember) return 'member';
  if (input.everMember) return 'used_before';
  return null;
}

/** Checks a creator's trial setting: null (or 0) turns it off. */
export function trialSettingError(days: unknown, period: Period): 'trial_days_invalid' | 'trial_not_recurring' | null {
  if (days === null || days === 0) return null;
  if (!isTrialDays(days)) return 'trial_days_invalid';
  if (period === 'onetime') return 'trial_not_recurring';
  return null;
}

export type TrialOutcome = 'converted' | 'lapsed';

/**
 * A trial's outcome at `nowMs`: converted when paid by its conversion deadline, lapsed once the deadline passed
 * unpaid, null while it may still go either way.
 */
export function trialOutcome(endMs: number, paidAtMs: number | null, nowMs: number): TrialOutcome | null {
  const deadline = trialConversionDeadlineMs(endMs);
  if (paidAtMs !== null && paidAtMs <= deadline) return 'converted';
  return nowMs > deadline ? 'lapsed' : null;
}

/** Whether the membership is on a free trial at `nowMs`: never paid, its expiry the trial's end, not reached. */
export function isOnTrial(
  member: { readonly trialEndsAt?: number; readonly expiresAt?: number },
  nowMs: number,
): boolean {
  return (
    member.trialEndsAt !== undefined && member.trialEndsAt === member.expiresAt && member.trialEndsAt * 1000 > nowMs
  );
}

/** A subscription's trial figures: on trial now, and of the trials that ended (an outcome), how many converted. */
export interface TrialStats {
  readonly onTrial: number;
  readonly ended: number;
  readonly converted: number;
}

/** Converted share of ended trials in whole percents, rounded down; null before any trial ended. */
export function conversionPercent(stats: TrialStats): number | null {
  return stats.ended === 0 ? null : Math.floor((stats.converted * 100) / stats.ended);
}
