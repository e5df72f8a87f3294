import type { Role, Transaction } from '../../domain/entities';
import { TRANSACTION_TYPES_BY_MODE } from '../../domain/transactions';
import type { TransactionList } from '../../application/ports/DashboardRepository';

/** Which of the user's rows a mode's list shows: earnings and withdrawals for creators, purchases for followers. */
export function inTransactionList(mode: Role, list: TransactionList): (transaction: Transaction) => boolean {
  if (list === 'withdrawals') return (t) => t.type === 'withdrawal';
  const types: readonly string[] = TRANSACTION_TYPES_BY_MODE[mode];
  return (t) => types.includes(t.type);
}
