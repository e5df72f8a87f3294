import type { Transaction } from '../../domain/entities';

/** Transactions the signed-in user took part in (as payer or as channel owner). */
export interface TransactionRepository {
  get(transactionId: number): Promise<Transaction>;
}
