/**
 * Retention offers in the in-memory backend, with the shared rules of src/domain/retention.ts (the server's:
 * server/modules/retention). An accepted offer sets the membership's price and keeps its renewal terms
 * (backend.renewalTerms, without a code), which the renewals job (renewals.ts) counts down to the full price; a code's
 * terms kept there refuse the offer (`promo`). Accept replays its first answer for a repeated idempotency key.
 */
import type { FollowerMembership } from '../../application/ports/FollowerRepository';
import type {
  CreatorRetention,
  RetentionOfferQuote,
  RetentionRepository,
} from '../../application/ports/RetentionRepository';
import {
  type RetentionOutcome,
  type RetentionTerms,
  checkRetention,
  checkRetentionTerms,
} from '../../domain/retention';
import { RepositoryError } from '../../application/ports/RepositoryError';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import { InMemoryFollowerRepository } from './InMemoryFollowerRepository';
import type { MemberRecord } from './records';

interface RetentionState {
  /** Subscription id → its offer. */
  readonly offers: Map<number, RetentionTerms>;
  /** Member id → its subscription and answer. */
  readonly outcomes: Map<number, { subscriptionId: number; outcome: RetentionOutcome }>;
  /** `${userId}:${idempotencyKey}` → the first accept's request and its answer (or refusal). */
  readonly accepts: Map<string, { fingerprint: string; answer?: FollowerMembership; refusal?: RepositoryError }>;
}

/** 1 to 255 visible ASCII characters, as the server accepts. */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

const STATE = new WeakMap<InMemoryBackend, RetentionState>();
const stateOf = (backend: InMemoryBackend): RetentionState => {
  let state = STATE.get(backend);
  if (state === undefined) STATE.set(backend, (state = { offers: new Map(), outcomes: new Map(), accepts: new Map() }));
  return state;
};

export class InMemoryRetentionRepository implements RetentionRepository {
  private readonly follower: InMemoryFollowerRepository;

  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {
    this.follower = new InMemoryFollowerRepository(backend, session);
  }

  async creatorOffer(subscriptionId: number): Promise<CreatorRetention> {
    this.backend.creatorSubscription(this.backend.actor(this.session), subscriptionId);
    return this.creatorView(subscriptionId);
  }

  async setOffer(subscriptionId: number, terms: RetentionTerms): Promise<CreatorRetention> {
    const { subscription } = this.backend.creatorSubscription(this.backend.actor(this.session), subscriptionId, {
      write: true,
    });
    if (subscription.isDeleted) fail('subscription_deleted', 'The subscription was removed');
    if (subscription.period === 'onetime')
      fail('conflict', 'A one-time subscription has no renewals to discount', { reason: 'retention_onetime' });
    const checked = checkRetentionTerms(terms);
    if (!checked.ok) fail('validation_error', 'Whole percents 5 to 90, for 1 to 12 renewals', { ...checked.error });
    stateOf(this.backend).offers.set(subscriptionId, checked.value);
    return this.creatorView(subscriptionId);
  }

  async removeOffer(subscriptionId: number): Promise<CreatorRetention> {
    this.backend.creatorSubscription(this.backend.actor(this.session), subscriptionId, { write: true });
    stateOf(this.backend).offers.delete(subscriptionId);
    return this.creatorView(subscriptionId);
  }

  async offerOnCancel(memberId: number): Promise<RetentionOfferQuote | null> {
    const member = this.ownMember(memberId);
    const checked = this.check(member);
    if (!checked.ok) return null;
    const { outcomes } = stateOf(this.backend);
    if (!outcomes.has(member.id))
      outcomes.set(member.id, { subscriptionId: member.subscriptionId, outcome: 'offered' });
    const { percent, renewals, price, charged, capped } = checked.value;
    return { percent, renewals, price, charged, capped };
  }

  /** As the server's idempotent route: the same key replays the first answer or refusal; another request is refused. */
  async accept(memberId: number, terms: RetentionTerms, idempotencyKey: string): Promise<FollowerMembership> {
    const actor = this.backend.actor(this.session);
    if (!VALID_KEY.test(idempotencyKey))
      fail('validation_error', 'Idempotency-Key required', { field: 'Idempotency-Key' });
    const { accepts } = stateOf(this.backend);
    const slot = `${actor.user.id}:${idempotencyKey}`;
    const fingerprint = JSON.stringify({ memberId, percent: terms.percent, renewals: terms.renewals });
    const first = accepts.get(slot);
    if (first !== undefined) {
      if (first.fingerprint !== fingerprint) fail('idempotency_key_reused', 'Idempotency-Key used for another request');
      if (first.refusal !== undefined) throw first.refusal;
      return first.answer!;
    }
    try {
      const answer = await this.acceptOnce(memberId, terms);
      accepts.set(slot, { fingerprint, answer });
      return answer;
    } catch (error) {
      if (error instanceof RepositoryError) accepts.set(slot, { fingerprint, refusal: error });
      throw error;
    }
  }

  private async acceptOnce(memberId: number, terms: RetentionTerms): Promise<FollowerMembership> {
    const member = this.ownMember(memberId);
    const checked = this.check(member);
    if (!checked.ok) fail('retention_offer_unavailable', 'The offer cannot be accepted', { reason: checked.error });
    if (checked.value.percent !== terms.percent || checked.value.renewals !== terms.renewals)
      fail('retention_offer_unavailable', 'The offer changed', { reason: 'changed' });
    // The server's promo columns without a code: the offered price for `renewals` renewals, then the price before.
    member.price = checked.value.charged;
    this.backend.renewalTerms.set(member.id, {
      promoCodeId: null,
      renewalsLeft: checked.value.renewals,
      fullPrice: checked.value.price,
    });
    stateOf(this.backend).outcomes.set(member.id, { subscriptionId: member.subscriptionId, outcome: 'stayed' });
    return this.follower.member(memberId);
  }

  async decline(memberId: number): Promise<FollowerMembership> {
    const cancelled = await this.follower.cancel(memberId);
    const outcome = stateOf(this.backend).outcomes.get(memberId);
    if (outcome?.outcome === 'offered') outcome.outcome = 'left';
    return cancelled;
  }

  private creatorView(subscriptionId: number): CreatorRetention {
    const { offers, outcomes } = stateOf(this.backend);
    const answers = [...outcomes.values()].filter((row) => row.subscriptionId === subscriptionId);
    return {
      offer: offers.get(subscriptionId) ?? null,
      stats: {
        offered: answers.length,
        stayed: answers.filter((row) => row.outcome === 'stayed').length,
        left: answers.filter((row) => row.outcome === 'left').length,
      },
    };
  }

  private ownMember(memberId: number): MemberRecord {
    const actor = this.backend.actor(this.session);
    const member = this.backend.members.get(memberId);
    if (member === undefined || member.userId !== actor.user.id) fail('not_found', 'Subscription not found');
    return member;
  }

  private check(member: MemberRecord) {
    const subscription = this.backend.subscriptions.get(member.subscriptionId);
    if (subscription === undefined) fail('not_found', 'Subscription not found');
    const channel = this.backend.channelOf(subscription);
    const owner = this.backend.users.get(channel.ownerId);
    const terms = this.backend.renewalTerms.get(member.id);
    return checkRetention({
      offer: stateOf(this.backend).offers.get(subscription.id) ?? null,
      subscriptionDeleted: subscription.isDeleted,
      channelPayable:
        !channel.isDeleted &&
        channel.moderation === 'approved' &&
        channel.connected &&
        owner !== undefined &&
        !owner.banned &&
        !owner.paymentsDisabled,
      member: {
        period: member.period,
        // As the server: a free trial is never charged, so it is offered nothing (like a membership that won't renew).
        status: member.trialEndsAt !== undefined ? 'cancelled' : member.status,
        expiresAtMs: member.expiresAt === undefined ? null : member.expiresAt * 1000,
        paidWithStars: member.paidWith === 'stars',
        promoCodeId: terms?.promoCodeId ?? null,
        promoRenewalsLeft: terms === undefined ? null : terms.renewalsLeft,
        price: member.price,
      },
      outcome: stateOf(this.backend).outcomes.get(member.id)?.outcome ?? null,
      nowMs: this.backend.nowMs(),
    });
  }
}
