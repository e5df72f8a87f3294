/**
 * A fresh migrated database without a server, for tests of the engine's storage pieces (idempotency, the sandbox
 * provider's store). Uses the test harness's snapshot (or TEST_DATABASE_URL's PostgreSQL).
 */
import type { MoneyDb } from '../../../../server/platform/db/moneyDb';
import { freshDatabase } from '../../support/testServer';

jest.setTimeout(30_000);

export async function openMoneyDb(): Promise<{ db: MoneyDb; close: () => Promise<void> }> {
  const database = await freshDatabase();
  return { db: database.db, close: () => database.close() };
}
