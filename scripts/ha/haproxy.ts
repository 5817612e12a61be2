/**
 * HAProxy (Debian's package) in front of several app servers for the failover test (issue 36): round robin,
 * each server health-checked with `GET /api/health` (200 healthy; 503 while it drains or cannot reach its
 * database), checked every 500 ms, out after 2 failures, back after 2 successes. The same servers are listed once
 * more as backups without checks: when every server fails its check at once (the database itself is failing over,
 * so every /api/health says 503), requests still go to them, so shop pages they can answer keep being answered and
 * writes get the server's own 503 with Retry-After instead of HAProxy's. docs/deploy.md shows the same config.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

export interface HaProxy {
  pid: number | undefined;
  port: number;
  origin: string;
  configFile: string;
  /** What HAProxy logged (warnings: a server going DOWN or UP, with the reason). */
  log(): string;
  stop(): Promise<void>;
}

export function haproxyConfig(port: number, servers: number[]): string {
  const checked = servers.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`);
  const backups = servers.map((p, i) => `  server app${i + 1}-any 127.0.0.1:${p} backup`);
  return `global
  maxconn 2000
  log stderr format short local0 notice

defaults
  mode http
  log global
  option dontlognull
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  retries 2
  option redispatch

frontend shops
  bind 127.0.0.1:${port}
  default_backend app

backend app
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${[...checked, ...backups].join('\n')}
`;
}

/** Writes haproxy.cfg into `dir` and starts `haproxy -f haproxy.cfg -db` on `port`; resolves once it listens. */
export async function startHaProxy(dir: string, port: number, servers: number[]): Promise<HaProxy> {
  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(port, servers));
  let output = '';
  const child: ChildProcess = spawn('haproxy', ['-f', configFile, '-db'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
  for (let i = 0; i < 100 && !(await listening()); i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid,
    port,
    origin: `http://127.0.0.1:${port}`,
    configFile,
    log: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGUSR1'); // soft stop: finishes the connections it has
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
