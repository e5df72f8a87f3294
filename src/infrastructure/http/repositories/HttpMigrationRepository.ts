import type { MigrationConfirmResponse, MigrationResponse } from '../../../contract/api';
import type { MigrationRequest } from '../../../domain/entities';
import type { MigrationRepository, MigrationState } from '../../../application/ports/MigrationRepository';
import type { HttpClient } from '../HttpClient';
import { migrationRequestFromDto, migrationStateFromDto } from '../mappers/migration';

export class HttpMigrationRepository implements MigrationRepository {
  constructor(private readonly http: HttpClient) {}

  async get(): Promise<MigrationState> {
    return migrationStateFromDto(await this.http.get<MigrationResponse>('/migration'));
  }

  async confirm(): Promise<MigrationRequest> {
    return migrationRequestFromDto((await this.http.post<MigrationConfirmResponse>('/migration/confirm')).request);
  }

  async refuse(): Promise<void> {
    await this.http.post<unknown>('/migration/refuse');
  }
}
