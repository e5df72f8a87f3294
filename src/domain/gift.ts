/**
 * Gift subscriptions: a follower pays one period of a recurring subscription for someone else, who redeems it with a
 * link. Shared by the server and the app.
 *
 * Rules (documented decisions):
 * - Code: 22 base62 characters (about 131 random bits), unguessable and unique; the share link's start parameter is
 *   `gift_<code>` (27 characters: Telegram's start parameters allow A-Z, a-z, 0-9, `_` and `-`, at most 64 in bot
 *   deep links). Codes are case-sensitive.
 * - States: open (paid, not redeemed) → redeemed (once, by someone other than the giver) | expired (30 days after
 *   the purchase, or at once when its subscription is deleted or its channel is gone) → refunded (the giver's payment
 *   given back in full). An open gift past its expiry reads as expired even before the job has run.
 * - A gift never renews: it adds one period to the recipient's membership. A recipient whose membership still runs
 *   keeps it and its renewals, moved one period later (the gift's period starts at their paid-through date), so
 *   nobody pays twice for one period; one without a running membership gets one that ends after the period.
 * - Only recurring subscriptions can be given (a one-time subscription has no period to give).
 * - The redemption stores the span it added (from the old paid-through date, or the redemption time, until the new
 *   expiry), exactly: month arithmetic is not reversible. A refund of a redeemed gift's payment takes back the part
 *   of that span still ahead (unusedGiftMs), moving the expiry back by it but never before the refund time.
 * - A membership on gifts alone (created or restarted by a gift, not renewing) says so on the follower's page
 *   (src/domain/follower-subscription.ts) until the member pays for it themselves.
 */
import type { Period } from './entities';

export const GIFT_CODE_LENGTH = 22;
export const GIFT_CODE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const GIFT_CODE_PATTERN = /^[0-9A-Za-z]{22}$/;
/** The share link's start parameter prefix. */
export const GIFT_START_PREFIX = 'gift_';
/** An unredeemed gift is refunded to its giver after this many days. */
export const GIFT_VALID_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const GIFT_STATES = ['open', 'redeemed', 'expired', 'refunded'] as const;
export type GiftState = (typeof GIFT_STATES)[number];

/** Why a gift cannot be redeemed; also the i18n keys `gift_reason_<reason>`. */
export const GIFT_REFUSALS = [
  'unknown',
  'redeemed',
  'expired',
  'refunded',
  'own',
  'banned',
  'unavailable',
  'stars_renewing',
] as const;
export type GiftRefusal = (typeof GIFT_REFUSALS)[number];

/**
 * A code from random bytes (at least GIFT_CODE_LENGTH × 2 of them): each character from one byte, bytes of 248 and
 * above skipped so every character is equally likely (248 = 4 × 62). Null when the bytes ran out (ask for more).
 */
export function giftCodeFrom(bytes: Uint8Array): string | null {
  let code = '';
  for (const byte of bytes) {
    if (byte >= 248) continue;
    code += GIFT_CODE_ALPHABET[byte % 62];
    if (code.length === GIFT_CODE_LENGTH) return code;
  }
  return null;
}

export function isGiftCode(text: unknown): text is string {
  return typeof text === 'string' && GIFT_CODE_PATTERN.test(text);
}

export function giftStartParam(code: string): string {
  return `${GIFT_START_PREFIX}${code}`;
}

/** The code of a start parameter `gift_<code>`, or null. */
export function parseGiftStartParam(param: string | null | undefined): string | null {
  if (typeof param !== 'string' || !param.startsWith(GIFT_START_PREFIX)) return null;
  const code = param.slice(GIFT_START_PREFIX.length);
  return isGiftCode(code) ? code : null;
}

export function giftPath(code: string): string {
  return `/gift/${code}`;
}

/** Where a giver pays for a gift of a subscription. */
export function giftInvoicePath(subscriptionId: number): string {
  return `/invoice/subscription/${subscriptionId}/gift`;
}

/** Where a giver sees their gift's payment and, once paid, its link to share. */
export function giftSentPath(paymentId: string): string {
  return `/gift/sent/${encodeURIComponent(paymentId)}`;
}

/** When an unredeemed gift bought at `paidAtMs` expires. */
export function giftExpiresAt(paidAtMs: number): number {
  return paidAtMs + GIFT_VALID_DAYS * DAY_MS;
}

/** The span a redemption adds to a membership, in epoch milliseconds. */
export interface GiftSpan {
  readonly fromMs: number;
  readonly untilMs: number;
}

/**
 * The span a gift redeemed at `nowMs` adds: from the paid-through date of a membership still running (`runningUntilMs`;
 * null: none runs) or from now, until the new expiry.
 */
export function giftSpan(runningUntilMs: number | null, newExpiryMs: number, nowMs: number): GiftSpan {
  return { fromMs: runningUntilMs !== null && runningUntilMs > nowMs ? runningUntilMs : nowMs, untilMs: newExpiryMs };
}

/** How much of a gift's span is still ahead at `atMs` (0 once used up): what a refund takes back. */
export function unusedGiftMs(span: GiftSpan, atMs: number): number {
  return Math.max(0, span.untilMs - Math.max(span.fromMs, atMs));
}

/**
 * The expiry after a refund takes back `unusedMs` of a gift: moved back by it, never before `atMs`; an expiry already
 * passed (or none) stays as it is.
 */
export function expiryAfterTakeBack(expiryMs: number | null, unusedMs: number, atMs: number): number | null {
  if (expiryMs === null || expiryMs <= atMs || unusedMs <= 0) return expiryMs;
  return Math.max(atMs, expiryMs - unusedMs);
}

export function isGiftablePeriod(period: Period): boolean {
  return period !== 'onetime';
}

/** The state as of `nowMs`: an open gift past its expiry is expired (the job refunds it on its next run). */
export function giftStateAt(
  gift: { readonly state: GiftState; readonly expiresAtMs: number },
  nowMs: number,
): GiftState {
  return gift.state === 'open' && nowMs >= gift.expiresAtMs ? 'expired' : gift.state;
}

export interface GiftRedemption {
  readonly state: GiftState;
  readonly expiresAtMs: number;
  readonly giverId: number;
  /** Someone redeemed it already: who (null: nobody). */
  readonly recipientId: number | null;
  /** The subscription and its channel can still take payments (not deleted, connected, approved, creator not banned). */
  readonly available: boolean;
}

/**
 * Why `recipientId` cannot redeem the gift now, or null when they can. Checked in this order: redeemed (by someone
 * else: the recipient's own redemption answers null, so a repeated accept is harmless), refunded, expired,
 * own (the giver), unavailable (the channel or subscription is gone), banned (removed from the channel by its admins),
 * stars_renewing (the recipient's running membership is a Telegram Stars subscription Telegram renews on its own date:
 * a gift's period after it would be charged by Telegram all the same, so it is refused until they cancel it).
 */
export function giftRefusal(
  gift: GiftRedemption,
  recipientId: number,
  recipientBanned: boolean,
  nowMs: number,
  recipientRenewsInStars = false,
): GiftRefusal | null {
  const state = giftStateAt(gift, nowMs);
  if (state === 'redeemed') return gift.recipientId === recipientId ? null : 'redeemed';
  // Refunded before its 30 days were up (its subscription gone, an operator's refund) or after it was accepted: say
  // so; one refunded because nobody accepted it in time reads as expired.
  if (state === 'refunded' && (gift.recipientId !== null || nowMs < gift.expiresAtMs)) return 'refunded';
  if (state !== 'open') return 'expired';
  if (gift.giverId === recipientId) return 'own';
  if (!gift.available) return 'unavailable';
  if (recipientBanned) return 'banned';
  if (recipientRenewsInStars) return 'stars_renewing';
  return null;
}
