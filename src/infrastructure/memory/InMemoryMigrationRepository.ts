import type { MigrationRequest } from '../../domain/entities';
import type { MigrationRepository, MigrationState } from '../../application/ports/MigrationRepository';
import { type InMemoryBackend, type InMemorySession, fail } from './InMemoryBackend';
import type { MigrationRecord, UserRecord } from './records';
import { channelView } from './views';

export class InMemoryMigrationRepository implements MigrationRepository {
  constructor(
    private readonly backend: InMemoryBackend,
    private readonly session: InMemorySession = backend.session,
  ) {}

  /** Users without channels in the older product see an empty donation list. */
  async get(): Promise<MigrationState> {
    const actor = this.backend.actor(this.session);
    const migration = actor.migration;
    return {
      request: migration?.request ? { ...migration.request } : null,
      channels: [...this.backend.channels.values()]
        .filter((c) => c.ownerId === actor.user.id && !c.isDeleted)
        .map((c) => channelView(this.backend, c)),
      donateChannels: (migration?.donateChannels ?? []).map((c) => ({ ...c })),
      termsAccepted: migration?.termsAccepted ?? false,
    };
  }

  /** Queues a request, or answers the one already queued. */
  /** With nothing to migrate the server answers conflict ("There is nothing to migrate"). */
  async confirm(): Promise<MigrationRequest> {
    const actor = this.backend.actor(this.session);
    if (actor.migration === null || actor.migration.donateChannels.length === 0)
      fail('conflict', 'There is nothing to migrate');
    const migration = this.offered(actor);
    migration.termsAccepted = true;
    migration.refused = false;
    if (migration.request === null) {
      const queued = [...this.backend.users.values()].filter((u) => u.migration?.request?.status === 'queued').length;
      migration.request = {
        id: this.backend.nextId(),
        status: 'queued',
        positionInQueue: queued + 1,
        createdAt: this.backend.nowSeconds(),
      };
    }
    return { ...migration.request };
  }

  /** Drops the request (and its place in the queue) and stops offering the migration. */
  async refuse(): Promise<void> {
    const migration = this.offered(this.backend.actor(this.session));
    migration.request = null;
    migration.refused = true;
  }

  private offered(actor: UserRecord): MigrationRecord {
    return actor.migration ?? fail('not_found', 'No migration available');
  }
}
