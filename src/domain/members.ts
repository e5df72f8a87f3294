/**
 * Subscription members as the creator sees them (spec section 4).
 *
 * Time-derived states (documented decisions; the spec names the filters but not their meaning):
 * - expired: the membership has an expiry and it is not in the future (expiresAt * 1000 <= now).
 * - expiring: not expired yet, but it will not renew: cancelled, or its renewal charge failed.
 * - active: not expired and will renew; one-time memberships never expire and are always active, unless a refund ended
 *   one (it then has an expiry, the refund's time, and counts as expired).
 * The three are disjoint and together make up `all`.
 */
import type { FollowerMemberLabel, MemberFilter, Period, SubscriptionMember } from './entities';

type MemberFacts = Pick<SubscriptionMember, 'status' | 'period' | 'expiresAt' | 'renewalFailed'>;

/**
 * Who counts (spec section 4: the live group is "active, or one-time"; an expired member is not live). The one rule
 * for the live group and for every subscriber count (subscription, channel, dashboard): the membership has not
 * expired, and it is one-time or still renews (status active). A cancelled membership keeps access until its expiry
 * but no longer counts; a one-time membership a refund ended has an expiry in the past. The server's SQL twin is
 * `liveMemberSql` (server/platform/db/members.ts).
 */
export function isLiveMember(
  member: Pick<SubscriptionMember, 'status' | 'period' | 'expiresAt'>,
  nowMs: number,
): boolean {
  if (isMemberExpired(member, nowMs)) return false;
  return member.period === 'onetime' || member.status === 'active';
}

/** Splits members into the live and inactive groups, keeping their order. */
export function groupMembers<M extends Pick<SubscriptionMember, 'status' | 'period' | 'expiresAt'>>(
  members: readonly M[],
  nowMs: number,
): { live: M[]; inactive: M[] } {
  const live: M[] = [];
  const inactive: M[] = [];
  for (const member of members) (isLiveMember(member, nowMs) ? live : inactive).push(member);
  return { live, inactive };
}

/** How many distinct people count as subscribers among these memberships (a channel counts each person once). */
export function countLiveSubscribers(
  members: readonly Pick<SubscriptionMember, 'userId' | 'status' | 'period' | 'expiresAt'>[],
  nowMs: number,
): number {
  return new Set(members.filter((member) => isLiveMember(member, nowMs)).map((member) => member.userId)).size;
}

/**
 * Whether a filter can take any member of a group. An expired member is never live, and an active one (not expired,
 * one-time or renewing) always is: `expired` takes none of the live group and `active` none of the inactive group,
 * so such a page is empty without reading a member.
 */
export function filterMeetsGroup(filter: MemberFilter, group: 'live' | 'inactive'): boolean {
  return group === 'live' ? filter !== 'expired' : filter !== 'active';
}

/** One-time subscriptions offer only the first two filters. */
export function memberFiltersFor(period: Period): MemberFilter[] {
  return period === 'onetime' ? ['all', 'active'] : ['all', 'active', 'expiring', 'expired'];
}

/** True when the membership has an expiry that has been reached. One-time memberships have none unless refunded. */
export function isMemberExpired(member: Pick<SubscriptionMember, 'period' | 'expiresAt'>, nowMs: number): boolean {
  return member.expiresAt !== undefined && member.expiresAt * 1000 <= nowMs;
}

/** Which of active, expiring, expired the member is in (see the module comment). */
export function memberDisplayStatus(
  member: MemberFacts,
  nowMs: number,
): Extract<FollowerMemberLabel, 'active' | 'expiring' | 'expired'> {
  if (isMemberExpired(member, nowMs)) return 'expired';
  if (member.period === 'onetime') return 'active';
  if (member.status === 'cancelled' || member.renewalFailed === true) return 'expiring';
  return 'active';
}

export function memberFilterMatches(filter: MemberFilter, member: MemberFacts, nowMs: number): boolean {
  return filter === 'all' || memberDisplayStatus(member, nowMs) === filter;
}

/** A renewal charge failed and will be tried again at expiry, while access still runs ("renewal failed, retrying"). */
export function isRenewalRetrying(member: MemberFacts, nowMs: number): boolean {
  return (
    member.status === 'active' &&
    member.period !== 'onetime' &&
    member.renewalFailed === true &&
    !isMemberExpired(member, nowMs)
  );
}

/** The creator's member page shows the status row only for memberships that are neither one-time nor cancelled. */
export function showsMemberStatus(member: Pick<SubscriptionMember, 'status' | 'period'>): boolean {
  return member.period !== 'onetime' && member.status !== 'cancelled';
}
