import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server (npm start) serves dist/ on the same origin as /api/v2, so the app calls relative URLs.
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  define: { __LOCAL_BUILD__: JSON.stringify(mode === 'local') },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 200 },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080', '/provider': 'http://127.0.0.1:8080', '/sandbox': 'http://127.0.0.1:8080' } },
}));
