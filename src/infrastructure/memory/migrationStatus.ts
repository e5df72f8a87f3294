import { connectedChatIds, isMigrationComplete, migrationState } from '../../domain/migration';
import type { InMemoryBackend } from './InMemoryBackend';
import type { UserRecord } from './records';

/**
 * Where the user stands with the migration from the older product, by the shared rule (src/domain/migration.ts
 * `migrationState`). As on the server, a request counts as completed once every donation channel is connected.
 */
export function migrationStatus(backend: InMemoryBackend, user: UserRecord): { required: boolean; available: boolean } {
  const migration = user.migration;
  if (migration === null) return { required: false, available: false };
  const owned = [...backend.channels.values()].filter((c) => c.ownerId === user.user.id);
  const allConnected =
    migration.donateChannels.length > 0 && isMigrationComplete(migration.donateChannels, connectedChatIds(owned));
  const requestStatus = migration.request === null ? null : allConnected ? 'completed' : migration.request.status;
  return migrationState({
    hasDonateChannels: migration.donateChannels.length > 0,
    refused: migration.refused,
    requestStatus,
  });
}
