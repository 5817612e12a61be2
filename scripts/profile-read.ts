// Profiles one storefront read under load: starts the built server with --cpu-prof on a fresh database with the demo
// seed, sends PROFILE_PATH (default: the product page of the bench's shop) for BENCH_SECONDS with 20 connections,
// and prints the functions with the most self time (the .cpuprofile stays in /tmp/haat-prof for DevTools).
//   tsx scripts/profile-read.ts [product|similar|home|listing]   (PROFILE_SERVER=<entry>: another server, e.g.
//   scripts/baseline-server.mjs)
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { DURATION, freshDatabase, seededShop, startServer } from './bench-kit.ts';

const DIR = '/tmp/haat-prof';
const which = process.argv[2] ?? 'product';

async function main() {
  rmSync(DIR, { recursive: true, force: true });
  const db = await freshDatabase('haat_prof');
  try {
    const shop = await seededShop(db.url);
    const base = '/api/store/stores/product';
    const path = {
      product: `${base}/${shop.product}`,
      similar: `${base}/${shop.product}/similar-product/?limit=8`,
      home: '/api/store/stores/home/',
      listing: `${base}?sort=relevance&limit=12&offset=0`,
    }[which];
    if (!path) throw new Error(`unknown read ${which}`);
    // PROFILE_SERVER=scripts/baseline-server.mjs profiles the one-query baseline instead (bench-baseline.ts).
    const server = await startServer(db.url, { STOREFRONT_CACHE_MS: '0' }, process.env.PROFILE_SERVER, {
      nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${DIR}`],
    });
    try {
      const opts = {
        url: `${server.origin}${path}`,
        headers: { 'store-origin': shop.slug },
        connections: 20,
        duration: DURATION,
      };
      await autocannon({ ...opts, duration: 3 });
      const r = await autocannon(opts);
      console.log(
        `${which}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
  const file = readdirSync(DIR).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  type Node = {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount: number;
  };
  const profile = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as { nodes: Node[] };
  const self = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    const f = n.callFrame;
    const where = f.url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'dist/');
    const key = `${f.functionName || '(anonymous)'} ${where}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + n.hitCount);
    total += n.hitCount;
  }
  const idle = [...self].filter(([k]) => k.startsWith('(idle)')).reduce((s, [, v]) => s + v, 0);
  console.log(`samples ${total}, idle ${((idle / total) * 100).toFixed(1)} %`);
  for (const [k, v] of [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.PROFILE_TOP ?? 40))) {
    console.log(`${((v / (total - idle)) * 100).toFixed(1).padStart(5)} %  ${k}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
