import type { SubscriptionMember } from '../../../src/domain/entities';
import {
  countLiveSubscribers,
  filterMeetsGroup,
  groupMembers,
  isLiveMember,
  isMemberExpired,
  memberDisplayStatus,
  memberFilterMatches,
  memberFiltersFor,
  showsMemberStatus,
} from '../../../src/domain/members';
import { money } from '../../../src/domain/money';

const NOW_S = 1_750_000_000;
const NOW_MS = NOW_S * 1000;
const member = (overrides: Partial<SubscriptionMember>): SubscriptionMember => ({
  id: 1,
  subscriptionId: 1,
  userId: 1,
  status: 'active',
  period: 'monthly',
  activatedAt: NOW_S - 86400,
  expiresAt: NOW_S + 86400,
  price: money(500, 'eur'),
  ...overrides,
});

describe('member groups', () => {
  it('counts active and one-time members as live, never an expired, cancelled or refunded one', () => {
    expect(isLiveMember(member({}), NOW_MS)).toBe(true);
    expect(isLiveMember(member({ status: 'cancelled', period: 'onetime', expiresAt: undefined }), NOW_MS)).toBe(true);
    expect(isLiveMember(member({ period: 'onetime', expiresAt: undefined }), NOW_MS)).toBe(true);
    // Cancelled keeps access until its expiry but no longer counts.
    expect(isLiveMember(member({ status: 'cancelled' }), NOW_MS)).toBe(false);
    // Still marked active (the renewal has not run) but expired: shown as Expired, so not live.
    expect(isLiveMember(member({ expiresAt: NOW_S - 10 }), NOW_MS)).toBe(false);
    expect(isLiveMember(member({ status: 'cancelled', period: 'onetime', expiresAt: NOW_S - 10 }), NOW_MS)).toBe(false);
  });

  it('splits a list keeping order', () => {
    const a = member({ id: 1 });
    const b = member({ id: 2, status: 'cancelled' });
    const c = member({ id: 3, period: 'onetime', expiresAt: undefined });
    const d = member({ id: 4, expiresAt: NOW_S - 1 });
    expect(groupMembers([a, b, c, d], NOW_MS)).toEqual({ live: [a, c], inactive: [b, d] });
  });

  it('counts each live person once, as the live group does', () => {
    const members = [
      member({ id: 1, userId: 1 }),
      member({ id: 2, userId: 1, period: 'onetime', expiresAt: undefined }),
      member({ id: 3, userId: 2, status: 'cancelled' }),
      member({ id: 4, userId: 3, expiresAt: NOW_S - 1 }),
      member({ id: 5, userId: 4, period: 'onetime', expiresAt: undefined }),
    ];
    expect(countLiveSubscribers(members, NOW_MS)).toBe(2);
    expect(countLiveSubscribers(members, NOW_MS)).toBe(
      new Set(groupMembers(members, NOW_MS).live.map((m) => m.userId)).size,
    );
  });
});

describe('member filters', () => {
  it('offers only all and active for one-time subscriptions', () => {
    expect(memberFiltersFor('onetime')).toEqual(['all', 'active']);
    expect(memberFiltersFor('monthly')).toEqual(['all', 'active', 'expiring', 'expired']);
  });

  it('expires at the expiry second', () => {
    expect(isMemberExpired(member({ expiresAt: NOW_S + 1 }), NOW_MS)).toBe(false);
    expect(isMemberExpired(member({ expiresAt: NOW_S }), NOW_MS)).toBe(true);
    expect(isMemberExpired(member({ period: 'onetime', expiresAt: undefined }), NOW_MS)).toBe(false);
    // A one-time membership gets an expiry only when a refund ends it.
    expect(isMemberExpired(member({ period: 'onetime', expiresAt: NOW_S - 10 }), NOW_MS)).toBe(true);
  });

  it.each([
    ['renewing', {}, 'active'],
    ['cancelled, not yet expired', { status: 'cancelled' }, 'expiring'],
    ['renewal failed, not yet expired', { renewalFailed: true }, 'expiring'],
    ['cancelled and expired', { status: 'cancelled', expiresAt: NOW_S - 1 }, 'expired'],
    ['active past expiry', { expiresAt: NOW_S - 1 }, 'expired'],
    ['one-time, even cancelled', { period: 'onetime', status: 'cancelled', expiresAt: undefined }, 'active'],
    ['one-time ended by a refund', { period: 'onetime', status: 'cancelled', expiresAt: NOW_S - 1 }, 'expired'],
  ] as const)('%s is %s', (_label, overrides, status) => {
    const m = member(overrides);
    expect(memberDisplayStatus(m, NOW_MS)).toBe(status);
    expect(memberFilterMatches(status, m, NOW_MS)).toBe(true);
    expect(memberFilterMatches('all', m, NOW_MS)).toBe(true);
    for (const other of ['active', 'expiring', 'expired'] as const) {
      if (other !== status) expect(memberFilterMatches(other, m, NOW_MS)).toBe(false);
    }
  });

  it('a filter meets a group exactly when some membership is in both (expired is never live, active never inactive)', () => {
    const states = (['active', 'cancelled'] as const).flatMap((status) =>
      (['monthly', 'onetime'] as const).flatMap((period) =>
        [false, true].flatMap((renewalFailed) =>
          [undefined, NOW_S - 1, NOW_S, NOW_S + 1].map((expiresAt) =>
            member({ status, period, renewalFailed, expiresAt }),
          ),
        ),
      ),
    );
    for (const filter of ['all', 'active', 'expiring', 'expired'] as const)
      for (const group of ['live', 'inactive'] as const) {
        const some = states.some(
          (m) => memberFilterMatches(filter, m, NOW_MS) && isLiveMember(m, NOW_MS) === (group === 'live'),
        );
        expect([filter, group, filterMeetsGroup(filter, group)]).toEqual([filter, group, some]);
      }
  });

  it('shows the status row only for memberships neither one-time nor cancelled', () => {
    expect(showsMemberStatus(member({}))).toBe(true);
    expect(showsMemberStatus(member({ status: 'cancelled' }))).toBe(false);
    expect(showsMemberStatus(member({ period: 'onetime' }))).toBe(false);
  });
});
