// `npm run bench:signin`: signing in at a second shop with one Haat account (issue 40: p95 <= 50 ms at 20
// connections; decisions 0029, 0032). A fresh database on the local server (BENCH_DATABASE_URL, an admin URL),
// migrated, with the demo shops. Shoppers are inserted directly as the database owner (BENCH_SHOPPERS, 6,000):
// each a verified Haat account with its customer row at shop A (shared, as after an order), a live session there
// (a refresh token) and a sign-in code (LOGIN) on that row, so sign-up, mails and rate limits stay out of the way.
// The bundled server runs as a child process and autocannon loads each case at 20 connections (BENCH_CONNECTIONS):
//   reference: GET /api/user/auth/me/ at A (one query, the sign-in check cached);
//   (a) Continue as, the first time at B: POST /api/user/auth/switch-shop/ with A's refresh token, every request
//       another shopper (B's customer row is made), one request per shopper not used by (c);
//   (b) Continue as again: the same shoppers, B's row already there;
//   (c) the code path, the first time at B: POST /api/user/auth/verify-otp/ at B with the code (held by A's row),
//       every request another shopper (B's row is made), BENCH_CODE_SIGNINS requests (2,000).
// SQL statements per request are counted in-process. BENCH_SECONDS sets each timed run (10); BENCH_KEEP=1 keeps the
// database. Prints a markdown block for docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import { openDatabase, rowsOf } from '@haat/db';
import { seedDemo } from '@haat/db/seed';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { hashOtp, hashPassword, hashToken } from '../apps/api/src/modules/accounts/index.ts';
import { signAccessToken } from '../apps/api/src/modules/accounts/tokens.ts';
import {
  AUTH_SECRET,
  classify,
  DURATION,
  finishBench,
  freshDatabase,
  loadNote,
  type Measured,
  machine,
  measure,
  ms,
  runBench,
  type Server,
  startServer,
} from './bench-kit.ts';

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 6000);
const CODE_SIGNINS = Number(process.env.BENCH_CODE_SIGNINS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CODE = '246810';
const log = (line: string) => console.error(line);
const secret = new TextEncoder().encode(AUTH_SECRET);

interface Shopper {
  email: string;
  userId: string;
  familyId: string;
  refresh: string;
}
type Shop = { id: string; slug: string };

/** The two open demo shops (by slug) and SHOPPERS shoppers signed in at the first, as the database owner. */
async function loadShoppers(url: string) {
  const setup = await openDatabase({ url });
  try {
    await setup.migrate();
    await seedDemo(setup.owner);
    const shops = rowsOf<Shop>(
      await setup.owner.execute(sql`select id, slug from stores where online_status = 'PUBLISHED'
        order by slug limit 2`),
    );
    const [a, b] = shops;
    if (!a || !b) throw new Error('two open demo shops are needed');
    const password = await hashPassword('bench-shopper-password');
    const run = randomUUID().slice(0, 8);
    const shoppers: Shopper[] = Array.from({ length: SHOPPERS }, (_, i) => ({
      email: `bench-${run}-${i}@shoppers.bench.haat.test`,
      userId: randomUUID(),
      familyId: randomUUID(),
      refresh: `bench-refresh-${randomUUID()}-${i}`,
    }));
    const col = <K extends keyof Shopper>(k: K) => sql.param(shoppers.map((s) => s[k]));
    await setup.owner.execute(sql`
      with accounts as (
        insert into shopper_accounts (email, password_hash, email_verified_at, first_name, last_name, phone)
        select e, ${password}, now(), 'Bench', 'Shopper', '98' || lpad((row_number() over ())::text, 8, '0')
          from unnest(${col('email')}::text[]) e
        returning id, email
      )
      insert into users (id, role, store_id, email, first_name, last_name, phone, password_hash,
                         email_verified_at, shopper_account_id, shared_at)
      select s.id, 'CUSTOMER', ${a.id}, s.email, 'Bench', 'Shopper', null, ${password}, now(), accounts.id, now()
        from unnest(${col('userId')}::uuid[], ${col('email')}::text[]) as s(id, email)
        join accounts on accounts.email = s.email`);
    await setup.owner.execute(sql`
      insert into refresh_tokens (user_id, family_id, token_hash, persistent, expires_at)
      select u, f, h, true, now() + interval '1 day'
        from unnest(${col('userId')}::uuid[], ${col('familyId')}::uuid[],
                    ${sql.param(shoppers.map((s) => hashToken(s.refresh)))}::text[]) as t(u, f, h)`);
    const codes = shoppers.map((s) => hashOtp(secret, s.userId, 'LOGIN', CODE));
    await setup.owner.execute(sql`
      insert into otp_codes (user_id, purpose, code_hash, expires_at)
      select u, 'LOGIN', h, now() + interval '1 day'
        from unnest(${col('userId')}::uuid[], ${sql.param(codes)}::text[]) as t(u, h)`);
    for (const t of ['shopper_accounts', 'users', 'refresh_tokens', 'otp_codes'])
      await setup.owner.execute(sql.raw(`vacuum analyze ${t}`));
    return { a, b, shoppers };
  } finally {
    await setup.close();
  }
}

const switchBody = (s: Shopper) => JSON.stringify({ refresh_token: s.refresh });
const codeBody = (s: Shopper) =>
  JSON.stringify({ verification_field: s.email, otp: CODE, role_name: 'CUSTOMER', purpose: 'LOGIN' });

interface Case {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  slug: string;
  /** The shoppers the requests go through, one each (round robin when `reuse`). */
  shoppers: Shopper[];
  body?: (s: Shopper) => string;
  token?: string;
  reuse: boolean;
  /** A fixed number of requests instead of BENCH_SECONDS (each shopper's code works once). */
  amount?: number;
}

/** SQL statements of one request of each case (a shopper of its own, not used in the timed runs). */
async function countStatements(url: string, cases: Case[], spare: Shopper[]) {
  let statements: string[] = [];
  const counted = await openDatabase({ url, onQuery: (s) => statements.push(s) });
  const app = await buildApp({
    db: await counted.app(),
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', AUTH_SECRET, RATE_LIMITS: 'off' }),
    logger: false,
  });
  const out: ReturnType<typeof classify>[] = [];
  for (const [i, c] of cases.entries()) {
    const s = spare[i] as Shopper;
    const headers = {
      'store-origin': c.slug,
      ...(c.body ? { 'content-type': 'application/json' } : {}),
      ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
    };
    // A warmed call (the shop and the sign-in check cached); (b)'s first call also makes B's row.
    if (c.reuse) await app.inject({ method: c.method, url: c.path, headers, payload: c.body?.(s) });
    statements = [];
    const res = await app.inject({ method: c.method, url: c.path, headers, payload: c.body?.(s) });
    if (res.statusCode !== 200) throw new Error(`${c.path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    out.push(classify(statements));
  }
  await app.close();
  await counted.close();
  return out;
}

async function measureCase(server: Server, dbName: string, c: Case): Promise<Measured> {
  let next = 0;
  const pick = () => (c.reuse ? c.shoppers[next++ % c.shoppers.length] : c.shoppers[next++]);
  const headers: Record<string, string> = { 'store-origin': c.slug };
  if (c.body) headers['content-type'] = 'application/json';
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  return measure(
    {
      url: server.origin,
      connections: CONNECTIONS,
      ...(c.amount ? { amount: c.amount } : { duration: DURATION }),
      requests: [
        {
          method: c.method,
          path: c.path,
          headers,
          setupRequest: (req) => {
            if (!c.body) return req;
            const s = pick();
            return s ? { ...req, body: c.body(s) } : req;
          },
        },
      ],
    },
    { warmup: c.reuse ? 3 : 0, pid: server.pid, db: dbName },
  );
}

async function main() {
  const db = await freshDatabase('haat_bench_signin');
  let server: Server | undefined;
  try {
    const t0 = performance.now();
    const { a, b, shoppers } = await loadShoppers(db.url);
    log(`${shoppers.length} shoppers at ${a.slug} in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const [ref, ...rest] = shoppers;
    if (!ref) throw new Error('no shoppers');
    const spare = rest.splice(0, 4);
    const codeShoppers = rest.splice(0, CODE_SIGNINS);
    const switchShoppers = rest;
    const refToken = await signAccessToken(secret, {
      userId: ref.userId,
      role: 'CUSTOMER',
      storeId: a.id,
      familyId: ref.familyId,
    });
    const cases: Case[] = [
      {
        name: 'Reference: one query (GET /api/user/auth/me/ at A)',
        path: '/api/user/auth/me/',
        method: 'GET',
        slug: a.slug,
        shoppers: [],
        token: refToken,
        reuse: true,
      },
      {
        name: '(a) Continue as, first time at B (B’s row made)',
        path: '/api/user/auth/switch-shop/',
        method: 'POST',
        slug: b.slug,
        shoppers: switchShoppers,
        body: switchBody,
        reuse: false,
        amount: switchShoppers.length,
      },
      {
        name: '(b) Continue as again (B’s row there)',
        path: '/api/user/auth/switch-shop/',
        method: 'POST',
        slug: b.slug,
        shoppers: switchShoppers,
        body: switchBody,
        reuse: true,
      },
      {
        name: '(c) sign-in code, first time at B (B’s row made)',
        path: '/api/user/auth/verify-otp/',
        method: 'POST',
        slug: b.slug,
        shoppers: codeShoppers,
        body: codeBody,
        reuse: false,
        amount: codeShoppers.length,
      },
    ];
    const perRequest = await countStatements(db.url, cases, [
      spare[0],
      spare[1],
      spare[2],
      spare[3],
    ] as Shopper[]);
    server = await startServer(db.url);
    const results: Measured[] = [];
    for (const c of cases) {
      log(`${c.name}: ${c.method} ${c.path}`);
      const m = await measureCase(server, db.name, c);
      if (!m.requests || m.requests !== (m.statuses['200'] ?? 0))
        throw new Error(`${c.name}: ${JSON.stringify(m.statuses)}, ${m.errors} errors`);
      log(`  ${Math.round(m.rps)} req/s, p95 ${ms(m.p95)} ms, load ${loadNote(m)}`);
      results.push(m);
    }
    const stmt = (s: ReturnType<typeof classify>) =>
      `${s.queries} (+${s.context} context, +${s.tx} BEGIN/COMMIT)`;
    const out = [
      `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: sign-in at a second shop, ${await machine()}\n`,
      `${shoppers.length.toLocaleString('en')} Haat shoppers signed in at ${a.slug}, signing in at ${b.slug}; ${CONNECTIONS} connections, ${DURATION} s per timed run after 3 s warm-up ((a) and (c): every request a new shopper at B, no warm-up; (c) ${codeShoppers.length.toLocaleString('en')} requests).\n`,
      '| Request | req/s | p50 ms | p95 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | SQL statements/req | load avg at start |',
      '|---|---|---|---|---|---|---|---|---|',
      ...results.map((m, i) => {
        const p = perRequest[i];
        return `| ${cases[i]?.name} | ${Math.round(m.rps)} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.cpuMsPerReq?.toFixed(2) ?? '-'} | ${m.pgCpuMsPerReq?.toFixed(2) ?? '-'} | ${p ? stmt(p) : '-'} | ${loadNote(m)} |`;
      }),
    ];
    console.log(`\n${out.join('\n')}`);
  } finally {
    await finishBench(server, db);
  }
}

runBench(main);
