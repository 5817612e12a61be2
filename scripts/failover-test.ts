/**
 * Failover test (issue 36, decision 0025): `npm run test:failover` (builds the server first). Needs Debian's
 * postgresql-15-auto-failover, pg-auto-failover-cli and haproxy (.ci/run installs them); runs as root or postgres.
 *
 * Stands up a pg_auto_failover monitor, a primary and a synchronous standby in a temporary folder (scripts/ha/),
 * a fresh migrated and seeded database on it, two production servers (apps/api/dist/supervisor.mjs, one worker
 * each) on the multi-host URLs (writes: read-write; storefront reads: prefer-standby) and HAProxy in front of them
 * with /api/health checks. Under a mixed load through HAProxy (shop-load.ts: COD orders and counter sales with
 * Idempotency-Keys, refunds, storefront JSON and pages) the primary's machine is killed (SIGKILL to its postmaster
 * and its pg_autoctl keeper), twice: the second time the old primary, brought back as the standby, is promoted
 * again. Checks: the standby is promoted; a write succeeds again within 30 s with no app server restarted; after
 * lost answers are sent again with their keys, every acknowledged order and sale exists once, nothing oversold,
 * stock equals the ledger, invoice series without gaps or duplicates (shop-checks.ts). Then read-your-writes on a
 * standby whose replay is delayed 3 s (read-your-writes.ts). Prints the figures; exit 1 on any failure.
 * FAILOVER_SHOPPERS (4), FAILOVER_COUNTERS (2), FAILOVER_READERS (3) set the load.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@haat/db';
import postgres from 'postgres';
import { setDemoVendorPasswords } from '../apps/api/src/modules/accounts/bootstrap-accounts.ts';
import { freePort, startSmtpServer } from '../apps/api/src/modules/mail/testing/smtp-server.ts';
import { type HaCluster, hasPgAutoFailover, startCluster } from './ha/cluster.ts';
import { type HaProxy, startHaProxy } from './ha/haproxy.ts';
import { readYourWrites, waitForReadersOnStandby } from './ha/read-your-writes.ts';
import { checkShopLedger } from './shop-checks.ts';
import { prepareShopLoad, type Sample, type ShopLoad } from './shop-load.ts';
import { checks, freshDatabase, serverEnv, sleep } from './test-servers.ts';

const SHOPPERS = Number(process.env.FAILOVER_SHOPPERS ?? 4);
const COUNTERS = Number(process.env.FAILOVER_COUNTERS ?? 2);
const READERS = Number(process.env.FAILOVER_READERS ?? 3);
const STANDBY_DELAY_MS = 3000;
const READ_MAX_LAG_MS = 10_000;
const WRITE_BACK_WITHIN_MS = 30_000;
/** The whole test; past it, everything it started is killed and it fails. */
const TEST_WITHIN_MS = 6 * 60_000;
if (!hasPgAutoFailover())
  throw new Error('The failover test needs pg_autoctl, PostgreSQL 15 and haproxy (.ci/run)');

const { problems, expect } = checks();
const t0 = Date.now();
const stage = (what: string) => console.log(`${what} at ${Math.round((Date.now() - t0) / 1000)} s`);
const writes = new Set<Sample['kind']>(['cart', 'order', 'sale', 'refund']);
const good = (s: Sample) => s.status >= 200 && s.status < 300;
const failed = (s: Sample) => s.status === 0 || s.status >= 500;

interface Round {
  killed: string;
  promoted: string;
  syncNames: string;
  promotionMs: number;
  firstWriteMs: number | null;
  requests: number;
  serverErrors: number;
  writeErrors: number;
  readErrors: number;
  readGapMs: number;
  slowestMs: number;
  rejoinMs: number;
}

let cluster: HaCluster | null = null;
let haproxy: HaProxy | null = null;
let load: ShopLoad | null = null;
const servers: { port: number; child: ChildProcess; log: string }[] = [];
const smtp = await startSmtpServer();
process.once('exit', () => {
  for (const s of servers) s.child.kill('SIGKILL');
  try {
    if (haproxy?.pid) process.kill(haproxy.pid, 'SIGKILL');
  } catch {} // already stopped
});
setTimeout(() => {
  console.error(`FAIL the failover test did not finish within ${TEST_WITHIN_MS / 60_000} minutes`);
  process.exit(1); // the exit handlers (here and in scripts/ha/cluster.ts) kill what the test started
}, TEST_WITHIN_MS).unref();
try {
  cluster = await startCluster();
  const first = await cluster.waitHealthy();
  stage(`formation up: ${first.primary.name} primary, synchronous_standby_names ${first.syncNames}`);
  const db = await freshDatabase(cluster.writeUrl(), 'haat_failover');
  const dbName = /\/([^/?]+)(\?|$)/.exec(db.url)?.[1] as string;
  {
    const setup = await openDatabase({ url: db.url });
    await setDemoVendorPasswords(setup.owner);
    await setup.close();
  }
  stage(`database ${dbName} migrated and seeded`);
  const withPages = existsSync('apps/web/dist/index.html');
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const env = serverEnv(db.url, port, smtp.url, {
      RATE_LIMITS: 'off',
      WORKERS: '1',
      DATABASE_READ_URL: cluster.readUrl(dbName),
      DATABASE_READ_MAX_LAG_MS: String(READ_MAX_LAG_MS),
      TRUST_PROXY: 'loopback',
    });
    const child = spawn(process.execPath, ['apps/api/dist/supervisor.mjs'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = { port, child, log: '' };
    child.stdout?.on('data', (d) => {
      server.log += d;
    });
    child.stderr?.on('data', (d) => {
      server.log += d;
    });
    servers.push(server);
  }
  for (const s of servers) {
    for (let i = 0; i < 600; i++) {
      const up = await fetch(`http://127.0.0.1:${s.port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (s.child.exitCode !== null) throw new Error(`server on ${s.port} exited: ${s.log.slice(-2000)}`);
      await sleep(100);
    }
  }
  const pids = servers.map((s) => s.child.pid);
  haproxy = await startHaProxy(
    cluster.dir,
    await freePort(),
    servers.map((s) => s.port),
  );
  stage(`two servers (${servers.map((s) => s.port).join(', ')}) behind HAProxy on ${haproxy.origin}`);

  load = await prepareShopLoad({
    origin: haproxy.origin,
    sql: db.sql,
    shoppers: SHOPPERS,
    counters: COUNTERS,
    readers: READERS,
    pages: withPages,
    prefix: 'failover',
  });
  load.takeTally();
  load.start();
  stage('load running');

  const rounds: Round[] = [];
  for (let round = 1; round <= 2; round++) {
    const { primary, syncNames } = await cluster.waitHealthy();
    expect(syncNames.length > 0, `round ${round}: synchronous replication on (${syncNames})`);
    await sleep(3000);
    const from = load.samples.length;
    const killAt = performance.now();
    cluster.killNode(primary);
    stage(`round ${round}: ${primary.name}'s machine killed`);
    const promo = await cluster.waitForPromotion(primary, killAt).catch(() => null);
    let firstWrite: Sample | undefined;
    while (!firstWrite && performance.now() - killAt < WRITE_BACK_WITHIN_MS + 5000) {
      await sleep(100);
      firstWrite = load.samples.slice(from).find((s) => writes.has(s.kind) && good(s) && s.sent > killAt);
    }
    await sleep(3000);
    const window = load.samples.slice(from);
    const reads = window.filter((s) => !writes.has(s.kind));
    let gap = 0;
    let last = killAt;
    for (const s of reads.filter(good)) {
      gap = Math.max(gap, s.at - last);
      last = s.at;
    }
    gap = Math.max(gap, performance.now() - last);
    const rejoinAt = performance.now();
    const logBefore = cluster.log(primary.name).length;
    cluster.restartNode(primary);
    await cluster.waitHealthy();
    const rejoin = cluster
      .log(primary.name)
      .slice(logBefore)
      .split('\n')
      .filter((l) => /rewind|basebackup|ERROR|FATAL/.test(l))
      .slice(0, 8);
    console.log(rejoin.map((l) => `  ${primary.name}: ${l.slice(0, 200)}`).join('\n'));
    const r: Round = {
      killed: primary.name,
      promoted: promo?.node.name ?? 'none',
      syncNames,
      promotionMs: promo?.ms ?? -1,
      firstWriteMs: firstWrite ? Math.round(firstWrite.at - killAt) : null,
      requests: window.length,
      serverErrors: window.filter((s) => s.status >= 500 && s.status !== 503).length,
      writeErrors: window.filter((s) => writes.has(s.kind) && failed(s)).length,
      readErrors: reads.filter(failed).length,
      readGapMs: Math.round(gap),
      slowestMs: Math.round(Math.max(0, ...window.map((s) => s.at - s.sent))),
      rejoinMs: Math.round(performance.now() - rejoinAt),
    };
    rounds.push(r);
    stage(`round ${round}: ${r.promoted} promoted in ${r.promotionMs} ms, ${r.killed} back as standby`);
    expect(
      !!promo && promo.node.name !== primary.name,
      `round ${round}: the standby was promoted (${r.promoted})`,
    );
    expect(
      r.firstWriteMs !== null && r.firstWriteMs <= WRITE_BACK_WITHIN_MS,
      `round ${round}: a write succeeded again ${r.firstWriteMs ?? '-'} ms after the kill (within 30 s)`,
    );
    expect(
      r.readGapMs <= WRITE_BACK_WITHIN_MS,
      `round ${round}: the storefront answered reads again within 30 s (longest gap ${r.readGapMs} ms, ${r.readErrors} errors)`,
    );
    expect(
      servers.every((s, i) => s.child.exitCode === null && s.child.pid === pids[i]),
      `round ${round}: both app servers kept running, none restarted`,
    );
    // A new connection on the write URL (as a server's pool opens one) must reach the primary, whichever host
    // is listed first: the old primary, now the standby, is.
    const probe = postgres(db.url, { max: 1, onnotice: () => {} });
    const [at] = await probe<{ standby: boolean; port: number }[]>`
      select pg_is_in_recovery() as standby, inet_server_port() as port`.catch(() => []);
    await probe.end();
    expect(
      at?.standby === false,
      `round ${round}: a new connection on DATABASE_URL (target_session_attrs=read-write) reaches the primary (port ${at?.port}, in recovery: ${at?.standby})`,
    );
  }

  await load.stop();
  stage('load stopped');
  const tallyRun = load.takeTally();
  await load.retryUnsettled(performance.now() + 60_000);
  stage('lost answers sent again');
  const { acked, lost, ackedRefunds } = await checkShopLedger(db.sql, load, expect);
  expect(
    load.serverErrors.length === 0,
    `no answer was a 500 (${load.serverErrors.length}: ${load.serverErrors.slice(0, 3).join('; ')})`,
  );

  // Read-your-writes with the standby's replay held back, once the servers' readers are back on the standby.
  const { secondary } = await cluster.waitHealthy();
  const movedMs = await waitForReadersOnStandby({
    origin: haproxy.origin,
    slug: load.shop.slug,
    standbyUrl: `postgres://postgres@127.0.0.1:${secondary.port}/${dbName}`,
    withinMs: 30_000,
  });
  expect(
    movedMs !== null,
    `the servers' readers found the standby again after the failovers (${movedMs ?? 'not'} ms, at most 30 s)`,
  );
  await cluster.delayStandby(STANDBY_DELAY_MS);
  const ryw = await readYourWrites({
    origin: haproxy.origin,
    vendor: load.vendor,
    slug: load.shop.slug,
    host: load.host,
    standbyUrl: `postgres://postgres@127.0.0.1:${secondary.port}/${dbName}`,
    changes: 5,
  });
  await cluster.delayStandby(0);
  stage('read-your-writes done');
  expect(
    ryw.failures.length === 0,
    `read-your-writes: ${ryw.fresh} of ${ryw.loads} loads after a price change showed it (${ryw.failures.slice(0, 3).join('; ')})`,
  );
  expect(
    ryw.standbyBehind === ryw.changes,
    `read-your-writes: the standby had not replayed ${ryw.standbyBehind} of ${ryw.changes} changes when they were loaded`,
  );
  expect(
    ryw.appConnectionsOnStandby > 0,
    `the servers' readers are on the standby (${ryw.appConnectionsOnStandby} app connections there besides the lag checks)`,
  );

  // What the servers logged at level 50 and above, and why they answered 503.
  const log = servers.map((s) => s.log).join('\n');
  const logFile = join(tmpdir(), `haat-failover-${process.pid}.log`);
  writeFileSync(logFile, log);
  const causes = new Map<string, number>();
  for (const line of log.split('\n').filter((l) => l.includes('"database unavailable"'))) {
    const code = /"dbCode":"([^"]+)"/.exec(line)?.[1] ?? 'unknown';
    causes.set(code, (causes.get(code) ?? 0) + 1);
  }
  const severe = log.split('\n').filter((l) => /"level":(5|6)0/.test(l));
  console.log(
    `\nthe servers' log: ${logFile}; 503 causes: ${[...causes].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}`,
  );
  if (severe.length)
    console.log(
      `logged errors (${severe.length}, the first 8):\n${severe
        .slice(0, 8)
        .map((l) => l.slice(0, 500))
        .join('\n')}`,
    );

  const downUp = haproxy
    .log()
    .split('\n')
    .filter((l) => l.startsWith('[WARNING]') && / is (DOWN|UP)/.test(l));
  console.log(`HAProxy (${downUp.length} server state changes):\n${downUp.slice(0, 12).join('\n')}`);
  const all = load.samples;
  console.log(
    `\nFailover test: pg_auto_failover monitor + 2 nodes (synchronous), 2 servers x 1 worker behind HAProxy; ${SHOPPERS} shoppers, ${COUNTERS} counters, ${READERS} readers${withPages ? ' (JSON and pages)' : ''}; ${Math.round((Date.now() - t0) / 1000)} s`,
  );
  console.log(
    '| round | killed → promoted | promotion (ms) | first write sent after the kill that succeeded (ms) | requests | 500s | write errors (503, 5xx, none) | read errors | longest read gap (ms) | slowest answer (ms) | old primary back as standby (ms) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  rounds.forEach((r, i) => {
    console.log(
      `| ${i + 1} | ${r.killed} → ${r.promoted} | ${r.promotionMs} | ${r.firstWriteMs ?? 'none'} | ${r.requests} | ${r.serverErrors} | ${r.writeErrors} | ${r.readErrors} | ${r.readGapMs} | ${r.slowestMs} | ${r.rejoinMs} |`,
    );
  });
  console.log(
    `\nrequests in all: ${all.length} (${all.filter(good).length} 2xx, ${tallyRun.unavailable} 503 before the retries, ${tallyRun.network} no answer); orders and sales acknowledged: ${acked}, lost: ${lost}; refunds acknowledged: ${ackedRefunds}`,
  );
  const kinds = new Map<string, Map<number, number>>();
  for (const x of all) {
    const m = kinds.get(x.kind) ?? new Map<number, number>();
    m.set(x.status, (m.get(x.status) ?? 0) + 1);
    kinds.set(x.kind, m);
  }
  console.log(
    `answers by kind: ${[...kinds].map(([k, m]) => `${k} ${[...m].map(([st, n]) => `${st}×${n}`).join(' ')}`).join('; ')}`,
  );
  console.log(
    `read-your-writes with the standby ${STANDBY_DELAY_MS} ms behind (max lag ${READ_MAX_LAG_MS} ms): ${ryw.fresh}/${ryw.loads} loads fresh, standby behind on ${ryw.standbyBehind}/${ryw.changes} changes`,
  );
} catch (e) {
  problems.push(String(e));
  console.error(e);
  if (cluster)
    for (const n of ['monitor', 'node1', 'node2']) console.error(`--- ${n}\n${cluster.logTail(n, 15)}`);
} finally {
  await load?.stop();
  for (const s of servers) s.child.kill('SIGTERM');
  await sleep(1500);
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await haproxy?.stop();
  await smtp.close();
  await cluster?.stop();
}
console.log(problems.length ? `\n${problems.length} failed` : '\nfailover test passed');
process.exit(problems.length ? 1 : 0);
