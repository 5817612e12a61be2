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
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@haat/db';
import { AUTH_SECRET, freePort, freshDatabase, machine, ms, percentile, waitForQuiet } from './bench-kit.ts';

const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 9);
const BEFORE = process.env.BENCH_BEFORE;

interface Start {
  healthyMs: number;
  /** Embedded: when the demo seed, run after listening, logged that it was done. */
  demoMs: number | null;
}

/** Spawns `args`, polls /api/health every 5 ms until 200, reads the log for the demo upkeep, then stops it. */
async function timeStart(
  args: string[],
  env: Record<string, string | undefined>,
  port: number,
  waitForDemo = false,
): Promise<Start> {
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let demoMs: number | null = null;
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
    if (demoMs === null && out.includes('demo shops kept current')) demoMs = performance.now() - t0;
  });
  let healthyMs = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) {
      healthyMs = performance.now() - t0;
      break;
    }
    if (performance.now() - t0 > 120_000) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 5));
  }
  // Give the background demo upkeep its time to finish (it logs when done), then stop.
  const until = performance.now() + 10_000;
  while (waitForDemo && demoMs === null && performance.now() < until)
    await new Promise((r) => setTimeout(r, 20));
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { healthyMs, demoMs };
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${ms(percentile(s, 50))} | ${ms(s[0] ?? 0)} | ${ms(s.at(-1) ?? 0)}`;
};

async function main() {
  console.log(`Cold start, ${await machine()}, ${new Date().toISOString()}`);
  const builds = [{ name: 'this build', bundle: 'apps/api/dist/server.mjs', before: false }];
  if (BEFORE) builds.unshift({ name: 'before', bundle: BEFORE, before: true });

  // The embedded data folder: created and seeded by a first start of this build (not counted).
  const dir = mkdtempSync(join(tmpdir(), 'haat-cold-'));
  const dataDir = join(dir, 'pglite');
  const embeddedEnv = { DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'true', DATABASE_URL: undefined };
  const port = await freePort();
  console.log('creating the embedded data folder (first start, seeds the demo)…');
  await timeStart(['scripts/start.mjs'], embeddedEnv, port);

  const pgDb = await freshDatabase('haat_bench_cold');
  const setup = await openDatabase({ url: pgDb.url });
  await setup.migrate();
  await setup.close();
  const pgEnv = {
    DATABASE_URL: pgDb.url,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    AUTH_SECRET,
    LOG_LEVEL: 'warn',
  };

  // Each build started directly (node --enable-source-maps <bundle>, as start.mjs starts it) on both databases,
  // and this build also through scripts/start.mjs, which checks the builds are current and starts it.
  const configs = builds.flatMap((b) => [
    {
      name: `${b.name}`,
      kind: 'embedded',
      args: ['--enable-source-maps', b.bundle],
      env: embeddedEnv,
      demo: !b.before,
    },
    {
      name: `${b.name}`,
      kind: 'postgres',
      args: ['--enable-source-maps', b.bundle],
      env: pgEnv,
      demo: false,
    },
  ]);
  configs.push({
    name: 'this build',
    kind: 'embedded, through scripts/start.mjs',
    args: ['scripts/start.mjs'],
    env: embeddedEnv,
    demo: true,
  });
  const results = new Map<(typeof configs)[number], Start[]>();
  const load = await waitForQuiet();
  try {
    for (let run = 0; run <= RUNS; run++) {
      for (const c of configs) {
        const r = await timeStart(c.args, c.env, port, c.demo);
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
