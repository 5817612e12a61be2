import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { planRestart } from './supervisor/restart-policy.ts';

/*
 * The server's supervisor (issue 35), what `npm start` and the production entry run: a small primary process that
 * starts the workers (`server.mjs`, each a whole server on the same port, through Node's cluster module), starts a
 * worker again when one dies (restart-policy.ts: at once, then backing off, a crash loop reported), and on SIGTERM
 * or SIGINT lets every worker drain its requests and stop before it exits. It opens no database and loads no app
 * code, so it cannot be taken down by a request.
 *
 * WORKERS: how many (PostgreSQL: one per core, at most 4, by default; the embedded database is one process, so 1).
 */

const log = (level: 'info' | 'warn' | 'error', msg: string, extra: Record<string, unknown> = {}) => {
  const levels = { info: 30, warn: 40, error: 50 };
  const line = JSON.stringify({
    level: levels[level],
    time: Date.now(),
    pid: process.pid,
    supervisor: true,
    ...extra,
    msg,
  });
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
};

function workerCount(): number {
  const embedded = !process.env.DATABASE_URL;
  const raw = process.env.WORKERS?.trim();
  if (!raw) return embedded ? 1 : Math.min(availableParallelism(), 4);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    console.error(`WORKERS must be a whole number from 1 to 64 (got "${raw}")`);
    process.exit(1);
  }
  if (embedded && n > 1) {
    console.error('WORKERS above 1 needs DATABASE_URL: the embedded database lives in one process');
    process.exit(1);
  }
  return n;
}

/** The port every worker listens on: PORT when set, else the first free one from 3000 (as one server did). */
async function choosePort(): Promise<string> {
  if (process.env.PORT !== undefined) return process.env.PORT;
  const host = process.env.HOST || '0.0.0.0';
  const candidates = [...Array.from({ length: 11 }, (_, i) => 3000 + i), 0];
  for (const port of candidates) {
    const got = await new Promise<number | null>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(null));
      probe.listen({ port, host, exclusive: true }, () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
    if (got) return String(got);
  }
  throw new Error('no free port');
}

async function main() {
  const count = workerCount();
  const port = await choosePort();
  const pool: Pool = {
    shared: sharedEnv(port),
    deaths: new Map(),
    slots: new Map(),
    listened: new Set(),
    stopping: false,
  };
  cluster.setupPrimary({ exec: fileURLToPath(new URL('./server.mjs', import.meta.url)) });
  cluster.on('exit', (worker, code, signal) => onWorkerExit(pool, worker, { code, signal }));
  process.on('SIGTERM', () => stopAll(pool, 0));
  process.on('SIGINT', () => stopAll(pool, 0));

  // The first worker migrates and seeds; the others start once it serves.
  await start(pool, 1);
  if (!pool.listened.has(1)) return;
  await Promise.all(Array.from({ length: count - 1 }, (_, i) => start(pool, i + 2)));
  if (count > 1)
    log('info', `${count} workers serving on port ${port}`, { workers: count, port: Number(port) });
}

/** The workers' shared state: their environment, recent deaths per slot, slots, who served, and stopping. */
interface Pool {
  shared: Record<string, string>;
  deaths: Map<number, number[]>;
  slots: Map<Worker, number>;
  listened: Set<number>;
  stopping: boolean;
}

/** What every worker is started with: the port and, when needed, one AUTH_SECRET for all. */
function sharedEnv(port: string) {
  const shared: Record<string, string> = { PORT: port };
  // Tokens signed by one worker are checked by another: without AUTH_SECRET they share one made here (the
  // embedded database keeps its own next to its data).
  if (process.env.DATABASE_URL && !process.env.AUTH_SECRET) {
    shared.AUTH_SECRET = randomBytes(32).toString('base64url');
    console.warn('AUTH_SECRET is not set: sessions end when the server stops.');
  }
  return shared;
}

/** Starts the worker of a slot; settles once it serves or exits. */
function start(pool: Pool, slot: number) {
  return new Promise<void>((resolve) => {
    const worker = cluster.fork({ ...pool.shared, HAAT_WORKER: String(slot) });
    pool.slots.set(worker, slot);
    worker.on('message', (msg: { haat?: string }) => {
      if (msg?.haat !== 'listening') return;
      pool.listened.add(slot);
      resolve();
    });
    worker.once('exit', () => resolve());
  });
}

/** A worker died: stop all if it never served, else start another (restart-policy.ts says when). */
function onWorkerExit(pool: Pool, worker: Worker, { code, signal }: { code: number; signal: string }) {
  const slot = pool.slots.get(worker) ?? 0;
  pool.slots.delete(worker);
  if (pool.stopping) return;
  // A worker that never served at the first start (a configuration error, no database): stop, as one server did.
  if (!pool.listened.has(slot)) {
    log('error', 'a worker failed before it served; stopping', { worker: slot, code, signal });
    stopAll(pool, code || 1);
    return;
  }
  const now = Date.now();
  const times = [...(pool.deaths.get(slot) ?? []), now].slice(-20);
  pool.deaths.set(slot, times);
  const plan = planRestart(times, now);
  const level = plan.crashLoop ? 'error' : 'warn';
  const what = plan.crashLoop ? 'crash loop: worker died' : 'worker died';
  log(level, `${what}; starting another${plan.delayMs ? ` in ${plan.delayMs} ms` : ''}`, {
    worker: slot,
    workerPid: worker.process.pid,
    code,
    signal,
    deathsInLastMinute: plan.recentDeaths,
  });
  // Not unref'd: with its only worker dead (the embedded database has one), this timer is what keeps the
  // supervisor alive until the next worker starts.
  setTimeout(() => {
    if (!pool.stopping) void start(pool, slot);
  }, plan.delayMs);
}

/** Stops once: every worker drains and stops, then exit with `code` (15 s at most). */
function stopAll(pool: Pool, code: number) {
  if (pool.stopping) return;
  pool.stopping = true;
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
  // Each worker stops taking connections, finishes its requests and closes its database (server.ts, 10 s at most).
  for (const w of workers) w.process.kill('SIGTERM');
  const done = () => process.exit(code);
  if (workers.length === 0) return done();
  let left = workers.length;
  for (const w of workers) w.once('exit', () => --left === 0 && done());
  setTimeout(done, 15_000).unref();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
