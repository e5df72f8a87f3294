import {
  type FollowerMemberResponse,
  IDEMPOTENCY_KEY_HEADER,
  type RetentionOfferResponse,
  type RetentionQuoteResponse,
  type RetentionTermsDto,
} from '../../../contract/api';
import type { FollowerMembership } from '../../../application/ports/FollowerRepository';
import type {
  CreatorRetention,
  RetentionOfferQuote,
  RetentionRepository,
} from '../../../application/ports/RetentionRepository';
import type { RetentionTerms } from '../../../domain/retention';
import type { HttpClient } from '../HttpClient';
import { moneyFromWire } from '../mappers/money';
import { membershipFromDto } from './HttpFollowerRepository';

const creatorFromDto = (dto: RetentionOfferResponse): CreatorRetention => ({ offer: dto.offer, stats: dto.stats });

export class HttpRetentionRepository implements RetentionRepository {
  constructor(private readonly http: HttpClient) {}

  async creatorOffer(subscriptionId: number): Promise<CreatorRetention> {
    return creatorFromDto(
      await this.http.get<RetentionOfferResponse>(`/subscription/${subscriptionId}/retention_offer`),
    );
  }

  async setOffer(subscriptionId: number, terms: RetentionTerms): Promise<CreatorRetention> {
    const body: RetentionTermsDto = { percent: terms.percent, renewals: terms.renewals };
    return creatorFromDto(
      await this.http.post<RetentionOfferResponse>(`/subscription/${subscriptionId}/retention_offer`, body),
    );
  }

  async removeOffer(subscriptionId: number): Promise<CreatorRetention> {
    return creatorFromDto(
      await this.http.post<RetentionOfferResponse>(`/subscription/${subscriptionId}/retention_offer/delete`),
    );
  }

  async offerOnCancel(memberId: number): Promise<RetentionOfferQuote | null> {
    const { offer } = await this.http.post<RetentionQuoteResponse>(
      `/follower/subscription_member/${memberId}/retention_offer`,
    );
    return offer === null
      ? null
      : {
          percent: offer.percent,
          renewals: offer.renewals,
          price: moneyFromWire(offer.price, offer.currency),
          charged: moneyFromWire(offer.charged, offer.currency),
          capped: offer.capped,
        };
  }

  async accept(memberId: number, terms: RetentionTerms, idempotencyKey: string): Promise<FollowerMembership> {
    const body: RetentionTermsDto = { percent: terms.percent, renewals: terms.renewals };
    return membershipFromDto(
      await this.http.post<FollowerMemberResponse>(
        `/follower/subscription_member/${memberId}/retention_offer/accept`,
        body,
        {
          headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        },
      ),
    );
  }

  async decline(memberId: number): Promise<FollowerMembership> {
    return membershipFromDto(
      await this.http.post<FollowerMemberResponse>(`/follower/subscription_member/${memberId}/retention_offer/decline`),
    );
  }
}
