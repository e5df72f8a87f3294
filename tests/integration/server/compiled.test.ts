/**
 * The production build: `npm run build:server` compiles server/main.ts to one CommonJS bundle that plain
 * `node` starts (`npm run start:prod`). Builds a copy under dist-server/, starts it with NODE_ENV=production on the
 * embedded database, asks /health/ready, and stops it with SIGTERM. Embedded database only.
 */
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  type ServerProcess,
  callJson,
  preparedDataDir,
  startServerProcess,
  stopServerProcess,
} from '../support/serverProcess';

const describeEmbedded = process.env.TEST_DATABASE_URL ? describe.skip : describe;
jest.setTimeout(120_000);

describeEmbedded('the compiled server (npm run build:server)', () => {
  const outDir = path.resolve(process.cwd(), `dist-server/test-${process.pid}`);
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await preparedDataDir('backers-compiled-');
  });
  afterAll(async () => {
    if (server !== undefined && server.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(outDir, { recursive: true, force: true });
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('builds, starts with node, answers /health/ready and stops cleanly', async () => {
    const outfile = path.join(outDir, 'main.cjs');
    await promisify(execFile)(process.execPath, ['scripts/build-server.mjs', '--outfile', outfile], {
      cwd: process.cwd(),
    });
    server = await startServerProcess({
      entry: { compiled: outfile },
      env: { DATA_DIR: dataDir, NODE_ENV: 'production' },
    });
    const ready = await callJson(server.origin, 'GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'ok', migrations: 'applied' });
    expect((await callJson(server.origin, 'GET', '/health/live')).status).toBe(200);
    const code = await stopServerProcess(server);
    expect(`exit ${code}${code === 0 ? '' : `: ${server.output()}`}`).toBe('exit 0');
  });
});
