import type { DonationDto, StarsPriceResponse, SubscriptionDto, SubscriptionMemberDto } from '../../../contract/api';
import type { Subscription, SubscriptionMember } from '../../../domain/entities';
import type { Donation } from '../../../application/ports/DonationRepository';
import type { StarsPrice } from '../../../application/ports/SubscriptionRepository';
import { moneyFromWire } from './money';

export function subscriptionFromDto(dto: SubscriptionDto): Subscription {
  return {
    id: dto.id,
    channelId: dto.channelId,
    name: dto.name,
    description: dto.description,
    period: dto.period,
    price: moneyFromWire(dto.amount, dto.currency),
    buttonText: dto.buttonText,
    command: dto.command,
    activeSubscribers: dto.activeSubscribers,
    isDeleted: dto.isDeleted,
    inviteLink: dto.inviteLink,
    privateChannelInviteLink: dto.privateChannelInviteLink,
    publicChannelInviteLink: dto.publicChannelInviteLink,
    shareLink: dto.shareLink,
    ...(dto.trialDays !== undefined ? { trialDays: dto.trialDays } : {}),
  };
}

export function memberFromDto(dto: SubscriptionMemberDto): SubscriptionMember {
  return {
    id: dto.id,
    subscriptionId: dto.subscriptionId,
    userId: dto.userId,
    status: dto.status,
    period: dto.period,
    activatedAt: dto.activatedAt,
    expiresAt: dto.expiresAt,
    paymentMethod: dto.paymentMethod,
    price: moneyFromWire(dto.price, dto.currency),
    renewalFailed: dto.renewalFailed,
    paidWith: dto.paidWith,
    ...(dto.trialEndsAt !== undefined ? { trialEndsAt: dto.trialEndsAt } : {}),
    ...(dto.giftEndsAt !== undefined ? { giftEndsAt: dto.giftEndsAt } : {}),
  };
}

export function donationFromDto(dto: DonationDto): Donation {
  return {
    id: dto.id,
    channelId: dto.channelId,
    title: dto.title,
    description: dto.description,
    buttonText: dto.buttonText,
    amount: moneyFromWire(dto.amount, dto.currency),
    goal: dto.goal === undefined ? null : moneyFromWire(dto.goal, dto.currency),
    endsAt: dto.endsAt ?? null,
    progress:
      dto.progress === undefined
        ? null
        : {
            raised: moneyFromWire(dto.progress.raised, dto.currency),
            donations: dto.progress.donations,
            percent: dto.progress.percent ?? null,
            reached: dto.progress.reached,
            ended: dto.progress.ended,
          },
  };
}

export function starsPriceFromDto(dto: StarsPriceResponse): StarsPrice {
  return { stars: dto.stars, offer: dto.offer, suggested: dto.suggested, rate: dto.rate };
}
