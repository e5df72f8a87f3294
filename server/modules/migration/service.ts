/**
 * The one-time migration from the older donation product (spec section 4): the older product hands over the
 * creator's donation channels; confirming queues a request (refusing drops it and the offer); the migration
 * completes once every handed-over channel is connected to the bot here.
 */
import { connectedChatIds, isMigrationComplete, sortDonateChannels } from '../../../src/domain/migration';
import { AppError } from '../../platform/errors';
import { ChannelsRepository } from '../channels/repository';
import { type DonateChannelInput, MigrationRepository } from './repository';
import { UsersRepository } from '../users/repository';
import type { DonateChannelRow, MigrationRequestRow, UserRow } from '../../platform/db/schema';
import { type ServiceDeps, nowDate } from '../../platform/serviceDeps';
import type { ChannelView } from '../../platform/views';

/** A migration request with its place in the queue while queued. */
export interface MigrationRequestView {
  readonly request: MigrationRequestRow;
  readonly positionInQueue?: number;
  /** While importing: records applied of the export's total. */
  readonly progress?: { readonly done: number; readonly total: number };
}

/** The offer: the request, the channels connected here, the older product's donation channels (most followed first). */
export interface MigrationOffer {
  readonly request: MigrationRequestView | null;
  readonly channels: readonly ChannelView[];
  readonly donateChannels: readonly DonateChannelRow[];
}

export class MigrationService {
  constructor(private readonly deps: ServiceDeps) {}

  private get repo() {
    return new MigrationRepository(this.deps.db);
  }

  private async requestView(request: MigrationRequestRow): Promise<MigrationRequestView> {
    if (request.status === 'importing') {
      const progress = await this.repo.importProgress(request.id);
      return progress === null ? { request } : { request, progress };
    }
    return request.status === 'queued'
      ? { request, positionInQueue: await this.repo.positionInQueue(request) }
      : { request };
  }

  /**
   * Marks the user's queued request completed when every donation channel is connected. Answers the current request.
   * An import under way (or failed) is the operator console's: its job completes it.
   */
  async refreshCompletion(userId: number): Promise<MigrationRequestRow | undefined> {
    const request = await this.repo.request(userId);
    if (!request || request.status !== 'queued') return request;
    const [donateChannels, channels] = await Promise.all([
      this.repo.donateChannels(userId),
      new ChannelsRepository(this.deps.db).listByOwner(userId),
    ]);
    const connected = connectedChatIds(
      channels.map((c) => ({ chatId: c.chatId, connected: c.connected, isDeleted: c.deleted })),
    );
    if (donateChannels.length === 0 || !isMigrationComplete(donateChannels, connected)) return request;
    await this.repo.setStatus(request.id, 'completed', nowDate(this.deps.clock));
    return { ...request, status: 'completed' };
  }

  async get(user: UserRow): Promise<MigrationOffer> {
    const request = await this.refreshCompletion(user.id);
    const [donateChannels, channels] = await Promise.all([
      this.repo.donateChannels(user.id),
      new ChannelsRepository(this.deps.db).listByOwnerWithCounts(user.id, nowDate(this.deps.clock)),
    ]);
    return {
      request: request ? await this.requestView(request) : null,
      channels,
      donateChannels: sortDonateChannels(donateChannels),
    };
  }

  async confirm(user: UserRow): Promise<MigrationRequestView> {
    const donateChannels = await this.repo.donateChannels(user.id);
    if (donateChannels.length === 0) throw new AppError('conflict', 'There is nothing to migrate');
    const now = nowDate(this.deps.clock);
    await this.repo.createRequest(user.id, now);
    if (user.migrationRefused) await new UsersRepository(this.deps.db).setMigrationRefused(user.id, false, now);
    const request = (await this.refreshCompletion(user.id))!;
    return this.requestView(request);
  }

  /** Leaves the queue (the place is lost) and turns the offer down. */
  async refuse(user: UserRow): Promise<void> {
    await this.repo.deleteRequest(user.id);
    await new UsersRepository(this.deps.db).setMigrationRefused(user.id, true, nowDate(this.deps.clock));
  }

  /** What the older product hands over (sandbox control API). */
  async setDonateChannels(user: UserRow, channels: readonly DonateChannelInput[]): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await new MigrationRepository(tx).replaceDonateChannels(user.id, channels, nowDate(this.deps.clock));
    });
    await this.refreshCompletion(user.id);
  }
}
