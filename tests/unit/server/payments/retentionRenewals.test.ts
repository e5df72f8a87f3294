/**
 * A retention offer on the renewal path (server/modules/payments/promos.ts): the membership's promo columns without a
 * code. Its renewals carry the full price, count down, then move to the full price; a full-price renewal already under
 * way when the follower accepted keeps the offered price for the next ones; promo codes behave as before.
 */
import { membershipPromoAfterRenewal, renewalPromoColumns } from '../../../../server/modules/payments/promos';

const accepted = { promoCodeId: null, promoRenewalsLeft: 3, fullPriceMinor: 500, priceMinor: 350 };

describe('retention offers on the renewal path', () => {
  it('a discounted renewal carries the full price and no code', () => {
    expect(renewalPromoColumns(accepted)).toEqual({ promoCodeId: null, listAmount: 500 });
    expect(renewalPromoColumns({ ...accepted, promoRenewalsLeft: 0 })).toEqual({ promoCodeId: null, listAmount: null });
    expect(renewalPromoColumns({ promoCodeId: null, promoRenewalsLeft: null, fullPriceMinor: null })).toEqual({
      promoCodeId: null,
      listAmount: null,
    });
  });

  it('counts the discounted renewals down, then charges the full price', () => {
    const paid = { promoCodeId: null, listAmount: 500, amount: 350 };
    expect(membershipPromoAfterRenewal(accepted, paid)).toEqual({ promoRenewalsLeft: 2, priceMinor: 350 });
    expect(membershipPromoAfterRenewal({ ...accepted, promoRenewalsLeft: 1 }, paid)).toEqual({
      promoRenewalsLeft: 0,
      priceMinor: 500,
    });
  });

  it('a full-price renewal settling after the follower accepted keeps the offered price and its renewals', () => {
    expect(membershipPromoAfterRenewal(accepted, { promoCodeId: null, listAmount: null, amount: 500 })).toEqual({
      promoRenewalsLeft: 3,
      priceMinor: 350,
    });
  });

  it('leaves promo codes and plain memberships as they were', () => {
    const code = { promoCodeId: 7, promoRenewalsLeft: 2, fullPriceMinor: 1000, priceMinor: 750 };
    expect(renewalPromoColumns(code)).toEqual({ promoCodeId: 7, listAmount: 1000 });
    expect(membershipPromoAfterRenewal(code, { promoCodeId: 7, listAmount: 1000, amount: 750 })).toEqual({
      promoRenewalsLeft: 1,
      priceMinor: 750,
    });
    const plain = { promoCodeId: null, promoRenewalsLeft: null, fullPriceMinor: null, priceMinor: 1000 };
    expect(membershipPromoAfterRenewal(plain, { promoCodeId: null, listAmount: null, amount: 1200 })).toEqual({
      promoRenewalsLeft: null,
      priceMinor: 1200,
    });
  });
});
