/**
 * What the process-level tests (crash-test.ts, two-process-test.ts) share: a fresh migrated and seeded
 * PostgreSQL database, the real server started as a child process on it, HTTP calls, customer sign-up, checks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openDatabase, pgUrlWithDatabase } from '@haat/db';
import { seedDemo } from '@haat/db/seed';
import postgres from 'postgres';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Prints each check and remembers the failures. */
export function checks() {
  const problems: string[] = [];
  const expect = (ok: boolean, what: string) => {
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
    if (!ok) problems.push(what);
  };
  return { problems, expect };
}

/** A new database on the PostgreSQL of `base`, migrated and seeded with the demo shops. */
export async function freshDatabase(base: string, prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = pgUrlWithDatabase(base, name);
  const setup = await openDatabase({ url });
  await setup.migrate();
  await seedDemo(setup.owner);
  await setup.close();
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  return {
    url,
    sql,
    drop: async () => {
      await sql.end();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The environment of a server on that database: mail to `smtpUrl`, one signing secret for every process. */
export const serverEnv = (
  databaseUrl: string,
  port: number,
  smtpUrl: string,
  extra: Record<string, string> = {},
) => ({
  ...process.env,
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  HOST: '127.0.0.1',
  SMTP_URL: smtpUrl,
  SEED_DEMO: 'false',
  AUTH_SECRET: 'process-tests-secret-shared-by-every-server',
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  ...extra,
});

/** Starts apps/api/src/server.ts with `env` and waits until it answers on its port. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    env,
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the server on ${origin} did not start`);
}

export type Json = { data?: Record<string, unknown> & { id?: string }; message?: string };
/** One JSON call; the answer's status and body (an empty object when the body is not JSON). */
export async function call(
  origin: string,
  method: string,
  path: string,
  body?: object,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as Json };
}

/** Signs a customer of the shop up and verifies them with the code from the dev mailbox; their session. */
export async function signUpCustomer(
  origin: string,
  slug: string,
  email: string,
  headers: Record<string, string> = {},
) {
  const shop = { 'store-origin': slug, ...headers };
  await call(
    origin,
    'POST',
    '/api/store/store-user/user/',
    {
      first_name: 'Test',
      last_name: 'Shopper',
      email,
      phone: '9876543210',
      password: 'process-test-pass-1',
      confirm_password: 'process-test-pass-1',
      role_name: 'CUSTOMER',
      terms: true,
    },
    shop,
  );
  const mails = (
    await call(origin, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`, undefined, headers)
  ).json.data as unknown as { text: string }[];
  const otp = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  const verified = await call(
    origin,
    'POST',
    '/api/user/auth/verify-otp/',
    { verification_field: email, otp, role_name: 'CUSTOMER' },
    shop,
  );
  const session = verified.json.data as { access_token: string; refresh_token: string };
  return { session, auth: { ...shop, authorization: `Bearer ${session.access_token}` } };
}

/** Saves a delivery address in Pune for a signed-in shopper (`auth` from signUpCustomer); its id. */
export async function addAddress(origin: string, auth: Record<string, string>, name: string) {
  const saved = await call(
    origin,
    'POST',
    '/api/store/address/',
    {
      full_name: name,
      phone_number: '9876543210',
      address_line1: `1 ${name} Road`,
      city: 'Pune',
      state: 'Maharashtra',
      postal_code: '411001',
    },
    auth,
  );
  return (saved.json.data as { id: string } | undefined)?.id;
}

/** Message-IDs the mail worker gave (`<outbox-id@outbox.haat>`) in raw messages, as outbox ids. */
export const outboxIdsIn = (raws: string[]) =>
  raws
    .map((raw) => /^Message-ID:\s*<([^@>]+)@outbox\.haat>/im.exec(raw)?.[1])
    .filter((id): id is string => !!id);

/**
 * Moves time on for the outbox instead of waiting: mail waiting out a retry's backoff, or the 60 s lease of a claim
 * whose worker was killed, becomes due now. A claim made in the last 10 s (due more than 50 s from now) belongs to
 * a worker that is sending it at this moment, and keeps its lease: voiding it would have a second worker send the
 * same mail again, a duplicate this test made and not the server (the fault suite saw 3 of 594 that way).
 */
export const moveMailTimeOn = (sql: postgres.Sql) =>
  sql`update outbox set next_attempt_at = now()
       where status = 'PENDING' and next_attempt_at < now() + interval '50 seconds'`;
