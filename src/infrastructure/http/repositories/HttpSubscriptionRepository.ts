import type {
  ChannelOnlyResponse,
  EditSubscriptionRequest,
  MembersPage as MembersPageDto,
  MembersRequest,
  NewSubscriptionRequest,
  NewSubscriptionResponse,
  PublishSubscriptionRequest,
  SetCommandRequest,
  SetStarsPriceRequest,
  StarsPriceResponse,
  StarsRatesResponse,
  SubscriptionDetailResponse,
  SubscriptionMemberResponse,
  SubscriptionOnlyResponse,
  TrialStatsResponse,
} from '../../../contract/api';
import type { TrialStats } from '../../../domain/trial';
import type { Channel, Subscription } from '../../../domain/entities';
import type {
  MemberDetail,
  MembersPage,
  MembersQuery,
  NewSubscription,
  PublishOptions,
  StarsPrice,
  StarsRates,
  SubscriptionChanges,
  SubscriptionDetail,
  SubscriptionRepository,
} from '../../../application/ports/SubscriptionRepository';
import type { HttpClient } from '../HttpClient';
import { channelFromDto, userFromDto } from '../mappers/channel';
import { moneyToWire } from '../mappers/money';
import { toPage } from '../mappers/page';
import { memberFromDto, starsPriceFromDto, subscriptionFromDto } from '../mappers/subscription';
import type { GiftStats } from '../../../application/ports/GiftRepository';
import type { GiftStatsResponse } from '../../../contract/api';

export class HttpSubscriptionRepository implements SubscriptionRepository {
  constructor(private readonly http: HttpClient) {}

  async create(subscription: NewSubscription): Promise<{ channel: Channel; subscription: Subscription }> {
    const body: NewSubscriptionRequest = {
      channelId: subscription.channelId,
      name: subscription.name,
      description: subscription.description,
      period: subscription.period,
      currency: subscription.price.currency,
      amount: moneyToWire(subscription.price),
      buttonText: subscription.buttonText,
      ...(subscription.trialDays != null ? { trialDays: subscription.trialDays } : {}),
    };
    const dto = await this.http.post<NewSubscriptionResponse>('/subscription/new', body);
    return { channel: channelFromDto(dto.channel), subscription: subscriptionFromDto(dto.subscription) };
  }

  async edit(subscriptionId: number, changes: SubscriptionChanges): Promise<Subscription> {
    const body: EditSubscriptionRequest = {
      name: changes.name,
      description: changes.description,
      amount: moneyToWire(changes.price),
      buttonText: changes.buttonText,
      // Without it the server would read the amount in the subscription's currency; with it a change is refused.
      currency: changes.price.currency,
      ...(changes.trialDays !== undefined ? { trialDays: changes.trialDays } : {}),
    };
    const dto = await this.http.post<SubscriptionOnlyResponse>(`/subscription/${subscriptionId}/edit`, body);
    return subscriptionFromDto(dto.subscription);
  }

  async publish(subscriptionId: number, options: PublishOptions): Promise<Channel> {
    const body: PublishSubscriptionRequest = { pin: options.pin, disableNotification: options.disableNotification };
    const dto = await this.http.post<ChannelOnlyResponse>(`/subscription/${subscriptionId}/publish`, body);
    return channelFromDto(dto.channel);
  }

  async delete(subscriptionId: number): Promise<void> {
    await this.http.post<unknown>(`/subscription/${subscriptionId}/delete`);
  }

  async restore(subscriptionId: number): Promise<Subscription> {
    const dto = await this.http.post<SubscriptionOnlyResponse>(`/subscription/${subscriptionId}/restore`);
    return subscriptionFromDto(dto.subscription);
  }

  async setCommand(subscriptionId: number, command: string): Promise<Subscription> {
    const body: SetCommandRequest = { command };
    const dto = await this.http.post<SubscriptionOnlyResponse>(`/subscription/${subscriptionId}/command`, body);
    return subscriptionFromDto(dto.subscription);
  }

  async detail(subscriptionId: number): Promise<SubscriptionDetail> {
    const dto = await this.http.get<SubscriptionDetailResponse>(`/subscription/${subscriptionId}`);
    return {
      subscription: subscriptionFromDto(dto.subscription),
      channel: channelFromDto(dto.channel),
      users: (dto.users ?? []).map(userFromDto),
      members: {
        live: toPage(dto.membersGrouped?.live, dto.membersGroupedNextFrom?.live, memberFromDto),
        inactive: toPage(dto.membersGrouped?.inactive, dto.membersGroupedNextFrom?.inactive, memberFromDto),
      },
    };
  }

  async giftStats(subscriptionId: number): Promise<GiftStats> {
    return this.http.get<GiftStatsResponse>(`/subscription/${subscriptionId}/gifts`);
  }

  async starsPrice(subscriptionId: number): Promise<StarsPrice> {
    return starsPriceFromDto(await this.http.get<StarsPriceResponse>(`/subscription/${subscriptionId}/stars`));
  }

  async setStarsPrice(subscriptionId: number, stars: number | null): Promise<StarsPrice> {
    const body: SetStarsPriceRequest = { stars };
    return starsPriceFromDto(await this.http.post<StarsPriceResponse>(`/subscription/${subscriptionId}/stars`, body));
  }

  async starsRates(): Promise<StarsRates> {
    const dto = await this.http.get<StarsRatesResponse>('/stars/rates');
    return new Map(dto.rates.map(({ currency, rate }) => [currency, rate]));
  }

  async members(subscriptionId: number, query: MembersQuery): Promise<MembersPage> {
    const body: MembersRequest = { startFrom: query.startFrom, filter: query.filter, group: query.group };
    const dto = await this.http.post<MembersPageDto>(`/subscription/${subscriptionId}/members`, body);
    return { ...toPage(dto.members, dto.nextFrom, memberFromDto), users: (dto.users ?? []).map(userFromDto) };
  }

  async member(memberId: number): Promise<MemberDetail> {
    const dto = await this.http.get<SubscriptionMemberResponse>(`/subscription_member/${memberId}`);
    return {
      subscription: subscriptionFromDto(dto.subscription),
      channel: channelFromDto(dto.channel),
      member: memberFromDto(dto.subscriptionMember),
      user: userFromDto(dto.user),
    };
  }

  async trialStats(subscriptionId: number): Promise<TrialStats> {
    const dto = await this.http.get<TrialStatsResponse>(`/subscription/${subscriptionId}/trials`);
    return dto.trials;
  }
}
