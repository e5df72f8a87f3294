import type { Role, Transaction, TransactionType } from '../../domain/entities';
import type { TransactionList } from '../../application/ports/DashboardRepository';

const CREATOR_TYPES: ReadonlySet<TransactionType> = new Set(['sell_subscription', 'get_donation', 'withdrawal']);

/** Which of the user's rows a mode's list shows: earnings and withdrawals for creators, purchases for followers. */
export function inTransactionList(mode: Role, list: TransactionList): (transaction: Transaction) => boolean {
  if (list === 'withdrawals') return (t) => t.type === 'withdrawal';
  return mode === 'creator' ? (t) => CREATOR_TYPES.has(t.type) : (t) => !CREATOR_TYPES.has(t.type);
}
