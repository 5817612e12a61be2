import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLoader } from '../../../scripts/server-bundle.mjs';

// The server's entry (scripts/server-loader.mjs, decision 0018) with a small program in place of the server: it
// says how its code was loaded, announces its start as server.ts does, and can fail with a stack trace.
const PROGRAM = `
function failHere(): never {
  throw new Error('failed on purpose');
}
const how = (globalThis as Record<symbol, unknown>)[Symbol.for('haat.code-cache')];
console.log(JSON.stringify({ how, version: VERSION }));
(process as NodeJS.EventEmitter).emit('haat:started');
if (process.env.FAIL) failHere();
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'haat-loader-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bundles the program (VERSION filled in) as build-server.mjs bundles the server, with its entry. */
async function bundle(version: number) {
  writeFileSync(join(dir, 'program.ts'), PROGRAM);
  await build({
    entryPoints: [join(dir, 'program.ts')],
    outfile: join(dir, 'server.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    sourcemap: true,
    sourcesContent: false,
    define: { VERSION: String(version) },
    logLevel: 'silent',
  });
  writeLoader(join(dir, 'server.mjs'), join(dir, 'server.cjs'));
}
const start = (env: Record<string, string> = {}) =>
  JSON.parse(
    execFileSync(process.execPath, [join(dir, 'server.mjs')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }).toString(),
  );
const caches = () => readdirSync(dir).filter((f) => f.endsWith('.v8cache'));

describe("the server's entry", () => {
  it('compiles on the first start, saves the code when started, and loads it on the next', async () => {
    await bundle(1);
    expect(start()).toEqual({ how: 'compiled', version: 1 });
    expect(caches()).toHaveLength(1);
    expect(start()).toEqual({ how: 'loaded', version: 1 });
  });

  it('never runs an older build from the cache, and keeps only the current build its cache', async () => {
    await bundle(2);
    const [old] = caches();
    expect(start()).toEqual({ how: 'compiled', version: 2 });
    expect(caches()).toHaveLength(1);
    expect(caches()[0]).not.toBe(old);
    expect(start()).toEqual({ how: 'loaded', version: 2 });
  });

  it("leaves a newer build's cache alone (a rebuild while an older process was running)", async () => {
    const newer = join(dir, 'server.cjs.ffffffffffffffff.v8cache');
    writeFileSync(newer, 'a later build');
    const later = new Date(Date.now() + 60_000);
    utimesSync(newer, later, later);
    for (const f of caches()) if (!f.includes('ffff')) rmSync(join(dir, f));
    expect(start()).toEqual({ how: 'compiled', version: 2 });
    expect(caches()).toHaveLength(2);
    rmSync(newer);
  });

  it('starts without a cache it cannot read, and names source files in stack traces', async () => {
    for (const f of caches()) writeFileSync(join(dir, f), 'not compiled code');
    expect(start()).toEqual({ how: 'compiled', version: 2 });
    let stderr = '';
    try {
      start({ FAIL: '1' });
    } catch (err) {
      stderr = String((err as { stderr: Buffer }).stderr);
    }
    expect(stderr).toContain('Error: failed on purpose');
    expect(stderr).toMatch(/at failHere \(.*program\.ts:3:9\)/);
  });
});
