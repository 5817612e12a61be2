// Shared by the benchmark scripts (bench-scale, bench-orders, lighthouse): a fresh database, the built server as a
// child process, a quiet machine before each measurement, and latency percentiles from every response.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openDatabase, rowsOf } from '@haat/db';
import { seedDemo } from '@haat/db/seed';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const AUTH_SECRET = 'bench-only-secret-bench-only-secret-0000';

/** A new empty database on the local server; `drop()` removes it (with force) and closes the admin connection. */
export async function freshDatabase(prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
    /** Keeps the database (BENCH_KEEP) and closes the admin connection. */
    async keep() {
      await admin.end();
    },
  };
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** utime + stime of a process in ms (clock ticks of 10 ms). */
export const cpuMs = (pid: number) => {
  if (!existsSync(`/proc/${pid}/stat`)) return Number.NaN; // the process is gone
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
};

/**
 * CPU (ms) of each PostgreSQL client backend connected to database `db`, by pid: the server's pool, whose
 * connections stay open. Background processes (WAL writer, checkpointer) are not counted.
 */
export async function backendCpu(db: string) {
  const pg = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const rows = await pg<{ pid: number }[]>`
    select pid from pg_stat_activity where datname = ${db} and backend_type = 'client backend'`;
  await pg.end();
  return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
}

export interface Server {
  port: number;
  pid: number;
  origin: string;
  coldMs: number;
  /** False once the process has exited (a crash, or something else on the machine ended it). */
  alive(): boolean;
  stop(): Promise<void>;
}

/** Starts the bundled server (apps/api/dist/server.mjs) on a free port against `url`; resolves once /api/health is 200. */
export async function startServer(
  url: string | undefined,
  extra: Record<string, string> = {},
  /** Another build of the server (e.g. the code before a change, bundled elsewhere), to compare in one run. */
  script = 'apps/api/dist/server.mjs',
  opts: {
    /** Node flags before the script (added to BENCH_NODE_ARGS). */
    nodeArgs?: string[];
    /** Receives the server's standard output (otherwise discarded). */
    onStdout?: (text: string) => void;
  } = {},
): Promise<Server> {
  const port = await freePort();
  const t0 = performance.now();
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    AUTH_SECRET,
    RATE_LIMITS: 'off',
    ...extra,
  };
  if (url) env.DATABASE_URL = url;
  else delete env.DATABASE_URL;
  // BENCH_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a run.
  const nodeArgs = [
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ...(opts.nodeArgs ?? []),
  ];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, script], {
    env,
    stdio: ['ignore', opts.onStdout ? 'pipe' : 'ignore', 'inherit'],
  });
  child.stdout?.on('data', (chunk: Buffer) => opts.onStdout?.(chunk.toString()));
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`server ${child.pid} exited (code ${code}, signal ${signal})`);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 5000).unref();
    });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) break;
    } catch {}
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (performance.now() - t0 > 60_000) {
      await stop();
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  return {
    port,
    pid: child.pid ?? 0,
    origin: `http://127.0.0.1:${port}`,
    coldMs: performance.now() - t0,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop,
  };
}

/** The end of a benchmark: its server stopped, and its database dropped (or kept, and named, with BENCH_KEEP). */
export async function finishBench(
  server: { stop(): Promise<unknown> } | undefined,
  db: Awaited<ReturnType<typeof freshDatabase>>,
) {
  await server?.stop();
  if (process.env.BENCH_KEEP) {
    console.log(`Kept the database ${db.name} (BENCH_KEEP).`);
    await db.keep();
  } else await db.drop();
}

/** Runs a benchmark's main; an error is printed and fails the process. */
export function runBench(main: () => Promise<void>) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

/**
 * BENCH_BEFORE_SERVER=<bundle>: old against new in the same run on the same database, interleaved because the
 * machine is shared: a second server from that bundle (the code before a change, built with build-server.mjs in a
 * checkout of it), and every measurement made on it, then on this tree's server, then both again (A, B, A, B).
 */
export const BEFORE_SERVER = process.env.BENCH_BEFORE_SERVER;

/** Who answers a measurement; `script` starts it again. The same two objects recur in `sides`. */
export interface Side {
  label: '' | 'before' | 'after';
  srv: Server;
  script: string;
}

/** This tree's server and, with BENCH_BEFORE_SERVER, the one before; `sides` in the order to measure them. */
export async function startSides(url: string) {
  const after: Side = { label: '', srv: await startServer(url), script: 'apps/api/dist/server.mjs' };
  if (!BEFORE_SERVER) return { after, before: undefined, sides: [after] };
  const before: Side = {
    label: 'before',
    srv: await startServer(url, {}, BEFORE_SERVER).catch(async (err) => {
      await after.srv.stop();
      throw err;
    }),
    script: BEFORE_SERVER,
  };
  after.label = 'after';
  return { after, before, sides: [before, after, before, after] };
}

/** Interleaved runs of one case: each side's mean rate and p99, and after against before ("+1.2 %"). */
export function beforeAfter(runs: { side: string; rate: number; p99: number }[]) {
  const mean = (side: string, f: (r: { rate: number; p99: number }) => number) => {
    const of = runs.filter((r) => r.side === side);
    return of.reduce((n, r) => n + f(r), 0) / (of.length || 1);
  };
  const [b, a] = [mean('before', (r) => r.rate), mean('after', (r) => r.rate)];
  const pct = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)} %`;
  return `before ${Math.round(b)}/s, p99 ${ms(mean('before', (r) => r.p99))} ms; after ${Math.round(a)}/s, p99 ${ms(mean('after', (r) => r.p99))} ms (${pct((a / b - 1) * 100)})`;
}

const QUIET_LOAD = Number(process.env.BENCH_QUIET_LOAD ?? 1.0);
const QUIET_WAIT_S = Number(process.env.BENCH_QUIET_WAIT_S ?? 600);
/** Waiting in one run is capped in total too (a run has up to 13 measurements). */
let budgetS = Number(process.env.BENCH_QUIET_BUDGET_S ?? 1800);

/**
 * Other work shares the two cores: before a measurement, wait (polling every 30 s, up to 10 minutes, and at most
 * 30 minutes in one run) until the 1-minute load average is below 1.0. Returns the load when the measurement
 * starts and whether it got there.
 */
export async function waitForQuiet(log = (line: string) => console.error(line)) {
  const t0 = performance.now();
  const limit = Math.min(QUIET_WAIT_S, Math.max(0, budgetS));
  for (;;) {
    const load = loadavg()[0] ?? 0;
    const waited = (performance.now() - t0) / 1000;
    if (load < QUIET_LOAD) {
      budgetS -= waited;
      return { load, quiet: true, waitedS: Math.round(waited) };
    }
    if (waited >= limit) {
      budgetS -= waited;
      log(`  load ${load.toFixed(2)} after ${Math.round(waited)} s: measuring anyway`);
      return { load, quiet: false, waitedS: Math.round(waited) };
    }
    log(`  load ${load.toFixed(2)}: waiting for < ${QUIET_LOAD} (${Math.round(waited)} s so far)`);
    await new Promise((r) => setTimeout(r, 30_000));
  }
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : 0;

export interface Measured {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
  cpuMsPerReq: number | null;
  /** PostgreSQL backends' CPU per request (`db` given). */
  pgCpuMsPerReq: number | null;
  load: number;
  quiet: boolean;
}

type CannonOptions = Parameters<typeof autocannon>[0];

/**
 * One measurement: waits for a quiet machine (unless `waitQuiet` is false), runs `prepare`, warms up (unless `warmup` is 0), then runs autocannon
 * and records every response's latency (autocannon's own summary has no p95).
 */
export async function measure(
  opts: CannonOptions,
  {
    warmup = 3,
    pid,
    db,
    prepare,
    waitQuiet = true,
  }: {
    warmup?: number;
    pid?: number;
    db?: string;
    prepare?: () => Promise<unknown>;
    /** False: measure at once, whatever the load (a measurement taken while other load runs on purpose). */
    waitQuiet?: boolean;
  } = {},
): Promise<Measured> {
  const { load, quiet } = waitQuiet
    ? await waitForQuiet()
    : { load: loadavg()[0] ?? 0, quiet: (loadavg()[0] ?? 0) < QUIET_LOAD };
  await prepare?.();
  if (warmup > 0) await autocannon({ ...opts, duration: warmup, amount: undefined });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const cpu0 = pid ? cpuMs(pid) : 0;
  const pg0 = db ? await backendCpu(db) : null;
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)));
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(ms);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
  const cpu = pid ? cpuMs(pid) - cpu0 : 0;
  let pgCpu: number | null = null;
  if (db && pg0) {
    pgCpu = 0;
    for (const [p, after] of await backendCpu(db)) pgCpu += after - (pg0.get(p) ?? 0);
  }
  latencies.sort((a, b) => a - b);
  const seconds = (r.duration ?? 0) || 1;
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses,
    errors: r.errors,
    cpuMsPerReq: pid && latencies.length && Number.isFinite(cpu) ? cpu / latencies.length : null,
    pgCpuMsPerReq:
      pgCpu !== null && latencies.length && Number.isFinite(pgCpu) ? pgCpu / latencies.length : null,
    load,
    quiet,
  };
}

export const ms = (n: number) => (n < 10 ? n.toFixed(1) : String(Math.round(n)));
export const loadNote = (m: { load: number; quiet: boolean }) =>
  m.quiet ? `${m.load.toFixed(2)}` : `${m.load.toFixed(2)} (busy)`;

/**
 * Statements of one request as the driver saw them: transaction control (BEGIN/COMMIT), the store context
 * (`select set_config('app.store_id', ...)`, its own statement in withStore) and the rest (queries).
 */
export function classify(statements: string[]) {
  const tx = statements.filter((s) => /^\s*(begin|commit|rollback|savepoint|release)\b/i.test(s)).length;
  const context = statements.filter((s) => /set_config\('app\.store_id'/i.test(s)).length;
  return { all: statements.length, tx, context, queries: statements.length - tx - context };
}

/** The built JS entry's path (`/assets/index-….js`): the static file that benchmarks measure pages against. */
export function entryAsset(dist = 'apps/web/dist') {
  const asset = readdirSync(join(dist, 'assets')).find((f) => /^index-.*\.js$/.test(f));
  if (!asset) throw new Error(`no built entry in ${dist}/assets: run npm run build`);
  return `/assets/${asset}`;
}

export async function machine() {
  const pg = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const [v] = await pg`select current_setting('server_version') as v`;
  await pg.end();
  return `${cpus()[0]?.model ?? 'cpu'} x${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${v?.v}`;
}

/**
 * The shopper's initial JavaScript (gzip). `listed`: the entry and what index.html preloads, plus the storefront
 * face chunk (the measure since issue 2). `closure`: the same plus every chunk those import statically, which the
 * browser must fetch before the storefront renders (dynamic `import()`s are left out).
 */
export function initialJs(dist = 'apps/web/dist') {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const face = readdirSync(join(dist, 'assets')).filter(
    (f) => f.startsWith('storefront-face') && f.endsWith('.js'),
  );
  const listed = [...new Set([...entry, ...face])];
  const closure = new Set<string>();
  const queue = [...listed];
  for (let f = queue.pop(); f !== undefined; f = queue.pop()) {
    if (closure.has(f)) continue;
    closure.add(f);
    const src = readFileSync(join(dist, 'assets', f), 'utf8');
    for (const m of src.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) if (m[1]) queue.push(m[1]);
  }
  const gz = (files: Iterable<string>) =>
    [...files].reduce((n, f) => n + gzipSync(readFileSync(join(dist, 'assets', f))).length, 0) / 1024;
  return {
    listed: { files: listed, kb: gz(listed) },
    closure: { files: [...closure], kb: gz(closure) },
  };
}

/**
 * Migrates and seeds the demo shops into `url`, and names the shop the storefront measurements use: the open shop
 * with the most products on its own subdomain (basic-plan shops redirect to /store/{slug}), and its leading product.
 */
export async function seededShop(url: string) {
  const setup = await openDatabase({ url });
  try {
    await setup.migrate();
    await seedDemo(setup.owner);
    const [shop] = rowsOf<{ slug: string; product: string }>(
      await setup.owner.execute(sql`
        select s.slug, (select p.id from products p where p.store_id = s.id and p.status = 'ACTIVE'
                        order by p.is_featured desc, p.units_sold desc, p.id limit 1) as product
        from stores s where s.online_status = 'PUBLISHED' and s.plan <> 'basic'
        order by (select count(*) from products p where p.store_id = s.id) desc, s.slug limit 1`),
    );
    if (!shop?.product) throw new Error('no open demo shop with products');
    return shop;
  } finally {
    await setup.close();
  }
}
