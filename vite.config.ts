import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server (npm start) serves dist/ on the same origin as /api/v2, so the app calls relative URLs.
// The manifest (dist/.vite/manifest.json) lets scripts/bench-bundle.mjs measure what the first screen loads; that
// budget (185 kB gzip) is the real size guard, so the entry's raw-size warning is set above the mandated libraries.
// modulePreload: index.html preloads the entry's chunks; dynamic imports carry no dependency lists (each lazy binding
// would add ~45 bytes gzip to the entry), so a lazy chunk's own imports load when it is parsed.
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  // inversify imports the reflect-metadata polyfill for three functions; src/di/reflectMetadataLite.ts has them
  // in a fraction of the bytes (the first screen's JavaScript budget is 185 kB gzip).
  resolve: { alias: [{ find: /^reflect-metadata\/lite$/, replacement: fileURLToPath(new URL('./src/di/reflectMetadataLite.ts', import.meta.url)) }] },
  define: { __LOCAL_BUILD__: JSON.stringify(mode === 'local') },
  build: { target: 'es2022', sourcemap: false, manifest: true, modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) }, chunkSizeWarningLimit: 600 },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080', '/provider': 'http://127.0.0.1:8080', '/sandbox': 'http://127.0.0.1:8080' } },
}));
