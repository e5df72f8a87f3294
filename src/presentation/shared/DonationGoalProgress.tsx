import { useTranslation } from 'react-i18next';
import type { Donation } from '../../application/ports/DonationRepository';
import { barPercent } from '../../domain/donation-goal';
import { formatDate } from '../../domain/format';
import { formatMoney } from '../../domain/format-light';
import './donationGoal.css';

/**
 * A donation request's progress as its channel post shows it (src/domain/donation-goal.ts): "€340 of €1,000", a bar,
 * the number of donations and "ends …", "ended" or "goal reached". The follower's invoice and the creator's request
 * screen show it alike. Nothing without a goal or an end date.
 */
export function DonationGoalProgress({
  donation,
  nowMs,
  zone,
}: {
  readonly donation: Donation;
  readonly nowMs: number;
  readonly zone: string;
}) {
  const { t, i18n } = useTranslation();
  const progress = donation.progress;
  if (!progress) return null;
  const raised = formatMoney(progress.raised);
  const headline = donation.goal
    ? t('donation.progress.of', { raised, goal: formatMoney(donation.goal) })
    : t('donation.progress.raised', { raised });
  const facts = [t('donation.progress.donations', { count: progress.donations })];
  if (donation.endsAt != null)
    facts.push(
      progress.ended
        ? t('donation.progress.ended')
        : t('donation.progress.ends', { date: formatDate(donation.endsAt, i18n.language, nowMs, zone) }),
    );
  if (progress.reached) facts.push(t('donation.progress.reached'));
  return (
    <div className="donation-goal" data-testid="donation-goal">
      <p className="donation-goal__headline">
        <bdi>{headline}</bdi>
        {progress.percent !== null && <span className="donation-goal__percent">{progress.percent}%</span>}
      </p>
      {progress.percent !== null && (
        <div
          className="donation-goal__bar"
          role="progressbar"
          aria-label={t('donation.progress.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={barPercent(progress.percent)}
          aria-valuetext={headline}
        >
          <div className="donation-goal__fill" style={{ width: `${barPercent(progress.percent)}%` }} />
        </div>
      )}
      <p className="donation-goal__facts">{facts.join(' · ')}</p>
    </div>
  );
}
