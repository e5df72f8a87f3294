import type { Currency } from '../../../domain/money';
import type { RevenueExportResponse, RevenueResponse } from '../../../contract/revenue';
import type { RevenueRepository } from '../../../application/ports/RevenueRepository';
import type { RevenuePeriod } from '../../../domain/revenue';
import type { HttpClient } from '../HttpClient';

export class HttpRevenueRepository implements RevenueRepository {
  constructor(private readonly http: HttpClient) {}

  series(period: RevenuePeriod, channelId: number | null, currency: Currency | null): Promise<RevenueResponse> {
    return this.http.get<RevenueResponse>(
      `/revenue?period=${period}${channelId === null ? '' : `&channelId=${channelId}`}${currency === null ? '' : `&currency=${currency}`}`,
    );
  }

  exportLink(from: number, to: number, channelId: number | null): Promise<RevenueExportResponse> {
    return this.http.post<RevenueExportResponse>('/revenue/export', {
      from,
      to,
      ...(channelId === null ? {} : { channelId }),
    });
  }
}
