import { parseStartParam, startParamRoute } from '../../../src/domain/invoice';
import { money } from '../../../src/domain/money';
import {
  type PromoContext,
  type PromoTerms,
  applyPromoDiscount,
  checkPromo,
  discountedRenewals,
  normalizePromoCode,
  promoQuote,
  promoStartParam,
} from '../../../src/domain/promo';

const terms: PromoTerms = {
  channelId: 1,
  subscriptionId: 10,
  discount: { kind: 'percent', percent: 20 },
  paused: false,
  deleted: false,
  endsAtMs: null,
  maxRedemptions: null,
  newMembersOnly: false,
};
const context: PromoContext = {
  channelId: 1,
  subscriptionId: 10,
  currency: 'eur',
  nowMs: 1_000,
  redemptions: 0,
  wasMember: false,
};

describe('promo codes', () => {
  it.each([
    ['summer24', 'SUMMER24'],
    ['  Summer-24 ', 'SUMMER-24'],
    ['ab', null],
    ['-ABC', null],
    ['ABC-', null],
    ['A B C', null],
    ['A_BC', null],
    ['X'.repeat(25), null],
    [42, null],
  ])('normalises %p to %p', (text, code) => {
    expect(normalizePromoCode(text)).toBe(code);
  });

  it('rounds a percent discount down to a whole minor unit', () => {
    // 33 % of 9.99 is 3.2967: 3.29 off, 6.70 charged (never less than the exact 6.6933).
    const price = applyPromoDiscount(money(999, 'eur'), { kind: 'percent', percent: 33 });
    expect(price.discount).toEqual(money(329, 'eur'));
    expect(price.charged).toEqual(money(670, 'eur'));
    expect(price.discount.minor + price.charged.minor).toBe(999);
    expect(price.capped).toBe(false);
    // zero-decimal currencies round to the whole unit: 15 % of 1001 yen is 150.15.
    expect(applyPromoDiscount(money(1001, 'jpy'), { kind: 'percent', percent: 15 }).charged).toEqual(money(851, 'jpy'));
  });

  it('takes a fixed amount off in the same currency only', () => {
    expect(applyPromoDiscount(money(1000, 'eur'), { kind: 'fixed', amount: money(250, 'eur') }).charged).toEqual(
      money(750, 'eur'),
    );
    expect(applyPromoDiscount(money(1000, 'usd'), { kind: 'fixed', amount: money(250, 'eur') }).discount.minor).toBe(0);
  });

  it('caps the discount at the minimum charge of the currency', () => {
    // eur subscriptions start at 1.00 (spec section 9), rub at 200.
    const eur = applyPromoDiscount(money(500, 'eur'), { kind: 'percent', percent: 100 });
    expect(eur.charged).toEqual(money(100, 'eur'));
    expect(eur.discount).toEqual(money(400, 'eur'));
    expect(eur.capped).toBe(true);
    const rub = applyPromoDiscount(money(25_000, 'rub'), { kind: 'fixed', amount: money(10_000, 'rub') });
    expect(rub.charged).toEqual(money(20_000, 'rub'));
    expect(rub.capped).toBe(true);
    // no spec minimum: one minor unit.
    expect(applyPromoDiscount(money(300, 'usd'), { kind: 'fixed', amount: money(999, 'usd') }).charged).toEqual(
      money(1, 'usd'),
    );
  });

  it('counts the discounted renewals of each duration', () => {
    expect(discountedRenewals('first', null)).toBe(0);
    expect(discountedRenewals('periods', 3)).toBe(2);
    expect(discountedRenewals('periods', 1)).toBe(0);
    expect(discountedRenewals('forever', null)).toBeNull();
    expect(promoQuote('X1Y', money(1000, 'eur'), { kind: 'percent', percent: 10 }, 'periods', 2)).toMatchObject({
      code: 'X1Y',
      charged: money(900, 'eur'),
      discountedRenewals: 1,
    });
  });

  it.each<[string, Partial<PromoTerms> | null, Partial<PromoContext>, string | null]>([
    ['a code that applies', {}, {}, null],
    ['none', null, {}, 'unknown'],
    ['deleted', { deleted: true }, {}, 'unknown'],
    ['another channel', { channelId: 2 }, {}, 'unknown'],
    ['another subscription', { subscriptionId: 11 }, {}, 'not_applicable'],
    ['a channel-wide code', { subscriptionId: null }, { subscriptionId: 99 }, null],
    [
      'a fixed amount in another currency',
      { discount: { kind: 'fixed', amount: money(100, 'rub') } },
      {},
      'not_applicable',
    ],
    ['paused', { paused: true }, {}, 'paused'],
    ['ended', { endsAtMs: 1_000 }, {}, 'expired'],
    ['not yet ended', { endsAtMs: 1_001 }, {}, null],
    ['used up', { maxRedemptions: 2 }, { redemptions: 2 }, 'used_up'],
    ['one slot left', { maxRedemptions: 2 }, { redemptions: 1 }, null],
    ['new members only', { newMembersOnly: true }, { wasMember: true }, 'new_members_only'],
    ['new members only, a newcomer', { newMembersOnly: true }, {}, null],
  ])('checks %s', (_name, change, situation, refusal) => {
    const result = checkPromo(change === null ? null : { ...terms, ...change }, { ...context, ...situation });
    expect(result.ok ? null : result.error).toBe(refusal);
  });

  it('shares a link whose start parameter opens the invoice with the code (Telegram: A-Za-z0-9_-, up to 64)', () => {
    const param = promoStartParam(1234567890, 'X'.repeat(24));
    expect(param).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(parseStartParam('subscription_12_summer-24')).toEqual({ kind: 'subscription', id: 12, promo: 'SUMMER-24' });
    expect(parseStartParam('donation_12_SUMMER')).toBeNull();
    expect(startParamRoute(promoStartParam(12, 'SUMMER'))).toBe('/invoice/subscription/12/promo/SUMMER');
  });
});
