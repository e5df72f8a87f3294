/**
 * Donation goals: a donation request may have a goal amount (minor units in the request's currency) and an end date.
 * Progress counts the request's paid donations less the refunded ones, at the price the donor paid (what donors gave,
 * not what the creator keeps after fees). The server keeps it as a counter written in the same database transaction
 * as each ledger line (migrations 0047, 0051); the app and the bot show the same numbers through these rules.
 *
 * - Percent is rounded down (floor of raised × 100 / goal): 100 % means the goal is reached, never 99.5 % shown as
 *   100 %. It goes past 100 when donors give more; the bar is capped at 100 (`barPercent`).
 * - After the end date the request stays payable (as Ko-fi, GoFundMe and Patreon's goals do: late donors are
 *   welcome, and refusing their money helps nobody); the progress says "ended" and keeps counting.
 * - Reaching the goal and reaching the end date are each announced once, ever: a refund that drops the total back
 *   below the goal does not make a second "reached" announcement possible (`dueAnnouncements`).
 */
import { amountBounds, parseDecimalAmount } from './amounts';
import { type Currency, type Money, money } from './money';
import { type Result, err, ok } from './result';

/** The most a goal may be, as a multiple of the largest single donation of its currency. */
export const GOAL_MAX_DONATIONS = 1000;
/** The latest end date, counted from now: a year and a day. */
export const GOAL_MAX_DAYS = 366;

export const DONATION_GOAL_ERROR_CODES = [
  'goal_invalid',
  'goal_below',
  'goal_above',
  'end_date_past',
  'end_date_too_far',
] as const;
export type DonationGoalErrorCode = (typeof DONATION_GOAL_ERROR_CODES)[number];

export interface DonationGoalError {
  readonly field: 'goal' | 'endsAt';
  readonly code: DonationGoalErrorCode;
  /** The bound crossed (goal_below / goal_above). */
  readonly bound?: Money;
}

export interface DonationGoalInput {
  /** The goal as typed or sent (decimal text, in major units); null or empty: no goal. */
  readonly goal: string | null;
  /** The end (epoch ms); null: none. */
  readonly endsAtMs: number | null;
  readonly currency: Currency;
}

export interface ValidDonationGoal {
  readonly goal: Money | null;
  readonly endsAtMs: number | null;
}

/** The bounds of a goal: at least the smallest donation of the currency, at most GOAL_MAX_DONATIONS largest ones. */
export function goalBounds(currency: Currency): { min: Money; max: Money | null } {
  const { min, max } = amountBounds('donation', currency);
  return { min, max: max === null ? null : money(max.minor * GOAL_MAX_DONATIONS, currency) };
}

/**
 * Checks a goal and an end date at `nowMs`: the goal a whole positive amount within `goalBounds`, the end date after
 * now and at most GOAL_MAX_DAYS ahead. Either may be absent.
 */
export function validateDonationGoal(
  input: DonationGoalInput,
  nowMs: number,
): Result<ValidDonationGoal, DonationGoalError> {
  let goal: Money | null = null;
  const text = input.goal?.trim() ?? '';
  if (text !== '') {
    const minor = parseDecimalAmount(text, input.currency);
    if (minor === null || minor === 0) return err({ field: 'goal', code: 'goal_invalid' });
    const { min, max } = goalBounds(input.currency);
    if (minor < min.minor) return err({ field: 'goal', code: 'goal_below', bound: min });
    if (max !== null && minor > max.minor) return err({ field: 'goal', code: 'goal_above', bound: max });
    goal = money(minor, input.currency);
  }
  if (input.endsAtMs !== null) {
    if (input.endsAtMs <= nowMs) return err({ field: 'endsAt', code: 'end_date_past' });
    if (input.endsAtMs > nowMs + GOAL_MAX_DAYS * 86_400_000) return err({ field: 'endsAt', code: 'end_date_too_far' });
  }
  return ok({ goal, endsAtMs: input.endsAtMs });
}

export interface DonationTotals {
  /** What donors paid, less refunds (minor units). */
  readonly raisedMinor: number;
  /** Paid donations less refunded ones. */
  readonly donations: number;
}

export interface DonationGoalState extends DonationTotals {
  readonly goalMinor: number | null;
  readonly endsAtMs: number | null;
}

export interface DonationProgress {
  readonly raisedMinor: number;
  readonly donations: number;
  /** floor(raised × 100 / goal); null without a goal. May exceed 100. */
  readonly percent: number | null;
  readonly reached: boolean;
  readonly ended: boolean;
}

/** Rounded down: 100 only once raised ≥ goal. Never negative. */
export function goalPercent(raisedMinor: number, goalMinor: number): number {
  if (goalMinor <= 0) return 0;
  return Math.max(0, Math.floor((Math.max(0, raisedMinor) * 100) / goalMinor));
}

/** The width of a progress bar: the percent capped to 0–100. */
export function barPercent(percent: number | null): number {
  return Math.min(100, Math.max(0, percent ?? 0));
}

export function donationProgress(state: DonationGoalState, nowMs: number): DonationProgress {
  const raisedMinor = Math.max(0, state.raisedMinor);
  return {
    raisedMinor,
    donations: Math.max(0, state.donations),
    percent: state.goalMinor === null ? null : goalPercent(raisedMinor, state.goalMinor),
    reached: state.goalMinor !== null && raisedMinor >= state.goalMinor,
    ended: state.endsAtMs !== null && nowMs >= state.endsAtMs,
  };
}

/** Whether the request carries progress at all (a goal or an end date): the post and the app show it then. */
export function hasGoal(state: Pick<DonationGoalState, 'goalMinor' | 'endsAtMs'>): boolean {
  return state.goalMinor !== null || state.endsAtMs !== null;
}

export type GoalAnnouncement = 'goal_reached' | 'ended';

/**
 * What is due to be announced at `nowMs`: 'goal_reached' once the total reaches the goal, 'ended' once the end date
 * passed; each only if it was never announced before (`announced`), whatever the total did since.
 */
export function dueAnnouncements(
  state: DonationGoalState,
  announced: ReadonlySet<GoalAnnouncement>,
  nowMs: number,
): GoalAnnouncement[] {
  const progress = donationProgress(state, nowMs);
  const due: GoalAnnouncement[] = [];
  if (progress.reached && !announced.has('goal_reached')) due.push('goal_reached');
  if (progress.ended && !announced.has('ended')) due.push('ended');
  return due;
}

/**
 * The last second of a day ("2026-12-15", as a date input gives it) in a zone `offsetMinutes` east of UTC, in epoch
 * ms; null for text that is not such a day.
 */
export function endOfDay(isoDate: string, offsetMinutes: number): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day, 23, 59, 59);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return utc - offsetMinutes * 60_000;
}
