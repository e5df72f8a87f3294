import { connectedChatIds, isMigrationComplete } from '../../domain/migration';
import type { InMemoryBackend } from './InMemoryBackend';
import type { UserRecord } from './records';

/** The dashboard offers the migration while it was neither refused nor completed. */
export function migrationAvailable(backend: InMemoryBackend, user: UserRecord): boolean {
  const migration = user.migration;
  if (migration === null || migration.refused) return false;
  const owned = [...backend.channels.values()].filter((c) => c.ownerId === user.user.id);
  return !isMigrationComplete(migration.donateChannels, connectedChatIds(owned));
}
