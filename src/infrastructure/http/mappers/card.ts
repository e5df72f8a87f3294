import type { CardDto, WithdrawalAccountDto, WithdrawalCardDto } from '../../../contract/api';
import {
  CARD_BRANDS,
  type CardBrand,
  type SavedCard,
  type WithdrawalAccount,
  type WithdrawalCard,
} from '../../../domain/entities';

/** Brands the app has no icon for show the generic one. */
export function cardBrandFromWire(value: unknown): CardBrand {
  return typeof value === 'string' && (CARD_BRANDS as readonly string[]).includes(value)
    ? (value as CardBrand)
    : 'unknown';
}

export function savedCardFromDto(dto: CardDto): SavedCard {
  return {
    id: dto.id,
    cardBrand: cardBrandFromWire(dto.cardBrand),
    cardLast: dto.cardLast,
    active: dto.active,
    primary: dto.primary,
  };
}

export function withdrawalAccountFromDto(dto: WithdrawalAccountDto): WithdrawalAccount {
  return { country: dto.country, methodType: dto.methodType, currency: dto.currency, params: { ...dto.params } };
}

export function withdrawalCardFromDto(dto: WithdrawalCardDto): WithdrawalCard {
  return {
    brand: cardBrandFromWire(dto.brand),
    maskedNumber: dto.maskedNumber,
    last4: dto.last4,
    country: dto.country,
  };
}
