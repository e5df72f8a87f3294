import type { Result } from '../../../domain/result';
import type { MigrationRepository } from '../../ports/MigrationRepository';
import { type RequestFailure, request } from '../shared/failures';

/** Drops the migration request (losing its place in the queue); the caller then goes to the creator dashboard. */
export class RefuseMigration {
  constructor(private readonly migration: MigrationRepository) {}

  async execute(): Promise<Result<void, RequestFailure>> {
    return request(() => this.migration.refuse());
  }
}
