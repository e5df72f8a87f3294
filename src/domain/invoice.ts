/** Invoices (payment pages) and the start parameter that opens them (spec sections 2, 4 and 8). */
import { giftPath, parseGiftStartParam } from './gift';
export const INVOICE_KINDS = ['subscription', 'donation'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Load states of an invoice page besides ready (section 4). */
export type InvoiceLoadState = 'notFound' | 'disabled' | 'alreadyExists' | 'pending';

/** The invoice screen an error code leads to, or null when the error is not an invoice state. */
export function invoiceLoadStateFromError(code: string): Exclude<InvoiceLoadState, 'pending'> | null {
  switch (code) {
    case 'not_found':
      return 'notFound';
    case 'payments_disabled':
      return 'disabled';
    case 'already_subscribed':
      return 'alreadyExists';
    default:
      return null;
  }
}

/** The not-found title differs per kind: "Donation request not found" / "Subscription not found". */
export function invoiceNotFoundKey(kind: InvoiceKind): string {
  return kind === 'donation' ? 'invoice_donation_not_found' : 'invoice_subscription_not_found';
}

/**
 * Reads a start parameter 'subscription_<id>' or 'donation_<id>' (id a positive integer), or a promo code's share
 * link 'subscription_<id>_<CODE>' (src/domain/promo.ts), whose code the invoice applies.
 */
export function parseStartParam(
  param: string | null | undefined,
): { kind: InvoiceKind; id: number; promo?: string } | null {
  if (typeof param !== 'string') return null;
  const match = /^(subscription|donation)_([1-9]\d*)(?:_([A-Za-z0-9-]{3,24}))?$/.exec(param.trim());
  if (match === null) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id)) return null;
  if (match[3] === undefined) return { kind: match[1] as InvoiceKind, id };
  return match[1] === 'subscription' ? { kind: 'subscription', id, promo: match[3].toUpperCase() } : null;
}

export function invoicePath(kind: InvoiceKind, id: number): string {
  return `/invoice/${kind}/${id}`;
}

/** The route a start parameter opens (an invoice, or a gift: src/domain/gift.ts), or null when it is neither. */
export function startParamRoute(param: string | null | undefined): string | null {
  const gift = parseGiftStartParam(typeof param === 'string' ? param.trim() : param);
  if (gift !== null) return giftPath(gift);
  const parsed = parseStartParam(param);
  if (parsed === null) return null;
  const path = invoicePath(parsed.kind, parsed.id);
  return parsed.promo === undefined ? path : `${path}/promo/${parsed.promo}`;
}

/**
 * On a first load on a deep path (anything but /, /dashboard, /dashboard/... and /invoice/...), history is rewritten
 * so a dashboard entry sits underneath. Query strings, fragments and a trailing slash are ignored.
 */
export function isDeepPathNeedingDashboardBelow(path: string): boolean {
  const pathname = path.split(/[?#]/)[0].replace(/\/+$/, '');
  if (pathname === '') return false;
  const first = pathname.split('/')[1];
  return first !== 'dashboard' && first !== 'invoice';
}
