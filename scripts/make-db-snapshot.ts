/**
 * `npm run db:snapshot`: builds the migrated embedded-database snapshot the integration tests load
 * (tests/.snapshots/, see tests/integration/support/snapshot.ts). Optional: the first test builds it when missing.
 */
import { existsSync } from 'node:fs';
import { buildSnapshot, snapshotFile } from '../tests/integration/support/snapshot';

const file = snapshotFile();
if (existsSync(file) && !process.argv.includes('--force')) {
  console.info(`snapshot up to date: ${file}`);
} else {
  const started = Date.now();
  await buildSnapshot(file);
  console.info(`snapshot written: ${file} (${Date.now() - started} ms)`);
}
