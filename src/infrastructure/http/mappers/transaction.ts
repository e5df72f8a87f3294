import type { TransactionDto } from '../../../contract/api';
import type { Transaction } from '../../../domain/entities';
import { parsePaymentExtra } from '../../../domain/transactions';
import { cardBrandFromWire, withdrawalAccountFromDto } from './card';
import { userFromDto } from './channel';
import { moneyFromWire, optionalMoneyFromWire } from './money';
import type { Currency } from '../../../domain/money';

/** Older rows carry the card only in `paymentExtra` JSON text. */
function cardFromPaymentExtra(extra: string | undefined): Transaction['card'] {
  const parsed = parsePaymentExtra(extra);
  return parsed === null ? undefined : { brand: parsed.cardBrand, last4: parsed.cardLast };
}

export function transactionFromDto(dto: TransactionDto): Transaction {
  // xtr: a payer's line of a Telegram Stars payment, in whole Stars (see ledgerMoneyFromWire).
  const currency = dto.currency as Currency;
  return {
    id: dto.id,
    type: dto.type,
    createdAt: dto.createdAt,
    total: moneyFromWire(dto.total, currency),
    amount: moneyFromWire(dto.amount, currency),
    payoutAmount: optionalMoneyFromWire(dto.payoutAmount, currency),
    price: optionalMoneyFromWire(dto.price, currency),
    providerFee: optionalMoneyFromWire(dto.providerFee, currency),
    serviceFee: optionalMoneyFromWire(dto.serviceFee, currency),
    paymentMethod: dto.paymentMethod,
    card: dto.card
      ? { brand: cardBrandFromWire(dto.card.brand), last4: dto.card.last4 }
      : cardFromPaymentExtra(dto.paymentExtra),
    withdrawalAccount: dto.withdrawalAccount ? withdrawalAccountFromDto(dto.withdrawalAccount) : undefined,
    conversion: dto.conversion
      ? { sent: moneyFromWire(dto.conversion.amount, dto.conversion.currency), rate: dto.conversion.rate }
      : undefined,
    stars: dto.stars
      ? { amount: dto.stars.amount, rate: dto.stars.rate, credited: moneyFromWire(dto.stars.credited, currency) }
      : undefined,
    user: dto.user ? userFromDto(dto.user) : undefined,
    channel: dto.channel
      ? { id: dto.channel.id, name: dto.channel.name, photoUrl: dto.channel.photoUrl, userName: dto.channel.userName }
      : undefined,
    subscription: dto.subscription
      ? { id: dto.subscription.id, name: dto.subscription.name, period: dto.subscription.period }
      : undefined,
    subscriptionMemberId: dto.subscriptionMember?.id,
    ...(dto.gift === true ? { gift: true } : {}),
  };
}
