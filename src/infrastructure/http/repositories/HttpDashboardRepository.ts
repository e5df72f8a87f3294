import type { DashboardResponse, DashboardTransactionsRequest, TransactionsPage } from '../../../contract/api';
import type { Role, Transaction } from '../../../domain/entities';
import type {
  Dashboard,
  DashboardRepository,
  DashboardTransactionsQuery,
} from '../../../application/ports/DashboardRepository';
import type { Page } from '../../../application/ports/Page';
import type { HttpClient } from '../HttpClient';
import { dashboardFromDto } from '../mappers/dashboard';
import { toPage } from '../mappers/page';
import { transactionFromDto } from '../mappers/transaction';

export class HttpDashboardRepository implements DashboardRepository {
  constructor(private readonly http: HttpClient) {}

  async load(mode?: Role): Promise<Dashboard> {
    const dto = await this.http.get<DashboardResponse>('/dashboard', { params: mode ? { mode } : undefined });
    return dashboardFromDto(dto);
  }

  async transactions(query: DashboardTransactionsQuery): Promise<Page<Transaction>> {
    const body: DashboardTransactionsRequest = {
      list: query.list ?? 'all',
      mode: query.mode,
      startFrom: query.startFrom,
    };
    const dto = await this.http.post<TransactionsPage>('/dashboard/transactions', body);
    return toPage(dto.transactions, dto.nextFrom, transactionFromDto);
  }
}
