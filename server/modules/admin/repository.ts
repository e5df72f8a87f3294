/**
 * Queries of the operator console: sign-in links, sessions, the audit log and the queues' pages. Pages are
 * offset-based (an operator jumps to page N of a filtered, sorted table); every list answers its total.
 */
import { type SQL, and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/db';
import {
  channels,
  donateChannels,
  kycReviews,
  migrationRequests,
  payoutAccounts,
  users,
} from '../../platform/db/schema';
import { payments, payoutRuns } from '../../platform/db/schema-money';
import {
  type AuditRow,
  adminAudit,
  adminOperators,
  adminSessions,
  adminSigninLinks,
  migrationImports,
} from '../../platform/db/schema-admin';

export interface PageQuery {
  readonly page: number;
  readonly pageSize: number;
  readonly sort: string;
  readonly order: 'asc' | 'desc';
}

export interface Page<T> {
  readonly items: T[];
  readonly total: number;
}

/** ORDER BY the chosen column, then columns that together identify a row, so pages neither repeat nor skip rows. */
function ordering(
  columns: Record<string, AnyPgColumn>,
  query: PageQuery,
  ...tiebreaks: [AnyPgColumn, ...AnyPgColumn[]]
): SQL[] {
  const column = columns[query.sort] ?? Object.values(columns)[0]!;
  const by = query.order === 'asc' ? asc : desc;
  return [by(column), ...tiebreaks.map((tiebreak) => by(tiebreak))];
}

const offsetOf = (query: PageQuery) => (query.page - 1) * query.pageSize;

export interface AuditEntry {
  readonly operatorTelegramId: number;
  readonly action: string;
  readonly objectType: string;
  readonly objectId: string;
  readonly before: unknown;
  readonly after: unknown;
}

export interface AuditFilter {
  readonly operatorTelegramId?: number;
  readonly objectType?: string;
  readonly objectId?: string;
  /** Inclusive lower and exclusive upper bound. */
  readonly from?: Date;
  readonly to?: Date;
}

export class AdminRepository {
  constructor(private readonly db: DbOrTx) {}

  // ---- sign-in links and sessions

  async createLink(tokenHash: string, telegramId: number, now: Date, expiresAt: Date): Promise<void> {
    await this.db.insert(adminSigninLinks).values({ tokenHash, telegramId, createdAt: now, expiresAt });
  }

  /** Marks a link used if it is unused and unexpired; answers its operator, or null. Single use even under races. */
  async useLink(tokenHash: string, now: Date): Promise<number | null> {
    const [row] = await this.db
      .update(adminSigninLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(adminSigninLinks.tokenHash, tokenHash),
          isNull(adminSigninLinks.usedAt),
          sql`${adminSigninLinks.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ telegramId: adminSigninLinks.telegramId });
    return row?.telegramId ?? null;
  }

  async purgeLinks(before: Date): Promise<void> {
    await this.db.delete(adminSigninLinks).where(lt(adminSigninLinks.expiresAt, before));
  }

  async createSession(tokenHash: string, telegramId: number, now: Date): Promise<void> {
    await this.db.insert(adminSessions).values({ tokenHash, telegramId, createdAt: now, lastSeenAt: now });
  }

  async session(tokenHash: string): Promise<typeof adminSessions.$inferSelect | undefined> {
    const [row] = await this.db.select().from(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
    return row;
  }

  async touchSession(tokenHash: string, now: Date): Promise<void> {
    await this.db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.tokenHash, tokenHash));
  }

  async endSession(tokenHash: string, now: Date): Promise<void> {
    await this.db
      .update(adminSessions)
      .set({ endedAt: now })
      .where(and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.endedAt)));
  }

  // ---- operators

  /** The role the console gave this person (`lock`: for update, in a transaction). */
  async operatorRole(telegramId: number, lock = false): Promise<'viewer' | 'support' | 'admin' | undefined> {
    const query = this.db
      .select({ role: adminOperators.role })
      .from(adminOperators)
      .where(eq(adminOperators.telegramId, telegramId));
    const [row] = lock ? await query.for('update') : await query;
    return row?.role;
  }

  async saveOperator(telegramId: number, role: 'viewer' | 'support' | 'admin', by: number, now: Date): Promise<void> {
    await this.db
      .insert(adminOperators)
      .values({ telegramId, role, addedBy: by, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: adminOperators.telegramId, set: { role, addedBy: by, updatedAt: now } });
  }

  async deleteOperator(telegramId: number): Promise<void> {
    await this.db.delete(adminOperators).where(eq(adminOperators.telegramId, telegramId));
  }

  /** The console's operators by Telegram id, with the user row when the bot knows them. */
  async operatorRows() {
    return this.db
      .select({
        telegramId: adminOperators.telegramId,
        role: adminOperators.role,
        addedBy: adminOperators.addedBy,
        updatedAt: adminOperators.updatedAt,
        person: {
          telegramId: users.telegramId,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
        },
      })
      .from(adminOperators)
      .leftJoin(users, eq(users.telegramId, adminOperators.telegramId))
      .orderBy(asc(adminOperators.telegramId));
  }

  async peopleByTelegramId(telegramIds: readonly number[]) {
    if (telegramIds.length === 0) return [];
    return this.db
      .select({
        telegramId: users.telegramId,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
      })
      .from(users)
      .where(inArray(users.telegramId, [...telegramIds]));
  }

  /** The Telegram id of the person with this @username (case as Telegram ignores it), if we know them. */
  async telegramIdByUsername(username: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ telegramId: users.telegramId })
      .from(users)
      .where(ilike(users.username, escapeLike(username)))
      .limit(1);
    return row?.telegramId;
  }

  // ---- audit

  async audit(entry: AuditEntry, now: Date): Promise<void> {
    await this.db
      .insert(adminAudit)
      .values({ ...entry, before: entry.before ?? null, after: entry.after ?? null, createdAt: now });
  }

  async auditPage(filter: AuditFilter, query: PageQuery): Promise<Page<AuditRow>> {
    const where = and(
      filter.operatorTelegramId === undefined
        ? undefined
        : eq(adminAudit.operatorTelegramId, filter.operatorTelegramId),
      filter.objectType === undefined ? undefined : eq(adminAudit.objectType, filter.objectType),
      filter.objectId === undefined ? undefined : eq(adminAudit.objectId, filter.objectId),
      filter.from === undefined ? undefined : gte(adminAudit.createdAt, filter.from),
      filter.to === undefined ? undefined : lt(adminAudit.createdAt, filter.to),
    );
    const [items, [total]] = await Promise.all([
      this.db
        .select()
        .from(adminAudit)
        .where(where)
        .orderBy(
          ...ordering(
            { createdAt: adminAudit.createdAt, action: adminAudit.action, objectType: adminAudit.objectType },
            query,
            adminAudit.id,
          ),
        )
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      this.db.select({ total: count() }).from(adminAudit).where(where),
    ]);
    return { items, total: Number(total?.total ?? 0) };
  }

  // ---- channels awaiting moderation

  async channelPage(filter: { moderation: string; q?: string }, query: PageQuery) {
    const where = and(
      eq(channels.moderation, filter.moderation as 'in_progress'),
      eq(channels.deleted, false),
      filter.q === undefined
        ? undefined
        : or(ilike(channels.title, `%${escapeLike(filter.q)}%`), ilike(channels.username, `%${escapeLike(filter.q)}%`)),
    );
    const [items, [total]] = await Promise.all([
      this.db
        .select({
          channel: channels,
          owner: {
            telegramId: users.telegramId,
            firstName: users.firstName,
            lastName: users.lastName,
            username: users.username,
          },
        })
        .from(channels)
        .innerJoin(users, eq(users.id, channels.ownerId))
        .where(where)
        .orderBy(...ordering({ createdAt: channels.createdAt, title: channels.title }, query, channels.id))
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      this.db.select({ total: count() }).from(channels).where(where),
    ]);
    return { items, total: Number(total?.total ?? 0) };
  }

  async channel(id: number) {
    const [row] = await this.db
      .select({ channel: channels, owner: { telegramId: users.telegramId, languageCode: users.languageCode } })
      .from(channels)
      .innerJoin(users, eq(users.id, channels.ownerId))
      .where(eq(channels.id, id));
    return row;
  }

  // ---- identity reviews

  /**
   * Creators waiting for an operator's identity decision (the verification module's rule, VerificationRepository
   * .awaitingDecision): a passed check (kyc_approved), or a manual review (in_kyc without a provider).
   */
  async identityPage(filter: { provider?: string }, query: PageQuery) {
    const where = and(
      or(
        eq(users.verificationStatus, 'kyc_approved'),
        and(eq(users.verificationStatus, 'in_kyc'), eq(kycReviews.provider, 'manual')),
      ),
      filter.provider === undefined ? undefined : eq(kycReviews.provider, filter.provider),
    );
    const [items, [total]] = await Promise.all([
      this.db
        .select({
          user: {
            id: users.id,
            telegramId: users.telegramId,
            firstName: users.firstName,
            lastName: users.lastName,
            username: users.username,
            status: users.verificationStatus,
          },
          review: {
            provider: kycReviews.provider,
            applicantId: kycReviews.applicantId,
            reviewAnswer: kycReviews.reviewAnswer,
            rejectLabels: kycReviews.rejectLabels,
            updatedAt: kycReviews.updatedAt,
          },
        })
        .from(users)
        .innerJoin(kycReviews, eq(kycReviews.userId, users.id))
        .where(where)
        .orderBy(...ordering({ since: kycReviews.updatedAt }, query, users.id))
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      this.db
        .select({ total: count() })
        .from(users)
        .innerJoin(kycReviews, eq(kycReviews.userId, users.id))
        .where(where),
    ]);
    return { items, total: Number(total?.total ?? 0) };
  }

  // ---- users

  async userPage(filter: { q?: string; banned?: boolean }, query: PageQuery) {
    const q = filter.q?.replace(/^@/, '');
    const numeric = q !== undefined && /^\d{1,16}$/.test(q) ? Number(q) : undefined;
    const where = and(
      filter.banned === undefined ? undefined : eq(users.banned, filter.banned),
      q === undefined
        ? undefined
        : numeric !== undefined
          ? eq(users.telegramId, numeric)
          : ilike(users.username, `%${escapeLike(q)}%`),
    );
    const [items, [total]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(
          ...ordering(
            { createdAt: users.createdAt, telegramId: users.telegramId, username: users.username },
            query,
            users.id,
          ),
        )
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      this.db.select({ total: count() }).from(users).where(where),
    ]);
    return { items, total: Number(total?.total ?? 0) };
  }

  // ---- payouts

  /** Payout days, newest first, with how many payouts are in each state and the sums per currency. */
  async payoutDays(query: PageQuery) {
    const items = await this.db
      .select({
        payoutDate: payoutRuns.payoutDate,
        count: sql<number>`count(*)`,
        failed: sql<number>`count(*) filter (where ${payoutRuns.status} = 'failed')`,
        arrived: sql<number>`count(*) filter (where ${payoutRuns.status} = 'arrived')`,
        underWay: sql<number>`count(*) filter (where ${payoutRuns.status} in ('requested', 'sent'))`,
        eur: sql<number>`coalesce(sum(${payoutRuns.amount}) filter (where ${payoutRuns.currency} = 'eur'), 0)`,
        rub: sql<number>`coalesce(sum(${payoutRuns.amount}) filter (where ${payoutRuns.currency} = 'rub'), 0)`,
      })
      .from(payoutRuns)
      .groupBy(payoutRuns.payoutDate)
      .orderBy(query.order === 'asc' ? asc(payoutRuns.payoutDate) : desc(payoutRuns.payoutDate))
      .limit(query.pageSize)
      .offset(offsetOf(query));
    const [total] = await this.db
      .select({ total: sql<number>`count(distinct ${payoutRuns.payoutDate})` })
      .from(payoutRuns);
    return {
      items: items.map((row) => ({
        ...row,
        count: Number(row.count),
        failed: Number(row.failed),
        arrived: Number(row.arrived),
        underWay: Number(row.underWay),
        eur: Number(row.eur),
        rub: Number(row.rub),
      })),
      total: Number(total?.total ?? 0),
    };
  }

  // ---- payments

  /** Payments found by id, payer (Telegram id or username) or channel (id or title), newest first by default. */
  async paymentPage(filter: { q?: string; channel?: string; status?: string }, query: PageQuery) {
    const q = filter.q?.replace(/^@/, '');
    const byPayer =
      q === undefined
        ? undefined
        : /^\d{1,16}$/.test(q)
          ? eq(users.telegramId, Number(q))
          : or(eq(payments.id, q), ilike(users.username, `%${escapeLike(q)}%`));
    const byChannel =
      filter.channel === undefined
        ? undefined
        : /^\d{1,16}$/.test(filter.channel)
          ? eq(channels.id, Number(filter.channel))
          : ilike(channels.title, `%${escapeLike(filter.channel)}%`);
    const where = and(
      byPayer,
      byChannel,
      filter.status === undefined ? undefined : eq(payments.status, filter.status as 'paid'),
    );
    const [items, [total]] = await Promise.all([
      this.db
        .select({
          payment: payments,
          payer: {
            id: users.id,
            telegramId: users.telegramId,
            firstName: users.firstName,
            lastName: users.lastName,
            username: users.username,
          },
          channel: { id: channels.id, title: channels.title },
        })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .innerJoin(channels, eq(channels.id, payments.channelId))
        .where(where)
        .orderBy(
          ...ordering(
            { createdAt: payments.createdAt, amount: payments.amount, status: payments.status },
            query,
            payments.id,
          ),
        )
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      this.db
        .select({ total: count() })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .innerJoin(channels, eq(channels.id, payments.channelId))
        .where(where),
    ]);
    return { items, total: Number(total?.total ?? 0) };
  }

  async payoutPage(filter: { payoutDate?: string; status?: string }, query: PageQuery | null) {
    const where = and(
      filter.payoutDate === undefined ? undefined : eq(payoutRuns.payoutDate, filter.payoutDate),
      filter.status === undefined ? undefined : eq(payoutRuns.status, filter.status as 'failed'),
    );
    const select = this.db
      .select({
        run: payoutRuns,
        user: {
          telegramId: users.telegramId,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
        },
        account: { methodType: payoutAccounts.methodType, countryIso2: payoutAccounts.countryIso2 },
      })
      .from(payoutRuns)
      .innerJoin(users, eq(users.id, payoutRuns.userId))
      .leftJoin(payoutAccounts, eq(payoutAccounts.userId, payoutRuns.userId))
      .where(where)
      .orderBy(
        ...ordering(
          { createdAt: payoutRuns.createdAt, amount: payoutRuns.amount, status: payoutRuns.status },
          query ?? { page: 1, pageSize: 0, sort: 'createdAt', order: 'asc' },
          // A run is one creator's currency on one payout date.
          payoutRuns.userId,
          payoutRuns.currency,
          payoutRuns.payoutDate,
        ),
      );
    if (query === null) return { items: await select, total: -1 };
    const [items, [total]] = await Promise.all([
      select.limit(query.pageSize).offset(offsetOf(query)),
      this.db.select({ total: count() }).from(payoutRuns).where(where),
    ]);
    return { items, total: Number(total?.total ?? 0) };
  }

  // ---- migration requests

  async migrationPage(filter: { status?: string }, query: PageQuery) {
    const where = filter.status === undefined ? undefined : eq(migrationRequests.status, filter.status as 'queued');
    const [items, [total]] = await Promise.all([
      this.db
        .select({
          request: migrationRequests,
          user: {
            id: users.id,
            telegramId: users.telegramId,
            firstName: users.firstName,
            lastName: users.lastName,
            username: users.username,
          },
          import: { total: migrationImports.total, done: migrationImports.done, error: migrationImports.error },
          donateChannels: sql<number>`(select count(*) from ${donateChannels} where ${donateChannels.userId} = ${migrationRequests.userId})`,
        })
        .from(migrationRequests)
        .innerJoin(users, eq(users.id, migrationRequests.userId))
        .leftJoin(migrationImports, eq(migrationImports.requestId, migrationRequests.id))
        .where(where)
        .orderBy(
          ...ordering(
            {
              createdAt: migrationRequests.createdAt,
              updatedAt: migrationRequests.updatedAt,
              status: migrationRequests.status,
            },
            query,
            migrationRequests.id,
          ),
        )
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      this.db.select({ total: count() }).from(migrationRequests).where(where),
    ]);
    return {
      items: items.map((row) => ({ ...row, donateChannels: Number(row.donateChannels) })),
      total: Number(total?.total ?? 0),
    };
  }
}

/** ILIKE treats % and _ as wildcards: a search for "a_b" means those characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
