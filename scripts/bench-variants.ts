// `npm run bench:variants`: the storefront listing and product page before and after product variants (issue 22),
// interleaved in one run (before, after, then after, before in the next round ...) so both see the same machine.
// BENCH_BEFORE and BENCH_AFTER name two checkouts (git worktrees), each with node_modules whose @haat/* point into
// that checkout (not a symlink to another checkout's node_modules: esbuild and Node follow it into the other's
// packages); this builds each one's server bundle (scripts/build-server.mjs there). Each gets its own fresh database,
// migrated and seeded by its own code in a child process (this file with --setup), which also counts the SQL
// statements per request in-process. BENCH_ROUNDS (default 2) rounds of BENCH_SECONDS (default 10) per measurement.
import { execFileSync, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import postgres from 'postgres';

// Other agents keep the machine busy: wait for a quiet machine only briefly (the comparison is within the run).
process.env.BENCH_QUIET_WAIT_S ??= '30';
process.env.BENCH_QUIET_BUDGET_S ??= '120';
const kit = await import('./bench-kit.ts');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const LISTING = '/api/store/stores/product?sort=relevance&limit=12&offset=0'; // the web app's first page

/** What is measured: a listing per shop and product pages found by SKU (the same products in both versions). */
const LISTINGS = [
  { key: 'listing chai-sutra', slug: 'chai-sutra' },
  { key: 'listing jaipur-block-prints', slug: 'jaipur-block-prints' },
];
const PAGES = [
  { key: 'product: Darjeeling Second Flush (3 weights)', slug: 'chai-sutra', sku: 'CHS-002' },
  { key: 'product: kurta (3 sizes x 2 colours)', slug: 'jaipur-block-prints', sku: 'JBP-005' },
  { key: 'product without options', slug: 'chai-sutra', sku: 'CHS-001' },
];

interface Target {
  key: string;
  slug: string;
  path: string;
  sql: ReturnType<typeof kit.classify>;
  /** Statements of the first request, the shop lookup (store-origin) included. */
  coldSql: number;
  variants: number;
}

/** Product ids by shop and SKU (the superuser connection reads past row-level security). */
async function productIds(url: string) {
  const pg = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const ids = new Map<string, string>();
    for (const p of PAGES) {
      const [row] = await pg<{ id: string }[]>`
        select p.id from products p join stores s on s.id = p.store_id
        where s.slug = ${p.slug} and p.sku = ${p.sku}`;
      if (!row) throw new Error(`${p.slug} ${p.sku}: no such product`);
      ids.set(p.key, row.id);
    }
    return ids;
  } finally {
    await pg.end();
  }
}

/** Child process, run in checkout `dir`: migrate and seed with that checkout's code, count statements per request. */
async function setup(dir: string, url: string): Promise<Target[]> {
  const from = (p: string) => import(pathToFileURL(join(dir, p)).href);
  const db: typeof import('@haat/db') = await from('packages/db/src/index.ts');
  const seed: typeof import('@haat/db/seed') = await from('packages/db/src/seed/index.ts');
  const { buildApp }: typeof import('../apps/api/src/app.ts') = await from('apps/api/src/app.ts');
  const { loadConfig }: typeof import('../apps/api/src/config.ts') = await from('apps/api/src/config.ts');
  const owner = await db.openDatabase({ url });
  await owner.migrate();
  await seed.seedDemo(owner.owner);
  await owner.close();
  const ids = await productIds(url);

  let statements: string[] = [];
  const counted = await db.openDatabase({ url, onQuery: (q) => statements.push(q) });
  const app = await buildApp({
    db: await counted.app(),
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', STOREFRONT_CACHE_MS: '0' }),
    logger: false,
  });
  const targets = [
    ...LISTINGS.map((l) => ({ key: l.key, slug: l.slug, path: LISTING })),
    ...PAGES.map((p) => ({ key: p.key, slug: p.slug, path: `/api/store/stores/product/${ids.get(p.key)}` })),
  ];
  const out: Target[] = [];
  for (const t of targets) {
    const get = () => app.inject({ url: t.path, headers: { 'store-origin': t.slug } });
    statements = [];
    const cold = await get(); // also fills the shop directory's cache
    const coldSql = statements.length;
    statements = [];
    const res = await get();
    if (cold.statusCode !== 200 || res.statusCode !== 200) throw new Error(`${t.path}: ${res.statusCode}`);
    const data = res.json().data;
    out.push({ ...t, sql: kit.classify(statements), coldSql, variants: data?.variants?.length ?? 0 });
  }
  await app.close();
  await counted.close();
  return out;
}

/** Runs `setup` in a child process with its working directory in `dir`. */
function setupIn(dir: string, url: string) {
  return new Promise<Target[]>((resolve, reject) => {
    const self = fileURLToPath(import.meta.url);
    const child = spawn(process.execPath, [...process.execArgv, self, '--setup', dir, url], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (b) => {
      stdout += b;
    });
    child.once('exit', (code) => {
      const line = stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '));
      if (code !== 0 || !line) return reject(new Error(`setup in ${dir} failed (${code})`));
      resolve(JSON.parse(line.slice('BENCH_JSON '.length)));
    });
  });
}

interface Version {
  label: string;
  dir: string;
  db: Awaited<ReturnType<typeof kit.freshDatabase>>;
  targets: Target[];
  server?: Awaited<ReturnType<typeof kit.startServer>>;
}

/** The bundled server of checkout `dir` (startServer runs apps/api/dist/server.mjs from the working directory). */
async function startIn(dir: string, url: string) {
  const home = process.cwd();
  process.chdir(dir);
  try {
    return await kit.startServer(url);
  } finally {
    process.chdir(home);
  }
}

type Run = Awaited<ReturnType<typeof kit.measure>> & { version: string; key: string; round: number };

async function measureAll(versions: Version[]) {
  const runs: Run[] = [];
  for (let round = 1; round <= ROUNDS; round++)
    // before, after in odd rounds and after, before in even ones: neither always runs second.
    for (const t of versions[0]?.targets ?? [])
      for (const v of round % 2 ? versions : [...versions].reverse()) {
        const target = v.targets.find((x) => x.key === t.key);
        if (!target || !v.server) throw new Error(`${v.label}: no ${t.key}`);
        const m = await kit.measure(
          {
            url: `${v.server.origin}${target.path}`,
            connections: 20,
            duration: kit.DURATION,
            headers: { 'store-origin': target.slug },
          },
          { pid: v.server.pid, db: v.db.name },
        );
        if (m.errors || Object.keys(m.statuses).some((s) => s !== '200'))
          throw new Error(`${v.label} ${t.key}: ${JSON.stringify(m.statuses)}, ${m.errors} errors`);
        console.error(`  ${round} ${t.key} ${v.label}: ${Math.round(m.rps)} req/s, p99 ${m.p99} ms`);
        runs.push({ ...m, version: v.label, key: t.key, round });
      }
  return runs;
}

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / (xs.length || 1);
const sqlCell = (t: Target | undefined) =>
  t
    ? `${t.sql.queries} (+${t.sql.tx} BEGIN/COMMIT, +${t.sql.context} store context; first ${t.coldSql})`
    : '-';

function report(versions: Version[], runs: Run[]) {
  const [before, after] = versions;
  if (!before || !after) return;
  console.log(
    '\n| Request (20 connections) | version | round | req/s | p50 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | load |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of runs)
    console.log(
      `| ${r.key} | ${r.version} | ${r.round} | ${Math.round(r.rps)} | ${kit.ms(r.p50)} | ${kit.ms(r.p99)} | ${r.cpuMsPerReq?.toFixed(2) ?? '-'} | ${r.pgCpuMsPerReq?.toFixed(2) ?? '-'} | ${kit.loadNote(r)} |`,
    );
  console.log(
    '\n| Request | req/s before | req/s after | change of the means | median change per round | p99 ms before | p99 ms after | server CPU ms/req before | after | PostgreSQL CPU ms/req before | after |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const t of before.targets) {
    const of = (v: Version) => runs.filter((r) => r.version === v.label && r.key === t.key);
    const [b, a] = [of(before), of(after)];
    const avg = (rs: Run[], f: (r: Run) => number | null) => mean(rs.map((r) => f(r) ?? Number.NaN));
    const rps = [avg(b, (r) => r.rps), avg(a, (r) => r.rps)] as const;
    const perRound = b.map((r, i) => (a[i]?.rps ?? Number.NaN) / r.rps - 1).sort((x, y) => x - y);
    const median = perRound[Math.floor((perRound.length - 1) / 2)] ?? Number.NaN;
    const cpu = (rs: Run[]) => avg(rs, (r) => r.cpuMsPerReq).toFixed(2);
    const pg = (rs: Run[]) => avg(rs, (r) => r.pgCpuMsPerReq).toFixed(2);
    console.log(
      `| ${t.key} | ${Math.round(rps[0])} | ${Math.round(rps[1])} | ${pct(rps[1] / rps[0] - 1)} | ${pct(median)} | ${kit.ms(avg(b, (r) => r.p99))} | ${kit.ms(avg(a, (r) => r.p99))} | ${cpu(b)} | ${cpu(a)} | ${pg(b)} | ${pg(a)} |`,
    );
  }
  console.log('\n| Request | SQL statements/req before | after | variants in the answer (after) |');
  console.log('|---|---|---|---|');
  for (const t of before.targets) {
    const afterTarget = after.targets.find((x) => x.key === t.key);
    console.log(`| ${t.key} | ${sqlCell(t)} | ${sqlCell(afterTarget)} | ${afterTarget?.variants ?? '-'} |`);
  }
}

async function main() {
  const dirs = [
    process.env.BENCH_BEFORE ?? '/tmp/bench-before',
    process.env.BENCH_AFTER ?? '/tmp/bench-after',
  ];
  const versions: Version[] = [];
  try {
    for (const dir of dirs) {
      const commit = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], {
        encoding: 'utf8',
      }).trim();
      execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: dir, stdio: 'inherit' });
      const db = await kit.freshDatabase('haat_bench_variants');
      const v: Version = { label: `${versions.length ? 'after' : 'before'} ${commit}`, dir, db, targets: [] };
      versions.push(v);
      v.targets = await setupIn(dir, db.url);
      v.server = await startIn(dir, db.url);
    }
    const started = new Date().toISOString();
    const load0 = loadavg().map((x) => x.toFixed(2));
    const runs = await measureAll(versions);
    console.log(`\n### ${started.slice(0, 16).replace('T', ' ')} UTC: ${await kit.machine()}\n`);
    console.log(
      `Load average at the start ${load0.join(', ')}, at the end ${loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')}; ${ROUNDS} rounds, ${kit.DURATION} s per measurement after a 3 s warm-up.`,
    );
    report(versions, runs);
  } finally {
    for (const v of versions) {
      await v.server?.stop();
      await v.db.drop();
    }
  }
}

if (process.argv[2] === '--setup') {
  const [dir, url] = process.argv.slice(3);
  if (!dir || !url) throw new Error('--setup <dir> <url>');
  setup(dir, url)
    .then((targets) => {
      console.log(`BENCH_JSON ${JSON.stringify(targets)}`);
      process.exit(0);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
