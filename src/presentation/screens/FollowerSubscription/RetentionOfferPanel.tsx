import { useTranslation } from 'react-i18next';
import type { RetentionOfferQuote } from '../../../application/ports/RetentionRepository';
import type { Period } from '../../../domain/entities';
import { formatMoney } from '../../../domain/format';
import { Button } from '../../components';
import './retention-offer.css';

/** The sentence per period: "Stay for €3.50 a month for the next 3 months instead of €5". */
const OFFER_KEYS: Readonly<Record<Exclude<Period, 'onetime'>, string>> = {
  weekly: 'retention.offer.weekly',
  monthly: 'retention.offer.monthly',
  yearly: 'retention.offer.yearly',
};

/** The creator's retention offer, shown in place of the cancel button before the cancel is confirmed. */
export function RetentionOfferPanel({
  offer,
  period,
  accessUntil,
  busy,
  onAccept,
  onDecline,
}: {
  offer: RetentionOfferQuote;
  period: Exclude<Period, 'onetime'>;
  /** The formatted date access lasts until if the follower cancels. */
  accessUntil: string | null;
  busy: 'cancel' | 'renew' | 'accept' | null;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="retention-offer" aria-labelledby="retention-offer-title" data-testid="retention-offer">
      <h2 id="retention-offer-title" className="retention-offer__title">
        {t('retention.offerTitle')}
      </h2>
      <p className="retention-offer__text">
        {t(OFFER_KEYS[period], {
          count: offer.renewals,
          price: formatMoney(offer.charged),
          full: formatMoney(offer.price),
        })}
      </p>
      {accessUntil !== null && (
        <p className="retention-offer__note">{t('retention.accessNote', { date: accessUntil })}</p>
      )}
      <div className="retention-offer__actions">
        <Button stretched loading={busy === 'accept'} disabled={busy !== null} onClick={onAccept}>
          {t('retention.accept')}
        </Button>
        <Button stretched mode="destructive" loading={busy === 'cancel'} disabled={busy !== null} onClick={onDecline}>
          {t('retention.decline')}
        </Button>
      </div>
    </section>
  );
}
