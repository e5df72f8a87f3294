import { money } from '../../../src/domain/money';
import {
  type RetentionContext,
  checkRetention,
  checkRetentionTerms,
  retentionPrice,
} from '../../../src/domain/retention';

const context: RetentionContext = {
  offer: { percent: 30, renewals: 3 },
  subscriptionDeleted: false,
  channelPayable: true,
  member: {
    period: 'month',
    status: 'active',
    expiresAtMs: 10_000,
    paidWithStars: false,
    promoCodeId: null,
    promoRenewalsLeft: null,
    price: money(500, 'eur'),
  },
  outcome: null,
  nowMs: 1_000,
};
const withMember = (member: Partial<RetentionContext['member']>): RetentionContext => ({
  ...context,
  member: { ...context.member, ...member },
});
const refusal = (changed: RetentionContext) => {
  const result = checkRetention(changed);
  return result.ok ? null : result.error;
};

describe('retention offers', () => {
  it('accepts whole percents 5 to 90 for 1 to 12 renewals and names the field otherwise', () => {
    expect(checkRetentionTerms({ percent: 5, renewals: 1 })).toEqual({ ok: true, value: { percent: 5, renewals: 1 } });
    expect(checkRetentionTerms({ percent: 90, renewals: 12 }).ok).toBe(true);
    for (const percent of [4, 91, 30.5, '30', null]) {
      expect(checkRetentionTerms({ percent, renewals: 3 })).toEqual({
        ok: false,
        error: { field: 'percent', reason: 'retention_percent_range' },
      });
    }
    for (const renewals of [0, 13, 2.5, undefined]) {
      expect(checkRetentionTerms({ percent: 30, renewals })).toEqual({
        ok: false,
        error: { field: 'renewals', reason: 'retention_renewals_range' },
      });
    }
  });

  it('rounds the discount down to a whole minor unit and caps it at the minimum charge', () => {
    // 30 % of €5.00 is €1.50: €3.50 a renewal.
    expect(retentionPrice(money(500, 'eur'), 30)).toMatchObject({
      discount: money(150, 'eur'),
      charged: money(350, 'eur'),
      capped: false,
    });
    // 33 % of €3.33 is 109.89 cents: 109 off, so €2.24 is charged (never below the exact price).
    expect(retentionPrice(money(333, 'eur'), 33).charged).toEqual(money(224, 'eur'));
    // 90 % of €5 would be €0.50, under the €1 minimum: €1 is charged, the discount shrinks.
    expect(retentionPrice(money(500, 'eur'), 90)).toMatchObject({ charged: money(100, 'eur'), capped: true });
    // ₽250 with 50 % off stops at the ₽200 minimum.
    expect(retentionPrice(money(25_000, 'rub'), 50).charged).toEqual(money(20_000, 'rub'));
  });

  it('quotes the offer to an active card member', () => {
    expect(checkRetention(context)).toEqual({
      ok: true,
      value: {
        price: money(500, 'eur'),
        discount: money(150, 'eur'),
        charged: money(350, 'eur'),
        capped: false,
        percent: 30,
        renewals: 3,
      },
    });
  });

  it('is not offered without an offer, on one-time, deleted, unpayable, inactive or expired memberships', () => {
    expect(refusal({ ...context, offer: null })).toBe('no_offer');
    expect(refusal(withMember({ period: 'onetime', expiresAtMs: null }))).toBe('onetime');
    expect(refusal({ ...context, subscriptionDeleted: true })).toBe('subscription_deleted');
    expect(refusal({ ...context, channelPayable: false })).toBe('payments_disabled');
    expect(refusal(withMember({ status: 'cancelled' }))).toBe('not_active');
    expect(refusal(withMember({ expiresAtMs: 1_000 }))).toBe('not_active');
  });

  it('is not offered on Telegram Stars, nor while a promo code still discounts the renewals', () => {
    expect(refusal(withMember({ paidWithStars: true }))).toBe('stars');
    expect(refusal(withMember({ promoCodeId: 7, promoRenewalsLeft: 2 }))).toBe('promo');
    expect(refusal(withMember({ promoCodeId: 7, promoRenewalsLeft: null }))).toBe('promo');
    // A code whose discounted renewals are used up no longer stands in the way.
    expect(checkRetention(withMember({ promoCodeId: 7, promoRenewalsLeft: 0 })).ok).toBe(true);
  });

  it('is offered until answered, then never again', () => {
    expect(checkRetention({ ...context, outcome: 'offered' }).ok).toBe(true);
    expect(refusal({ ...context, outcome: 'stayed' })).toBe('answered');
    expect(refusal({ ...context, outcome: 'left' })).toBe('answered');
  });

  it('is not offered when the price is already the minimum charge', () => {
    expect(refusal(withMember({ price: money(100, 'eur') }))).toBe('no_discount');
  });
});
