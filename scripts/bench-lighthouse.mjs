#!/usr/bin/env node
/* global process, console, fetch, setTimeout */
/**
 * npm run bench:lighthouse [-- --no-build] [-- --out <dir>] [-- --port <n>] [-- --runs <n>] [-- --report <file.json>] [-- --as follower]
 *
 * Builds the app into its own directory (unless --no-build), starts the real server on it (in-memory database,
 * sandbox on, its own port and data dir), asks the sandbox for a launch URL of the seeded creator
 * (POST /sandbox/launch { telegramId: 1001 }; `--as follower`: the seeded follower, 2001), and runs Lighthouse
 * (mobile, its default throttling) on that URL: the dashboard, as the messenger opens it. Prints each run's score and metrics and their medians over --runs runs
 * (default 5; the goals are medians over 5 runs); exits 1 when the median score is below 98 or the median LCP
 * above 1.9 s. Chromium: CHROME_PATH, else /usr/bin/chromium.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** The first-screen goals, for the medians. */
const MIN_SCORE = 98;
const MAX_LCP_MS = 1900;
/** The seeded demo accounts (README "Demo accounts"): the creator's dashboard is the default, the follower's is most users' first screen. */
const SEEDED_USERS = { creator: 1001, follower: 2001 };

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const outDir = option('--out', join(tmpdir(), 'backers-lighthouse', 'dist'));
const port = Number(option('--port', String(18000 + (process.pid % 1000))));
const runs = Math.max(1, Number(option('--runs', '5')));
const reportPath = option('--report', undefined); // the last run's full Lighthouse result (JSON), if given
const as = option('--as', 'creator');
if (!Object.hasOwn(SEEDED_USERS, as)) {
  console.error(`--as takes ${Object.keys(SEEDED_USERS).join(' or ')}, not ${as}`);
  process.exit(2);
}
const origin = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// chrome-launcher reports a missing binary as an 'error' event nothing can catch, which would leave the server running.
if (!existsSync(chromePath)) {
  console.error(
    `No Chromium at ${chromePath}: install Debian's chromium (apt-get install chromium) or set CHROME_PATH.`,
  );
  process.exit(2);
}

if (!args.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'backers-lighthouse-data-'));
const server = spawn('npx', ['tsx', 'server/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    DATABASE_URL: 'memory://',
    SANDBOX: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    STATIC_DIR: outDir,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JOB_INTERVAL_MS: '3600000',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true, // its own process group, so stopping it stops tsx's child too
});
let chrome;
const stop = () => {
  if (chrome) chrome.kill();
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(dataDir, { recursive: true, force: true });
};

async function waitForServer(deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${origin}/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server did not answer on ${origin} within 2 minutes`);
}

async function launch() {
  const response = await fetch(`${origin}/sandbox/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ telegramId: SEEDED_USERS[as] }),
  });
  if (!response.ok) throw new Error(`POST /sandbox/launch answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function checkCompression() {
  const html = await (await fetch(`${origin}/`)).text();
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  if (!script) return;
  const response = await fetch(`${origin}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
  await response.arrayBuffer();
  console.log(
    `${script}: content-encoding ${response.headers.get('content-encoding') ?? 'none'}, cache-control ${response.headers.get('cache-control')}`,
  );
}

const ms = (value) => `${Math.round(value ?? 0)} ms`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

try {
  await waitForServer();
  await checkCompression();
  chrome = await launchChrome({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const results = [];
  let recordingRetries = 0;
  for (let run = 1; run <= runs; run += 1) {
    // A fresh launch per run: the init data carries its signing time. Outside a messenger host the SDK has no bridge,
    // so the app authenticates from the launch URL's hash, which the first navigation drops; the header stands in
    // for the session token the messenger would give (what the sandbox host emulator's frame has).
    const { launchUrl, initData } = await launch();
    const result = await lighthouse(launchUrl, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      extraHeaders: { Authorization: `TgAuth ${initData}` },
    });
    const { lhr } = result;
    if (lhr.runtimeError) {
      // Its trace recording sometimes misses the navigation's start ("Please run Lighthouse again"): a failure of the
      // recording, not of the page, so that run is made again (twice per benchmark at most).
      if (lhr.runtimeError.code === 'NO_NAVSTART' && recordingRetries < 2) {
        recordingRetries += 1;
        console.log(`run ${run}: Lighthouse ${lhr.runtimeError.code}, running it again`);
        run -= 1;
        continue;
      }
      throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    const metric = (id) => lhr.audits[id]?.numericValue ?? 0;
    const figures = {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
      tti: metric('interactive'),
    };
    results.push(figures);
    console.log(
      `run ${run}: performance ${figures.score} | FCP ${ms(figures.fcp)}, LCP ${ms(figures.lcp)}, TBT ${ms(figures.tbt)}, CLS ${figures.cls.toFixed(3)}, ` +
        `SI ${ms(figures.si)}, TTI ${ms(figures.tti)} | final URL ${lhr.finalDisplayedUrl.split('#')[0]}`,
    );
    if (reportPath) writeFileSync(reportPath, JSON.stringify(lhr));
  }
  const of = (key) => median(results.map((figures) => figures[key]));
  const [score, lcp] = [of('score'), of('lcp')];
  console.log(
    `Median of ${runs} run(s) (mobile, ${as} dashboard): performance ${score} | FCP ${ms(of('fcp'))}, LCP ${ms(lcp)}, TBT ${ms(of('tbt'))}, CLS ${of('cls').toFixed(3)}; ` +
      `goals: performance >= ${MIN_SCORE}, LCP <= ${MAX_LCP_MS} ms`,
  );
  stop();
  process.exit(score >= MIN_SCORE && lcp <= MAX_LCP_MS ? 0 : 1);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stop();
  process.exit(2);
}
