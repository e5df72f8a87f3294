/**
 * How a withdrawal reads in a list (the dashboard's transactions and the payout screen's): titled by its type
 * ("Withdrawal", spec section 3), never by its badge ("Done"), with where the money went as the subtitle (the receiving
 * method and the card's last digits, as its details page shows them, spec section 2).
 */
import type { TFunction } from 'i18next';
import type { Transaction } from '../../domain/entities';
import { formatMaskedCard } from '../../domain/format-light';
import { transactionCard } from '../../domain/transactions';

export const WITHDRAWAL_TITLE_KEY = 'transaction.type.withdrawal';

/** "Bank card •••• 4242", "SWIFT transfer"; undefined when the line names neither. */
export function withdrawalSubtitle(
  t: TFunction,
  transaction: Pick<Transaction, 'card' | 'paymentMethod' | 'withdrawalAccount'>,
): string | undefined {
  const method = transaction.withdrawalAccount?.methodType ?? transaction.paymentMethod;
  const card = transactionCard(transaction);
  const parts = [method && t(`transaction.method.${method}`), card && formatMaskedCard(card.last4)].filter(
    (part): part is string => Boolean(part),
  );
  return parts.length === 0 ? undefined : parts.join(' ');
}
