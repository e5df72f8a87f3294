import { useTranslation } from 'react-i18next';
import type { CardBrand } from '../../domain/entities';

/** Brand marks drawn from shapes (no logo files): brand colour plus a short mark. */
function BrandMark({ brand }: { brand: CardBrand }) {
  switch (brand) {
    case 'mastercard':
    case 'maestro':
      return (
        <svg className="card-brand" viewBox="0 0 36 24" aria-hidden="true" focusable="false">
          <rect width="36" height="24" rx="4" fill="#1c1c1e" />
          <circle cx="14.5" cy="12" r="6.5" fill={brand === 'mastercard' ? '#eb001b' : '#0099df'} />
          <circle cx="21.5" cy="12" r="6.5" fill={brand === 'mastercard' ? '#f79e1b' : '#e6001a'} fillOpacity="0.9" />
        </svg>
      );
    case 'visa':
    case 'mir':
      return (
        <svg className="card-brand" viewBox="0 0 36 24" aria-hidden="true" focusable="false">
          <rect width="36" height="24" rx="4" fill={brand === 'visa' ? '#1a1f71' : '#0f754e'} />
          <text
            x="18"
            y="16"
            textAnchor="middle"
            fontSize="10"
            fontWeight="700"
            fontStyle={brand === 'visa' ? 'italic' : undefined}
            fill="#fff"
          >
            {brand === 'visa' ? 'VISA' : 'МИР'}
          </text>
        </svg>
      );
    default:
      return (
        <svg className="card-brand" viewBox="0 0 36 24" aria-hidden="true" focusable="false">
          <rect x="1" y="1" width="34" height="22" rx="4" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M1 8h34" stroke="currentColor" strokeWidth="3" />
        </svg>
      );
  }
}

export interface CardDisplayProps {
  readonly brand: CardBrand;
  /** Last digits of the card number. */
  readonly last: string;
}

/** A saved card as "brand mark •••• 1234", read out as "Visa card ending in 1234". */
export function CardDisplay({ brand, last }: CardDisplayProps) {
  const { t } = useTranslation();
  return (
    <span
      className="card-display"
      role="img"
      aria-label={t('common.card.ending', { brand: t(`common.card.brand.${brand}`), last })}
    >
      <BrandMark brand={brand} />
      <span className="card-display__number" aria-hidden="true">
        •••• {last}
      </span>
    </span>
  );
}
