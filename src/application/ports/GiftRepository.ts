import type { PaymentError, PaymentStatus } from '../../domain/entities';
import type { GiftRefusal, GiftState } from '../../domain/gift';
import type { Money } from '../../domain/money';

/** A gift subscription as its viewer sees it (rules: src/domain/gift.ts). */
export interface Gift {
  readonly code: string;
  readonly state: GiftState;
  readonly subscriptionId: number;
  readonly subscriptionName: string;
  readonly channelId: number;
  readonly channelName: string;
  readonly channelPhotoUrl?: string;
  readonly giverName: string;
  readonly period: 'weekly' | 'monthly' | 'yearly';
  /** What the giver paid. */
  readonly price: Money;
  /** Epoch seconds: unaccepted by then, it is refunded to the giver. */
  readonly expiresAt: number;
  /** Why the viewer cannot accept it now; absent: they can, or did. */
  readonly refusal?: GiftRefusal;
  readonly mine: boolean;
  readonly redeemedByMe: boolean;
  /** The giver's view only: the link to share. */
  readonly link?: string;
}

/** The giver's purchase: the payment as the server last checked it, and the gift once paid. */
export interface GiftPurchase {
  readonly paymentId: string;
  readonly status: PaymentStatus;
  readonly error?: PaymentError;
  readonly gift: Gift | null;
}

export interface GiftAccepted {
  readonly gift: Gift;
  readonly subscriptionMemberId: number;
  /** Epoch seconds: the end of the membership with the gift. */
  readonly expiresAt: number;
  /** The channel link (a private channel's personal invite link). */
  readonly inviteLink?: string;
}

export interface GiftStats {
  readonly sold: number;
  readonly redeemed: number;
  readonly open: number;
  readonly refunded: number;
}

/**
 * Gift subscriptions after their purchase (the purchase itself is an InvoiceRepository payment with `gift: true`).
 * Refusals reject `gift_invalid` with `details.reason` (src/domain/gift.ts GIFT_REFUSALS).
 */
export interface GiftRepository {
  /** The giver's purchase; rejects not_found for a payment that is not theirs or not a gift. */
  purchase(paymentId: string): Promise<GiftPurchase>;
  /** Rejects gift_invalid (reason unknown). */
  gift(code: string): Promise<Gift>;
  accept(code: string): Promise<GiftAccepted>;
}
