import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePort: number;
  }
}

const root = resolve(import.meta.dirname, '../../..');

/**
 * Starts the real product once for the browser tests: the built web app on a free port, with a fresh
 * database (a new PostgreSQL database when DATABASE_URL is set, else a new PGlite directory) and the demo seed.
 */
export default async function setup(project: TestProject) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // Every journey signs in from this one address, more than 30 times in 5 minutes in a full run; the per-account
    // limits (and the wrong-code limit the accounts journey checks) stay as in production.
    LOGIN_ADDRESS_LIMIT: '500',
    // Likewise its sign-ups and emailed codes (over 30 sign-ups an hour since the shopper journeys of issue 40).
    SIGNUP_ADDRESS_LIMIT: '500',
    CODE_ADDRESS_LIMIT: '500',
    // The platform operator (role ADMIN) the console journey signs in as; created at start, as in production.
    ADMIN_EMAIL: 'operator@haat.test',
    ADMIN_PASSWORD: 'operator-pass-2026',
    // The lists' mailer (sale reminders, back-in-stock alerts) every second instead of every minute.
    NOTIFIER_INTERVAL_MS: '1000',
  };
  let cleanup = async () => {};
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `haat_e2e_${process.pid}_${Date.now().toString(36)}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    cleanup = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'haat-e2e-'));
    env.DATA_DIR = join(dir, 'pglite');
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  // The bundled server `npm start` runs (test:e2e builds it first).
  const server = spawn(process.execPath, ['apps/api/dist/server.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await waitForPort(server);
  project.provide('e2ePort', port);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await cleanup();
  };
}

function waitForPort(server: ChildProcess): Promise<number> {
  return new Promise((resolvePort, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /running at http:\/\/localhost:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePort(Number(m[1]));
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
      process.stderr.write(c);
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}
