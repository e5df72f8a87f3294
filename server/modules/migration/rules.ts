/**
 * When the migration from the older donation product is due (a "not shown" rule, decided here):
 * - due: the older product handed over donation channels, the user did not refuse, and it is not completed;
 * - required (creator calls answer migration_required, the client opens /migration): due and no request yet;
 * - available (dashboard `migrationAvailable`, the client shows the waiting notice): due with a queued or
 *   importing request.
 */
import type { UserFlags } from '../users/repository';

export interface MigrationState {
  readonly required: boolean;
  readonly available: boolean;
}

export function migrationState(flags: Pick<UserFlags, 'hasDonateChannels' | 'migrationStatus'>, refused: boolean): MigrationState {
  const due = flags.hasDonateChannels && !refused && flags.migrationStatus !== 'completed';
  return { required: due && flags.migrationStatus === null, available: due && flags.migrationStatus !== null };
}
