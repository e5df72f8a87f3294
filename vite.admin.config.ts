/**
 * The operator console's build (admin.html → src/admin/main.tsx), written into the mini-app's outDir by
 * vite.config.ts's admin-build step: its own chunks under assets/admin/, nothing shared with the mini-app's first screen.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsDir: 'assets/admin',
    chunkSizeWarningLimit: 600,
    rolldownOptions: { input: { admin: fileURLToPath(new URL('./admin.html', import.meta.url)) } },
  },
});
