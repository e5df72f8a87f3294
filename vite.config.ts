import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, type Rolldown, build as viteBuild, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { FIRST_SCREEN_NAMESPACES, textDirection } from './src/infrastructure/i18n/languages';

// locales/<lang>/<namespace>.json, and locales/<lang>.ts (the table of that locale's files).
const LOCALE_FILE = /[\\/]i18n[\\/]locales[\\/](\w+)(?:[\\/]([\w-]+)\.json|\.ts)$/;

/**
 * Chunk groups (gzip compresses one larger chunk better than many tiny ones, and each request costs a round trip):
 * - everything the entry imports statically: one chunk with the entry;
 *   main.tsx imports the first screen (the dashboard route, its bindings and its English texts) statically, so that
 *   is in it too: one script before the first paint;
 * - per language, the table of its files and the first screen's texts in one chunk, every other namespace in another.
 */
/**
 * Writes <outDir>/.vite/chunk-modules.json ({ "assets/x.js": ["src/...", ...] }): the manifest names grouped chunks
 * by group, not by their modules, and scripts/bench-bundle.mjs needs to know which chunk holds a module.
 */
function chunkModulesReport(): Plugin {
  let outDir = 'dist';
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'backers:chunk-modules',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    writeBundle(_options, bundle) {
      const report: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk')
          report[chunk.fileName] = chunk.moduleIds
            .filter((id) => !id.startsWith('\0'))
            .map((id) => relative(root, id).replaceAll('\\', '/'));
      }
      mkdirSync(resolve(root, outDir, '.vite'), { recursive: true });
      writeFileSync(resolve(root, outDir, '.vite', 'chunk-modules.json'), JSON.stringify(report));
    },
  };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build: the server sends them (@fastify/static
 * `preCompressed`) to clients that accept them, at maximum compression and without compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'backers:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = resolve(options.dir ?? 'dist', fileName);
        const content = readFileSync(file);
        if (content.length < 1024) continue; // not worth a second request path
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Puts the entry's stylesheet into index.html as a <style>: it blocks the first paint, and as a file it is one more
 * request beside the entry's (the browser opens at most six connections to the origin over HTTP/1.1). About 4 kB
 * compressed; the CSP allows inline styles.
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'backers:inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (link, fileName: string) => {
            const asset = bundle?.[fileName];
            if (asset?.type !== 'asset') return link;
            const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
          },
        );
      },
    },
  };
}

/**
 * What each page language's first screen loads besides the entry, by URL: its first texts chunk (English's are in the
 * entry) and, right to left, the value isolation module createI18n loads.
 */
function firstScreenModules(bundle: Rolldown.OutputBundle): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const isolation = chunks.find((chunk) => chunk.moduleIds.some((id) => /[\\/]i18n[\\/]isolateValues\.ts$/.test(id)));
  if (!isolation) throw new Error('no chunk holds src/infrastructure/i18n/isolateValues.ts');
  const modules: Record<string, string[]> = {};
  for (const chunk of chunks) {
    const language = /^texts-(\w+)-first$/.exec(chunk.name)?.[1];
    if (language)
      modules[language] = [
        `/${chunk.fileName}`,
        ...(textDirection(language) === 'rtl' ? [`/${isolation.fileName}`] : []),
      ];
  }
  return modules;
}

/**
 * Puts src/infrastructure/earlyStart.inline.ts, built and minified, into index.html as an inline script: while the
 * browser is still fetching the entry it starts GET /api/v2/dashboard (the ApiClient takes its answer for its first
 * call) and preloads the page language's first texts (the first screen no longer waits for the whole entry
 * before asking for them), given `firstScreenModules` of this build.
 */
function inlineEarlyStart(): Plugin {
  let apiBaseUrl = '';
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'backers:early-start',
    apply: 'build',
    configResolved: (config) => void (apiBaseUrl = String(config.env.VITE_API_BASE_URL ?? '')),
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) throw new Error('index.html is transformed without the bundle it loads');
        const built = (await viteBuild({
          configFile: false,
          root,
          logLevel: 'silent',
          publicDir: false,
          define: {
            __API_BASE_URL__: JSON.stringify(apiBaseUrl),
            __FIRST_SCREEN_MODULES__: JSON.stringify(firstScreenModules(bundle)),
          },
          build: {
            write: false,
            target: 'es2022',
            minify: true,
            lib: {
              entry: resolve(root, 'src/infrastructure/earlyStart.inline.ts'),
              formats: ['iife'],
              name: 'backersEarlyStart',
            },
          },
        })) as Rolldown.RolldownOutput[];
        const code = built[0].output[0].code.trim();
        // A module script just before the entry's: it runs once the page is parsed, in a task of its own, and before
        // the entry (module scripts run in document order). As a classic script it ran inside the parse, which the
        // entry's and the preloads' requests then waited for: the first fetch of a page costs milliseconds of the
        // main thread (four times that on Lighthouse's phone), and those requests are the first screen's critical path.
        const entry = /<script type="module"[^>]*\ssrc="[^"]*"[^>]*><\/script>/i;
        if (!entry.test(html)) throw new Error('index.html has no entry module script to put the early start before');
        return html.replace(entry, (tag) => `<script type="module">${code}</script>\n    ${tag}`);
      },
    },
  };
}

/**
 * The operator console (admin.html → src/admin/main.tsx) is a build of its own (vite.admin.config.ts) into the same
 * outDir, started when this one is written: sharing one build would put the libraries both entries use, and with
 * them the mini-app's entry module, into one chunk that each page runs.
 */
function adminBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'backers:admin-build',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    async closeBundle() {
      const { build } = await import('vite');
      await build({
        configFile: fileURLToPath(new URL('./vite.admin.config.ts', import.meta.url)),
        logLevel: 'warn',
        build: { outDir, emptyOutDir: false },
      });
    },
  };
}

const CHUNK_GROUPS = [
  { name: 'index', tags: ['$initial' as const], priority: 30 },
  {
    debugName: 'texts',
    name: (id: string) => {
      const [, language, namespace] = LOCALE_FILE.exec(id) ?? [];
      if (language === undefined) return null;
      return namespace === undefined || FIRST_SCREEN_NAMESPACES.includes(namespace)
        ? `texts-${language}-first`
        : `texts-${language}`;
    },
    priority: 20,
  },
];

// The server (npm start) serves dist/ on the same origin as /api/v2, so the app calls relative URLs.
// The manifest (dist/.vite/manifest.json) lets scripts/bench-bundle.mjs measure what the first screen loads; that
// budget (185 kB gzip) is the real size guard, so the entry's raw-size warning is set above the mandated libraries.
// modulePreload: index.html preloads the entry's chunks; dynamic imports carry no dependency lists (each lazy binding
// would add ~45 bytes gzip to the entry), so a lazy chunk's own imports load when it is parsed.
export default defineConfig(({ mode }) => ({
  plugins: [react(), chunkModulesReport(), precompress(), inlineEntryStylesheet(), inlineEarlyStart(), adminBuild()],
  // react-router 7's package exports name only its development build (warnings and invariant texts); the build
  // takes the production build it ships beside it.
  resolve: {
    alias: [
      ...(mode === 'development'
        ? []
        : [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
            {
              find: /^react-router\/dom$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url),
              ),
            },
          ]),
    ],
  },
  // `npm run build:local` (mode localbuild: Vite refuses a mode named "local", it clashes with .env.local) adds /local.
  define: { __LOCAL_BUILD__: JSON.stringify(mode === 'localbuild') },
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
      // main.tsx imports the first screen statically on purpose (see there); the import()s of it elsewhere stay.
      onwarn(warning, warn) {
        if (
          warning.code === 'INEFFECTIVE_DYNAMIC_IMPORT' &&
          /statically imported by .*\bsrc\/main\.tsx\b/.test(warning.message)
        )
          return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/provider': 'http://127.0.0.1:8080',
      '/sandbox': 'http://127.0.0.1:8080',
      '/admin/api': 'http://127.0.0.1:8080',
      '/admin/signin': 'http://127.0.0.1:8080',
    },
  },
}));
