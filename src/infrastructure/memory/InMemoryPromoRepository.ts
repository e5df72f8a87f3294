/**
 * Promo codes in the in-memory backend, with the shared rules of src/domain/promo.ts. Redemptions are the paid
 * payments that named the code (the server also counts payments under way; here payments settle at once).
 */
import type { NewPromoCode, PromoCode, PromoRepository } from '../../application/ports/PromoRepository';
import {
  PROMO_MAX_PERIODS,
  type PromoQuote,
  checkPromo,
  normalizePromoCode,
  promoQuote,
  promoStartParam,
} from '../../domain/promo';
import { PROMO_MAX_REDEMPTIONS } from '../../domain/promo-form';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import type { SubscriptionRecord, UserRecord } from './records';

/** Codes not deleted per channel, as on the server (server/modules/promos/service.ts). */
export const MAX_PROMOS_PER_CHANNEL = 100;

const whole = (value: number | undefined, min: number, max: number): boolean =>
  value !== undefined && Number.isInteger(value) && value >= min && value <= max;

export type PromoRecord = Omit<PromoCode, 'redemptions' | 'revenue' | 'shareLink'> & { deleted: boolean };

/** The backend's codes (one list per backend, shared by the promo and invoice repositories). */
const CODES = new WeakMap<InMemoryBackend, PromoRecord[]>();
export const promoCodesOf = (backend: InMemoryBackend): PromoRecord[] => {
  let codes = CODES.get(backend);
  if (codes === undefined) CODES.set(backend, (codes = []));
  return codes;
};

/** Invoice payments holding a slot of the code: open or paid (a failed one frees it; renewals never take one). */
function redemptionsOf(backend: InMemoryBackend, promoCodeId: number): number {
  return [...backend.payments.values()].filter(
    (payment) =>
      payment.promoTerms?.promoCodeId === promoCodeId && payment.status !== 'error' && payment.renewal !== true,
  ).length;
}

/** The quote of a code for a subscription and payer, or the refusal (promo_code_invalid with its reason). */
export function quotePromo(
  backend: InMemoryBackend,
  actor: UserRecord,
  subscription: SubscriptionRecord,
  text: string,
): PromoQuote {
  return applyPromo(backend, actor, subscription, text).quote;
}

/** The quote and the code's id (a payment keeps it), or the refusal as quotePromo. */
export function applyPromo(
  backend: InMemoryBackend,
  actor: UserRecord,
  subscription: SubscriptionRecord,
  text: string,
): { quote: PromoQuote; promoCodeId: number } {
  const code = normalizePromoCode(text);
  const record =
    code === null
      ? undefined
      : promoCodesOf(backend).find(
          (row) => !row.deleted && row.channelId === subscription.channelId && row.code === code,
        );
  const channelSubscriptions = [...backend.subscriptions.values()].filter(
    (other) => other.channelId === subscription.channelId,
  );
  const checked = checkPromo(
    record === undefined ? null : { ...record, endsAtMs: record.endsAt === null ? null : record.endsAt * 1000 },
    {
      channelId: subscription.channelId,
      subscriptionId: subscription.id,
      currency: subscription.price.currency,
      nowMs: backend.nowMs(),
      redemptions: record === undefined ? 0 : redemptionsOf(backend, record.id),
      // As the server: a free trial never paid does not make a member (server/modules/trials/README.md).
      wasMember: channelSubscriptions.some((other) =>
        backend
          .membersOf(other.id)
          .some((member) => member.userId === actor.user.id && member.trialEndsAt === undefined),
      ),
    },
  );
  if (!checked.ok || record === undefined)
    fail('promo_code_invalid', 'This promo code cannot be used', { reason: checked.ok ? 'unknown' : checked.error });
  return {
    quote: promoQuote(record.code, subscription.price, record.discount, record.duration, record.periods),
    promoCodeId: record.id,
  };
}

export class InMemoryPromoRepository implements PromoRepository {
  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {}

  async list(subscriptionId: number): Promise<PromoCode[]> {
    const { subscription } = this.backend.creatorSubscription(this.backend.actor(this.session), subscriptionId);
    return promoCodesOf(this.backend)
      .filter(
        (row) =>
          !row.deleted &&
          row.channelId === subscription.channelId &&
          (row.subscriptionId === null || row.subscriptionId === subscriptionId),
      )
      .reverse()
      .map((row) => this.view(row, subscriptionId));
  }

  /** Checked in the server's order (server/modules/promos/service.ts), with the request schema's ranges. */
  async create(subscriptionId: number, input: NewPromoCode): Promise<PromoCode> {
    const actor = this.backend.actor(this.session);
    const { subscription, channel } = this.backend.creatorSubscription(actor, subscriptionId, {
      write: true,
      needsBot: true,
    });
    if (subscription.isDeleted) fail('subscription_deleted', 'The subscription was removed');
    const code = normalizePromoCode(input.code);
    if (code === null) fail('validation_error', 'Malformed code', { field: 'code', reason: 'promo_code_format' });
    if (input.discount.kind === 'percent' && !whole(input.discount.percent, 1, 100))
      fail('validation_error', 'Whole percents 1 to 100', { field: 'percent' });
    if (input.discount.kind === 'fixed' && !(input.discount.amount.minor > 0))
      fail('validation_error', 'The discount must be an amount above zero', {
        field: 'amount',
        reason: 'amount_required',
      });
    if (input.duration === 'periods' && !whole(input.periods, 2, PROMO_MAX_PERIODS))
      fail('validation_error', 'periods is required for a discount of several periods', { field: 'periods' });
    if (input.maxRedemptions !== undefined && !whole(input.maxRedemptions, 1, PROMO_MAX_REDEMPTIONS))
      fail('validation_error', 'Redemptions from 1', { field: 'maxRedemptions' });
    if (input.endsAt !== undefined && input.endsAt * 1000 <= this.backend.nowMs())
      fail('validation_error', 'The end date must be in the future', { field: 'endsAt', reason: 'promo_end_past' });
    const codes = promoCodesOf(this.backend);
    const live = codes.filter((row) => !row.deleted && row.channelId === channel.id);
    if (live.length >= MAX_PROMOS_PER_CHANNEL)
      fail('conflict', `A channel has at most ${MAX_PROMOS_PER_CHANNEL} promo codes`, { reason: 'promo_limit' });
    if (live.some((row) => row.code === code))
      fail('conflict', 'The channel has this code', { field: 'code', reason: 'promo_code_taken' });
    const record: PromoRecord = {
      id: this.backend.nextId(),
      channelId: channel.id,
      subscriptionId: input.scope === 'channel' ? null : subscription.id,
      code,
      discount:
        input.discount.kind === 'fixed'
          ? { kind: 'fixed', amount: { ...input.discount.amount, currency: subscription.price.currency } }
          : input.discount,
      duration: input.duration,
      periods: input.duration === 'periods' ? (input.periods ?? null) : null,
      maxRedemptions: input.maxRedemptions ?? null,
      endsAt: input.endsAt ?? null,
      newMembersOnly: input.newMembersOnly,
      paused: false,
      deleted: false,
    };
    codes.push(record);
    return this.view(record, subscriptionId);
  }

  async setPaused(promoId: number, paused: boolean): Promise<PromoCode> {
    const record = this.owned(promoId);
    record.paused = paused;
    return this.view(record, record.subscriptionId);
  }

  async remove(promoId: number): Promise<void> {
    this.owned(promoId).deleted = true;
  }

  /** As the server: a code not deleted, of a channel the actor owns and may change (others' answer not_found). */
  private owned(promoId: number): PromoRecord & { paused: boolean; deleted: boolean } {
    const actor = this.backend.actor(this.session);
    const record = promoCodesOf(this.backend).find((row) => row.id === promoId && !row.deleted);
    if (record === undefined) fail('not_found', 'Promo code not found');
    if (actor.verification !== 'approved')
      fail('verification_required', 'Verification is required to use creator features');
    const channel = this.backend.channels.get(record.channelId);
    if (channel === undefined || channel.isDeleted || channel.ownerId !== actor.user.id)
      fail('not_found', 'Promo code not found');
    this.backend.approvedChannel(actor, channel.id);
    return record as PromoRecord & { paused: boolean; deleted: boolean };
  }

  private view(record: PromoRecord, shareSubscriptionId: number | null): PromoCode {
    const { deleted: _deleted, ...shown } = record;
    return {
      ...shown,
      ...promoStatsOf(this.backend, record.id),
      shareLink:
        shareSubscriptionId === null
          ? null
          : `https://t.me/BackersSandboxBot/app?startapp=${promoStartParam(shareSubscriptionId, record.code)}`,
    };
  }
}

/**
 * A code's paid redemptions (first payments) and its revenue per currency (those and the renewals it discounted), in
 * currency order as the server reads them from the ledger.
 */
export function promoStatsOf(
  backend: InMemoryBackend,
  promoCodeId: number,
): { redemptions: number; revenue: PromoCode['revenue'] } {
  const paid = [...backend.payments.values()].filter(
    (payment) => payment.promoTerms?.promoCodeId === promoCodeId && payment.status === 'paid',
  );
  const revenue = new Map<string, PromoCode['revenue'][number]>();
  for (const payment of paid) {
    const before = revenue.get(payment.amount.currency);
    revenue.set(payment.amount.currency, {
      currency: payment.amount.currency,
      minor: (before?.minor ?? 0) + payment.amount.minor,
    });
  }
  return {
    redemptions: paid.filter((payment) => payment.renewal !== true).length,
    revenue: [...revenue.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}
