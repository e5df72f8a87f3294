import type { FollowerMemberResponse } from '../../../contract/api';
import type { FollowerMembership, FollowerRepository } from '../../../application/ports/FollowerRepository';
import type { HttpClient } from '../HttpClient';
import { channelFromDto } from '../mappers/channel';
import { memberFromDto, subscriptionFromDto } from '../mappers/subscription';

export function membershipFromDto(dto: FollowerMemberResponse): FollowerMembership {
  return {
    member: memberFromDto(dto.subscriptionMember),
    subscription: subscriptionFromDto(dto.subscription),
    channel: channelFromDto(dto.channel),
    renewal: dto.renewal ? { action: dto.renewal.action, subscriptionId: dto.renewal.subscriptionId } : null,
  };
}

/** Spec section 7 lists all three as GET; the server makes cancel and renew idempotent. */
export class HttpFollowerRepository implements FollowerRepository {
  constructor(private readonly http: HttpClient) {}

  async member(memberId: number): Promise<FollowerMembership> {
    return membershipFromDto(await this.http.get<FollowerMemberResponse>(`/follower/subscription_member/${memberId}`));
  }

  async cancel(memberId: number): Promise<FollowerMembership> {
    return membershipFromDto(
      await this.http.get<FollowerMemberResponse>(`/follower/subscription_member/${memberId}/cancel`),
    );
  }

  async renew(memberId: number): Promise<FollowerMembership> {
    return membershipFromDto(
      await this.http.get<FollowerMemberResponse>(`/follower/subscription_member/${memberId}/renew`),
    );
  }
}
