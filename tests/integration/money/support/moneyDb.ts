/**
 * A fresh migrated database without a server, for tests of the engine's storage pieces (idempotency, the sandbox
 * provider's store). Uses the test harness's snapshot (or TEST_DATABASE_URL's PostgreSQL).
 */
import type { Database } from '../../../../server/platform/db/db';
import type { MoneyDb } from '../../../../server/platform/db/moneyDb';
import { freshDatabase } from '../../support/testServer';

/**
 * A fresh database for the whole test file: opened before its tests, closed after them. Answers a getter, since the
 * database exists only once beforeAll has run.
 */
export function moneyDbForFile(): () => MoneyDb {
  let opened: Database | undefined;
  beforeAll(async () => {
    opened = await freshDatabase();
  }, 180_000);
  afterAll(async () => opened?.close());
  return () => {
    if (opened === undefined) throw new Error('the database opens in beforeAll');
    return opened.db;
  };
}
