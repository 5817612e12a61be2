// Issue 18: cold start, from a process start to the first healthy answer (GET /api/health 200), measured as a
// user meets it. Embedded: `node scripts/start.mjs` (what `npm start` runs, without npm's own start-up) on a data
// folder that exists and is seeded (a first start made it). PostgreSQL: the bundled server on a migrated database
// without the demo seed (a production start). Each start is timed from spawn to the first 200 on /api/health
// (polled every 5 ms); for the embedded start also to the log line saying the demo was brought up to date, which
// now runs after the server answers.
//
// BENCH_BEFORE=<bundle> adds another build of the server (e.g. the code before a change, bundled next to
// apps/api/dist/server.mjs so it finds node_modules) to the same run, started alternately with this one.
// BENCH_COLD_RUNS (default 9) starts per configuration; the first of each is a warm-up and not counted.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@haat/db';
import { freshDatabase, machine, ms, percentile, startServer, waitForQuiet } from './bench-kit.ts';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 9);
const BEFORE = process.env.BENCH_BEFORE;

interface Start {
  healthyMs: number;
  /** Embedded: when the demo seed, run after listening, logged that it was done. */
  demoMs: number | null;
}

/** How one configuration is started: `script` with `nodeArgs`, on `url` (undefined: embedded) with `env`. */
interface HowStarted {
  script: string;
  nodeArgs: string[];
  url: string | undefined;
  env: Record<string, string>;
  /** Wait for the demo upkeep's log line (a build that keeps the demo current after it answers). */
  demo: boolean;
}

/** One start (bench-kit's startServer: spawn, /api/health every 5 ms), the demo upkeep's log line, then a stop. */
async function timeStart(how: HowStarted): Promise<Start> {
  let out = '';
  let loggedAt: number | null = null;
  const srv = await startServer(how.url, how.env, how.script, {
    nodeArgs: how.nodeArgs,
    onStdout: (text) => {
      out += text;
      if (loggedAt === null && out.includes('demo shops kept current')) loggedAt = performance.now();
    },
  });
  const healthyAt = performance.now();
  // Give the background demo upkeep its time to finish (it logs when done), then stop.
  while (how.demo && loggedAt === null && performance.now() < healthyAt + 10_000)
    await new Promise((r) => setTimeout(r, 20));
  await srv.stop();
  const demoMs: number | null = loggedAt;
  return { healthyMs: srv.coldMs, demoMs: demoMs === null ? null : srv.coldMs + (demoMs - healthyAt) };
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${ms(percentile(s, 50))} / ${ms(s[0] ?? 0)} / ${ms(s.at(-1) ?? 0)}`;
};

async function main() {
  console.log(`Cold start, ${await machine()}, ${new Date().toISOString()}`);
  const builds = [{ name: 'this build', bundle: 'apps/api/dist/server.mjs', before: false }];
  if (BEFORE) builds.unshift({ name: 'before', bundle: BEFORE, before: true });

  // The embedded data folder: created and seeded by a first start of this build (not counted).
  const dir = mkdtempSync(join(tmpdir(), 'haat-cold-'));
  const dataDir = join(dir, 'pglite');
  // As `npm start` runs it: development mode, the embedded database, the demo seed.
  const embedded = {
    url: undefined,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'true', NODE_ENV: 'development' },
  };
  console.log('creating the embedded data folder (first start, seeds the demo)…');
  await timeStart({ script: 'scripts/start.mjs', nodeArgs: [], ...embedded, demo: false });

  const pgDb = await freshDatabase('haat_bench_cold');
  const setup = await openDatabase({ url: pgDb.url });
  await setup.migrate();
  await setup.close();
  // A production start: startServer's defaults (NODE_ENV=production, no demo seed).
  const postgresDb = { url: pgDb.url, env: {} };

  // Each build started directly on both databases as start.mjs starts it (`node <entry>`; a build from before
  // the code cache, with no server.cjs beside its entry, with --enable-source-maps as start.mjs then started it),
  // and this build also through scripts/start.mjs, which checks the builds are current and starts it.
  const direct = (bundle: string) => ({
    script: bundle,
    nodeArgs: existsSync(bundle.replace(/\.mjs$/, '.cjs')) ? [] : ['--enable-source-maps'],
  });
  const configs = builds.flatMap((b) => [
    { name: b.name, kind: 'embedded', how: { ...direct(b.bundle), ...embedded, demo: !b.before } },
    { name: b.name, kind: 'postgres', how: { ...direct(b.bundle), ...postgresDb, demo: false } },
  ]);
  // The production entry since issue 35: the supervisor, its first worker answering (the second starts after it).
  configs.push({
    name: 'this build',
    kind: 'postgres, through the supervisor (2 workers)',
    how: {
      script: 'apps/api/dist/supervisor.mjs',
      nodeArgs: [],
      ...postgresDb,
      env: { WORKERS: '2' },
      demo: false,
    },
  });
  configs.push({
    name: 'this build',
    kind: 'embedded, through scripts/start.mjs',
    how: { script: 'scripts/start.mjs', nodeArgs: [], ...embedded, demo: true },
  });
  const results = new Map<(typeof configs)[number], Start[]>();
  const load = await waitForQuiet();
  try {
    for (let run = 0; run <= RUNS; run++) {
      for (const c of configs) {
        const r = await timeStart(c.how);
        if (run > 0) results.set(c, [...(results.get(c) ?? []), r]); // run 0 warms the file and database caches
      }
    }
  } finally {
    await pgDb.drop();
    rmSync(dir, { recursive: true, force: true });
  }

  console.log(
    `\n${RUNS} starts each (after one warm-up), load average at the start ${load.load.toFixed(2)}\n`,
  );
  console.log(
    '| Build | Database | first healthy answer ms: median / min / max | demo brought up to date ms: median |',
  );
  console.log('|---|---|---|---|');
  for (const c of configs) {
    const rs = results.get(c) ?? [];
    const demo = rs.map((r) => r.demoMs).filter((x): x is number => x !== null);
    const demoCell = !c.kind.startsWith('embedded')
      ? '-'
      : demo.length
        ? ms(
            percentile(
              [...demo].sort((a, b) => a - b),
              50,
            ),
          )
        : 'before it answers';
    console.log(`| ${c.name} | ${c.kind} | ${stats(rs.map((r) => r.healthyMs))} | ${demoCell} |`);
  }
}

await main();
