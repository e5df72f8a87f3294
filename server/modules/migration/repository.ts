/** The migration from the older donation product: handed-over channels and the request queue. */
import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import type { MigrationRequestStatus } from '../../../src/domain/entities';
import type { DbOrTx } from '../../platform/db/db';
import {
  type DonateChannelRow,
  type MigrationRequestRow,
  donateChannels,
  migrationRequests,
} from '../../platform/db/schema';
import { migrationImports } from '../../platform/db/schema-admin';

export interface DonateChannelInput {
  readonly chatId: number;
  readonly name: string;
  readonly link: string;
  readonly activeSubscribers: number;
}

export class MigrationRepository {
  constructor(private readonly db: DbOrTx) {}

  async donateChannels(userId: number): Promise<DonateChannelRow[]> {
    return this.db
      .select()
      .from(donateChannels)
      .where(eq(donateChannels.userId, userId))
      .orderBy(asc(donateChannels.id));
  }

  /** Replaces the user's handed-over channel list. */
  async replaceDonateChannels(userId: number, channels: readonly DonateChannelInput[], now: Date): Promise<void> {
    await this.db.delete(donateChannels).where(eq(donateChannels.userId, userId));
    if (channels.length > 0) {
      await this.db.insert(donateChannels).values(channels.map((channel) => ({ ...channel, userId, createdAt: now })));
    }
  }

  async request(userId: number): Promise<MigrationRequestRow | undefined> {
    const [row] = await this.db.select().from(migrationRequests).where(eq(migrationRequests.userId, userId));
    return row;
  }

  /** Creates the user's request at the end of the queue, or answers the existing one. */
  async createRequest(userId: number, now: Date): Promise<MigrationRequestRow> {
    await this.db
      .insert(migrationRequests)
      .values({ userId, status: 'queued', createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: migrationRequests.userId });
    return (await this.request(userId))!;
  }

  async setStatus(id: number, status: MigrationRequestStatus, now: Date): Promise<void> {
    await this.db.update(migrationRequests).set({ status, updatedAt: now }).where(eq(migrationRequests.id, id));
  }

  async deleteRequest(userId: number): Promise<void> {
    const request = await this.request(userId);
    if (request === undefined) return;
    await this.db.delete(migrationImports).where(eq(migrationImports.requestId, request.id));
    await this.db.delete(migrationRequests).where(eq(migrationRequests.id, request.id));
  }

  /** How far an operator's import of the older product's export got, if one was started. */
  async importProgress(requestId: number): Promise<{ done: number; total: number } | null> {
    const [row] = await this.db
      .select({ done: migrationImports.done, total: migrationImports.total })
      .from(migrationImports)
      .where(eq(migrationImports.requestId, requestId));
    return row ?? null;
  }

  /** 1-based place of a queued request: queued requests created before it, plus one. */
  async positionInQueue(request: MigrationRequestRow): Promise<number> {
    const [row] = await this.db
      .select({ ahead: sql<number>`count(*)` })
      .from(migrationRequests)
      .where(
        and(
          eq(migrationRequests.status, 'queued'),
          or(
            lt(migrationRequests.createdAt, request.createdAt),
            and(eq(migrationRequests.createdAt, request.createdAt), lt(migrationRequests.id, request.id)),
          ),
        ),
      );
    return Number(row?.ahead ?? 0) + 1;
  }
}
