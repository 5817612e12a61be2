/**
 * A pg_auto_failover formation on this machine for the failover test (issue 36, decision 0025): a monitor and two
 * data nodes from Debian's packages (postgresql-15-auto-failover, pg-auto-failover-cli), each `pg_autoctl run` a
 * child process in a process group of its own, data in a temporary folder owned by `postgres`, ports of their own,
 * trust authentication on 127.0.0.1. As root, everything runs as the `postgres` user (PostgreSQL refuses root).
 *
 * The monitor's health checks are made faster than their defaults (docs/deploy.md says which and why), so a lost
 * primary is replaced in seconds. `stop()` stops every process it started and removes the folder; so does Ctrl-C,
 * and a process exiting on an exception kills them (SIGKILL) and removes the folder too.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { freePort } from '../../apps/api/src/modules/mail/testing/smtp-server.ts';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = userInfo().uid === 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const execFileAsync = promisify(execFile);

/** The monitor's settings for a quick failover (defaults: 5 s, 5 s, 2, 2 s, 20 s and 30 s: about 50 s here). */
export const MONITOR_SETTINGS = {
  'pgautofailover.health_check_period': '1000',
  'pgautofailover.health_check_timeout': '1000',
  'pgautofailover.health_check_max_retries': '1',
  'pgautofailover.health_check_retry_delay': '500',
  'pgautofailover.node_considered_unhealthy_timeout': '3000',
  'pgautofailover.primary_demote_timeout': '5000',
} as const;
/** A keeper cut off from the monitor and its standby demotes its primary after this (s); under the demote timeout. */
export const NETWORK_PARTITION_TIMEOUT_S = 3;

export interface HaNode {
  name: string;
  port: number;
  pgdata: string;
}

export interface NodeState {
  name: string;
  port: number;
  reported: string;
  assigned: string;
}

export interface HaCluster {
  dir: string;
  monitorPort: number;
  nodes: HaNode[];
  /** Every data node, writes go to the one that takes them (`target_session_attrs=read-write`). */
  writeUrl(db?: string): string;
  /** Every data node, a standby first when one answers (`target_session_attrs=prefer-standby`). */
  readUrl(db?: string): string;
  state(): Promise<NodeState[]>;
  /** Waits until one node is primary and the others secondary (reported and assigned), with sync replication on. */
  waitHealthy(timeoutMs?: number): Promise<{ primary: HaNode; secondary: HaNode; syncNames: string }>;
  /** The machine of `node` dies: its postmaster (pid from postmaster.pid), keeper and every child get SIGKILL. */
  killNode(node: HaNode): void;
  /** Waits until a node other than `lost` is assigned and reports primary or wait_primary; that node and the ms. */
  waitForPromotion(lost: HaNode, since: number, timeoutMs?: number): Promise<{ node: HaNode; ms: number }>;
  /** `pg_autoctl run` for that node again (it rejoins as a secondary, with pg_rewind). */
  restartNode(node: HaNode): void;
  /** recovery_min_apply_delay on the current standby (ALTER SYSTEM and a reload); 0 to replay at once. */
  delayStandby(ms: number): Promise<HaNode>;
  /** The last lines of a node's (or the monitor's) pg_autoctl log. */
  logTail(name: string, lines?: number): string;
  /** The whole pg_autoctl log of a node (or the monitor). */
  log(name: string): string;
  stop(): Promise<void>;
}

/** Runs a command as the postgres user (when root) with the formation's environment. */
function asPostgres(dir: string) {
  const env = [
    `PATH=${BIN}:/usr/bin:/bin`,
    `XDG_CONFIG_HOME=${dir}/config`,
    `XDG_DATA_HOME=${dir}/share`,
    `XDG_RUNTIME_DIR=${dir}/run`,
    `HOME=${dir}`,
  ];
  return (cmd: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', 'env', ...env, cmd, ...args]]
      : ['env', [...env, cmd, ...args]];
}

export const hasPgAutoFailover = () =>
  existsSync('/usr/bin/pg_autoctl') && existsSync(join(BIN, 'pg_ctl')) && existsSync('/usr/sbin/haproxy');

/** Creates the monitor and two data nodes, runs them, and waits for a primary with a synchronous secondary. */
export async function startCluster(): Promise<HaCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'haat-ha-'));
  chmodSync(dir, 0o755);
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const cmd = asPostgres(dir);
  const run = (name: string, args: string[]) => {
    const [file, argv] = cmd(name, args);
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  };
  const runAsync = async (name: string, args: string[]) => {
    const [file, argv] = cmd(name, args);
    return (await execFileAsync(file, argv, { encoding: 'utf8', cwd: dir })).stdout;
  };
  const services = new Map<string, ChildProcess>();
  /** `pg_autoctl run` for one PGDATA, in a process group of its own, its output appended to `<name>.log`. */
  const runService = (name: string, pgdata: string) => {
    const [file, argv] = cmd('pg_autoctl', ['run', '--pgdata', pgdata]);
    const log = openSync(join(dir, `${name}.log`), 'a');
    const child = spawn(file, argv, { cwd: dir, detached: true, stdio: ['ignore', log, log] });
    child.unref();
    services.set(name, child);
  };
  const killGroup = (name: string) => {
    const child = services.get(name);
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }
  };

  let stopped = false;
  const hardStop = () => {
    if (stopped) return;
    stopped = true;
    for (const name of services.keys()) killGroup(name);
    for (const n of [...nodes.map((n) => n.pgdata), join(dir, 'monitor')]) killPostmaster(n);
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = () => {
    hardStop();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', hardStop);

  const nodes: HaNode[] = [];
  const monitorPort = await freePort();
  try {
    const monitorData = join(dir, 'monitor');
    run('pg_autoctl', [
      'create',
      'monitor',
      '--pgdata',
      monitorData,
      '--pgport',
      String(monitorPort),
      '--hostname',
      '127.0.0.1',
      '--auth',
      'trust',
      '--no-ssl',
    ]);
    run('pg_autoctl', ['config', 'set', '--pgdata', monitorData, 'postgresql.listen_addresses', '127.0.0.1']);
    runService('monitor', monitorData);
    const monitorUrl = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
    const owner = postgres(`postgres://postgres@127.0.0.1:${monitorPort}/pg_auto_failover`, {
      max: 1,
      onnotice: () => {},
      connect_timeout: 2,
    });
    for (let i = 0; ; i++) {
      try {
        for (const [k, v] of Object.entries(MONITOR_SETTINGS))
          await owner.unsafe(`alter system set ${k} = '${v}'`);
        await owner.unsafe('select pg_reload_conf()');
        break;
      } catch (e) {
        if (i > 100) throw e;
        await sleep(100);
      }
    }
    await owner.end();

    const createNode = async (i: number) => {
      const node = { name: `node${i}`, port: await freePort(), pgdata: join(dir, `node${i}`) };
      run('pg_autoctl', [
        'create',
        'postgres',
        '--pgdata',
        node.pgdata,
        '--pgport',
        String(node.port),
        '--listen',
        '127.0.0.1',
        '--hostname',
        '127.0.0.1',
        '--name',
        node.name,
        '--auth',
        'trust',
        '--no-ssl',
        '--pgctl',
        join(BIN, 'pg_ctl'),
        '--monitor',
        monitorUrl,
      ]);
      run('pg_autoctl', [
        'config',
        'set',
        '--pgdata',
        node.pgdata,
        'timeout.network_partition_timeout',
        String(NETWORK_PARTITION_TIMEOUT_S),
      ]);
      nodes.push(node);
      runService(node.name, node.pgdata);
      return node;
    };
    const first = await createNode(1);
    await waitFor(
      async () => (await state()).some((s) => s.name === first.name && s.reported === 'single'),
      60_000,
    );
    await createNode(2);
  } catch (e) {
    hardStop();
    throw e;
  }

  const hostList = () => nodes.map((n) => `127.0.0.1:${n.port}`).join(',');
  async function state(): Promise<NodeState[]> {
    const out = await runAsync('pg_autoctl', ['show', 'state', '--json', '--pgdata', join(dir, 'monitor')]);
    return (
      JSON.parse(out) as {
        nodename: string;
        nodeport: number;
        current_group_state: string;
        assigned_group_state: string;
      }[]
    ).map((s) => ({
      name: s.nodename,
      port: s.nodeport,
      reported: s.current_group_state,
      assigned: s.assigned_group_state,
    }));
  }
  const byName = (name: string) => nodes.find((n) => n.name === name) as HaNode;
  const ownerSql = (node: HaNode) =>
    postgres(`postgres://postgres@127.0.0.1:${node.port}/postgres`, {
      max: 1,
      onnotice: () => {},
      connect_timeout: 2,
    });

  const cluster: HaCluster = {
    dir,
    monitorPort,
    nodes,
    writeUrl: (db = 'postgres') =>
      `postgres://postgres@${hostList()}/${db}?target_session_attrs=read-write&connect_timeout=2`,
    readUrl: (db = 'postgres') =>
      `postgres://postgres@${hostList()}/${db}?target_session_attrs=prefer-standby&connect_timeout=2`,
    state,
    async waitHealthy(timeoutMs = 90_000) {
      let found: { primary: HaNode; secondary: HaNode; syncNames: string } | undefined;
      await waitFor(async () => {
        const s = await state();
        const p = s.find((x) => x.reported === 'primary' && x.assigned === 'primary');
        const sec = s.find((x) => x.reported === 'secondary' && x.assigned === 'secondary');
        if (!p || !sec) return false;
        const sql = ownerSql(byName(p.name));
        try {
          const [row] = await sql<
            { names: string }[]
          >`select current_setting('synchronous_standby_names') as names`;
          if (!row?.names) return false;
          found = { primary: byName(p.name), secondary: byName(sec.name), syncNames: row.names };
          return true;
        } catch {
          return false;
        } finally {
          await sql.end({ timeout: 1 });
        }
      }, timeoutMs);
      return found as { primary: HaNode; secondary: HaNode; syncNames: string };
    },
    killNode(node) {
      killPostmaster(node.pgdata);
      killGroup(node.name);
    },
    async waitForPromotion(lost, since, timeoutMs = 60_000) {
      let promoted: HaNode | undefined;
      await waitFor(async () => {
        const s = (await state()).find(
          (x) =>
            x.name !== lost.name &&
            ['primary', 'wait_primary'].includes(x.assigned) &&
            x.reported === x.assigned,
        );
        promoted = s && byName(s.name);
        return !!promoted;
      }, timeoutMs);
      return { node: promoted as HaNode, ms: Math.round(performance.now() - since) };
    },
    restartNode(node) {
      runService(node.name, node.pgdata);
    },
    async delayStandby(ms) {
      const s = (await state()).find((x) => x.reported === 'secondary');
      if (!s) throw new Error('no secondary to delay');
      const sql = ownerSql(byName(s.name));
      await sql.unsafe(`alter system set recovery_min_apply_delay = '${Math.trunc(ms)}ms'`);
      await sql.unsafe('select pg_reload_conf()');
      await sql.end();
      return byName(s.name);
    },
    logTail(name, lines = 30) {
      return cluster.log(name).split('\n').slice(-lines).join('\n');
    },
    log(name) {
      try {
        return readFileSync(join(dir, `${name}.log`), 'utf8');
      } catch {
        return '';
      }
    },
    async stop() {
      if (stopped) return;
      // Nodes first (a primary whose standby stops first waits for it), then the monitor; SIGKILL after 15 s.
      for (const name of [...nodes.map((n) => n.name).reverse(), 'monitor']) {
        const child = services.get(name);
        if (!child?.pid || child.exitCode !== null || child.signalCode !== null) continue;
        const pgdata = name === 'monitor' ? join(dir, 'monitor') : byName(name).pgdata;
        try {
          run('pg_autoctl', ['stop', '--pgdata', pgdata]);
        } catch {}
        await waitFor(async () => child.exitCode !== null || child.signalCode !== null, 15_000).catch(
          () => {},
        );
      }
      hardStop();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.off('exit', hardStop);
    },
  };
  return cluster;
}

/** SIGKILL to the postmaster of a data directory (the first line of postmaster.pid) and its children. */
function killPostmaster(pgdata: string) {
  let pid = 0;
  try {
    pid = Number(readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!pid || !isPostgres(pid)) return;
  const children = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number))
    .filter(([, ppid]) => ppid === pid)
    .map(([p]) => p as number);
  for (const p of [pid, ...children]) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {}
  }
}

/** Whether that pid is a PostgreSQL server process (a postmaster.pid left behind may name a reused pid). */
function isPostgres(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return false;
  }
}

async function waitFor(ok: () => Promise<boolean>, timeoutMs: number) {
  const t0 = performance.now();
  for (;;) {
    if (await ok().catch(() => false)) return;
    if (performance.now() - t0 > timeoutMs) throw new Error(`not reached within ${timeoutMs} ms`);
    await sleep(200);
  }
}
