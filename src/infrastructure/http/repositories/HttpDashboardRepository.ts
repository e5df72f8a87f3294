import type {
  DashboardChannelsPage,
  DashboardResponse,
  DashboardSubscriptionsPage,
  DashboardTransactionsRequest,
  PageRequest,
  TransactionsPage,
} from '../../../contract/api';
import type { Channel, Role, Transaction } from '../../../domain/entities';
import type {
  Dashboard,
  DashboardRepository,
  DashboardTransactionsQuery,
  MembershipsPage,
} from '../../../application/ports/DashboardRepository';
import type { Cursor, Page } from '../../../application/ports/Page';
import type { HttpClient } from '../HttpClient';
import { channelFromDto } from '../mappers/channel';
import { dashboardFromDto, membershipsPageFromDto } from '../mappers/dashboard';
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

  async channels(startFrom: Cursor): Promise<Page<Channel>> {
    const body: PageRequest = { startFrom };
    const dto = await this.http.post<DashboardChannelsPage>('/dashboard/channels', body);
    return toPage(dto.channels, dto.nextFrom, channelFromDto);
  }

  async subscriptions(startFrom: Cursor): Promise<MembershipsPage> {
    const body: PageRequest = { startFrom };
    return membershipsPageFromDto(await this.http.post<DashboardSubscriptionsPage>('/dashboard/subscriptions', body));
  }
}
