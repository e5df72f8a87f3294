import type { CreatePaymentResponse, PaymentCheckResponse, ProviderSessionStatus as ProviderSessionDto, ProviderTokenizeResponse } from '../../../contract/api';
import type { PaymentError } from '../../../domain/entities';
import type { CreatedPayment, PaymentCheck } from '../../../application/ports/InvoiceRepository';
import type { CardToken, ProviderSession } from '../../../application/ports/ProviderGateway';
import { cardBrandFromWire } from './card';
import { moneyFromWire } from './money';

function paymentError(code: string | undefined, description: string | undefined): PaymentError | undefined {
  if (code === undefined && description === undefined) return undefined;
  return { code: code ?? 'error_unknown', message: description ?? '' };
}

export function createdPaymentFromDto(dto: CreatePaymentResponse): CreatedPayment {
  return {
    paymentId: dto.paymentId,
    status: dto.status,
    url: dto.url,
    sessionToken: dto.token,
    redirectUrl: dto.userAction?.type === 'redirect' ? dto.userAction.url : undefined,
    error: paymentError(dto.errorCode, dto.errorDescription),
  };
}

export function paymentCheckFromDto(dto: PaymentCheckResponse): PaymentCheck {
  return {
    paymentId: dto.paymentId,
    status: dto.status,
    redirectUrl: dto.userAction?.type === 'redirect' ? dto.userAction.url : undefined,
    error: paymentError(dto.errorCode, dto.errorDescription),
    amount: moneyFromWire(dto.amount, dto.currency),
    card: dto.card ? { brand: cardBrandFromWire(dto.card.brand), last4: dto.card.last4 } : undefined,
    transactionId: dto.transactionId,
    kind: dto.kind,
    inviteLink: dto.inviteLink,
    subscriptionMemberId: dto.subscriptionMemberId,
  };
}

export function cardTokenFromDto(dto: ProviderTokenizeResponse): CardToken {
  return {
    token: dto.token,
    network: cardBrandFromWire(dto.card.network),
    type: dto.card.type,
    last4: dto.card.last4,
    bin: dto.card.bin,
    country: dto.card.country,
    maskedNumber: dto.card.masked_number,
  };
}

export function providerSessionFromDto(dto: ProviderSessionDto): ProviderSession {
  return {
    status: dto.status,
    redirectUrl: dto.redirect_url,
    error: paymentError(dto.error_code, dto.error_description),
  };
}
