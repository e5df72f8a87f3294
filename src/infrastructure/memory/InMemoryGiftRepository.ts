/**
 * Gift subscriptions in the in-memory backend, with the shared rules of src/domain/gift.ts (the server's:
 * server/modules/gifts). A gift is bought as an invoice payment with `gift: true` (InMemoryInvoiceRepository); its
 * settlement opens the gift (ledger.ts); the expiry job refunds an unaccepted one (gifts.ts, run by runJobs). Not kept
 * here: an operator's refund of a redeemed gift, and channel bans (no recipient is ever `banned`).
 */
import type { Gift, GiftAccepted, GiftPurchase, GiftRepository } from '../../application/ports/GiftRepository';
import { type GiftRefusal, giftRefusal, giftStartParam, giftStateAt, isGiftCode } from '../../domain/gift';
import { isMemberExpired } from '../../domain/members';
import { nextExpiry } from '../../domain/periods';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import { advancePayment } from './payments';
import { giftPayable } from './gifts';
import type { GiftRecord, MemberRecord } from './records';

const REFUSAL_MESSAGES: Readonly<Record<GiftRefusal, string>> = {
  unknown: 'There is no such gift',
  redeemed: 'This gift was already accepted',
  expired: 'This gift has expired',
  refunded: 'This gift was refunded to its giver',
  own: 'You cannot accept your own gift',
  banned: 'You cannot join this channel',
  unavailable: 'This subscription is no longer available',
  stars_renewing: 'Cancel your Telegram Stars subscription first',
};

const refused = (reason: GiftRefusal): never => fail('gift_invalid', REFUSAL_MESSAGES[reason], { reason });

export class InMemoryGiftRepository implements GiftRepository {
  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {}

  /** The giver's payment, settled as a status check settles it, and the gift once paid. */
  async purchase(paymentId: string): Promise<GiftPurchase> {
    const actor = this.backend.actor(this.session);
    const payment = this.backend.payments.get(paymentId);
    if (payment === undefined || payment.userId !== actor.user.id || payment.gift !== true)
      fail('not_found', 'Gift not found');
    advancePayment(this.backend, payment);
    const gift = [...this.backend.gifts.values()].find((one) => one.paymentId === paymentId);
    return {
      paymentId,
      status: payment.status,
      ...(payment.error === undefined ? {} : { error: { ...payment.error } }),
      gift: gift === undefined ? null : this.view(gift, actor.user.id),
    };
  }

  async gift(code: string): Promise<Gift> {
    const actor = this.backend.actor(this.session);
    return this.view(this.find(code), actor.user.id);
  }

  /**
   * As the server: one period for the recipient, after the paid-through date of a membership still running (which
   * keeps its status), else from now and not renewing (cancelled, on gifts alone: giftEndsAt). The recipient's
   * repeated accept answers the same.
   */
  async accept(code: string): Promise<GiftAccepted> {
    const actor = this.backend.actor(this.session);
    const userId = actor.user.id;
    const gift = this.find(code);
    const refusal = this.refusalFor(gift, userId);
    if (refusal !== null) refused(refusal);
    if (gift.recipientId !== userId) {
      const member = this.giveMembership(gift, userId);
      gift.status = 'redeemed';
      gift.recipientId = userId;
      gift.memberId = member.id;
    }
    const member = this.backend.members.get(gift.memberId!)!;
    const subscription = this.backend.subscriptions.get(gift.subscriptionId)!;
    return {
      gift: this.view(gift, userId),
      subscriptionMemberId: member.id,
      expiresAt: member.expiresAt!,
      ...(subscription.inviteLink === undefined ? {} : { inviteLink: subscription.inviteLink }),
    };
  }

  private find(code: string): GiftRecord {
    const gift = isGiftCode(code) ? this.backend.gifts.get(code) : undefined;
    return gift ?? refused('unknown');
  }

  private giveMembership(gift: GiftRecord, userId: number): MemberRecord {
    const nowMs = this.backend.nowMs();
    const existing = this.backend.membersOf(gift.subscriptionId).find((member) => member.userId === userId);
    const subscription = this.backend.subscriptions.get(gift.subscriptionId)!;
    if (existing === undefined) {
      const expiresAt = nextExpiry(null, gift.period, nowMs)! / 1000;
      const member: MemberRecord = {
        id: this.backend.nextId(),
        subscriptionId: gift.subscriptionId,
        userId,
        status: 'cancelled',
        period: gift.period,
        activatedAt: this.backend.nowSeconds(),
        expiresAt,
        price: subscription.price,
        giftEndsAt: expiresAt,
      };
      this.backend.members.set(member.id, member);
      return member;
    }
    const running = !isMemberExpired(existing, nowMs);
    const previous = existing.expiresAt;
    const currentExpiryMs = previous === undefined ? null : previous * 1000;
    existing.expiresAt = nextExpiry(currentExpiryMs, gift.period, nowMs)! / 1000;
    // On gifts alone (created or restarted by one, or extended while so): giftEndsAt follows the expiry.
    if (!running || (existing.giftEndsAt !== undefined && existing.giftEndsAt === previous))
      existing.giftEndsAt = existing.expiresAt;
    else delete existing.giftEndsAt;
    if (!running) {
      existing.status = 'cancelled';
      existing.activatedAt = this.backend.nowSeconds();
      existing.renewalFailed = false;
    }
    return existing;
  }

  private refusalFor(gift: GiftRecord, userId: number): GiftRefusal | null {
    const nowMs = this.backend.nowMs();
    const renewsInStars = this.backend
      .membersOf(gift.subscriptionId)
      .some(
        (member) =>
          member.userId === userId &&
          member.status === 'active' &&
          member.paidWith === 'stars' &&
          !isMemberExpired(member, nowMs),
      );
    return giftRefusal(
      {
        state: gift.status,
        expiresAtMs: gift.expiresAt * 1000,
        giverId: gift.giverId,
        recipientId: gift.recipientId,
        available: giftPayable(this.backend, gift),
      },
      userId,
      false,
      nowMs,
      renewsInStars,
    );
  }

  private view(gift: GiftRecord, viewerId: number): Gift {
    const subscription = this.backend.subscriptions.get(gift.subscriptionId)!;
    const channel = this.backend.channels.get(gift.channelId)!;
    const giver = this.backend.userRecord(gift.giverId).user;
    const refusal = this.refusalFor(gift, viewerId);
    const mine = gift.giverId === viewerId;
    return {
      code: gift.code,
      state: giftStateAt({ state: gift.status, expiresAtMs: gift.expiresAt * 1000 }, this.backend.nowMs()),
      subscriptionId: gift.subscriptionId,
      subscriptionName: subscription.name,
      channelId: gift.channelId,
      channelName: channel.name,
      ...(channel.photoUrl ? { channelPhotoUrl: channel.photoUrl } : {}),
      giverName: giver.firstName,
      period: gift.period,
      price: gift.price,
      expiresAt: gift.expiresAt,
      ...(refusal === null ? {} : { refusal }),
      mine,
      redeemedByMe: gift.recipientId === viewerId,
      ...(mine ? { link: `https://t.me/BackersSandboxBot/app?startapp=${giftStartParam(gift.code)}` } : {}),
    };
  }
}
