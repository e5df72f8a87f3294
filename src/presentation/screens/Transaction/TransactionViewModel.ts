import { makeAutoObservable } from 'mobx';
import type { Clock } from '../../../application/ports/Clock';
import { errorCodeOf } from '../../../application/ports/RepositoryError';
import type { TransactionRepository } from '../../../application/ports/TransactionRepository';
import type { BadgeType, CardBrand, Transaction } from '../../../domain/entities';
import type { Money } from '../../../domain/money';
import {
  type SaleBreakdown,
  badgeFor,
  isWithdrawal,
  saleBreakdown,
  showsServiceFee,
  signedAmount,
  transactionCard,
} from '../../../domain/transactions';
import { AsyncState } from '../../shell/screenState';

/** Where the transaction's subscription row leads: the creator's subscription page or the follower's membership. */
export function subscriptionLink(transaction: Transaction): string | null {
  const { type, channel, subscription, subscriptionMemberId } = transaction;
  if (subscription === undefined) return null;
  if (type === 'sell_subscription' && channel !== undefined)
    return `/channel/${channel.id}/subscription/${subscription.id}`;
  if (type === 'buy_subscription' && subscriptionMemberId !== undefined)
    return `/follower/subscription/${subscriptionMemberId}`;
  return null;
}

/** The rows of the details section, by kind of transaction (spec section 2). */
export type TransactionDetails =
  | {
      readonly kind: 'withdrawal';
      /** ISO2, when the account is known. */
      readonly country: string | null;
      readonly method: Transaction['paymentMethod'] | null;
      readonly card: { readonly brand: CardBrand; readonly last4: string } | null;
      readonly amount: Money;
      readonly serviceFee: Money | null;
      readonly total: Money;
      /** Earnings in another currency: what was sent, and the rate as "1 USD = 0.92 EUR". */
      readonly conversion: {
        readonly sent: Money;
        readonly rate: string;
        readonly from: string;
        readonly to: string;
      } | null;
    }
  | {
      readonly kind: 'payment';
      readonly method: Transaction['paymentMethod'] | null;
      readonly card: { readonly brand: CardBrand; readonly last4: string } | null;
      readonly price: Money;
      /** Only for donation received and subscription sold. */
      readonly serviceFee: Money | null;
      /** A creator's sale: price, provider fee, service fee and what the creator earns, which add up. */
      readonly sale: SaleBreakdown | null;
      /** A Telegram Stars sale: the Stars paid and the rate as "1 ⭐ = 0.012 EUR". */
      readonly stars: { readonly amount: number; readonly rate: string } | null;
    };

/** Transaction details (/transaction/:transactionId) for every type; failure shows "Error loading transaction". */
export class TransactionViewModel {
  readonly loader = new AsyncState(errorCodeOf);
  transaction: Transaction | null = null;

  constructor(
    private readonly transactions: TransactionRepository,
    private readonly clock: Clock,
    readonly transactionId: number,
  ) {
    makeAutoObservable<TransactionViewModel, 'transactions' | 'clock'>(
      this,
      { transactions: false, clock: false, loader: false, transactionId: false, now: false },
      { autoBind: true },
    );
  }

  /** The time the date is shown relative to (read on every call: it is not observable). */
  now(): number {
    return this.clock.now();
  }

  get state() {
    return this.loader.state;
  }

  async load(): Promise<void> {
    if (!Number.isInteger(this.transactionId) || this.transactionId <= 0) {
      await this.loader.run(() => Promise.reject({ code: 'not_found', message: 'not_found' }));
      return;
    }
    await this.loader.run(
      () => this.transactions.get(this.transactionId),
      (transaction) => (this.transaction = transaction),
    );
  }

  /** The headline amount with the sign of its type: + for money in (sold, donation received), − otherwise. */
  get signedTotal(): Money | null {
    return this.transaction === null ? null : signedAmount(this.transaction.type, this.transaction.total);
  }

  get badge(): BadgeType | null {
    return this.transaction === null ? null : badgeFor(this.transaction.type);
  }

  get subscriptionLink(): string | null {
    return this.transaction === null ? null : subscriptionLink(this.transaction);
  }

  get details(): TransactionDetails | null {
    const tx = this.transaction;
    if (tx === null) return null;
    const card = transactionCard(tx);
    const serviceFee = showsServiceFee(tx.type) ? (tx.serviceFee ?? null) : null;
    if (isWithdrawal(tx.type)) {
      return {
        kind: 'withdrawal',
        country: tx.withdrawalAccount?.country ?? null,
        method: tx.withdrawalAccount?.methodType ?? tx.paymentMethod ?? null,
        card,
        amount: tx.amount,
        serviceFee,
        total: tx.total,
        conversion:
          tx.conversion === undefined
            ? null
            : {
                sent: tx.conversion.sent,
                rate: tx.conversion.rate,
                from: tx.amount.currency.toUpperCase(),
                to: tx.conversion.sent.currency.toUpperCase(),
              },
      };
    }
    return {
      kind: 'payment',
      method: tx.paymentMethod ?? null,
      card,
      price: tx.price ?? tx.amount,
      serviceFee,
      sale: saleBreakdown(tx),
      stars:
        tx.stars === undefined
          ? null
          : { amount: tx.stars.amount, rate: `1 ⭐ = ${tx.stars.rate} ${tx.stars.credited.currency.toUpperCase()}` },
    };
  }

  dispose(): void {
    this.loader.dispose();
  }
}
