/**
 * The operator console's rules: who is an operator (ADMIN_TELEGRAM_IDS), one-time sign-in links (10
 * minutes, single use, only their sha256 stored), sessions (12 hours idle), and the queues' actions. Every action
 * runs in one transaction with its audit entry (who, what, when, before and after); what the bot says about it is
 * sent after the commit.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ServerClock } from '../../platform/clock';
import type { ServerConfig } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db/db';
import { AppError, notFound } from '../../platform/errors';
import type { MoneyDb } from '../../platform/db/moneyDb';
import { channels, migrationRequests, users } from '../../platform/db/schema';
import { migrationImports } from '../../platform/db/schema-admin';
import { type AdminOperatorItem, type OperatorRole, payoutObjectId } from '../../../src/contract/admin';
import type { BotGateway } from '../bot/BotGateway';
import { botTexts, fill, reasonInSentence } from '../bot/texts';
import { UsersRepository } from '../users/repository';
import type { MoneyEngine } from '../payments/engine';
import type { PayoutRunKey } from '../payments/payoutUpdates';
import type { DifferenceRecorder } from '../payments/reconciliation';
import { findPayoutRun, retryFailedPayout } from '../payouts/retry';
import { payOutNow } from '../payouts/job';
import type { OperatorDecision, VerificationService } from '../verification/service';
import { type AuditEntry, AdminRepository } from './repository';
import {
  SETTING_NAMES,
  SETTING_VALUES,
  type SettingName,
  type SettingValue,
  readSetting,
  writeSetting,
} from '../../platform/settings';
import { type DonateExport, exportProblem, importTotal } from './migrationImport';

export const SIGNIN_LINK_TTL_MS = 10 * 60 * 1000;
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** A session's last-seen time is written at most this often (every call would be a write). */
const TOUCH_EVERY_MS = 60 * 1000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const newToken = (): string => randomBytes(32).toString('base64url');

/** The operator a sign-in link's token claims to be for (its leading id), or null; proves nothing by itself. */
export function claimedOperator(linkToken: string): number | null {
  const match = /^(\d{1,16})\./.exec(linkToken);
  return match === null ? null : Number(match[1]);
}

export interface Operator {
  readonly telegramId: number;
  readonly role: OperatorRole;
}

export interface AdminServiceDeps {
  readonly db: Db;
  readonly clock: ServerClock;
  readonly config: Pick<ServerConfig, 'publicUrl' | 'adminTelegramIds' | 'channelModeration' | 'payoutConcurrency'>;
  readonly bot: BotGateway;
  readonly money: Pick<MoneyEngine, 'provider' | 'payments' | 'rates' | 'reconciliation'>;
  /** Identity reviews: the decision itself (server/modules/verification); the queue is paged in AdminRepository. */
  readonly verification: Pick<VerificationService, 'decide'>;
  readonly log?: (error: unknown) => void;
}

export class AdminService {
  constructor(private readonly deps: AdminServiceDeps) {}

  private now(): Date {
    return new Date(this.deps.clock.now());
  }

  /** The queues' pages (read-only queries). */
  get read(): AdminRepository {
    return new AdminRepository(this.deps.db);
  }

  /** ADMIN_TELEGRAM_IDS are admins (bootstrap: the console cannot change them); others have the role an admin gave. */
  async roleOf(telegramId: number): Promise<OperatorRole | null> {
    if (this.deps.config.adminTelegramIds.includes(telegramId)) return 'admin';
    return (await new AdminRepository(this.deps.db).operatorRole(telegramId)) ?? null;
  }

  // ---- sign-in

  /** A one-time sign-in link for an operator; null (and nothing stored) for anyone else. */
  async issueSignInLink(telegramId: number): Promise<string | null> {
    if ((await this.roleOf(telegramId)) === null) return null;
    // The operator's id leads the token, so sign-in attempts are limited per operator too (routes.ts): guesses
    // at one operator's links from a shared address do not lock the others out. The hash covers it all.
    const token = `${telegramId}.${newToken()}`;
    const now = this.now();
    const repo = new AdminRepository(this.deps.db);
    await repo.purgeLinks(new Date(now.getTime() - SIGNIN_LINK_TTL_MS));
    await repo.createLink(hashToken(token), telegramId, now, new Date(now.getTime() + SIGNIN_LINK_TTL_MS));
    return `${this.deps.config.publicUrl}/admin/signin?token=${token}`;
  }

  /** Uses a sign-in link: answers a new session token, or null for an unknown, used or expired link. */
  async signIn(linkToken: string): Promise<string | null> {
    const now = this.now();
    const repo = new AdminRepository(this.deps.db);
    const telegramId = await repo.useLink(hashToken(linkToken), now);
    if (telegramId === null || (await this.roleOf(telegramId)) === null) return null;
    const session = newToken();
    await repo.createSession(hashToken(session), telegramId, now);
    return session;
  }

  /** The operator of a live session (ended, idle over 12 hours or no longer listed: none). */
  async authenticate(sessionToken: string): Promise<Operator | null> {
    const hash = hashToken(sessionToken);
    const repo = new AdminRepository(this.deps.db);
    const session = await repo.session(hash);
    const now = this.now();
    if (session === undefined || session.endedAt !== null) return null;
    if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_IDLE_MS) return null;
    // The role is read on every call: a change (or a removal) applies to live sessions at once.
    const role = await this.roleOf(session.telegramId);
    if (role === null) return null;
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await repo.touchSession(hash, now);
    return { telegramId: session.telegramId, role };
  }

  async signOut(sessionToken: string): Promise<void> {
    await new AdminRepository(this.deps.db).endSession(hashToken(sessionToken), this.now());
  }

  // ---- actions: each in one transaction with its audit entry

  private async audited<T>(
    operator: Operator,
    what: Omit<AuditEntry, 'operatorTelegramId' | 'before' | 'after'>,
    change: (tx: DbOrTx) => Promise<{ before: unknown; after: unknown; result: T }>,
  ): Promise<T> {
    return this.deps.db.transaction(async (tx) => {
      const { before, after, result } = await change(tx);
      await new AdminRepository(tx).audit(
        { ...what, operatorTelegramId: operator.telegramId, before, after },
        this.now(),
      );
      return result;
    });
  }

  /** Approves or rejects a channel awaiting moderation; the bot tells its owner in the channel's language. */
  async moderate(
    operator: Operator,
    channelId: number,
    decision: 'approved' | 'rejected',
    reason: string | undefined,
  ): Promise<void> {
    const found = await new AdminRepository(this.deps.db).channel(channelId);
    if (found === undefined) throw notFound('No such channel');
    await this.audited(
      operator,
      {
        action: decision === 'approved' ? 'channel.approve' : 'channel.reject',
        objectType: 'channel',
        objectId: String(channelId),
      },
      async (tx) => {
        const [before] = await tx
          .select({ moderation: channels.moderation })
          .from(channels)
          .where(eq(channels.id, channelId))
          .for('update');
        if (before!.moderation === decision) throw new AppError('conflict', `The channel is already ${decision}`);
        await tx
          .update(channels)
          .set({ moderation: decision, updatedAt: this.now() })
          .where(eq(channels.id, channelId));
        return { before, after: { moderation: decision, ...(reason ? { reason } : {}) }, result: undefined };
      },
    );
    const texts = botTexts(found.channel.language);
    const text =
      decision === 'approved'
        ? fill(texts.moderationApproved, { channel: found.channel.title })
        : fill(texts.moderationRejected, {
            channel: found.channel.title,
            reason: reasonInSentence(reason, texts.identityNoReason),
          });
    await this.deps.bot
      .sendMessage({ chatId: found.owner.telegramId, text, silent: false })
      .catch((error: unknown) => this.deps.log?.(error));
  }

  /** Our id of the person with this Telegram id (the console knows people only by theirs). */
  private async userIdOf(telegramId: number): Promise<number> {
    const [row] = await this.deps.db.select({ id: users.id }).from(users).where(eq(users.telegramId, telegramId));
    if (row === undefined) throw notFound('No such user');
    return row.id;
  }

  /** Bans (cancelling the follower's recurring memberships, as UsersRepository.setBanned does) or unbans. */
  async setBanned(operator: Operator, telegramId: number, banned: boolean, reason: string): Promise<void> {
    const userId = await this.userIdOf(telegramId);
    await this.audited(
      operator,
      { action: banned ? 'user.ban' : 'user.unban', objectType: 'user', objectId: String(telegramId) },
      async (tx) => {
        const [before] = await tx
          .select({ banned: users.banned })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (before === undefined) throw notFound('No such user');
        if (before.banned === banned)
          throw new AppError('conflict', banned ? 'The user is already banned' : 'The user is not banned');
        await new UsersRepository(tx).setBanned(userId, banned, this.now());
        return { before: { banned: before.banned }, after: { banned, reason }, result: undefined };
      },
    );
  }

  /** The audit entry of an action, written in the transaction `tx` that makes the change. */
  private async record(tx: DbOrTx, operator: Operator, what: Omit<AuditEntry, 'operatorTelegramId'>): Promise<void> {
    await new AdminRepository(tx).audit({ ...what, operatorTelegramId: operator.telegramId }, this.now());
  }

  /**
   * Approves or rejects a creator whose identity check passed (kyc_approved) or who waits for a manual review; the
   * verification service decides in its transaction, which writes the audit entry too.
   */
  async decideIdentity(
    operator: Operator,
    telegramId: number,
    decision: OperatorDecision,
    reason: string | undefined,
  ): Promise<void> {
    const userId = await this.userIdOf(telegramId);
    await this.deps.verification.decide(
      userId,
      decision,
      operator.telegramId,
      (tx, before, status) =>
        this.record(tx, operator, {
          action: decision === 'approve' ? 'identity.approve' : 'identity.reject',
          objectType: 'user',
          objectId: String(telegramId),
          before: { status: before },
          after: { status, ...(reason ? { reason } : {}) },
        }),
      reason,
    );
  }

  /**
   * Sends a failed payout again through the payout machinery (server/modules/payouts/retry.ts): the audit entry is
   * written with the run's move back to requested, before the provider is called.
   */
  async retryPayout(
    operator: Operator,
    payout: { telegramId: number; currency: string; payoutDate: string },
  ): Promise<unknown> {
    const db = this.deps.db as MoneyDb;
    const key: PayoutRunKey = {
      userId: await this.userIdOf(payout.telegramId).catch(() => {
        throw notFound('No such payout');
      }),
      currency: payout.currency,
      payoutDate: payout.payoutDate,
    };
    if ((await findPayoutRun(db, key)) === undefined) throw notFound('No such payout');
    return retryFailedPayout(db, this.deps.money, key, this.deps.clock.now(), (tx, before, after) =>
      this.record(tx, operator, {
        action: 'payout.retry',
        objectType: 'payout',
        objectId: payoutObjectId(payout.telegramId, key.currency, key.payoutDate),
        before: { status: before.status, attempt: before.attempt, errorCode: before.errorCode },
        after: { status: after.status, attempt: after.attempt, errorCode: after.errorCode },
      }),
    );
  }

  /**
   * Pays out now, outside the 10th and 25th (server/modules/payouts/job.ts payOutNow): one creator (by Telegram id) or
   * everyone who is due. Each payout's audit entry is written in the transaction that withdraws it; a second click
   * the same day pays nothing more. Answers how many payouts went out.
   */
  async payOutNow(operator: Operator, telegramId: number | null): Promise<{ paid: number }> {
    const userId = telegramId === null ? undefined : await this.userIdOf(telegramId);
    const result = await payOutNow(
      { db: this.deps.db, nowMs: this.deps.clock.now(), config: this.deps.config },
      this.deps.money,
      {
        ...(userId === undefined ? {} : { userId }),
        record: async (tx, paid) => {
          const [creator] = await tx
            .select({ telegramId: users.telegramId })
            .from(users)
            .where(eq(users.id, paid.userId));
          await this.record(tx, operator, {
            action: 'payout.now',
            objectType: 'payout',
            objectId: payoutObjectId(creator!.telegramId, paid.currency, paid.payoutDate),
            before: null,
            after: {
              status: 'requested',
              amount: paid.amount.minor,
              currency: paid.amount.currency,
              ...(paid.transfer.currency === paid.amount.currency
                ? {}
                : { payoutAmount: paid.transfer.minor, payoutCurrency: paid.transfer.currency }),
            },
          });
        },
      },
    );
    return { paid: result.paid.length };
  }

  /**
   * Refunds a paid card payment in full through the provider (PaymentService.requestRefund: the ledger pair is
   * reversed and the membership ends once the provider took it). The audit entry is written in the transaction that
   * marks the refund due, before the provider is asked.
   */
  async refundPayment(operator: Operator, paymentId: string, reason: string): Promise<void> {
    if ((await this.deps.money.payments.byId(paymentId)) === undefined) throw notFound('No such payment');
    await this.deps.money.payments.requestRefund(paymentId, reason, (tx, before, after) =>
      this.record(tx, operator, {
        action: 'payment.refund',
        objectType: 'payment',
        objectId: paymentId,
        before: { status: before.status, refundStatus: before.refundStatus },
        after: { status: after.status, refundStatus: after.refundStatus, reason },
      }),
    );
  }

  /** Asks the provider about an open payment and applies its answer with the audit entry, in one transaction. */
  async checkPayment(operator: Operator, paymentId: string): Promise<void> {
    if ((await this.deps.money.payments.byId(paymentId)) === undefined) throw notFound('No such payment');
    await this.deps.money.payments.checkRecorded(paymentId, (tx, before, after) =>
      this.record(tx, operator, {
        action: 'payment.check',
        objectType: 'payment',
        objectId: paymentId,
        before: { status: before.status },
        after: { status: after.status, errorCode: after.errorCode },
      }),
    );
  }

  // ---- reconciliation with the provider (server/modules/payments/reconciliation.ts)

  /** Runs reconciliation now (the daily job's run, on demand), audited with what it found. */
  async runReconciliation(operator: Operator) {
    return this.deps.money.reconciliation.run(this.deps.clock.now(), operator.telegramId, (tx, runId, result) =>
      this.record(tx, operator, {
        action: 'reconciliation.run',
        objectType: 'reconciliation_run',
        objectId: String(runId),
        before: null,
        after: result,
      }),
    );
  }

  /** The audit entry of a resolved difference, under its object's one id, in the transaction that resolves it. */
  private differenceRecorder(operator: Operator, action: string): DifferenceRecorder {
    return (tx, difference, change) =>
      this.record(tx, operator, {
        action,
        objectType: difference.objectType,
        objectId: difference.objectId,
        before: { difference: difference.id, kind: difference.kind, ...(change.before as object) },
        after: { ...(change.after as object), providerStatus: difference.providerStatus },
      });
  }

  /** Makes our records follow the provider's for one difference (admins: it moves money). */
  async applyDifference(operator: Operator, id: number): Promise<void> {
    await this.deps.money.reconciliation.apply(
      id,
      operator.telegramId,
      this.differenceRecorder(operator, 'reconciliation.apply'),
    );
  }

  /** Closes a difference with the operator's reason, changing nothing else. */
  async ignoreDifference(operator: Operator, id: number, reason: string): Promise<void> {
    await this.deps.money.reconciliation.ignore(
      id,
      operator.telegramId,
      reason,
      this.differenceRecorder(operator, 'reconciliation.ignore'),
    );
  }

  // ---- settings

  /** Every console setting with its value now and where it comes from. */
  async settings(): Promise<(SettingValue & { name: SettingName })[]> {
    return Promise.all(
      SETTING_NAMES.map(async (name) => ({ name, ...(await readSetting(this.deps.db, this.deps.config, name)) })),
    );
  }

  /** Stores a setting's value (it then overrides the environment's default), audited with what it was before. */
  async setSetting(operator: Operator, name: SettingName, value: string): Promise<void> {
    if (!SETTING_VALUES[name].includes(value))
      throw new AppError('validation_error', `${name} is one of ${SETTING_VALUES[name].join(', ')}`, {
        field: 'value',
      });
    await this.audited(operator, { action: 'setting.change', objectType: 'setting', objectId: name }, async (tx) => {
      const before = await readSetting(tx, this.deps.config, name, true);
      if (before.value === value && before.source === 'console')
        throw new AppError('conflict', `${name} is already ${value}`);
      await writeSetting(tx, name, value, operator.telegramId, this.now());
      return { before: { value: before.value, source: before.source }, after: { value }, result: undefined };
    });
  }

  // ---- operators

  /** Gives a person a role (adding them as an operator); ADMIN_TELEGRAM_IDS stay admins and cannot be changed here. */
  async setOperatorRole(operator: Operator, telegramId: number, role: OperatorRole): Promise<void> {
    if (this.deps.config.adminTelegramIds.includes(telegramId))
      throw new AppError('conflict', 'Operators from ADMIN_TELEGRAM_IDS are admins; change that setting instead');
    await this.audited(
      operator,
      { action: 'operator.role', objectType: 'operator', objectId: String(telegramId) },
      async (tx) => {
        const repo = new AdminRepository(tx);
        const before = (await repo.operatorRole(telegramId, true)) ?? null;
        if (before === role) throw new AppError('conflict', `The operator is already ${role}`);
        await repo.saveOperator(telegramId, role, operator.telegramId, this.now());
        return { before: { role: before }, after: { role }, result: undefined };
      },
    );
  }

  /** Takes a person's console access away (their sessions end with it: authenticate reads the role every call). */
  async removeOperator(operator: Operator, telegramId: number): Promise<void> {
    if (this.deps.config.adminTelegramIds.includes(telegramId))
      throw new AppError('conflict', 'Operators from ADMIN_TELEGRAM_IDS are admins; change that setting instead');
    await this.audited(
      operator,
      { action: 'operator.remove', objectType: 'operator', objectId: String(telegramId) },
      async (tx) => {
        const repo = new AdminRepository(tx);
        const before = await repo.operatorRole(telegramId, true);
        if (before === undefined) throw notFound('No such operator');
        await repo.deleteOperator(telegramId);
        return { before: { role: before }, after: { role: null }, result: undefined };
      },
    );
  }

  /** Every operator: ADMIN_TELEGRAM_IDS first, then the console's, each with the name the bot knows (if any). */
  async operators(): Promise<AdminOperatorItem[]> {
    const repo = new AdminRepository(this.deps.db);
    const [rows, people] = await Promise.all([
      repo.operatorRows(),
      repo.peopleByTelegramId(this.deps.config.adminTelegramIds),
    ]);
    const known = new Map(people.map((person) => [person.telegramId, person]));
    for (const row of rows) if (row.person !== null) known.set(row.telegramId, row.person);
    const named = (telegramId: number) => {
      const person = known.get(telegramId);
      return {
        name: person ? [person.firstName, person.lastName].filter(Boolean).join(' ') : null,
        username: person?.username ?? null,
      };
    };
    return [
      ...this.deps.config.adminTelegramIds.map((telegramId) => ({
        id: telegramId,
        telegramId,
        ...named(telegramId),
        role: 'admin' as const,
        bootstrap: true,
        addedBy: null,
        updatedAt: null,
      })),
      ...rows
        .filter((row) => !this.deps.config.adminTelegramIds.includes(row.telegramId))
        .map((row) => ({
          id: row.telegramId,
          telegramId: row.telegramId,
          ...named(row.telegramId),
          role: row.role,
          bootstrap: false,
          addedBy: row.addedBy,
          updatedAt: Math.floor(row.updatedAt.getTime() / 1000),
        })),
    ];
  }

  /** Records that an operator exported a payout day (the export holds creators' payout data). */
  async auditExport(operator: Operator, payoutDate: string, rows: number): Promise<void> {
    await new AdminRepository(this.deps.db).audit(
      {
        operatorTelegramId: operator.telegramId,
        action: 'payout.export',
        objectType: 'payout_run',
        objectId: payoutDate,
        before: null,
        after: { rows },
      },
      this.now(),
    );
  }

  /** Starts the import of the older product's export: queued or failed → importing (the migration-import job applies it). */
  async startImport(operator: Operator, requestId: number, data: DonateExport): Promise<void> {
    await this.audited(
      operator,
      { action: 'migration.import', objectType: 'migration_request', objectId: String(requestId) },
      async (tx) => {
        const [row] = await tx
          .select({ request: migrationRequests, telegramId: users.telegramId })
          .from(migrationRequests)
          .innerJoin(users, eq(users.id, migrationRequests.userId))
          .where(eq(migrationRequests.id, requestId))
          .for('update', { of: migrationRequests });
        if (row === undefined) throw notFound('No such migration request');
        if (row.request.status !== 'queued' && row.request.status !== 'failed')
          throw new AppError(
            'conflict',
            `An import starts from a queued or failed request; this one is ${row.request.status}`,
          );
        const problem = exportProblem(data, row.telegramId);
        if (problem !== null) throw new AppError('validation_error', problem, { field: 'export' });
        const now = this.now();
        const total = importTotal(data);
        await tx
          .insert(migrationImports)
          .values({ requestId, payload: data, total, done: 0, createdAt: now, updatedAt: now })
          .onConflictDoUpdate({
            target: migrationImports.requestId,
            set: { payload: data, total, done: 0, error: null, updatedAt: now },
          });
        await tx
          .update(migrationRequests)
          .set({ status: 'importing', updatedAt: now })
          .where(eq(migrationRequests.id, requestId));
        return {
          before: { status: row.request.status },
          after: { status: 'importing', records: total },
          result: undefined,
        };
      },
    );
  }
}
