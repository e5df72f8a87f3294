import { startParamRoute } from '../../../src/domain/invoice';
import {
  GIFT_CODE_LENGTH,
  type GiftRedemption,
  expiryAfterTakeBack,
  giftCodeFrom,
  giftExpiresAt,
  giftSpan,
  unusedGiftMs,
  giftRefusal,
  giftStartParam,
  giftStateAt,
  isGiftCode,
  isGiftablePeriod,
  parseGiftStartParam,
} from '../../../src/domain/gift';

const DAY = 24 * 60 * 60 * 1000;
const bytes = (values: number[]) => Uint8Array.from(values);

describe('gift codes', () => {
  it('makes a 22-character base62 code from random bytes, skipping bytes that would bias it', () => {
    const code = giftCodeFrom(bytes([0, 61, 62, 255, 248, 247, ...Array.from({ length: 40 }, (_, i) => i)]));
    expect(code).toHaveLength(GIFT_CODE_LENGTH);
    // 0 → '0', 61 → 'z', 62 → '0' (62 mod 62), 255 and 248 skipped, 247 → 247 mod 62 = 61 → 'z'.
    expect(code!.slice(0, 4)).toBe('0z0z');
    expect(isGiftCode(code)).toBe(true);
    expect(giftCodeFrom(bytes(Array.from({ length: 30 }, () => 250)))).toBeNull();
  });

  it('builds and reads the share link start parameter within Telegram limits', () => {
    const code = 'AbCdEfGhIjKlMnOpQrStUv';
    const param = giftStartParam(code);
    expect(param).toBe(`gift_${code}`);
    expect(param.length).toBeLessThanOrEqual(64);
    expect(param).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parseGiftStartParam(param)).toBe(code);
    expect(parseGiftStartParam('gift_short')).toBeNull();
    expect(parseGiftStartParam(`gift_${code}x`)).toBeNull();
    expect(parseGiftStartParam('subscription_5')).toBeNull();
    expect(parseGiftStartParam(null)).toBeNull();
    expect(startParamRoute(param)).toBe(`/gift/${code}`);
    expect(startParamRoute('subscription_5')).toBe('/invoice/subscription/5');
    expect(isGiftCode('AbCdEfGhIjKlMnOpQrSt-v')).toBe(false);
  });
});

describe('gift rules', () => {
  const paidAt = 1_000_000;
  const open: GiftRedemption = {
    state: 'open',
    expiresAtMs: giftExpiresAt(paidAt),
    giverId: 1,
    recipientId: null,
    available: true,
  };

  it('expires 30 days after the purchase, and reads as expired before the job has run', () => {
    expect(giftExpiresAt(paidAt)).toBe(paidAt + 30 * DAY);
    expect(giftStateAt(open, paidAt + 30 * DAY - 1)).toBe('open');
    expect(giftStateAt(open, paidAt + 30 * DAY)).toBe('expired');
    expect(giftStateAt({ ...open, state: 'refunded' }, paidAt)).toBe('refunded');
  });

  it('refuses in order: redeemed, expired, own, unavailable, banned', () => {
    const now = paidAt + DAY;
    expect(giftRefusal(open, 2, false, now)).toBeNull();
    expect(giftRefusal({ ...open, state: 'redeemed', recipientId: 3 }, 2, false, now)).toBe('redeemed');
    // The recipient's own repeated accept is not refused.
    expect(giftRefusal({ ...open, state: 'redeemed', recipientId: 2 }, 2, false, now)).toBeNull();
    expect(giftRefusal(open, 2, false, paidAt + 31 * DAY)).toBe('expired');
    expect(giftRefusal({ ...open, state: 'refunded' }, 2, true, now)).toBe('refunded');
    expect(giftRefusal({ ...open, state: 'refunded' }, 2, false, paidAt + 31 * DAY)).toBe('expired');
    // Refunded after it was accepted (an operator's refund): its recipient is told so too.
    expect(giftRefusal({ ...open, state: 'refunded', recipientId: 2 }, 2, false, now)).toBe('refunded');
    expect(giftRefusal(open, 1, false, now)).toBe('own');
    expect(giftRefusal({ ...open, available: false }, 2, true, now)).toBe('unavailable');
    expect(giftRefusal(open, 2, true, now)).toBe('banned');
    // Telegram renews a Stars subscription on its own date: a gift's period after it would be paid twice.
    expect(giftRefusal(open, 2, false, now, true)).toBe('stars_renewing');
    expect(giftRefusal({ ...open, state: 'redeemed', recipientId: 2 }, 2, false, now, true)).toBeNull();
  });

  it('gives recurring periods only', () => {
    expect(isGiftablePeriod('monthly')).toBe(true);
    expect(isGiftablePeriod('weekly')).toBe(true);
    expect(isGiftablePeriod('onetime')).toBe(false);
  });

  it('records the span a redemption adds: from the paid-through date of a running membership, else from now', () => {
    const now = 1_000 * DAY;
    expect(giftSpan(null, now + 30 * DAY, now)).toEqual({ fromMs: now, untilMs: now + 30 * DAY });
    expect(giftSpan(now + 5 * DAY, now + 36 * DAY, now)).toEqual({ fromMs: now + 5 * DAY, untilMs: now + 36 * DAY });
    // A paid-through date already passed: the gift runs from now.
    expect(giftSpan(now - DAY, now + 30 * DAY, now)).toEqual({ fromMs: now, untilMs: now + 30 * DAY });
  });

  it('takes back only the part of the span still ahead, never moving the expiry before the refund', () => {
    const span = { fromMs: 10 * DAY, untilMs: 40 * DAY };
    expect(unusedGiftMs(span, 5 * DAY)).toBe(30 * DAY);
    expect(unusedGiftMs(span, 25 * DAY)).toBe(15 * DAY);
    expect(unusedGiftMs(span, 40 * DAY)).toBe(0);
    expect(unusedGiftMs(span, 50 * DAY)).toBe(0);
    // Their own period before the gift stays: the expiry goes back to the gift's start.
    expect(expiryAfterTakeBack(40 * DAY, unusedGiftMs(span, 5 * DAY), 5 * DAY)).toBe(10 * DAY);
    // A later period (a renewal, another gift) keeps its length.
    expect(expiryAfterTakeBack(70 * DAY, unusedGiftMs(span, 25 * DAY), 25 * DAY)).toBe(55 * DAY);
    // Never before the refund time; an expiry already passed or nothing to take back changes nothing.
    expect(expiryAfterTakeBack(30 * DAY, 20 * DAY, 25 * DAY)).toBe(25 * DAY);
    expect(expiryAfterTakeBack(20 * DAY, 10 * DAY, 25 * DAY)).toBe(20 * DAY);
    expect(expiryAfterTakeBack(40 * DAY, 0, 25 * DAY)).toBe(40 * DAY);
    expect(expiryAfterTakeBack(null, 10 * DAY, 25 * DAY)).toBeNull();
  });
});
