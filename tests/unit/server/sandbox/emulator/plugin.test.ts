import Fastify, { type FastifyInstance } from 'fastify';
import { emulatorPlugin, type EmulatorPluginOptions } from '../../../../../server/modules/sandbox/emulator/plugin';

// Over real HTTP: Fastify's inject pulls an ESM-only dependency that Jest's CommonJS runtime cannot load.
async function serve(
  options: EmulatorPluginOptions & { prefix?: string } = {},
): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify({ logger: false });
  await app.register(emulatorPlugin, options);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: address };
}

describe('emulatorPlugin', () => {
  it('serves the emulator page and its bundled script and styles under /sandbox/', async () => {
    const { app, base } = await serve();
    try {
      const page = await fetch(`${base}/sandbox/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('src="/sandbox/emulator/app.js"');
      expect(html).toContain('id="frame-host"');
      const script = await fetch(`${base}/sandbox/emulator/app.js`);
      expect(script.headers.get('content-type')).toContain('javascript');
      expect(await script.text()).toContain('web_app_setup_main_button');
      expect((await fetch(`${base}/sandbox/emulator/app.css`)).headers.get('content-type')).toContain('text/css');
      const bare = await fetch(`${base}/sandbox`, { redirect: 'manual' });
      expect(bare.headers.get('location')).toBe('/sandbox/');
    } finally {
      await app.close();
    }
  }, 20_000);

  it('works when registered under the /sandbox prefix', async () => {
    const { app, base } = await serve({ prefix: '/sandbox' });
    try {
      const page = await fetch(`${base}/sandbox/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('/sandbox/emulator/app.css');
      expect((await fetch(`${base}/sandbox/emulator/app.js`)).status).toBe(200);
    } finally {
      await app.close();
    }
  }, 20_000);

  it('answers 500 with a hint when its sources are missing', async () => {
    const { app, base } = await serve({ sourceDir: '/nonexistent' });
    try {
      const page = await fetch(`${base}/sandbox/`);
      expect(page.status).toBe(500);
      expect(await page.text()).toContain('failed to build');
    } finally {
      await app.close();
    }
  });
});

describe('emulatorPlugin rebuilds after an edit', () => {
  it('serves the new page once a source file changed (outside production)', async () => {
    const { cp, writeFile, mkdtemp, rm, utimes } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'emulator-'));
    await cp(path.resolve('server/modules/sandbox/emulator'), dir, { recursive: true });
    const { app, base } = await serve({ sourceDir: dir, watch: true });
    try {
      expect(await (await fetch(`${base}/sandbox/`)).text()).toContain('Messenger host emulator');
      const html = path.join(dir, 'index.html');
      await writeFile(html, '<!doctype html><title>edited</title>');
      const later = new Date(Date.now() + 5_000);
      await utimes(html, later, later);
      expect(await (await fetch(`${base}/sandbox/`)).text()).toContain('edited');
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 20_000);
});
