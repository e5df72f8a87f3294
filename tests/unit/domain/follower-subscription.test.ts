import type { SubscriptionMember } from '../../../src/domain/entities';
import { followerSubscriptionView } from '../../../src/domain/follower-subscription';
import { money } from '../../../src/domain/money';

const NOW_S = 1_750_000_000;
const NOW_MS = NOW_S * 1000;
const member = (overrides: Partial<SubscriptionMember> = {}): SubscriptionMember => ({
  id: 9,
  subscriptionId: 4,
  userId: 2,
  status: 'active',
  period: 'monthly',
  activatedAt: NOW_S - 100,
  expiresAt: NOW_S + 3600,
  price: money(500, 'eur'),
  ...overrides,
});
const live = { isDeleted: false };
const deleted = { isDeleted: true };

describe('follower subscription view', () => {
  it('active: renews-on line, can cancel, cannot renew', () => {
    expect(followerSubscriptionView(member(), live, NOW_MS)).toEqual({
      cancelled: false,
      expired: false,
      line: { kind: 'renews_on', at: NOW_S + 3600, deletedSuffix: false },
      canRenew: false,
      renewShowsPrice: false,
      canCancel: true,
      label: 'active',
    });
  });

  it('cancelled before expiry: expires-on line, can renew without price, cannot cancel', () => {
    const view = followerSubscriptionView(member({ status: 'cancelled' }), live, NOW_MS);
    expect(view.cancelled).toBe(true);
    expect(view.line).toEqual({ kind: 'expires_on', at: NOW_S + 3600, deletedSuffix: false });
    expect(view.canRenew).toBe(true);
    expect(view.renewShowsPrice).toBe(false);
    expect(view.canCancel).toBe(false);
    expect(view.label).toBe('cancelled');
  });

  it('expired: expired-on line, renew shows price and period', () => {
    const view = followerSubscriptionView(member({ status: 'cancelled', expiresAt: NOW_S }), live, NOW_MS);
    expect(view.expired).toBe(true);
    expect(view.line?.kind).toBe('expired_on');
    expect(view.canRenew).toBe(true);
    expect(view.renewShowsPrice).toBe(true);
    expect(view.label).toBe('expired');
  });

  it('one second before expiry is not expired', () => {
    expect(followerSubscriptionView(member({ expiresAt: NOW_S + 1 }), live, NOW_MS).expired).toBe(false);
  });

  it('deleted subscription counts as cancelled, carries the suffix and cannot be renewed', () => {
    const view = followerSubscriptionView(member(), deleted, NOW_MS);
    expect(view.cancelled).toBe(true);
    expect(view.line).toEqual({ kind: 'expires_on', at: NOW_S + 3600, deletedSuffix: true });
    expect(view.canRenew).toBe(false);
    expect(view.canCancel).toBe(false);
    const expired = followerSubscriptionView(member({ expiresAt: NOW_S - 5 }), deleted, NOW_MS);
    expect(expired.line).toEqual({ kind: 'expired_on', at: NOW_S - 5, deletedSuffix: true });
    expect(expired.canRenew).toBe(false);
    expect(expired.renewShowsPrice).toBe(false);
  });

  it('one-time: no line, no renew, no cancel, always active', () => {
    const view = followerSubscriptionView(member({ period: 'onetime', expiresAt: undefined }), live, NOW_MS);
    expect(view).toMatchObject({ line: null, canRenew: false, canCancel: false, label: 'active', expired: false });
  });

  it('one-time ended by a refund: shows when it ended and that it expired; still no renew or cancel', () => {
    const endedAt = NOW_MS / 1000 - 60;
    const view = followerSubscriptionView(
      member({ period: 'onetime', status: 'cancelled', expiresAt: endedAt }),
      live,
      NOW_MS,
    );
    expect(view).toMatchObject({
      line: { kind: 'expired_on', at: endedAt, deletedSuffix: false },
      canRenew: false,
      canCancel: false,
      label: 'expired',
      expired: true,
    });
  });

  it('labels a failed renewal as expiring', () => {
    expect(followerSubscriptionView(member({ renewalFailed: true }), live, NOW_MS).label).toBe('expiring');
  });
});
