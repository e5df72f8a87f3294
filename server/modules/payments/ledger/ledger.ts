/**
 * Ledger writers and balances. Every money movement is a row of `transactions` (schema.ts); nothing else holds money.
 * - A payment writes its pair in the caller's database transaction: buy_subscription (payer) + sell_subscription
 *   (creator), or send_donation + get_donation. The unique (payment_id, type) index makes a second write of the same
 *   payment impossible, whatever races happen above.
 * - A payout writes one withdrawal row for the creator.
 * - A refund of a settled payment writes the reversing pair (writeRefundPair): refund_received (payer, the price) and
 *   refund_issued (creator, their payout amount), once per payment by the same unique index. The platform and the
 *   provider keep no fee of a refunded charge from the creator: the creator gives back exactly what they earned.
 * Balances are computed from these rows only (see windows.ts for the active/payout split; summed per window by a
 * trigger into ledger_balance_totals, migration 0003, fired at COMMIT since 0015 so that concurrent payments to one
 * creator hold that creator's totals row only while committing), so they always equal the ledger's sum: Σ amount of sell_subscription and get_donation − Σ amount of refund_issued and withdrawal, per currency.
 */
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import type { CardBrand, TransactionPaymentMethod } from '../../../../src/domain/entities';
import { type Currency, type Money, compareCurrencies, money } from '../../../../src/domain/money';
import type { PaymentSplit } from '../../../../src/domain/fees';
import type { DbOrTx } from '../../../platform/db/moneyDb';
import { rowsOf } from '../../../platform/db/db';
import { type WithdrawalAccountJson, transactions } from '../../../platform/db/schema';
import { openWindowStart } from './windows';

export interface PaymentPairInput {
  readonly kind: 'subscription' | 'donation';
  readonly paymentId: string;
  readonly payerId: number;
  readonly creatorId: number;
  readonly channelId: number;
  readonly subscriptionId?: number | null;
  readonly memberId?: number | null;
  readonly donationId?: number | null;
  readonly split: PaymentSplit;
  readonly paymentMethod: TransactionPaymentMethod;
  readonly card?: { readonly brand: CardBrand; readonly last4: string } | null;
  /** A gift purchase (src/domain/gift.ts): both lines are labelled, and the member is none (the gift makes it later). */
  readonly gift?: boolean;
  readonly at: Date;
}

export interface WrittenPair {
  readonly buyTransactionId: number;
  readonly sellTransactionId: number;
}

/** The payer's and the creator's rows of one payment, and their types (buy: the payer's, sell: the creator's). */
export function paymentPairLines(input: PaymentPairInput) {
  const { split } = input;
  const shared = {
    channelId: input.channelId,
    subscriptionId: input.subscriptionId ?? null,
    memberId: input.memberId ?? null,
    donationId: input.donationId ?? null,
    currency: split.price.currency,
    price: split.price.minor,
    providerFee: split.providerFee.minor,
    serviceFee: split.serviceFee.minor,
    payoutAmount: split.payoutAmount.minor,
    paymentMethod: input.paymentMethod,
    cardBrand: input.card?.brand ?? null,
    cardLast4: input.card?.last4 ?? null,
    paymentId: input.paymentId,
    gift: input.gift === true,
    createdAt: input.at,
  };
  const [buy, sell] =
    input.kind === 'subscription'
      ? (['buy_subscription', 'sell_subscription'] as const)
      : (['send_donation', 'get_donation'] as const);
  return {
    buy,
    sell,
    lines: [
      { ...shared, type: buy, userId: input.payerId, counterpartyId: input.creatorId, amount: split.price.minor },
      {
        ...shared,
        type: sell,
        userId: input.creatorId,
        counterpartyId: input.payerId,
        amount: split.payoutAmount.minor,
      },
    ],
  };
}

/** Writes the payer's and the creator's rows of one payment. Call inside the payment's database transaction. */
export async function writePaymentPair(tx: DbOrTx, input: PaymentPairInput): Promise<WrittenPair> {
  const { buy, sell, lines } = paymentPairLines(input);
  const rows = await tx.insert(transactions).values(lines).returning({ id: transactions.id, type: transactions.type });
  const buyRow = rows.find((row) => row.type === buy);
  const sellRow = rows.find((row) => row.type === sell);
  if (buyRow === undefined || sellRow === undefined) throw new Error('ledger pair was not written');
  return { buyTransactionId: buyRow.id, sellTransactionId: sellRow.id };
}

/**
 * Writes the reversing pair of a settled payment's ledger pair (call inside the refund's database transaction).
 * Answers null when the payment has no pair (it never settled) or its refund pair exists already. The creator's line
 * counts in the earnings window of the sale it reverses (window_at; migration 0009).
 */
export async function writeRefundPair(tx: DbOrTx, paymentId: string, at: Date): Promise<WrittenPair | null> {
  const lines = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.paymentId, paymentId),
        inArray(transactions.type, [
          'buy_subscription',
          'sell_subscription',
          'send_donation',
          'get_donation',
          'refund_received',
          'refund_issued',
        ]),
      ),
    );
  if (lines.some((line) => line.type === 'refund_received' || line.type === 'refund_issued')) return null;
  const paid = lines.find((line) => line.type === 'buy_subscription' || line.type === 'send_donation');
  const earned = lines.find((line) => line.type === 'sell_subscription' || line.type === 'get_donation');
  if (paid === undefined || earned === undefined) return null;
  const reversal = (line: typeof paid, type: 'refund_received' | 'refund_issued') => ({
    type,
    userId: line.userId,
    counterpartyId: line.counterpartyId,
    channelId: line.channelId,
    subscriptionId: line.subscriptionId,
    memberId: line.memberId,
    donationId: line.donationId,
    currency: line.currency,
    price: line.price,
    amount: line.amount,
    providerFee: line.providerFee,
    serviceFee: line.serviceFee,
    payoutAmount: line.payoutAmount,
    paymentMethod: line.paymentMethod,
    cardBrand: line.cardBrand,
    cardLast4: line.cardLast4,
    starsAmount: line.starsAmount,
    starsRate: line.starsRate,
    paymentId,
    gift: line.gift,
    reversesId: line.id,
    createdAt: at,
  });
  const rows = await tx
    .insert(transactions)
    .values([
      reversal(paid, 'refund_received'),
      { ...reversal(earned, 'refund_issued'), windowAt: earned.windowAt ?? earned.createdAt },
    ])
    .returning({ id: transactions.id, type: transactions.type });
  const received = rows.find((row) => row.type === 'refund_received');
  const issued = rows.find((row) => row.type === 'refund_issued');
  if (received === undefined || issued === undefined) throw new Error('refund pair was not written');
  return { buyTransactionId: received.id, sellTransactionId: issued.id };
}

export interface WithdrawalInput {
  readonly creatorId: number;
  readonly amount: Money;
  readonly account: WithdrawalAccountJson;
  readonly paymentMethod: TransactionPaymentMethod;
  readonly card?: { readonly brand: CardBrand; readonly last4: string } | null;
  /** Earnings in another currency than the account's: what the transfer sends, and the rate it was converted at. */
  readonly converted?: { readonly amount: Money; readonly rate: string } | null;
  readonly at: Date;
}

/** A withdrawal's ledger line as inserted (writeWithdrawal, or many at once by the payout run). */
export function withdrawalLine(input: WithdrawalInput) {
  return {
    type: 'withdrawal' as const,
    userId: input.creatorId,
    currency: input.amount.currency,
    price: input.amount.minor,
    amount: input.amount.minor,
    payoutAmount: input.amount.minor,
    paymentMethod: input.paymentMethod,
    cardBrand: input.card?.brand ?? null,
    cardLast4: input.card?.last4 ?? null,
    withdrawalAccount: input.account,
    convertedCurrency: input.converted?.amount.currency ?? null,
    convertedAmount: input.converted?.amount.minor ?? null,
    conversionRate: input.converted?.rate ?? null,
    createdAt: input.at,
  };
}

export async function writeWithdrawal(tx: DbOrTx, input: WithdrawalInput): Promise<number> {
  const [row] = await tx.insert(transactions).values(withdrawalLine(input)).returning({ id: transactions.id });
  return row.id;
}

export interface Balances {
  /** Earnings of the open window, per currency (eur first). */
  readonly active: Money[];
  /** Earnings of closed windows not yet paid out (carried-over amounts included), per currency. */
  readonly payout: Money[];
}

/** One currency's totals, as `balanceTotalsQuery` reads them (sums may come back as numbers or numeric text). */
export interface BalanceTotalsRow {
  currency: string;
  earned_before: number | string | null;
  earned_open: number | string | null;
  withdrawn: number | string | null;
}

/**
 * The per-currency totals behind a creator's balances at `nowMs`, as a query to run alone or embed as a subquery.
 * Reads `ledger_balance_totals` (migration 0003): the ledger summed per currency and earnings window by a trigger in
 * the same database transaction as every ledger write, so it equals the ledger's sum (`ledgerSum`) while reading a
 * few rows per currency and half-month instead of the creator's whole ledger. Earnings windows never straddle the
 * open window's start, so comparing window starts with it splits active and payout exactly as the rows would.
 */
export function balanceTotalsQuery(userId: number | SQL, boundary: string | SQL): SQL {
  return sql`select currency,
      sum(earned) filter (where window_start < ${boundary}::timestamptz) as earned_before,
      sum(earned) filter (where window_start >= ${boundary}::timestamptz) as earned_open,
      sum(withdrawn) as withdrawn
    from ledger_balance_totals where user_id = ${userId} group by currency`;
}

/** The open window's start at `nowMs` as `balanceTotalsQuery` takes it (ISO text). */
export const balanceBoundary = (nowMs: number): string => new Date(openWindowStart(nowMs)).toISOString();

/** Balances from `balanceTotalsQuery` rows; currencies with nothing in either kind are left out. */
export function balancesFromTotals(rows: readonly BalanceTotalsRow[]): Balances {
  const active: Money[] = [];
  const payout: Money[] = [];
  for (const row of [...rows].sort((a, b) => compareCurrencies(a.currency as Currency, b.currency as Currency))) {
    const currency = row.currency as Currency;
    const open = Number(row.earned_open ?? 0);
    const payable = Number(row.earned_before ?? 0) - Number(row.withdrawn ?? 0);
    if (open !== 0) active.push(money(open, currency));
    if (payable !== 0) payout.push(money(payable, currency));
  }
  return { active, payout };
}

/** A creator's balances at `nowMs`, per currency (see balanceTotalsQuery). */
export async function balancesOf(db: DbOrTx, userId: number, nowMs: number): Promise<Balances> {
  return balancesFromTotals(
    rowsOf<BalanceTotalsRow>(await db.execute(balanceTotalsQuery(userId, balanceBoundary(nowMs)))),
  );
}

/** Σ earnings − Σ refunds issued − Σ withdrawals per currency: what the balances must add up to (tests and audits). */
export async function ledgerSum(db: DbOrTx, userId: number): Promise<Map<Currency, number>> {
  const rows = await db
    .select({ type: transactions.type, currency: transactions.currency, amount: transactions.amount })
    .from(transactions)
    .where(eq(transactions.userId, userId));
  const sums = new Map<Currency, number>();
  for (const row of rows) {
    const sign =
      row.type === 'withdrawal' || row.type === 'refund_issued'
        ? -1
        : row.type === 'sell_subscription' || row.type === 'get_donation'
          ? 1
          : 0;
    // Creators' lines only: a Stars sale credits its creator in a payout currency (xtr is a payer's line).
    const currency = row.currency as Currency;
    if (sign !== 0) sums.set(currency, (sums.get(currency) ?? 0) + sign * Number(row.amount));
  }
  return sums;
}
