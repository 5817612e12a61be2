// The API's modules as a graph (issue 41): every import from one module of apps/api/src/modules into another,
// whether it goes through the other's index.ts, and the cycles between modules. Part of `npm run check`: fails on an
// import into another module's inner file (Biome refuses them too) or on any cycle between modules outside tests
// (type-only imports aside). `--list` prints the inner imports.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'apps/api/src');
const MODULES = join(SRC, 'modules');

/** Test code may reach into a module (its own helpers, a fixture); production code may not. */
export const isTestFile = (file: string) => /\.test\.ts$|\.test-helpers\.ts$|\/testing\/|\/test\//.test(file);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (path.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** The module a file belongs to, or null outside apps/api/src/modules. */
export const moduleOf = (file: string) => {
  const rel = relative(MODULES, file);
  return rel.startsWith('..') ? null : (rel.split('/')[0] ?? null);
};

export interface CrossImport {
  from: string;
  fromModule: string | null;
  to: string;
  toModule: string;
  viaIndex: boolean;
  typeOnly: boolean;
}

const importRe = /^\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"](\.[^'"]+)['"]/gms;

export function crossImports(): CrossImport[] {
  const out: CrossImport[] = [];
  for (const file of walk(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(importRe)) {
      const target = resolve(dirname(file), m[3] ?? '');
      const toModule = moduleOf(target);
      const fromModule = moduleOf(file);
      if (!toModule || toModule === fromModule) continue;
      out.push({
        from: relative(ROOT, file),
        fromModule,
        to: relative(ROOT, target),
        toModule,
        viaIndex: target === join(MODULES, toModule, 'index.ts'),
        typeOnly: !!m[2],
      });
    }
  }
  return out;
}

/** Cycles between modules (production imports only), each as the list of modules in order. */
export function moduleCycles(imports: CrossImport[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const i of imports)
    if (i.fromModule && !isTestFile(i.from) && !i.typeOnly) {
      const set = edges.get(i.fromModule) ?? new Set();
      set.add(i.toModule);
      edges.set(i.fromModule, set);
    }
  // Tarjan's strongly connected components: a component of more than one module holds a cycle.
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const components: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) ?? 0, idx.get(w) ?? 0));
    }
    if (low.get(v) === idx.get(v)) {
      const c: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w) {
          on.delete(w);
          c.push(w);
        }
      } while (w && w !== v);
      if (c.length > 1) components.push(c.sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return components;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const all = crossImports();
  const inner = all.filter((i) => !i.viaIndex && !isTestFile(i.from));
  const cycles = moduleCycles(all);
  if (process.argv.includes('--list')) for (const i of inner) console.log(`${i.from} -> ${i.to}`);
  console.log(
    `${all.filter((i) => !isTestFile(i.from)).length} imports between API modules outside tests: ` +
      `${inner.length} into another module's inner file; ${cycles.length} cycle(s) between modules` +
      (cycles.length ? `: ${cycles.map((c) => c.join(' <-> ')).join('; ')}` : ''),
  );
  if (inner.length || cycles.length) process.exit(1);
}
