/** One ledger line of the caller (GET /transaction/{id}); another user's id answers not_found. */
import type { TransactionResponse } from '../../src/contract/api';
import { notFound } from '../errors';
import { TransactionsRepository } from '../store/repositories/transactions';
import type { UserRow } from '../store/schema';
import type { ServiceDeps } from './context';
import { transactionDto } from './dto';

export class TransactionService {
  constructor(private readonly deps: ServiceDeps) {}

  async get(user: UserRow, id: number): Promise<TransactionResponse> {
    const view = await new TransactionsRepository(this.deps.db).getForUser(user.id, id);
    if (!view) throw notFound('Transaction not found');
    return { transaction: transactionDto(view) };
  }
}
