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

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias:
      mode === 'production' && existsSync(routerProd)
        ? [{ find: /^react-router$/, replacement: routerProd }]
        : [],
  },
  build: isSsrBuild
    ? {
        // The server's renderer of the shop pages (src/entry-server.tsx, decision 0017): in a dot folder of the
        // build, which the API server reads and never serves. Packages stay in node_modules.
        outDir: 'dist/.ssr',
        emptyOutDir: true,
        sourcemap: false,
        manifest: false,
        copyPublicDir: false,
        rollupOptions: { output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' } },
      }
    : {
        outDir: 'dist',
        sourcemap: false,
        chunkSizeWarningLimit: 400,
        manifest: true,
        // The modulepreload polyfill (0.6 kB gzip in every first page) only helps browsers without <link rel="modulepreload">
        // (Safari before 17), which still load every chunk, one import after another (scripts/js-budget.ts).
        modulePreload: { polyfill: false },
      },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
}));
