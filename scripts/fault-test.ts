/**
 * Fault suite (issue 35), PostgreSQL only: `DATABASE_URL=postgres://… npm run test:faults` (builds the server first).
 *
 * Runs the production entry (apps/api/dist/supervisor.mjs) with two workers on a fresh seeded database, its mail
 * going to an in-process SMTP test server, under a mixed load: shoppers placing cash-on-delivery orders, two
 * counters making sales, refunds of ₹1 on those sales (some putting a unit back), storefront reads. While it runs,
 * each fault in FAULTS (all by default) is injected in turn:
 *   terminate  every app connection terminated (pg_terminate_backend), 5 rounds
 *   restart    PostgreSQL restarted (pg_ctlcluster … restart)
 *   kill       one worker killed with SIGKILL
 *   smtp       the SMTP server gone for 3 s, then back on its port
 *   timeout    the products table locked past the app's statement_timeout (2 s here)
 * After each: /api/health answers 200 within 5 s without the test restarting anything, and no worker died except
 * the one killed. At the end every order or sale whose answer was lost is sent again with its Idempotency-Key, as
 * a client would, and: every acknowledged order, sale and refund exists, one order per key, no partial order,
 * stock moved exactly as the stock ledger says for every variant, no gap in any invoice series, every mail of the
 * run delivered (twice only when the worker sending it was killed), no answer was a 500. Prints a table of what was tried and found; exit 1 on any
 * failure. FAULT_SHOPPERS (4) and FAULT_COUNTERS (2) set the load.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@haat/db';
import { setDemoVendorPasswords } from '../apps/api/src/modules/accounts/bootstrap-accounts.ts';
import {
  freePort,
  startSmtpServer,
  type TestSmtpServer,
} from '../apps/api/src/modules/mail/testing/smtp-server.ts';
import { checkShopLedger } from './shop-checks.ts';
import { newTally, prepareShopLoad, type ShopLoad } from './shop-load.ts';
import { checks, freshDatabase, moveMailTimeOn, outboxIdsIn, serverEnv, sleep } from './test-servers.ts';

const ALL_FAULTS = ['terminate', 'restart', 'kill', 'smtp', 'timeout'] as const;
type Fault = (typeof ALL_FAULTS)[number];
const FAULTS = (process.env.FAULTS?.split(',') ?? [...ALL_FAULTS]) as Fault[];
const SHOPPERS = Number(process.env.FAULT_SHOPPERS ?? 4);
const COUNTERS = Number(process.env.FAULT_COUNTERS ?? 2);
const STATEMENT_TIMEOUT_MS = 2000;
const base = process.env.DATABASE_URL;
if (!base) throw new Error('The fault suite needs PostgreSQL: set DATABASE_URL');
for (const f of FAULTS) if (!ALL_FAULTS.includes(f)) throw new Error(`unknown fault ${f}`);

const { problems, expect } = checks();
const db = await freshDatabase(base, 'haat_faults');
const { sql } = db;
{
  const setup = await openDatabase({ url: db.url });
  await setDemoVendorPasswords(setup.owner);
  await setup.close();
}
const smtpPort = await freePort();
const smtps: TestSmtpServer[] = [await startSmtpServer(smtpPort)];
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = serverEnv(db.url, port, `smtp://127.0.0.1:${smtpPort}`, {
  RATE_LIMITS: 'off',
  WORKERS: '2',
  DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
});

let supervisor: ChildProcess | null = null;
let supervisorLog = '';
const workerPids = () => {
  try {
    return execFileSync('pgrep', ['-P', String(supervisor?.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
      .sort();
  } catch {
    return [];
  }
};
const healthy = () =>
  fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
    (r) => r.ok,
    () => false,
  );
/** Milliseconds until /api/health answers 200 twice in a row (both workers, most likely), or null after 5 s. */
async function healthBackWithin5s(): Promise<number | null> {
  const t0 = performance.now();
  while (performance.now() - t0 < 5000) {
    if ((await healthy()) && (await healthy())) return Math.round(performance.now() - t0);
    await sleep(50);
  }
  return null;
}

let load: ShopLoad | null = null;
let killed = 0;
const t0 = Date.now();

try {
  supervisor = spawn(process.execPath, ['apps/api/dist/supervisor.mjs'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  supervisor.stdout?.on('data', (d) => {
    supervisorLog += d;
  });
  supervisor.stderr?.on('data', (d) => {
    supervisorLog += d;
  });
  for (let i = 0; i < 600 && !(await healthy()); i++) await sleep(100);
  while (workerPids().length < 2) await sleep(100);
  console.log(`supervisor ${supervisor.pid}, workers ${workerPids().join(', ')} on ${origin}`);

  load = await prepareShopLoad({
    origin,
    sql,
    shoppers: SHOPPERS,
    counters: COUNTERS,
    readers: 2,
    prefix: 'fault',
  });
  load.start();

  // The faults, each with the load running, and what the server did after it.
  const rows: string[] = [];
  const pg = readdirSync('/etc/postgresql')[0];
  const phase = async (name: string, rounds: number, inject: () => Promise<void>, workerMayDie = false) => {
    load?.takeTally();
    const before = workerPids();
    const pidBefore = supervisor?.pid;
    await sleep(1500); // load before
    for (let r = 0; r < rounds; r++) await inject();
    const back = await healthBackWithin5s();
    await sleep(1500); // load after
    const after = workerPids();
    const died = before.filter((p) => !after.includes(p)).length;
    const tally = load?.takeTally() ?? newTally();
    expect(back !== null, `${name}: /api/health answered 200 within 5 s (${back ?? '-'} ms)`);
    expect(
      supervisor?.pid === pidBefore && supervisor?.exitCode === null,
      `${name}: the supervisor kept running`,
    );
    expect(after.length === 2, `${name}: two workers serving afterwards (${after.length})`);
    if (!workerMayDie) expect(died === 0, `${name}: no worker died (${died} did)`);
    rows.push(
      `| ${name} | ${rounds} | ${tally.ok} | ${tally.unavailable} | ${tally.refused} | ${tally.network} | ${tally.serverError} | ${back ?? 'no'} | ${died} |`,
    );
  };

  await phase('baseline (no fault)', 0, async () => {});
  if (FAULTS.includes('terminate'))
    await phase('terminate every app connection', 5, async () => {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
                 where datname = current_database() and pid <> pg_backend_pid()`;
      await sleep(300);
    });
  if (FAULTS.includes('restart'))
    await phase('restart PostgreSQL', 1, async () => {
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', pg as string, 'main', 'restart'], {
        stdio: 'ignore',
      });
    });
  if (FAULTS.includes('kill'))
    await phase(
      'kill -9 one worker',
      1,
      async () => {
        const [victim] = workerPids();
        if (victim) process.kill(victim, 'SIGKILL');
        killed++;
        for (let i = 0; i < 100 && workerPids().length < 2; i++) await sleep(100);
      },
      true,
    );
  if (FAULTS.includes('smtp'))
    await phase('SMTP unreachable for 3 s, then back', 1, async () => {
      await smtps[smtps.length - 1]?.close();
      await sleep(3000);
      smtps.push(await startSmtpServer(smtpPort));
    });
  if (FAULTS.includes('timeout'))
    await phase(`a lock held past statement_timeout (${STATEMENT_TIMEOUT_MS} ms)`, 1, async () => {
      await sql.begin(async (tx) => {
        await tx`lock table products in access exclusive mode`;
        await tx`select pg_sleep(${(STATEMENT_TIMEOUT_MS + 1000) / 1000})`;
      });
    });

  const stage = (what: string) => console.log(`${what} at ${Math.round((Date.now() - t0) / 1000)} s`);
  stage('load stopped');
  await load.stop();
  stage('load drained');
  const { keyed, slow, serverErrors, startedAt } = load;
  if (slow.length) console.log(`no answer within 20 s: ${slow.length} (${slow.slice(0, 5).join('; ')})`);

  // A client whose answer was lost sends the same request again with the same key.
  load.takeTally();
  await load.retryUnsettled();
  const retried = load.takeTally();
  stage('retries done');
  const { ackedRefunds } = await checkShopLedger(sql, load, expect);

  // Every mail of the run delivered (a claim of the killed worker waits out its lease: move time on).
  await moveMailTimeOn(sql);
  let pending = -1;
  for (let i = 0; i < 300; i++) {
    const [left] = await sql<{ n: number }[]>`select count(*)::int as n from outbox
      where status = 'PENDING' and created_at >= ${startedAt}::timestamptz`;
    pending = left?.n ?? 0;
    if (pending === 0) break;
    if (i % 20 === 19) await moveMailTimeOn(sql);
    await sleep(100);
  }
  stage('mail settled');
  expect(pending === 0, `no mail of the run still waiting (${pending})`);
  const runMails = (
    await sql<
      { id: string }[]
    >`select id::text from outbox where created_at >= ${startedAt}::timestamptz and status = 'SENT'`
  ).map((r) => r.id);
  const delivered = outboxIdsIn(smtps.flatMap((s) => s.messages.map((m) => m.raw)));
  const counts = new Map<string, number>();
  for (const id of delivered) counts.set(id, (counts.get(id) ?? 0) + 1);
  // SMTP gives at-least-once across a SIGKILL: a mail the server accepted just before the worker sending it was
  // killed, and not yet marked sent, goes again (same Message-ID, which receivers deduplicate). So: every mail
  // delivered, and more than once only as often as a worker was killed while sending.
  const missing = runMails.filter((id) => !counts.has(id)).length;
  const twice = runMails.filter((id) => (counts.get(id) ?? 0) > 1).length;
  expect(missing === 0, `each of the run's ${runMails.length} mails reached SMTP (${missing} did not)`);
  expect(
    twice <= killed,
    `a mail delivered twice only by a killed worker (${twice} twice, ${killed} worker killed)`,
  );

  expect(
    serverErrors.length === 0,
    `no answer was a 500 (${serverErrors.length}: ${serverErrors.slice(0, 3).join('; ')})`,
  );
  // What each 503 was: the workers log the database's error with it.
  const causes = new Map<string, number>();
  for (const line of supervisorLog.split('\n')) {
    if (!line.includes('"database unavailable"')) continue;
    try {
      const cause = (JSON.parse(line) as { dbCode?: string }).dbCode ?? 'unknown';
      causes.set(cause, (causes.get(cause) ?? 0) + 1);
    } catch {
      causes.set('unparsed', (causes.get('unparsed') ?? 0) + 1);
    }
  }
  console.log(`503 causes: ${[...causes].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}`);
  const logFile = join(tmpdir(), `haat-faults-${process.pid}.log`);
  writeFileSync(logFile, supervisorLog);
  console.log(`the server's log: ${logFile}`);
  // Errors the workers and the supervisor logged (level 50 and up), for whoever reads a failed run.
  const severe = supervisorLog.split('\n').filter((l) => /"level":(5|6)0/.test(l));
  if (severe.length)
    console.log(
      `logged errors (${severe.length}, the first 10):\n${severe
        .slice(0, 10)
        .map((l) => l.slice(0, 600))
        .join('\n')}`,
    );
  const crashLoop = /crash loop/.test(supervisorLog);
  expect(!crashLoop, 'the supervisor reported no crash loop');

  const orders = keyed.filter((k) => k.kind === 'order' && k.orderId).length;
  const sales = keyed.filter((k) => k.kind === 'sale' && k.orderId).length;
  console.log(
    `\nFault suite on PostgreSQL, two workers, ${SHOPPERS} shoppers and ${COUNTERS} counters, ${Math.round((Date.now() - t0) / 1000)} s:`,
  );
  console.log(
    '| fault | rounds | 2xx | 503 | other 4xx | no answer | 500 | health back (ms) | workers died |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  console.log(
    `\n${orders} orders and ${sales} counter sales acknowledged, ${ackedRefunds} refunds, ${runMails.length} mails; after the retries: ${retried.ok} answered 2xx`,
  );
} finally {
  await load?.stop();
  supervisor?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 3000));
  supervisor?.kill('SIGKILL');
  for (const s of smtps) await s.close().catch(() => {});
  await db.drop().catch(() => {});
}
console.log(problems.length ? `\n${problems.length} failed` : '\nfault suite passed');
process.exit(problems.length ? 1 : 0);
