/** Users: created or refreshed from signed init data, banned, verification state. */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { MigrationRequestStatus, VerificationStatus } from '../../../src/domain/entities';
import { type Db, type DbOrTx, rowsOf } from '../../platform/db/db';
import { type UserRow, subscriptionMembers, users } from '../../platform/db/schema';

export interface TelegramProfile {
  readonly telegramId: number;
  readonly firstName: string;
  readonly lastName?: string | null;
  readonly username?: string | null;
  readonly photoUrl?: string | null;
  readonly languageCode?: string | null;
}

const sameProfile = (row: UserRow, profile: TelegramProfile): boolean =>
  row.firstName === profile.firstName &&
  row.lastName === (profile.lastName ?? null) &&
  row.username === (profile.username ?? null) &&
  row.photoUrl === (profile.photoUrl ?? null) &&
  row.languageCode === (profile.languageCode ?? null);

/**
 * The user of a Telegram id as a prepared statement: the auth hook runs it on every request, so it is built once
 * per database (and prepared once per connection on PostgreSQL).
 */
export function userByTelegramIdQuery(db: Db) {
  return db
    .select()
    .from(users)
    .where(eq(users.telegramId, sql.placeholder('telegramId')))
    .prepare('user_by_telegram_id');
}

export class UsersRepository {
  constructor(private readonly db: DbOrTx) {}

  async byId(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async byTelegramId(telegramId: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.telegramId, telegramId));
    return row;
  }

  /** The users seen most recently (the sandbox's account picker). */
  async recent(limit: number): Promise<UserRow[]> {
    return this.db.select().from(users).orderBy(desc(users.updatedAt), desc(users.id)).limit(limit);
  }

  async byIds(ids: readonly number[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
  }

  async byKycToken(token: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.kycToken, token));
    return row;
  }

  /**
   * The user for this messenger profile: created on the first call, names and photo refreshed when they changed.
   * One round trip in the common case (the user exists and nothing changed); none when the caller passes the row
   * it already read (`known`).
   */
  async upsertProfile(profile: TelegramProfile, now: Date, known?: UserRow): Promise<UserRow> {
    const existing = known ?? (await this.byTelegramId(profile.telegramId));
    if (existing && sameProfile(existing, profile)) return existing;
    const values = {
      firstName: profile.firstName,
      lastName: profile.lastName ?? null,
      username: profile.username ?? null,
      photoUrl: profile.photoUrl ?? null,
      languageCode: profile.languageCode ?? null,
      updatedAt: now,
    };
    const [row] = await this.db
      .insert(users)
      .values({ telegramId: profile.telegramId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: users.telegramId, set: values })
      .returning();
    return row!;
  }

  /**
   * Bans or unbans. A banned follower can no longer call the API, so their recurring memberships are cancelled with
   * the ban (access runs to the paid expiry, nothing renews); an unban does not restart them.
   */
  async setBanned(id: number, banned: boolean, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ banned, updatedAt: now }).where(eq(users.id, id));
      if (!banned) return;
      await tx
        .update(subscriptionMembers)
        .set({ status: 'cancelled', updatedAt: now })
        .where(
          and(
            eq(subscriptionMembers.userId, id),
            eq(subscriptionMembers.status, 'active'),
            ne(subscriptionMembers.period, 'onetime'),
          ),
        );
    });
  }

  async setVerification(
    id: number,
    status: VerificationStatus,
    now: Date,
    kyc?: { token: string | null; expiresAt: Date | null },
  ): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({
        verificationStatus: status,
        updatedAt: now,
        ...(kyc ? { kycToken: kyc.token, kycTokenExpiresAt: kyc.expiresAt } : {}),
      })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  async setMigrationRefused(id: number, refused: boolean, now: Date): Promise<void> {
    await this.db.update(users).set({ migrationRefused: refused, updatedAt: now }).where(eq(users.id, id));
  }
}

/** What the dashboard needs to know about a user beyond the row, in one round trip. */
export interface UserFlags {
  readonly hasChannels: boolean;
  readonly hasDonateChannels: boolean;
  readonly migrationStatus: MigrationRequestStatus | null;
}

export async function userFlags(db: DbOrTx, userId: number): Promise<UserFlags> {
  const result = await db.execute(sql`select
    exists(select 1 from channels where owner_id = ${userId}) as has_channels,
    exists(select 1 from donate_channels where user_id = ${userId}) as has_donate_channels,
    (select status from migration_requests where user_id = ${userId}) as migration_status`);
  const row = rowsOf<{
    has_channels: boolean;
    has_donate_channels: boolean;
    migration_status: UserFlags['migrationStatus'];
  }>(result)[0];
  return {
    hasChannels: row?.has_channels === true,
    hasDonateChannels: row?.has_donate_channels === true,
    migrationStatus: row?.migration_status ?? null,
  };
}
