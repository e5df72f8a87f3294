/**
 * The import of a creator's data from the older donation product, started by an operator on a migration
 * request: queued (or failed) → importing → completed | failed. The operator uploads the older product's export (the
 * format below, documented in server/modules/admin/README.md "Migration import format"); the `migration-import` job applies it in
 * batches, one record per transaction with the progress counter, so a crash never applies a record twice and the
 * creator's migration screen shows how far it got (GET /migration answers `progress` while importing).
 *
 * Records, in order: channels (created disconnected when not connected here yet: the creator adds the bot later),
 * subscriptions, the payout account (kept if the creator already has one here), memberships (their subscribers are
 * created as users when unknown). Imported memberships carry no card: a recurring one is not renewed automatically
 * here (the renewal finds no saved card) and its member pays again when it ends.
 */
import { firstStepNotDone, laterStep } from '../../../src/domain/channel';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { LANGUAGE_CODES, type LanguageCode, PERIODS, type Period } from '../../../src/domain/entities';
import { CURRENCIES, type Currency, PAYOUT_CURRENCIES } from '../../../src/domain/money';
import { parseDecimalAmount } from '../../../src/domain/amounts';
import type { Db, DbOrTx } from '../../platform/db/db';
import {
  channels,
  migrationRequests,
  payoutAccounts,
  subscriptionMembers,
  subscriptions,
  users,
} from '../../platform/db/schema';
import { migrationImports } from '../../platform/db/schema-admin';

export const EXPORT_FORMAT = 'donate-export';

export interface ExportChannel {
  chatId: number;
  title: string;
  username?: string | null;
  language?: LanguageCode;
}
export interface ExportSubscription {
  id: string;
  chatId: number;
  name: string;
  description?: string;
  period: Period;
  price: string | number;
  currency: Currency;
  buttonText?: string;
}
export interface ExportSubscriber {
  telegramId: number;
  firstName: string;
  lastName?: string | null;
  username?: string | null;
  languageCode?: string | null;
}
export interface ExportMembership {
  subscription: string;
  telegramId: number;
  status: 'active' | 'cancelled';
  activatedAt: string;
  expiresAt?: string | null;
}
export interface ExportPayoutAccount {
  countryIso2: string;
  countryIso3: string;
  methodType: 'swift' | 'global_bank_account' | 'ru_account';
  currency: 'eur' | 'rub';
  bankName?: string | null;
  params: Record<string, string>;
}

/** The older product's export of one creator, version 1. */
export interface DonateExport {
  format: typeof EXPORT_FORMAT;
  version: 1;
  creator: { telegramId: number };
  channels: ExportChannel[];
  subscriptions: ExportSubscription[];
  subscribers: ExportSubscriber[];
  memberships: ExportMembership[];
  payoutAccount?: ExportPayoutAccount | null;
}

const telegramId = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
const chatId = { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER };
const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength });
const nullableText = (maxLength: number) => ({ anyOf: [{ type: 'string', maxLength }, { type: 'null' }] });
const dateTime = { type: 'string', format: 'date-time' };
const LIMIT = 20_000;

/** JSON schema of DonateExport (Fastify validates the upload with it). */
export const DONATE_EXPORT_SCHEMA = {
  type: 'object',
  required: ['format', 'version', 'creator', 'channels', 'subscriptions', 'subscribers', 'memberships'],
  properties: {
    format: { type: 'string', enum: [EXPORT_FORMAT] },
    version: { type: 'integer', enum: [1] },
    creator: { type: 'object', required: ['telegramId'], properties: { telegramId } },
    channels: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        required: ['chatId', 'title'],
        properties: {
          chatId,
          title: text(255, 1),
          username: nullableText(32),
          language: { type: 'string', enum: [...LANGUAGE_CODES] },
        },
      },
    },
    subscriptions: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['id', 'chatId', 'name', 'period', 'price', 'currency'],
        properties: {
          id: text(64, 1),
          chatId,
          name: text(255, 1),
          description: text(4096),
          period: { type: 'string', enum: [...PERIODS] },
          price: {
            anyOf: [
              { type: 'number', exclusiveMinimum: 0 },
              { type: 'string', pattern: '^\\d{1,12}([.,]\\d{1,2})?$' },
            ],
          },
          currency: { type: 'string', enum: [...CURRENCIES] },
          buttonText: text(64),
        },
      },
    },
    subscribers: {
      type: 'array',
      maxItems: LIMIT,
      items: {
        type: 'object',
        required: ['telegramId', 'firstName'],
        properties: {
          telegramId,
          firstName: text(64, 1),
          lastName: nullableText(64),
          username: nullableText(32),
          languageCode: nullableText(16),
        },
      },
    },
    memberships: {
      type: 'array',
      maxItems: LIMIT,
      items: {
        type: 'object',
        required: ['subscription', 'telegramId', 'status', 'activatedAt'],
        properties: {
          subscription: text(64, 1),
          telegramId,
          status: { type: 'string', enum: ['active', 'cancelled'] },
          activatedAt: dateTime,
          expiresAt: { anyOf: [dateTime, { type: 'null' }] },
        },
      },
    },
    payoutAccount: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['countryIso2', 'countryIso3', 'methodType', 'currency', 'params'],
          properties: {
            countryIso2: { type: 'string', pattern: '^[A-Z]{2}$' },
            countryIso3: { type: 'string', pattern: '^[A-Z]{3}$' },
            methodType: { type: 'string', enum: ['swift', 'global_bank_account', 'ru_account'] },
            currency: { type: 'string', enum: [...PAYOUT_CURRENCIES] },
            bankName: nullableText(255),
            params: { type: 'object', maxProperties: 20, additionalProperties: { type: 'string', maxLength: 128 } },
          },
        },
      ],
    },
  },
} as const;

type ImportRecord =
  | { kind: 'channel'; channel: ExportChannel }
  | { kind: 'subscription'; subscription: ExportSubscription }
  | { kind: 'payoutAccount'; account: ExportPayoutAccount }
  | { kind: 'membership'; membership: ExportMembership };

function records(data: DonateExport): ImportRecord[] {
  return [
    ...data.channels.map((channel) => ({ kind: 'channel' as const, channel })),
    ...data.subscriptions.map((subscription) => ({ kind: 'subscription' as const, subscription })),
    ...(data.payoutAccount ? [{ kind: 'payoutAccount' as const, account: data.payoutAccount }] : []),
    ...data.memberships.map((membership) => ({ kind: 'membership' as const, membership })),
  ];
}

/** What the export says that cannot be right, before anything is written (answers a message, or null). */
export function exportProblem(data: DonateExport, creatorTelegramId: number): string | null {
  if (data.creator.telegramId !== creatorTelegramId)
    return `The export is of Telegram user ${data.creator.telegramId}, the request is of ${creatorTelegramId}`;
  const chats = new Set(data.channels.map((channel) => channel.chatId));
  const ids = new Set<string>();
  for (const subscription of data.subscriptions) {
    if (!chats.has(subscription.chatId))
      return `Subscription ${subscription.id} names channel ${subscription.chatId}, which is not in channels`;
    if (ids.has(subscription.id)) return `Subscription id ${subscription.id} appears twice`;
    if ((parseDecimalAmount(String(subscription.price), subscription.currency) ?? 0) <= 0)
      return `Subscription ${subscription.id} has a price that is not an amount`;
    ids.add(subscription.id);
  }
  const subscribers = new Set(data.subscribers.map((subscriber) => subscriber.telegramId));
  for (const membership of data.memberships) {
    if (!ids.has(membership.subscription))
      return `A membership names subscription ${membership.subscription}, which is not in subscriptions`;
    if (!subscribers.has(membership.telegramId))
      return `A membership names subscriber ${membership.telegramId}, who is not in subscribers`;
  }
  return null;
}

export const importTotal = (data: DonateExport): number => records(data).length;

class ImportFailure extends Error {}

interface ImportState {
  requestId: number;
  creatorId: number;
  data: DonateExport;
  done: number;
  now: Date;
}

/** Applies one record (inside the transaction that counts it). */
async function applyRecord(tx: DbOrTx, state: ImportState, record: ImportRecord): Promise<void> {
  const { creatorId, now } = state;
  switch (record.kind) {
    case 'channel': {
      const [existing] = await tx.select().from(channels).where(eq(channels.chatId, record.channel.chatId));
      if (existing !== undefined && existing.ownerId !== creatorId)
        throw new ImportFailure(`Channel ${record.channel.chatId} belongs to another creator here`);
      if (existing !== undefined) return;
      const username = record.channel.username ?? null;
      await tx.insert(channels).values({
        ownerId: creatorId,
        chatId: record.channel.chatId,
        title: record.channel.title,
        username,
        type: username ? 'public' : 'private',
        language: record.channel.language ?? 'en',
        languageSelected: record.channel.language !== undefined,
        // It opens at the first step it has not done; its subscriptions move it on as they are imported.
        onboardingStep: firstStepNotDone({
          languageSelected: record.channel.language !== undefined,
          hasSubscriptions: false,
        }),
        connected: false,
        moderation: 'approved',
        createdAt: now,
        updatedAt: now,
      });
      return;
    }
    case 'subscription': {
      const source = record.subscription;
      const mapped = await subscriptionIdOf(tx, state.requestId, source.id);
      if (mapped !== null) return;
      const [channel] = await tx
        .select({
          id: channels.id,
          languageSelected: channels.languageSelected,
          onboardingStep: channels.onboardingStep,
        })
        .from(channels)
        .where(and(eq(channels.chatId, source.chatId), eq(channels.ownerId, creatorId)));
      if (channel === undefined) throw new ImportFailure(`Channel ${source.chatId} is missing`);
      const resumed = laterStep(
        channel.onboardingStep,
        firstStepNotDone({ languageSelected: channel.languageSelected, hasSubscriptions: true }),
      );
      if (resumed !== channel.onboardingStep)
        await tx.update(channels).set({ onboardingStep: resumed, updatedAt: now }).where(eq(channels.id, channel.id));
      const priceMinor = parseDecimalAmount(String(source.price), source.currency)!;
      const [row] = await tx
        .insert(subscriptions)
        .values({
          channelId: channel.id,
          name: source.name,
          description: source.description ?? '',
          period: source.period,
          priceMinor,
          currency: source.currency,
          buttonText: source.buttonText || 'Subscribe',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: subscriptions.id });
      await tx
        .update(migrationImports)
        .set({
          mapping: sql`${migrationImports.mapping} || jsonb_build_object(${source.id}::text, ${row!.id}::bigint)`,
        })
        .where(eq(migrationImports.requestId, state.requestId));
      return;
    }
    case 'payoutAccount': {
      const account = record.account;
      await tx
        .insert(payoutAccounts)
        .values({
          userId: creatorId,
          countryIso2: account.countryIso2,
          countryIso3: account.countryIso3,
          methodType: account.methodType,
          currency: account.currency,
          bankName: account.bankName ?? null,
          params: account.params,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: payoutAccounts.userId });
      return;
    }
    case 'membership': {
      const source = record.membership;
      const subscriptionId = await subscriptionIdOf(tx, state.requestId, source.subscription);
      if (subscriptionId === null) throw new ImportFailure(`Subscription ${source.subscription} was not imported`);
      const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
      const profile = state.data.subscribers.find((subscriber) => subscriber.telegramId === source.telegramId)!;
      await tx
        .insert(users)
        .values({
          telegramId: profile.telegramId,
          firstName: profile.firstName,
          lastName: profile.lastName ?? null,
          username: profile.username ?? null,
          languageCode: profile.languageCode ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: users.telegramId });
      const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.telegramId, profile.telegramId));
      await tx
        .insert(subscriptionMembers)
        .values({
          subscriptionId,
          userId: member!.id,
          status: source.status,
          period: subscription!.period,
          activatedAt: new Date(source.activatedAt),
          expiresAt: subscription!.period === 'onetime' || !source.expiresAt ? null : new Date(source.expiresAt),
          priceMinor: subscription!.priceMinor,
          currency: subscription!.currency,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
      return;
    }
  }
}

async function subscriptionIdOf(tx: DbOrTx, requestId: number, exportId: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: sql<string | null>`${migrationImports.mapping} ->> ${exportId}::text` })
    .from(migrationImports)
    .where(eq(migrationImports.requestId, requestId));
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

/**
 * The `migration-import` job: works through imports under way, at most `budget` records per run (each in its own
 * transaction with the progress counter). Answers how many records it applied.
 */
export async function runMigrationImports(
  db: Db,
  nowMs: number,
  budget = 500,
): Promise<{ applied: number; completed: number; failed: number }> {
  const now = new Date(nowMs);
  const open = await db
    .select({ request: migrationRequests, import: migrationImports })
    .from(migrationRequests)
    .innerJoin(migrationImports, eq(migrationImports.requestId, migrationRequests.id))
    .where(inArray(migrationRequests.status, ['importing']))
    .limit(20);
  let applied = 0;
  let completed = 0;
  let failed = 0;
  for (const { request, import: job } of open) {
    const data = job.payload as DonateExport;
    const all = records(data);
    let done = job.done;
    try {
      while (done < all.length && applied < budget) {
        const record = all[done]!;
        await db.transaction(async (tx) => {
          await applyRecord(tx, { requestId: request.id, creatorId: request.userId, data, done, now }, record);
          await tx
            .update(migrationImports)
            .set({ done: done + 1, updatedAt: now })
            .where(and(eq(migrationImports.requestId, request.id), eq(migrationImports.done, done)));
        });
        done += 1;
        applied += 1;
      }
      if (done >= all.length) {
        await db
          .update(migrationRequests)
          .set({ status: 'completed', updatedAt: now })
          .where(and(eq(migrationRequests.id, request.id), eq(migrationRequests.status, 'importing')));
        completed += 1;
      }
    } catch (error) {
      const message =
        error instanceof ImportFailure
          ? error.message
          : `Record ${done + 1} could not be imported: ${(error as Error).message}`;
      await db.transaction(async (tx) => {
        await tx
          .update(migrationImports)
          .set({ error: message, updatedAt: now })
          .where(eq(migrationImports.requestId, request.id));
        await tx
          .update(migrationRequests)
          .set({ status: 'failed', updatedAt: now })
          .where(eq(migrationRequests.id, request.id));
      });
      failed += 1;
    }
  }
  return { applied, completed, failed };
}
