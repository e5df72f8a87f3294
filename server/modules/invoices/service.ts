/**
 * Invoice loads (GET /invoice/donation/{id}, GET /invoice/subscription/{id}): what the payer sees before paying,
 * with the section 8 answers not_found, payments_disabled and already_subscribed decided by the money engine's
 * rules (server/modules/payments/invoiceTargets.ts), so loading and paying can never disagree.
 */
import type { DonationTotals } from '../../../src/domain/donation-goal';
import { invoiceDefaultAmount } from '../../../src/domain/amounts';
import { type Money, money } from '../../../src/domain/money';
import { starsOffer } from '../../../src/domain/stars';
import {
  type SubscriptionTarget,
  assertPayable,
  loadDonationTarget,
  loadSubscriptionTarget,
} from '../payments/invoiceTargets';
import { starsCreditTerms } from '../payments/stars';
import { applyPromo } from '../payments/promos';
import type { PromoQuote } from '../../../src/domain/promo';
import type { TrialOffer, TrialService } from '../trials/service';
import { CardsRepository } from '../cards/repository';
import { ChannelsRepository } from '../channels/repository';
import { DonationsRepository } from '../donations/repository';
import { SubscriptionsRepository } from '../subscriptions/repository';
import type { DonationRow, SavedCardRow, UserRow } from '../../platform/db/schema';
import { type ServiceDeps, nowDate } from '../../platform/serviceDeps';
import type { ChannelView, SubscriptionView } from '../../platform/views';

/** What a donation's payer sees: the request, the amount asked (or suggested), the payer's saved cards. */
export interface DonationInvoice {
  readonly channel: ChannelView;
  readonly donation: DonationRow;
  /** Its totals, for the progress of a request with a goal or an end date. */
  readonly totals: DonationTotals;
  readonly nowMs: number;
  readonly amount: Money;
  readonly cards: readonly SavedCardRow[];
  /** Payable in Stars: the Stars offered first; null when the creator takes no Stars here (or no rate is set). */
  readonly stars: { readonly amount: number } | null;
}

/** What a subscription's payer sees (no invite links before paying: the payment check hands them out). */
export interface SubscriptionInvoice {
  readonly subscription: SubscriptionView;
  readonly channel: ChannelView;
  readonly cards: readonly SavedCardRow[];
  /** Payable in Stars: its Stars price and whether Telegram renews it; null when not sold in Stars (or no rate). */
  readonly stars: { readonly amount: number; readonly renews: boolean } | null;
  /** The free trial this payer may start instead of paying now (card only); null: none. */
  readonly trial: TrialOffer | null;
}

export class InvoiceService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly trials: Pick<TrialService, 'offer'> | null = null,
  ) {}

  async donation(user: UserRow, donationId: number): Promise<DonationInvoice> {
    const { db, clock } = this.deps;
    const target = await assertPayable(db, 'donation', await loadDonationTarget(db, donationId), user.id, clock.now());
    const donations = new DonationsRepository(db);
    const [donation, totals, cards, counts, terms] = await Promise.all([
      donations.byId(donationId),
      donations.totals(donationId),
      new CardsRepository(db).listByUser(user.id),
      new ChannelsRepository(db).activeSubscribers([target.channel.id], nowDate(clock)),
      starsCreditTerms(db, this.deps.config.starsRates, target.creatorId, target.currency),
    ]);
    const amountMinor =
      donation!.amountMinor > 0 ? donation!.amountMinor : invoiceDefaultAmount(donation!.currency).minor;
    return {
      channel: { channel: target.channel, activeSubscribers: counts.get(target.channel.id) ?? 0 },
      donation: donation!,
      totals,
      nowMs: clock.now(),
      amount: money(amountMinor, donation!.currency),
      cards,
      stars: donation!.starsPrice !== null && terms !== null ? { amount: donation!.starsPrice } : null,
    };
  }

  /** `gift`: the invoice of a gift for someone else (no already_subscribed: the payer's membership does not matter). */
  async subscription(user: UserRow, subscriptionId: number, gift = false): Promise<SubscriptionInvoice> {
    const { db, clock } = this.deps;
    const target = await assertPayable(
      db,
      'subscription',
      await loadSubscriptionTarget(db, subscriptionId),
      user.id,
      clock.now(),
      gift,
    );
    const subscriptions = new SubscriptionsRepository(db);
    const now = nowDate(clock);
    const [subscription, cards, subscriptionCounts, channelCounts, terms] = await Promise.all([
      subscriptions.byId(subscriptionId),
      new CardsRepository(db).listByUser(user.id),
      subscriptions.activeSubscribers([subscriptionId], now),
      new ChannelsRepository(db).activeSubscribers([target.channel.id], now),
      starsCreditTerms(db, this.deps.config.starsRates, target.creatorId, target.currency),
    ]);
    return {
      subscription: { subscription: subscription!, activeSubscribers: subscriptionCounts.get(subscriptionId) ?? 0 },
      channel: { channel: target.channel, activeSubscribers: channelCounts.get(target.channel.id) ?? 0 },
      cards,
      stars:
        subscription!.starsPrice !== null && terms !== null
          ? { amount: subscription!.starsPrice, renews: starsOffer(subscription!.period) === 'renewing' }
          : null,
      trial: this.trials === null ? null : await this.trials.offer(subscription!, user.id, clock.now()),
    };
  }

  /**
   * What a promo code makes this subscription cost this payer now (the invoice shows it before paying), or 422
   * promo_code_invalid with the reason. Paying with the code checks it again when the payment is made.
   */
  async promoQuote(user: UserRow, subscriptionId: number, code: string): Promise<PromoQuote> {
    const { db, clock } = this.deps;
    const target = (await assertPayable(
      db,
      'subscription',
      await loadSubscriptionTarget(db, subscriptionId),
      user.id,
      clock.now(),
    )) as SubscriptionTarget;
    return (await applyPromo(db, target, user.id, code, clock.now())).quote;
  }
}
