/**
 * Tables of the operator console (migration 0011_admin.sql): one-time sign-in links and operator sessions (only
 * sha256 hashes of their tokens), the audit log, and migration imports from the older product's export; operator
 * roles (0040); console settings (0042).
 */
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const adminSigninLinks = pgTable(
  'admin_signin_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    telegramId: bigint('telegram_id', { mode: 'number' }).notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('admin_signin_links_expires').on(table.expiresAt)],
);

export const adminSessions = pgTable('admin_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  telegramId: bigint('telegram_id', { mode: 'number' }).notNull(),
  createdAt: at('created_at').notNull(),
  lastSeenAt: at('last_seen_at').notNull(),
  endedAt: at('ended_at'),
});

export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorTelegramId: bigint('operator_telegram_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    index('admin_audit_created').on(table.createdAt, table.id),
    index('admin_audit_object').on(table.objectType, table.objectId),
    index('admin_audit_operator').on(table.operatorTelegramId, table.createdAt),
  ],
);

export const migrationImports = pgTable('migration_imports', {
  requestId: bigint('request_id', { mode: 'number' }).primaryKey(),
  payload: jsonb('payload').notNull(),
  total: integer('total').notNull(),
  done: integer('done').notNull().default(0),
  error: text('error'),
  /** The export's subscription ids → ours, so a record is never applied twice. */
  mapping: jsonb('mapping').$type<Record<string, number>>().notNull().default({}),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** Operators and their roles (migration 0040); ADMIN_TELEGRAM_IDS are admins without a row. */
export const adminOperators = pgTable('admin_operators', {
  telegramId: bigint('telegram_id', { mode: 'number' }).primaryKey(),
  role: text('role').$type<'viewer' | 'support' | 'admin'>().notNull(),
  addedBy: bigint('added_by', { mode: 'number' }).notNull(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** Console settings overriding the environment's default (migration 0042): server/platform/settings.ts. */
export const adminSettings = pgTable('admin_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).notNull(),
  updatedAt: at('updated_at').notNull(),
});

export type AuditRow = typeof adminAudit.$inferSelect;
export type MigrationImportRow = typeof migrationImports.$inferSelect;
