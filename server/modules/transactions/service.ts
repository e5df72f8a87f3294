/** One ledger line of the caller (GET /transaction/{id}); another user's id answers not_found. */
import { notFound } from '../../platform/errors';
import { TransactionsRepository } from './repository';
import type { UserRow } from '../../platform/db/schema';
import type { ServiceDeps } from '../../platform/serviceDeps';
import type { TransactionView } from './repository';

export class TransactionService {
  constructor(private readonly deps: ServiceDeps) {}

  async get(user: UserRow, id: number): Promise<TransactionView> {
    const view = await new TransactionsRepository(this.deps.db).getForUser(user.id, id);
    if (!view) throw notFound('Transaction not found');
    return view;
  }
}
