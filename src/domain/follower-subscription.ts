/**
 * The follower's subscription page (spec section 4).
 *
 * Label (documented decision): expired once the expiry is reached; gift for a membership on gifts alone that does
 * not renew (cancelled, giftEndsAt = expiresAt: a gift created or restarted it and the member has not paid since), with
 * the line "Gift until"; cancelled when cancelled or the subscription was deleted; expiring when still active but the
 * renewal charge failed; otherwise active. One-time is always active.
 */
import type { FollowerMemberLabel, Subscription, SubscriptionMember } from './entities';
import { isMemberExpired } from './members';

/**
 * trial_until: a free trial never paid, running; nothing renews it (the follower pays to stay: src/domain/trial.ts).
 * gift_until: a membership on gifts alone, running and not renewing (src/domain/gift.ts).
 */
export type FollowerLineKind = 'renews_on' | 'expires_on' | 'expired_on' | 'trial_until' | 'gift_until';

export interface FollowerSubscriptionLine {
  readonly kind: FollowerLineKind;
  /** Epoch seconds. */
  readonly at: number;
  /** Append the "subscription deleted" suffix. */
  readonly deletedSuffix: boolean;
}

export interface FollowerSubscriptionView {
  readonly cancelled: boolean;
  readonly expired: boolean;
  /** null for one-time memberships (no expiry). */
  readonly line: FollowerSubscriptionLine | null;
  readonly canRenew: boolean;
  /** The renew button states price and period (when expired). */
  readonly renewShowsPrice: boolean;
  /** Cancel asks for confirmation stating the line's date. */
  readonly canCancel: boolean;
  readonly label: FollowerMemberLabel;
}

export function followerSubscriptionView(
  member: Pick<SubscriptionMember, 'status' | 'period' | 'expiresAt' | 'renewalFailed' | 'trialEndsAt' | 'giftEndsAt'>,
  subscription: Pick<Subscription, 'isDeleted'>,
  nowMs: number,
): FollowerSubscriptionView {
  const deleted = subscription.isDeleted;
  const oneTime = member.period === 'onetime';
  // A one-time membership has no expiry unless a refund ended it (members.ts): then it shows its end like others.
  const dated = !oneTime || member.expiresAt !== undefined;
  const cancelled = member.status === 'cancelled' || deleted;
  const expired = isMemberExpired(member, nowMs);
  const onGift =
    member.status === 'cancelled' &&
    member.giftEndsAt !== undefined &&
    member.giftEndsAt === member.expiresAt &&
    !expired;

  let line: FollowerSubscriptionLine | null = null;
  if (dated && member.expiresAt !== undefined) {
    const onTrial = member.trialEndsAt !== undefined && member.trialEndsAt === member.expiresAt;
    const kind: FollowerLineKind = expired
      ? 'expired_on'
      : onGift
        ? 'gift_until'
        : cancelled
          ? 'expires_on'
          : onTrial
            ? 'trial_until'
            : 'renews_on';
    line = { kind, at: member.expiresAt, deletedSuffix: deleted && kind !== 'renews_on' };
  }

  const canRenew = (cancelled || expired) && !deleted && !oneTime;
  let label: FollowerMemberLabel = 'active';
  if (dated) {
    if (expired) label = 'expired';
    else if (onGift) label = 'gift';
    else if (cancelled) label = 'cancelled';
    else if (member.renewalFailed === true) label = 'expiring';
  }
  return {
    cancelled,
    expired,
    line,
    canRenew,
    renewShowsPrice: canRenew && expired,
    canCancel: !cancelled && !oneTime,
    label,
  };
}
