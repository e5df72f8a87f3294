/**
 * The creator's new promo code form: what is typed, and the code it makes (the server checks the same rules again,
 * server/modules/promos/README.md). Each failure names the first field that is wrong, as an i18n key's last part.
 */
import { parseDecimalAmount } from './amounts';
import { type Currency, money } from './money';
import { PROMO_MAX_PERIODS, type PromoDiscount, type PromoDuration, normalizePromoCode } from './promo';
import { type Result, err, ok } from './result';

/** What the new-code form holds, as typed. */
export interface PromoDraft {
  code: string;
  scope: 'subscription' | 'channel';
  discountType: 'percent' | 'fixed';
  percent: string;
  amount: string;
  duration: PromoDuration;
  periods: string;
  maxRedemptions: string;
  /** yyyy-MM-dd (the last day it redeems, UTC), or ''. */
  endDate: string;
  newMembersOnly: boolean;
}

/** A promo code as the creator asks for it, checked. */
export interface PromoCodeSpec {
  readonly code: string;
  readonly scope: 'subscription' | 'channel';
  readonly discount: PromoDiscount;
  readonly duration: PromoDuration;
  /** With duration 'periods': 2 to PROMO_MAX_PERIODS. */
  readonly periods?: number;
  readonly maxRedemptions?: number;
  /** Epoch seconds: the end of the last day it redeems (UTC). */
  readonly endsAt?: number;
  readonly newMembersOnly: boolean;
}

export type PromoFormError = { readonly field: 'code' | 'percent' | 'amount' | 'periods' | 'max' | 'endDate' };

export const PROMO_MAX_REDEMPTIONS = 1_000_000;

export function emptyPromoDraft(): PromoDraft {
  return {
    code: '',
    scope: 'subscription',
    discountType: 'percent',
    percent: '',
    amount: '',
    duration: 'first',
    periods: '3',
    maxRedemptions: '',
    endDate: '',
    newMembersOnly: false,
  };
}

function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

/** The draft as a code for a subscription priced in `currency` (a fixed discount is in that currency). */
export function validatePromoDraft(draft: PromoDraft, currency: Currency): Result<PromoCodeSpec, PromoFormError> {
  const code = normalizePromoCode(draft.code);
  if (code === null) return err({ field: 'code' });
  let discount: PromoDiscount;
  if (draft.discountType === 'percent') {
    const percent = wholeNumber(draft.percent, 1, 100);
    if (percent === null) return err({ field: 'percent' });
    discount = { kind: 'percent', percent };
  } else {
    const minor = parseDecimalAmount(draft.amount, currency);
    if (minor === null || minor <= 0) return err({ field: 'amount' });
    discount = { kind: 'fixed', amount: money(minor, currency) };
  }
  const periods = draft.duration === 'periods' ? wholeNumber(draft.periods, 2, PROMO_MAX_PERIODS) : undefined;
  if (periods === null) return err({ field: 'periods' });
  const max =
    draft.maxRedemptions.trim() === '' ? undefined : wholeNumber(draft.maxRedemptions, 1, PROMO_MAX_REDEMPTIONS);
  if (max === null) return err({ field: 'max' });
  let endsAt: number | undefined;
  if (draft.endDate !== '') {
    const end = /^\d{4}-\d{2}-\d{2}$/.test(draft.endDate) ? Date.parse(`${draft.endDate}T23:59:59Z`) : Number.NaN;
    if (Number.isNaN(end)) return err({ field: 'endDate' });
    endsAt = Math.floor(end / 1000) + 1;
  }
  return ok({
    code,
    scope: draft.scope,
    discount,
    duration: draft.duration,
    ...(periods === undefined ? {} : { periods }),
    ...(max === undefined ? {} : { maxRedemptions: max }),
    ...(endsAt === undefined ? {} : { endsAt }),
    newMembersOnly: draft.newMembersOnly,
  });
}
