/**
 * Invoice loads (GET /invoice/donation/{id}, GET /invoice/subscription/{id}): what the payer sees before paying,
 * with the section 8 answers not_found, payments_disabled and already_subscribed decided by the money engine's
 * rules (server/modules/payments/invoiceTargets.ts), so loading and paying can never disagree.
 */
import type { DonationInvoiceResponse, SubscriptionInvoiceResponse } from '../../../src/contract/api';
import { invoiceDefaultAmount } from '../../../src/domain/amounts';
import { toMajor } from '../../../src/domain/money';
import { assertPayable, loadDonationTarget, loadSubscriptionTarget } from '../payments/invoiceTargets';
import { CardsRepository } from '../cards/repository';
import { ChannelsRepository } from '../channels/repository';
import { DonationsRepository } from '../donations/repository';
import { SubscriptionsRepository } from '../subscriptions/repository';
import type { UserRow } from '../../platform/db/schema';
import { type ServiceDeps, nowDate } from '../../platform/serviceDeps';
import { cardDto, channelDto, donationDto, subscriptionDto } from '../../platform/dto';

export class InvoiceService {
  constructor(private readonly deps: ServiceDeps) {}

  async donation(user: UserRow, donationId: number): Promise<DonationInvoiceResponse> {
    const { db, clock } = this.deps;
    const target = await assertPayable(db, await loadDonationTarget(db, donationId), user.id, clock.now());
    const [donation, cards, counts] = await Promise.all([
      new DonationsRepository(db).byId(donationId),
      new CardsRepository(db).listByUser(user.id),
      new ChannelsRepository(db).activeSubscribers([target.channel.id], nowDate(clock)),
    ]);
    const amountMinor = donation!.amountMinor > 0 ? donation!.amountMinor : invoiceDefaultAmount(donation!.currency).minor;
    return {
      channel: channelDto(target.channel, counts.get(target.channel.id) ?? 0),
      donation: donationDto(donation!),
      data: { amount: toMajor(amountMinor, donation!.currency), currency: donation!.currency },
      cards: cards.map(cardDto),
    };
  }

  async subscription(user: UserRow, subscriptionId: number): Promise<SubscriptionInvoiceResponse> {
    const { db, clock } = this.deps;
    const target = await assertPayable(db, await loadSubscriptionTarget(db, subscriptionId), user.id, clock.now());
    const subscriptions = new SubscriptionsRepository(db);
    const now = nowDate(clock);
    const [subscription, cards, subscriptionCounts, channelCounts] = await Promise.all([
      subscriptions.byId(subscriptionId),
      new CardsRepository(db).listByUser(user.id),
      subscriptions.activeSubscribers([subscriptionId], now),
      new ChannelsRepository(db).activeSubscribers([target.channel.id], now),
    ]);
    return {
      // No invite links before paying: the payment check hands them out.
      subscription: subscriptionDto(subscription!, subscriptionCounts.get(subscriptionId) ?? 0),
      channel: channelDto(target.channel, channelCounts.get(target.channel.id) ?? 0),
      cards: cards.map(cardDto),
    };
  }
}
