import type { MigrationRequest } from '../../../domain/entities';
import { type Result, err } from '../../../domain/result';
import { termsAlert } from '../../../domain/verification';
import type { MigrationRepository } from '../../ports/MigrationRepository';
import { type Invalid, type RequestFailure, invalid, request } from '../shared/failures';

export type ConfirmMigrationError = Invalid<{ readonly code: string }> | RequestFailure;

/** Queues the migration request; the terms must be ticked first (alert key migration_terms_alert otherwise). */
export class ConfirmMigration {
  constructor(private readonly migration: MigrationRepository) {}

  async execute(input: { readonly termsAccepted: boolean }): Promise<Result<MigrationRequest, ConfirmMigrationError>> {
    const alert = termsAlert(input.termsAccepted, 'migration');
    if (alert !== null) return err(invalid({ code: alert }));
    return request(() => this.migration.confirm());
  }
}
