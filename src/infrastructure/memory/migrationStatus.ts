import { connectedChatIds, isMigrationComplete } from '../../domain/migration';
import type { InMemoryBackend } from './InMemoryBackend';
import type { UserRecord } from './records';

/**
 * Where the user stands with the migration from the older product, as the reference server decides it
 * (server/README.md "Migration due/required/available"): due while it was neither refused nor completed;
 * required (creator mode answers migration_required) while due without a request; available while due with one.
 */
export function migrationStatus(backend: InMemoryBackend, user: UserRecord): { required: boolean; available: boolean } {
  const migration = user.migration;
  if (migration === null || migration.refused) return { required: false, available: false };
  const owned = [...backend.channels.values()].filter((c) => c.ownerId === user.user.id);
  const due = !isMigrationComplete(migration.donateChannels, connectedChatIds(owned));
  return { required: due && migration.request === null, available: due && migration.request !== null };
}
