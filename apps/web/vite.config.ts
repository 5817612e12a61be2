import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { lucidePerIcon } from './build/lucide-per-icon.ts';
import { serviceWorker } from './build/service-worker.ts';

/**
 * A shop's first page as a few files instead of 40 to 55 (issue 18, decision 0016): what the entry imports
 * statically goes in one chunk (`app`), what the storefront face adds in another (`shop`), and what the listing and
 * the product page add in one each. Left alone, rolldown gives every module shared with another face its own file
 * (an icon, a hook, 0.2 to 3 kB each), and on a phone each file costs a request. The groups do not take their
 * modules' dependencies along (rolldown's default), which would pull the entry's libraries into `shop` and make the
 * entry import it. A back-office page that uses one of the shop's modules loads the shop's chunk with it; a shopper
 * still never loads back-office code. Computed once per build from the module graph (`getModuleInfo`).
 */
function shopChunks() {
  const SHOP = {
    shop: 'src/faces/storefront/storefront-face.tsx',
    'shop-home': 'src/faces/storefront/home-page.tsx',
    'shop-listing': 'src/faces/storefront/products-page.tsx',
    'shop-product': 'src/faces/storefront/product-page.tsx',
  };
  const ENTRY = 'src/main.tsx';
  type Info = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
  let owner: Map<string, string> | undefined;
  const reach = (from: string, info: (id: string) => Info, into: Set<string>) => {
    const todo = [from];
    while (todo.length) {
      const id = todo.pop() as string;
      if (into.has(id)) continue;
      into.add(id);
      todo.push(...(info(id)?.importedIds ?? []));
    }
    return into;
  };
  const group = (id: string, ctx: { getModuleInfo(id: string): Info }) => {
    if (!owner) {
      const info = (m: string) => ctx.getModuleInfo(m);
      const abs = (rel: string) => join(import.meta.dirname, rel);
      const entry = reach(abs(ENTRY), info, new Set());
      owner = new Map([...entry].filter((m) => m !== abs(ENTRY)).map((m) => [m, 'app']));
      const pages = new Set(Object.values(SHOP).map(abs));
      const { shop: face, ...perPage } = SHOP;
      const claim = (m: string, name: string) => {
        // The pages main.tsx imports keep chunks of their own (the server and js-budget find them in the manifest).
        if (!entry.has(m) && !pages.has(m)) owner?.set(m, name);
      };
      // What one page alone uses goes with that page; what several pages or the face use goes with the face.
      const pageReach = Object.entries(perPage).map(
        ([name, source]) => [name, reach(abs(source), info, new Set())] as const,
      );
      const users = new Map<string, string[]>();
      for (const [name, modules] of pageReach) {
        for (const m of modules) users.set(m, [...(users.get(m) ?? []), name]);
      }
      for (const m of reach(abs(face), info, new Set())) users.set(m, ['shop']);
      // What a page loads later (import(): the product's reviews) may share a module with another page; such a
      // module stays out of that page's group, or loading the one would pull in the other page's whole chunk.
      const later = new Map<string, Set<string>>();
      for (const [name, modules] of pageReach) {
        const seen = new Set<string>();
        for (const m of modules) {
          for (const d of info(m)?.dynamicallyImportedIds ?? []) if (!users.has(d)) reach(d, info, seen);
        }
        later.set(name, seen);
      }
      const laterElsewhere = (m: string, page: string) =>
        [...later].some(([name, seen]) => name !== page && seen.has(m));
      for (const [m, names] of users) {
        const only = names.length === 1 ? (names[0] as string) : 'shop';
        if (only === 'shop' || !laterElsewhere(m, only)) claim(m, only);
      }
    }
    return owner.get(id) ?? null;
  };
  return [{ name: group, includeDependenciesRecursively: false }];
}

/** The chunks a shopper's pages load, named in the build; the others are known by their hash alone. */
const FIRST_PAGE_CHUNKS = new Set([
  'app',
  'shop',
  'shop-home',
  'shop-listing',
  'shop-product',
  'storefront-face',
  'home-page',
  'products-page',
  'product-page',
  'fetch-page',
  'rolldown-runtime',
  // Loaded later on a shop's pages; server-rendering.spec.ts watches for them by name.
  'engine',
  'product-more',
]);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [lucidePerIcon(), react(), tailwindcss(), serviceWorker()],
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
        rolldownOptions: {
          output: {
            codeSplitting: { groups: shopChunks() },
            // The entry lists every lazily loaded chunk's file (its preload map), which every shopper downloads:
            // only the first pages' chunks keep a readable name, the rest are their hash (about 20 bytes each).
            chunkFileNames: (chunk) =>
              FIRST_PAGE_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
          },
        },
      },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
}));
