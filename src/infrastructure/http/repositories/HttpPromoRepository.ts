import type {
  NewPromoRequest,
  OkResponse,
  PausePromoRequest,
  PromoCodeDto,
  PromoListResponse,
  PromoResponse,
} from '../../../contract/api';
import type { NewPromoCode, PromoCode, PromoRepository } from '../../../application/ports/PromoRepository';
import type { HttpClient } from '../HttpClient';
import { moneyFromWire, moneyToWire } from '../mappers/money';

export function promoFromDto(dto: PromoCodeDto): PromoCode {
  return {
    id: dto.id,
    channelId: dto.channelId,
    subscriptionId: dto.subscriptionId,
    code: dto.code,
    discount:
      dto.discountType === 'percent' || dto.currency === null || dto.amount === null
        ? { kind: 'percent', percent: dto.percent ?? 0 }
        : { kind: 'fixed', amount: moneyFromWire(dto.amount, dto.currency) },
    duration: dto.duration,
    periods: dto.periods,
    maxRedemptions: dto.maxRedemptions,
    endsAt: dto.endsAt,
    newMembersOnly: dto.newMembersOnly,
    paused: dto.paused,
    redemptions: dto.redemptions,
    revenue: dto.revenue.map((sum) => moneyFromWire(sum.amount, sum.currency)),
    shareLink: dto.shareLink,
  };
}

export class HttpPromoRepository implements PromoRepository {
  constructor(private readonly http: HttpClient) {}

  async list(subscriptionId: number): Promise<PromoCode[]> {
    return (await this.http.get<PromoListResponse>(`/subscription/${subscriptionId}/promos`)).promos.map(promoFromDto);
  }

  async create(subscriptionId: number, input: NewPromoCode): Promise<PromoCode> {
    const body: NewPromoRequest = {
      code: input.code,
      scope: input.scope,
      discountType: input.discount.kind,
      ...(input.discount.kind === 'percent'
        ? { percent: input.discount.percent }
        : { amount: moneyToWire(input.discount.amount) }),
      duration: input.duration,
      ...(input.periods === undefined ? {} : { periods: input.periods }),
      ...(input.maxRedemptions === undefined ? {} : { maxRedemptions: input.maxRedemptions }),
      ...(input.endsAt === undefined ? {} : { endsAt: input.endsAt }),
      newMembersOnly: input.newMembersOnly,
    };
    return promoFromDto(
      (await this.http.post<PromoResponse>(`/subscription/${subscriptionId}/promos/new`, body)).promo,
    );
  }

  async setPaused(promoId: number, paused: boolean): Promise<PromoCode> {
    const body: PausePromoRequest = { paused };
    return promoFromDto((await this.http.post<PromoResponse>(`/promo/${promoId}/pause`, body)).promo);
  }

  async remove(promoId: number): Promise<void> {
    await this.http.post<PromoResponse | OkResponse>(`/promo/${promoId}/delete`);
  }
}
