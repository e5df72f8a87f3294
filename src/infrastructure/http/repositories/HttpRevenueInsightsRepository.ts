import type { RevenueInsightsResponse } from '../../../contract/revenue';
import type { RevenueInsightsRepository } from '../../../application/ports/RevenueInsightsRepository';
import type { HttpClient } from '../HttpClient';

export class HttpRevenueInsightsRepository implements RevenueInsightsRepository {
  constructor(private readonly http: HttpClient) {}

  insights(channelId: number | null): Promise<RevenueInsightsResponse> {
    return this.http.get<RevenueInsightsResponse>(
      `/revenue/insights${channelId === null ? '' : `?channelId=${channelId}`}`,
    );
  }
}
