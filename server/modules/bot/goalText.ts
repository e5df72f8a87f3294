/**
 * The progress line a donation request's channel post carries under the creator's text, in the channel's language
 * (bot texts goalOf … goalReached): "€340 of €1,000 · donations: 12 · ends Dec 15".
 */
import type { DonationProgress } from '../../../src/domain/donation-goal';
import { formatMoney } from '../../../src/domain/format-light';
import { type Currency, money } from '../../../src/domain/money';
import { botShortDate, botTexts, fill } from './texts';

export interface GoalOfPost {
  readonly goalMinor: number | null;
  readonly endsAt: Date | null;
  readonly currency: Currency;
}

export function goalLine(goal: GoalOfPost, progress: DonationProgress, language: string | null): string {
  const texts = botTexts(language);
  const raised = formatMoney(money(progress.raisedMinor, goal.currency));
  const pieces = [
    goal.goalMinor === null
      ? fill(texts.goalRaised, { raised })
      : fill(texts.goalOf, { raised, goal: formatMoney(money(goal.goalMinor, goal.currency)) }),
    fill(texts.goalCount, { count: String(progress.donations) }),
  ];
  if (goal.endsAt !== null)
    pieces.push(progress.ended ? texts.goalEnded : fill(texts.goalEnds, { date: botShortDate(goal.endsAt, language) }));
  if (progress.reached) pieces.push(texts.goalReached);
  return pieces.join(' · ');
}

/** The post's text with its progress line (the creator's title and description first, as `postText` writes them). */
export function withGoalLine(text: string, line: string): string {
  return `${text}\n\n${line}`;
}
