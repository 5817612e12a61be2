import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// React Router 7 points every import condition at its development build (dev warnings on, remix-run/react-router
// #12532). Production builds take the production build shipped beside it, if this version has one.
const routerDev = dirname(createRequire(import.meta.url).resolve('react-router'));
const routerProd = join(routerDev, '..', 'production', 'index.mjs');

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias:
      mode === 'production' && existsSync(routerProd)
        ? [{ find: /^react-router$/, replacement: routerProd }]
        : [],
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 400, manifest: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
}));
