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

  it('a membership on gifts alone says it is a gift until it ends, or until the member pays for it', () => {
    const until = NOW_S + 30 * 86_400;
    const gift = member({ status: 'cancelled', expiresAt: until, giftEndsAt: until });
    expect(followerSubscriptionView(gift, live, NOW_MS)).toMatchObject({
      label: 'gift',
      line: { kind: 'gift_until', at: until, deletedSuffix: false },
      cancelled: true,
      canRenew: true,
      renewShowsPrice: false,
      canCancel: false,
    });
    // The subscription removed: still a gift, with the suffix.
    expect(followerSubscriptionView(gift, deleted, NOW_MS).line).toEqual({
      kind: 'gift_until',
      at: until,
      deletedSuffix: true,
    });
    // Paid by the member (giftEndsAt cleared), renewing again, or extended past the gift by a period they paid.
    expect(followerSubscriptionView(member({ status: 'cancelled', expiresAt: until }), live, NOW_MS).label).toBe(
      'cancelled',
    );
    const renewing = followerSubscriptionView(member({ expiresAt: until, giftEndsAt: until }), live, NOW_MS);
    expect(renewing).toMatchObject({ label: 'active', line: { kind: 'renews_on' } });
    const beyond = member({ status: 'cancelled', expiresAt: until, giftEndsAt: until - 86_400 });
    expect(followerSubscriptionView(beyond, live, NOW_MS)).toMatchObject({
      label: 'cancelled',
      line: { kind: 'expires_on' },
    });
    // Once it has ended, it has expired like any other.
    const ended = member({ status: 'cancelled', expiresAt: NOW_S - 60, giftEndsAt: NOW_S - 60 });
    expect(followerSubscriptionView(ended, live, NOW_MS)).toMatchObject({
      label: 'expired',
      line: { kind: 'expired_on' },
    });
  });
});
