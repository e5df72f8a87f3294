import type { TransactionResponse } from '../../../contract/api';
import type { Transaction } from '../../../domain/entities';
import type { TransactionRepository } from '../../../application/ports/TransactionRepository';
import type { HttpClient } from '../HttpClient';
import { transactionFromDto } from '../mappers/transaction';

export class HttpTransactionRepository implements TransactionRepository {
  constructor(private readonly http: HttpClient) {}

  async get(transactionId: number): Promise<Transaction> {
    return transactionFromDto((await this.http.get<TransactionResponse>(`/transaction/${transactionId}`)).transaction);
  }
}
