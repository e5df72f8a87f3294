/**
 * How `npm test` runs the integration files (INTEGRATION_GROUPS=1, scripts/test.sh): a Jest test file costs a few
 * seconds of CPU before its first test (loading the server's modules afresh, Jest's own set-up), so the files run in
 * groups, several per Jest file (tests/integration/groups/, support/group.ts); each file's tests stay in a describe
 * of their own, hooks included. One file alone runs as always: `npx jest --selectProjects integration
 * --runTestsByPath <file>`.
 */

/**
 * Files that run alone even in groups: each takes about 25 s or more on a quiet machine. Alone, Jest starts them
 * before the groups (without timings from an earlier run it orders files by size, and a group's file is three lines),
 * so the two workers finish together.
 */
const solo = [
  'tests/integration/admin/admin.test.ts',
  'tests/integration/contract/growthAdapters.test.ts',
  'tests/integration/money/invariant.test.ts',
  'tests/integration/money/jobsAtSize.test.ts',
  'tests/integration/money/payments.test.ts',
  'tests/integration/money/payoutBatches.test.ts',
  'tests/integration/money/restart.test.ts',
  'tests/integration/server/process.test.ts',
  'tests/integration/server/rollingRestart.test.ts',
  'tests/integration/server/startupFailures.test.ts',
];

/**
 * Files (or folders, ending in /) whose outcome does not depend on the database the suite runs on: HTTP clients
 * against their own servers, the DI container, PGlite's prepared statements, and the process restarts, which run on an
 * embedded database of their own. The pass on a PostgreSQL server (TEST_DATABASE_URL) would only repeat them.
 */
const databaseIndependent = [
  'tests/integration/http/',
  'tests/integration/di/',
  'tests/integration/server/pglitePrepared.test.ts',
  'tests/integration/money/restart.test.ts',
];

/**
 * The groups: every other file of the folders, in name order, split into `parts` Jest files of about four each
 * (tests/integration/groups/<name>-<part>.group.ts). A unit test checks that they cover every integration file once.
 */
const groups = [
  { name: 'admin', folders: ['admin'], parts: 2 },
  { name: 'bot', folders: ['bot'], parts: 1 },
  { name: 'others', folders: ['contract', 'di', 'http'], parts: 1 },
  { name: 'money', folders: ['money'], parts: 7 },
  { name: 'server', folders: ['server'], parts: 9 },
];

module.exports = { solo, databaseIndependent, groups };
