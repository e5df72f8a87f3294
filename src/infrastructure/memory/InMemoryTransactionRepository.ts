import type { Transaction } from '../../domain/entities';
import type { TransactionRepository } from '../../application/ports/TransactionRepository';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';

export class InMemoryTransactionRepository implements TransactionRepository {
  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {}

  /** Only the user's own rows: another user's transaction is not_found. */
  async get(transactionId: number): Promise<Transaction> {
    const actor = this.backend.actor(this.session);
    const row = this.backend.transactions.find((r) => r.userId === actor.user.id && r.transaction.id === transactionId);
    if (row === undefined) fail('not_found', 'Transaction not found');
    return row.transaction;
  }
}
