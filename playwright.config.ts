import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium drives the real server (sandbox on, in-memory database) through the messenger
 * host emulator at /sandbox/. `npm test` builds the app first (scripts/test.sh); run one file with
 * `npx playwright test tests/e2e/<file>.spec.ts`. See tests/e2e/README.md.
 *
 * Two servers: one for the specs that leave the sandbox clock alone, and one for the specs that move it (the clock is
 * global to a server), so the clock-moving specs run one at a time beside the others instead of after them.
 * Ports: E2E_PORT and E2E_CLOCK_PORT; else 8181 and 8182 when free, else any free ports. The runner picks them once and
 * its workers inherit them through the environment, so several people can run e2e tests side by side.
 */
function pickPorts(): [number, number] {
  const probe = `
    const net = require('node:net');
    const tryListen = (port, next) => {
      const server = net.createServer();
      server.once('error', next);
      server.listen(port, '127.0.0.1', () => { const p = server.address().port; server.close(() => console.log(p)); });
    };
    const [port] = process.argv.slice(1).map(Number);
    tryListen(port, () => tryListen(0, (e) => { throw e; }));`;
  const free = (preferred: number) =>
    Number(execFileSync(process.execPath, ['-e', probe, String(preferred)], { encoding: 'utf8' }).trim());
  const first = free(8181);
  let second = free(first === 8181 ? 8182 : 0);
  while (second === first) second = free(0);
  return [first, second];
}

if (process.env.E2E_PORT === undefined || process.env.E2E_CLOCK_PORT === undefined) {
  const [first, second] = pickPorts();
  process.env.E2E_PORT ??= String(first);
  process.env.E2E_CLOCK_PORT ??= String(process.env.E2E_PORT === String(second) ? first : second);
}
const port = Number(process.env.E2E_PORT);
const clockPort = Number(process.env.E2E_CLOCK_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const clockBaseURL = `http://127.0.0.1:${clockPort}`;
// Playwright empties its output folder when a run starts: runs side by side on one tree each get their own
// (test-results/port-<port>); CI runs alone and keeps plain test-results/ as its artifact folder.
const outputDir = process.env.CI ? 'test-results' : (process.env.E2E_OUTPUT_DIR ??= `test-results/port-${port}`);

/** The real server, as `npm start` runs it without the build (the app's build is in dist/). */
const server = (serverPort: number, serverURL: string) => ({
  // E2E_SERVER_COMMAND replaces the server (e.g. a build with extra logging); the default is the real one.
  command: process.env.E2E_SERVER_COMMAND ?? 'npx tsx server/main.ts',
  url: `${serverURL}/sandbox/`,
  reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
  timeout: 120_000,
  // E2E_SERVER_LOG=1 shows the server's request log (500s and their stack traces) in the test output.
  stdout: process.env.E2E_SERVER_LOG === '1' ? ('pipe' as const) : ('ignore' as const),
  stderr: 'pipe' as const,
  env: {
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATABASE_URL: 'memory://',
    SANDBOX: '1',
    BOT_TOKEN: '7000000001:AAE2e-backers-sandbox-token-for-tests',
    NODE_ENV: 'test',
    // A Star's worth in euros, so the creator's forms suggest Stars prices (docs/STARS.md).
    STARS_RATE_EUR: '0.012',
  },
});

/**
 * The specs that move the sandbox clock (global to a server): one project on a server of its own, one spec at a time
 * (one worker; files in name order), beside 'app' from the start. Listed first, its next spec goes ahead of the queue
 * of 'app' specs whenever its worker is free, so it never waits for them to end (projects chained by dependencies do:
 * each is a phase that starts when every earlier project has finished).
 */
const clockSpecs = [
  'clock-payout',
  'clock-channel-access',
  // The identity widget's token expiry moves the clock half an hour.
  'verification',
  // The console's payout retry and CSV export move the clock past a payout day.
  'clock-admin-payout',
  // Reconciliation moves the clock past the minute a payment's own news may take.
  'clock-admin-reconciliation',
  // An unaccepted gift's refund moves the clock 30 days.
  'clock-gift-expiry',
  // Free trials move the clock to a trial's reminder and end.
  'clock-trials',
] as const;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  projects: [
    {
      name: 'clock',
      testMatch: clockSpecs.map((spec) => `**/${spec}.spec.ts`),
      workers: 1,
      use: { baseURL: clockBaseURL },
    },
    { name: 'app', testIgnore: ['**/clock-*.spec.ts', '**/verification.spec.ts'] },
  ],
  outputDir,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two workers keep both cores busy (the browser, the app and the server all compute); more only share them.
  workers: Number(process.env.E2E_WORKERS ?? 2),
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
    // No trace: recording one for every test (to keep a failure's) cost a sixth of the browser's and runner's CPU.
    // A failure keeps its screenshot and error context; `--trace on` records traces when one is being chased.
    trace: 'off',
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
  webServer: [server(port, baseURL), server(clockPort, clockBaseURL)],
});
