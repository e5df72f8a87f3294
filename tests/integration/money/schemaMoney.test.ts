/** schema-money.ts mirrors migration 0002_money.sql: the same tables, columns and nullability. */
import { sql } from 'drizzle-orm';
import { type PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import * as moneySchema from '../../../server/platform/db/schema-money';
import { rowsOf } from '../../../server/platform/db/db';
import { moneyDbForFile } from './support/moneyDb';

const db = moneyDbForFile();

it('has every table of the migration with the same columns and nullability', async () => {
  const tables = (Object.values(moneySchema) as unknown[]).filter(
    (value): value is PgTable =>
      typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
  );
  expect(tables.map((table) => getTableConfig(table).name).sort()).toEqual([
    'card_tokenizations',
    'gifts',
    'idempotency_keys',
    'payments',
    'payout_runs',
    'promo_code_counts',
    'promo_code_revenue',
    'promo_codes',
    'provider_events',
    'provider_payouts',
    'provider_sessions',
    'provider_tokens',
    'provider_webhook_events',
    'reconciliation_differences',
    'reconciliation_runs',
    'retention_offers',
    'retention_outcomes',
    'subscription_gift_counts',
  ]);
  for (const table of tables) {
    const config = getTableConfig(table);
    const columns = rowsOf<{ column_name: string; is_nullable: string }>(
      await db().execute(sql`
      select column_name, is_nullable from information_schema.columns where table_schema = 'public' and table_name = ${config.name}`),
    );
    const inDatabase = Object.fromEntries(columns.map((column) => [column.column_name, column.is_nullable === 'YES']));
    const inSchema = Object.fromEntries(config.columns.map((column) => [column.name, !column.notNull]));
    expect({ table: config.name, columns: inSchema }).toEqual({ table: config.name, columns: inDatabase });
  }
});
