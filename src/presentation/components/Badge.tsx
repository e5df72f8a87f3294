import { useTranslation } from 'react-i18next';
import type { BadgeType } from '../../domain/entities';
import { Icon, type IconName } from './Icon';

const ICONS: Readonly<Record<BadgeType, IconName>> = {
  SendDonation: 'heart',
  GetDonation: 'heart',
  SellSubscription: 'star',
  BuySubscription: 'star',
  check: 'check',
  Refund: 'undo',
};

export interface BadgeProps {
  readonly type: BadgeType;
  readonly size?: number;
  /** True when a neighbouring text already says what happened. */
  readonly decorative?: boolean;
}

/** The round transaction-type mark of section 3 (incoming money green, outgoing blue, check neutral). */
export function Badge({ type, size = 40, decorative }: BadgeProps) {
  const { t } = useTranslation();
  return (
    <span
      className={`badge badge--${type}`}
      style={{ width: size, height: size }}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : t(`common.badge.${type}`)}
      aria-hidden={decorative || undefined}
    >
      <Icon name={ICONS[type]} size={Math.round(size * 0.5)} />
    </span>
  );
}
