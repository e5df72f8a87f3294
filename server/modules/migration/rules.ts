/** The migration rule of src/domain/migration.ts over the user flags the auth query reads. */
import { type MigrationState, migrationState as decideMigration } from '../../../src/domain/migration';
import type { UserFlags } from '../users/repository';

export type { MigrationState };

export function migrationState(
  flags: Pick<UserFlags, 'hasDonateChannels' | 'migrationStatus'>,
  refused: boolean,
): MigrationState {
  return decideMigration({ hasDonateChannels: flags.hasDonateChannels, refused, requestStatus: flags.migrationStatus });
}
