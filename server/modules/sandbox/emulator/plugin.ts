import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

/**
 * The messenger host emulator: a page at /sandbox/ that hosts the mini-app in a phone-sized frame and speaks
 * Telegram's Mini Apps protocol to it (see server/modules/sandbox/emulator/README.md).
 *
 * The browser code (client/*.ts) is bundled with esbuild in memory on the first request and kept in memory
 * (rebuilt after an edit outside production).
 * It is deliberately not written into dist/: `vite build` empties dist/, and a page that vanishes while the
 * server runs would break whoever is using it.
 *
 * Register it without a prefix (`app.register(emulatorPlugin)`) and only when the sandbox is on; it also works
 * when registered with `{ prefix: '/sandbox' }`.
 */
export interface EmulatorPluginOptions {
  /** Folder holding index.html, styles.css and client/. Defaults to server/modules/sandbox/emulator under the working directory. */
  sourceDir?: string;
  /** Rebuild when a source file changed since the last build; default on unless NODE_ENV is production. */
  watch?: boolean;
  /** NODE_ENV=production (config.ts): serve the built client without watching its files. */
  production?: boolean;
}

interface BuiltEmulator {
  html: string;
  css: string;
  js: string;
  /** Every file the build read, to rebuild after an edit. */
  inputs: string[];
  builtAt: number;
}

const defaultSourceDir = (): string => path.resolve(process.cwd(), 'server/modules/sandbox/emulator');

async function buildEmulator(sourceDir: string, assetBase: string): Promise<BuiltEmulator> {
  // Loaded lazily: esbuild is only needed when somebody opens the emulator.
  const esbuild = await import('esbuild');
  const builtAt = Date.now();
  const bundle = await esbuild.build({
    entryPoints: [path.join(sourceDir, 'client/main.ts')],
    metafile: true,
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    minify: true,
    sourcemap: false,
    logLevel: 'silent',
  });
  const js = bundle.outputFiles[0]?.text ?? '';
  const [template, css] = await Promise.all([
    readFile(path.join(sourceDir, 'index.html'), 'utf8'),
    readFile(path.join(sourceDir, 'styles.css'), 'utf8'),
  ]);
  const html = template.replaceAll('%ASSET_BASE%', assetBase);
  const inputs = [
    ...Object.keys(bundle.metafile?.inputs ?? {}).map((input) => path.resolve(input)),
    path.join(sourceDir, 'index.html'),
    path.join(sourceDir, 'styles.css'),
  ];
  return { html, css, js, inputs, builtAt };
}

/** True when a source changed since the build (the emulator is edited while the server runs). */
async function isStale(emulator: BuiltEmulator): Promise<boolean> {
  const times = await Promise.all(
    emulator.inputs.map((file) =>
      stat(file).then(
        (s) => s.mtimeMs,
        () => Infinity,
      ),
    ),
  );
  return times.some((mtime) => mtime > emulator.builtAt);
}

export const emulatorPlugin: FastifyPluginAsync<EmulatorPluginOptions> = async (app, options) => {
  const sourceDir = options.sourceDir ?? defaultSourceDir();
  // Routes are declared under /sandbox unless the plugin was registered with that prefix already.
  const local = app.prefix.endsWith('/sandbox') ? '' : '/sandbox';
  const publicBase = `${app.prefix}${local}`;
  const assetBase = `${publicBase}/emulator`;

  const watch = options.watch ?? !options.production;
  let built: Promise<BuiltEmulator> | undefined;
  const load = async (): Promise<BuiltEmulator> => {
    if (built && watch) {
      const current = await built.catch(() => undefined);
      if (current && (await isStale(current))) built = undefined;
    }
    built ??= buildEmulator(sourceDir, assetBase).catch((error: unknown) => {
      built = undefined; // let the next request try again (e.g. after fixing a syntax error)
      throw error;
    });
    return built;
  };

  const send = async (reply: FastifyReply, type: string, pick: (emulator: BuiltEmulator) => string) => {
    try {
      const emulator = await load();
      return reply.type(type).header('cache-control', 'no-cache').send(pick(emulator));
    } catch (error) {
      app.log.error({ err: error }, 'messenger host emulator failed to build');
      return reply
        .code(500)
        .type('text/plain; charset=utf-8')
        .send('The messenger host emulator failed to build; see the server log.');
    }
  };

  if (local) app.get(local, (_request, reply) => reply.redirect(`${publicBase}/`));
  app.get(`${local}/`, (_request, reply) => send(reply, 'text/html; charset=utf-8', (e) => e.html));
  app.get(`${local}/emulator/app.js`, (_request, reply) => send(reply, 'text/javascript; charset=utf-8', (e) => e.js));
  app.get(`${local}/emulator/app.css`, (_request, reply) => send(reply, 'text/css; charset=utf-8', (e) => e.css));
};

export default emulatorPlugin;
