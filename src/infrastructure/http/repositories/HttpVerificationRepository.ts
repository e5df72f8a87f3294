import type { VerificationStartResponse, VerificationStatusResponse } from '../../../contract/api';
import type { VerificationState } from '../../../domain/entities';
import type { VerificationRepository, VerificationSession } from '../../../application/ports/VerificationRepository';
import type { HttpClient } from '../HttpClient';

export class HttpVerificationRepository implements VerificationRepository {
  constructor(private readonly http: HttpClient) {}

  async status(options: { readonly firstCall?: boolean } = {}): Promise<VerificationState> {
    const params = options.firstCall ? { first_call: true } : undefined;
    const dto = await this.http.get<VerificationStatusResponse>('/verification/status', { params });
    return {
      token: dto.token,
      status: dto.status,
      widgetUrl: dto.widgetUrl,
      botUsername: dto.botUsername,
      ...(dto.manualReview ? { manualReview: true } : {}),
    };
  }

  async start(): Promise<VerificationSession> {
    const dto = await this.http.get<VerificationStartResponse>('/verification/start');
    return { token: dto.token, widgetUrl: dto.widgetUrl, ...(dto.manualReview ? { manualReview: true } : {}) };
  }
}
