import type { BalanceDto, DashboardResponse, DashboardSubscriptionsPage } from '../../../contract/api';
import type { Balance, BalanceKind } from '../../../domain/entities';
import type { Dashboard, MembershipsPage } from '../../../application/ports/DashboardRepository';
import { channelFromDto, userFromDto } from './channel';
import { savedCardFromDto, withdrawalAccountFromDto } from './card';
import { moneyFromWire } from './money';
import { toPage } from './page';
import { memberFromDto, subscriptionFromDto } from './subscription';
import { transactionFromDto } from './transaction';

function balancesFromDto(kind: BalanceKind, dtos: readonly BalanceDto[] | undefined): Balance[] {
  return (dtos ?? []).map((dto) => ({ kind, amount: moneyFromWire(dto.amount, dto.currency) }));
}

export function dashboardFromDto(dto: DashboardResponse): Dashboard {
  return {
    mode: dto.mode,
    isCreator: dto.isCreator,
    user: userFromDto(dto.user),
    balances: [...balancesFromDto('active', dto.balances?.active), ...balancesFromDto('payout', dto.balances?.payout)],
    channels: (dto.channels ?? []).map(channelFromDto),
    channelsNextFrom: dto.channelsNextFrom ?? null,
    transactions: toPage(dto.transactions, dto.transactionsNextFrom, transactionFromDto),
    withdrawalAccount: dto.withdrawalAccount ? withdrawalAccountFromDto(dto.withdrawalAccount) : null,
    migrationAvailable: dto.migrationAvailable,
    subscriptionMembers: (dto.subscriptionMembers ?? []).map(memberFromDto),
    subscriptionMembersNextFrom: dto.subscriptionMembersNextFrom ?? null,
    subscriptions: (dto.subscriptions ?? []).map(subscriptionFromDto),
    channelsOfSubscriptions: (dto.channelsOfSubscriptions ?? []).map(channelFromDto),
    cards: (dto.cards ?? []).map(savedCardFromDto),
  };
}

export function membershipsPageFromDto(dto: DashboardSubscriptionsPage): MembershipsPage {
  return {
    subscriptionMembers: (dto.subscriptionMembers ?? []).map(memberFromDto),
    subscriptions: (dto.subscriptions ?? []).map(subscriptionFromDto),
    channelsOfSubscriptions: (dto.channelsOfSubscriptions ?? []).map(channelFromDto),
    nextFrom: dto.nextFrom ?? null,
  };
}
