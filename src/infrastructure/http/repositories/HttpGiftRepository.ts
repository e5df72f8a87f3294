import type { GiftAcceptResponse, GiftDto, GiftResponse, GiftSentResponse } from '../../../contract/api';
import type { Gift, GiftAccepted, GiftPurchase, GiftRepository } from '../../../application/ports/GiftRepository';
import type { HttpClient } from '../HttpClient';
import { moneyFromWire } from '../mappers/money';

export function giftFromDto(dto: GiftDto): Gift {
  return {
    code: dto.code,
    state: dto.state,
    subscriptionId: dto.subscriptionId,
    subscriptionName: dto.subscriptionName,
    channelId: dto.channelId,
    channelName: dto.channelName,
    ...(dto.channelPhotoUrl !== undefined ? { channelPhotoUrl: dto.channelPhotoUrl } : {}),
    giverName: dto.giverName,
    period: dto.period,
    price: moneyFromWire(dto.amount, dto.currency),
    expiresAt: dto.expiresAt,
    ...(dto.refusal !== undefined ? { refusal: dto.refusal } : {}),
    mine: dto.mine,
    redeemedByMe: dto.redeemedByMe,
    ...(dto.link !== undefined ? { link: dto.link } : {}),
  };
}

export class HttpGiftRepository implements GiftRepository {
  constructor(private readonly http: HttpClient) {}

  async purchase(paymentId: string): Promise<GiftPurchase> {
    const dto = await this.http.get<GiftSentResponse>(`/gift/sent/${encodeURIComponent(paymentId)}`);
    const { payment } = dto;
    return {
      paymentId: payment.paymentId,
      status: payment.status,
      ...(payment.errorCode !== undefined
        ? { error: { code: payment.errorCode, message: payment.errorDescription ?? '' } }
        : {}),
      gift: dto.gift === null ? null : giftFromDto(dto.gift),
    };
  }

  async gift(code: string): Promise<Gift> {
    return giftFromDto((await this.http.get<GiftResponse>(`/gift/${encodeURIComponent(code)}`)).gift);
  }

  async accept(code: string): Promise<GiftAccepted> {
    const dto = await this.http.post<GiftAcceptResponse>(`/gift/${encodeURIComponent(code)}/accept`);
    return {
      gift: giftFromDto(dto.gift),
      subscriptionMemberId: dto.subscriptionMemberId,
      expiresAt: dto.expiresAt,
      ...(dto.inviteLink !== undefined ? { inviteLink: dto.inviteLink } : {}),
    };
  }
}
