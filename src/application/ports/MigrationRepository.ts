import type { Channel, MigrationChannel, MigrationRequest } from '../../domain/entities';

export interface MigrationState {
  /** The queued or running request; null when none. */
  readonly request: MigrationRequest | null;
  /** Channels already connected to this product. */
  readonly channels: readonly Channel[];
  /** Channels of the older donation product to bring over. */
  readonly donateChannels: readonly MigrationChannel[];
  readonly termsAccepted?: boolean;
}

/** One-time move from the older donation product. */
export interface MigrationRepository {
  get(): Promise<MigrationState>;
  /** Queues a migration request (the caller has checked the terms are accepted). */
  confirm(): Promise<MigrationRequest>;
  /** Drops the request and its place in the queue. */
  refuse(): Promise<void>;
}
