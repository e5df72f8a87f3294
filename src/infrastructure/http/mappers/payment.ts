import type { CreatePaymentResponse, PaymentCheckResponse, ProviderTokenizeResponse } from '../../../contract/api';
import type { PaymentError } from '../../../domain/entities';
import type { CreatedPayment, PaymentCheck } from '../../../application/ports/InvoiceRepository';
import type { CardToken } from '../../../application/ports/ProviderGateway';
import { cardBrandFromWire } from './card';
import { ledgerMoneyFromWire } from './money';

function paymentError(code: string | undefined, description: string | undefined): PaymentError | undefined {
  if (code === undefined && description === undefined) return undefined;
  return { code: code ?? 'error_unknown', message: description ?? '' };
}

export function createdPaymentFromDto(dto: CreatePaymentResponse): CreatedPayment {
  return {
    paymentId: dto.paymentId,
    status: dto.status,
    url: dto.url,
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
    amount: ledgerMoneyFromWire(dto.amount, dto.currency),
    card: dto.card ? { brand: cardBrandFromWire(dto.card.brand), last4: dto.card.last4 } : undefined,
    transactionId: dto.transactionId,
    kind: dto.kind,
    inviteLink: dto.inviteLink,
    subscriptionMemberId: dto.subscriptionMemberId,
  };
}

/** Smart Glocal's card info: type, network and a masked number like 424242******4242. */
export function cardTokenFromDto(dto: ProviderTokenizeResponse): CardToken {
  const { token, info } = dto.data;
  const digits = info.masked_card_number.replace(/[^\d*]/g, '');
  return {
    token,
    network: cardBrandFromWire(info.card_network.toLowerCase()),
    type: info.card_type === 'credit' ? 'credit' : 'debit',
    last4: /(\d{4})$/.exec(digits)?.[1] ?? '',
    bin: /^(\d{6})/.exec(digits)?.[1] ?? '',
    maskedNumber: info.masked_card_number,
  };
}
