import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXIT_UNCAUGHT } from './fatal.ts';

const fixture = fileURLToPath(new URL('../../test/fixtures/uncaught-in-request.ts', import.meta.url));

/** Starts the fixture server, asks /slow then /boom, and collects what the process printed and how it ended. */
async function crashOnce(kind: 'exception' | 'rejection' | 'lost-connection') {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, kind], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no port: ${out}`)), 20_000);
    child.stdout.on('data', () => {
      const m = /PORT (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  if (kind === 'lost-connection') {
    await fetch(`http://127.0.0.1:${port}/boom`);
    await new Promise((r) => setTimeout(r, 200));
    // Still serving after the rejection was logged.
    const after = await fetch(`http://127.0.0.1:${port}/slow`).then((r) => r.json());
    child.kill('SIGKILL');
    return { boom: 200, slow: after, code: await exited, out };
  }
  // A request in flight when the error happens is still answered (the server drains before it exits).
  const slow = fetch(`http://127.0.0.1:${port}/slow`).then((r) => r.json());
  await new Promise((r) => setTimeout(r, 50));
  const boom = await fetch(`http://127.0.0.1:${port}/boom`);
  return { boom: boom.status, slow: await slow, code: await exited, out };
}

describe('an error nobody caught', () => {
  it('a lost database connection left unawaited is logged with its request, and the worker keeps serving', async () => {
    const { slow, code, out } = await crashOnce('lost-connection');
    expect(slow).toEqual({ finished: true });
    expect(code).toBeNull(); // killed by the test, not exited by itself
    const logged = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; requestId?: string })
      .find((l) => l.level === 50);
    expect(logged?.requestId).toBe('req-fatal-test');
  });

  for (const kind of ['exception', 'rejection'] as const) {
    it(`(${kind}) is logged with its request id, the requests in flight finish, and the process exits on purpose`, async () => {
      const { boom, slow, code, out } = await crashOnce(kind);
      expect(boom).toBe(200);
      expect(slow).toEqual({ finished: true });
      expect(code).toBe(EXIT_UNCAUGHT);
      const fatal = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; requestId?: string; msg: string })
        .find((l) => l.level === 60);
      expect(fatal?.requestId).toBe('req-fatal-test');
      expect(fatal?.msg).toMatch(kind === 'exception' ? /uncaughtException/ : /unhandledRejection/);
    });
  }
});
