import {
  barPercent,
  endOfDay,
  donationProgress,
  dueAnnouncements,
  goalBounds,
  goalPercent,
  hasGoal,
  validateDonationGoal,
} from '../../../src/domain/donation-goal';
import { money } from '../../../src/domain/money';

const NOW = Date.UTC(2026, 10, 1, 12);
const DAY = 86_400_000;

describe('goal and end date validation', () => {
  const check = (goal: string | null, endsAtMs: number | null = null, currency: 'eur' | 'rub' | 'usd' = 'eur') =>
    validateDonationGoal({ goal, endsAtMs, currency }, NOW);

  it('takes neither, either or both', () => {
    expect(check(null)).toEqual({ ok: true, value: { goal: null, endsAtMs: null } });
    expect(check('  ')).toEqual({ ok: true, value: { goal: null, endsAtMs: null } });
    expect(check('1000')).toEqual({ ok: true, value: { goal: money(100_000, 'eur'), endsAtMs: null } });
    expect(check('1000.50', NOW + DAY)).toEqual({
      ok: true,
      value: { goal: money(100_050, 'eur'), endsAtMs: NOW + DAY },
    });
  });

  it('refuses text that is not an amount, zero and too many decimals', () => {
    for (const text of ['ten', '0', '-5', '1.001'])
      expect(check(text)).toEqual({ ok: false, error: { field: 'goal', code: 'goal_invalid' } });
  });

  it('bounds the goal by the smallest donation and a thousand of the largest', () => {
    expect(goalBounds('eur')).toEqual({ min: money(100, 'eur'), max: money(200_000_000, 'eur') });
    expect(check('0.99')).toEqual({
      ok: false,
      error: { field: 'goal', code: 'goal_below', bound: money(100, 'eur') },
    });
    expect(check('2000000')).toMatchObject({ ok: true });
    expect(check('2000000.01')).toEqual({
      ok: false,
      error: { field: 'goal', code: 'goal_above', bound: money(200_000_000, 'eur') },
    });
    expect(check('150', null, 'rub')).toMatchObject({ ok: false, error: { code: 'goal_below' } });
    // A currency without known bounds: anything above zero, no maximum.
    expect(check('99999999', null, 'usd')).toMatchObject({ ok: true });
  });

  it('wants the end after now and at most 366 days ahead', () => {
    expect(check(null, NOW)).toEqual({ ok: false, error: { field: 'endsAt', code: 'end_date_past' } });
    expect(check(null, NOW - 1)).toEqual({ ok: false, error: { field: 'endsAt', code: 'end_date_past' } });
    expect(check(null, NOW + 366 * DAY)).toMatchObject({ ok: true });
    expect(check(null, NOW + 366 * DAY + 1)).toEqual({
      ok: false,
      error: { field: 'endsAt', code: 'end_date_too_far' },
    });
  });
});

describe('progress', () => {
  it('rounds the percent down: 100 only once the goal is reached', () => {
    expect(goalPercent(0, 100_000)).toBe(0);
    expect(goalPercent(999, 100_000)).toBe(0);
    expect(goalPercent(34_000, 100_000)).toBe(34);
    expect(goalPercent(99_999, 100_000)).toBe(99);
    expect(goalPercent(100_000, 100_000)).toBe(100);
    expect(goalPercent(134_567, 100_000)).toBe(134);
    expect(goalPercent(1, 3)).toBe(33);
    expect(goalPercent(2, 3)).toBe(66);
    expect(goalPercent(-5, 100)).toBe(0);
  });

  it('caps the bar at 100 and shows none without a goal', () => {
    expect(barPercent(134)).toBe(100);
    expect(barPercent(66)).toBe(66);
    expect(barPercent(null)).toBe(0);
  });

  it('is reached at the goal and ended at the end date, still counting after it', () => {
    const state = { goalMinor: 100_000, endsAtMs: NOW + DAY, raisedMinor: 34_000, donations: 12 };
    expect(donationProgress(state, NOW)).toEqual({
      raisedMinor: 34_000,
      donations: 12,
      percent: 34,
      reached: false,
      ended: false,
    });
    expect(donationProgress({ ...state, raisedMinor: 100_000 }, NOW)).toMatchObject({ percent: 100, reached: true });
    expect(donationProgress(state, NOW + DAY)).toMatchObject({ ended: true, percent: 34 });
    expect(donationProgress({ ...state, goalMinor: null }, NOW)).toMatchObject({ percent: null, reached: false });
  });

  it('has a goal with a goal amount or an end date', () => {
    expect(hasGoal({ goalMinor: null, endsAtMs: null })).toBe(false);
    expect(hasGoal({ goalMinor: 1, endsAtMs: null })).toBe(true);
    expect(hasGoal({ goalMinor: null, endsAtMs: NOW })).toBe(true);
  });
});

describe('announcements', () => {
  const state = { goalMinor: 100_000, endsAtMs: NOW + DAY, raisedMinor: 0, donations: 0 };

  it('announces the goal once it is reached, and never again', () => {
    expect(dueAnnouncements(state, new Set(), NOW)).toEqual([]);
    const reached = { ...state, raisedMinor: 100_000, donations: 3 };
    expect(dueAnnouncements(reached, new Set(), NOW)).toEqual(['goal_reached']);
    expect(dueAnnouncements(reached, new Set(['goal_reached']), NOW)).toEqual([]);
    // A refund takes it below the goal and a donation back above it: still announced once.
    expect(dueAnnouncements({ ...reached, raisedMinor: 120_000 }, new Set(['goal_reached']), NOW)).toEqual([]);
  });

  it('announces the end once the end date passed, with or without the goal reached', () => {
    expect(dueAnnouncements(state, new Set(), NOW + DAY)).toEqual(['ended']);
    expect(dueAnnouncements(state, new Set(['ended']), NOW + 2 * DAY)).toEqual([]);
    const both = { ...state, raisedMinor: 100_000 };
    expect(dueAnnouncements(both, new Set(), NOW + DAY)).toEqual(['goal_reached', 'ended']);
  });

  it('announces nothing for a request without a goal or end date', () => {
    const plain = { goalMinor: null, endsAtMs: null, raisedMinor: 5_000, donations: 1 };
    expect(dueAnnouncements(plain, new Set(), NOW + 1000 * DAY)).toEqual([]);
  });
});

describe('the end of a chosen day', () => {
  it('is its last second in the creator zone', () => {
    expect(endOfDay('2026-12-15', 0)).toBe(Date.UTC(2026, 11, 15, 23, 59, 59));
    // Three hours east of UTC: the day ends three hours earlier in UTC.
    expect(endOfDay('2026-12-15', 180)).toBe(Date.UTC(2026, 11, 15, 20, 59, 59));
    expect(endOfDay('2026-12-15', -300)).toBe(Date.UTC(2026, 11, 16, 4, 59, 59));
  });

  it('is null for text that is not a day', () => {
    for (const text of ['', '15.12.2026', '2026-02-30', '2026-13-01', 'soon']) expect(endOfDay(text, 0)).toBeNull();
  });
});
