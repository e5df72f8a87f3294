import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium drives the real server (sandbox on, in-memory database) through the messenger
 * host emulator at /sandbox/. `npm test` builds the app first (scripts/test.sh); run one file with
 * `npx playwright test tests/e2e/<file>.spec.ts`. See tests/e2e/README.md.
 *
 * Port: E2E_PORT, else 8181 when free, else any free port. The runner picks it once and its workers inherit it
 * through the environment, so several people can run e2e tests side by side.
 */
function pickPort(): number {
  const probe = `
    const net = require('node:net');
    const tryListen = (port, next) => {
      const server = net.createServer();
      server.once('error', next);
      server.listen(port, '127.0.0.1', () => { const p = server.address().port; server.close(() => console.log(p)); });
    };
    tryListen(8181, () => tryListen(0, (e) => { throw e; }));`;
  return Number(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim());
}

process.env.E2E_PORT ??= String(pickPort());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
// Playwright empties its output folder when a run starts: runs side by side on one tree each get their own
// (test-results/port-<port>); CI runs alone and keeps plain test-results/ as its artifact folder.
const outputDir = process.env.CI ? 'test-results' : (process.env.E2E_OUTPUT_DIR ??= `test-results/port-${port}`);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Specs that move the server's sandbox clock (global to the server) run after all the others.
  projects: [
    { name: 'app', testIgnore: ['**/clock-*.spec.ts', '**/verification.spec.ts'] },
    { name: 'clock', testMatch: '**/clock-payout.spec.ts', dependencies: ['app'] },
    // One clock-moving spec at a time: two workers would move the clock under each other.
    { name: 'clock-access', testMatch: '**/clock-channel-access.spec.ts', dependencies: ['clock'] },
    // The identity widget's token expiry moves the clock half an hour: after the others too.
    { name: 'clock-verification', testMatch: '**/verification.spec.ts', dependencies: ['clock-access'] },
    // The console's payout retry and CSV export move the clock past a payout day.
    { name: 'clock-admin', testMatch: '**/clock-admin-payout.spec.ts', dependencies: ['clock-verification'] },
    // Reconciliation moves the clock past the minute a payment's own news may take.
    {
      name: 'clock-reconciliation',
      testMatch: '**/clock-admin-reconciliation.spec.ts',
      dependencies: ['clock-admin'],
    },
    // An unaccepted gift's refund moves the clock 30 days.
    { name: 'clock-gifts', testMatch: '**/clock-gift-expiry.spec.ts', dependencies: ['clock-reconciliation'] },
    // Free trials move the clock to a trial's reminder and end.
    { name: 'clock-trials', testMatch: '**/clock-trials.spec.ts', dependencies: ['clock-gifts'] },
  ],
  outputDir,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two workers on CI as on a developer's machine: specs share the one server but not their users or channels; the
  // clock-moving specs run in their own projects after the others, one at a time.
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1400, height: 900 },
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    screenshot: 'only-on-failure',
    // A failed test keeps its trace (actions, DOM snapshots, sources) but no screencast: encoding every frame of
    // every test was about a quarter of the suite's CPU.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // E2E_SERVER_COMMAND replaces the server (e.g. a build with extra logging); the default is the real one.
    command: process.env.E2E_SERVER_COMMAND ?? 'npx tsx server/main.ts',
    url: `${baseURL}/sandbox/`,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    timeout: 120_000,
    // E2E_SERVER_LOG=1 shows the server's request log (500s and their stack traces) in the test output.
    stdout: process.env.E2E_SERVER_LOG === '1' ? 'pipe' : 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      SANDBOX: '1',
      BOT_TOKEN: '7000000001:AAE2e-backers-sandbox-token-for-tests',
      NODE_ENV: 'test',
      // A Star's worth in euros, so the creator's forms suggest Stars prices (docs/STARS.md).
      STARS_RATE_EUR: '0.012',
    },
  },
});
