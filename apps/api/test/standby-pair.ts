import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { freePort } from '../src/modules/mail/testing/smtp-server.ts';

/*
 * A PostgreSQL primary and a streaming standby of its own (tests of reads on a standby, decision 0026): Debian's
 * PostgreSQL 15 binaries, a temporary folder, ports of their own, trust authentication on 127.0.0.1. As root, the
 * servers run as the `postgres` user (PostgreSQL refuses root). `close` stops both and removes the folder.
 */

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = userInfo().uid === 0;

function run(cmd: string, args: string[]) {
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(BIN, cmd), ...args]]
    : [join(BIN, cmd), args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export const hasPostgresBinaries = () => existsSync(join(BIN, 'initdb'));

export interface StandbyPair {
  /** Owner URLs (user postgres) of the primary and the standby, database `db`. */
  primaryUrl: (db?: string) => string;
  standbyUrl: (db?: string) => string;
  /** Holds the standby's replay back by `ms` (recovery_min_apply_delay), 0 to replay at once. */
  delayStandby(ms: number): Promise<void>;
  /** Stops the standby at once (as if its machine died), or starts it again. */
  stopStandby(): void;
  startStandby(): void;
  close(): Promise<void>;
}

export async function startStandbyPair(): Promise<StandbyPair> {
  const dir = mkdtempSync(join(tmpdir(), 'haat-standby-'));
  chmodSync(dir, 0o755);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const [p1, p2] = [await freePort(), await freePort()];
  const primary = join(dir, 'primary');
  const standby = join(dir, 'standby');
  const settings = (port: number) => [
    '-c',
    `port=${port}`,
    '-c',
    "listen_addresses='127.0.0.1'",
    '-c',
    `unix_socket_directories='${dir}'`,
    '-c',
    'fsync=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=60',
  ];
  const start = (data: string, port: number) =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      `${data}.log`,
      '-w',
      '-t',
      '30',
      '-o',
      settings(port).join(' '),
      'start',
    ]);
  run('initdb', [
    '-D',
    primary,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  start(primary, p1);
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(p1),
    '-U',
    'postgres',
    '-D',
    standby,
    '-R',
    '-c',
    'fast',
  ]);
  start(standby, p2);
  const url =
    (port: number) =>
    (db = 'postgres') =>
      `postgres://postgres@127.0.0.1:${port}/${db}`;
  const standbyUrl = url(p2);
  let stopped = false;
  return {
    primaryUrl: url(p1),
    standbyUrl,
    async delayStandby(ms) {
      const sql = postgres(standbyUrl(), { max: 1, onnotice: () => {} });
      await sql.unsafe(`alter system set recovery_min_apply_delay = '${Math.trunc(ms)}ms'`);
      await sql.unsafe('select pg_reload_conf()');
      await sql.end();
    },
    stopStandby() {
      run('pg_ctl', ['-D', standby, '-m', 'immediate', '-w', 'stop']);
      stopped = true;
    },
    startStandby() {
      start(standby, p2);
      stopped = false;
    },
    async close() {
      for (const [data, down] of [
        [standby, stopped],
        [primary, false],
      ] as const) {
        if (!down) {
          try {
            run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
          } catch {
            // already stopped
          }
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
