// `npm run bench:marketplace`: the marketplace's product search across every open shop (issue 20), on
// PostgreSQL. A fresh database, migrated and filled by seed:scale (10,000 shops x 100 products by default; the
// read model is filled by its triggers as the seed writes), then the built server as a child process measured at
// 20 connections: searches with filters and sorts, a typo, and browsing without a search. Also: the plans of
// each search (as the app role; auto_explain of the function's statements) and the cost of closing and reopening a shop.
// Prints a markdown block for docs/benchmarks.md. BENCH_STORES and BENCH_PRODUCTS shrink it for a try-out;
// BENCH_REUSE_DB names an existing database already filled by seed:scale (migrated, not seeded again, kept);
// BENCH_KEEP=1 keeps the fresh database afterwards (its name is printed) so it can be measured again with
// BENCH_REUSE_DB. BENCH_BEFORE_REF=<commit> also bundles the server with the marketplace's route, repository and
// service as they were at that commit (everything else as in this tree) and measures both servers on the same database, each
// search before then after, so a change of the search is compared within one run.
import { execFileSync } from 'node:child_process';
import { type MarketplaceProductQuery, marketplaceProductQuery } from '@haat/contracts';
import { openDatabase, rowsOf } from '@haat/db';
import { seedScale } from '@haat/db/seed';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PluginBuild } from 'esbuild';
import postgres from 'postgres';
import { marketplaceSearchCall } from '../apps/api/src/modules/stores/marketplace.repository.ts';
import {
  adminUrl,
  DURATION,
  freshDatabase,
  loadNote,
  type Measured,
  machine,
  measure,
  ms,
  type Server,
  startServer,
} from './bench-kit.ts';
import { bundleServer } from './server-bundle.mjs';

const STORES = Number(process.env.BENCH_STORES ?? 10_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100);
const SEARCH = '/api/store/get-store/products/';
const REUSE = process.env.BENCH_REUSE_DB;
const KEEP = !!process.env.BENCH_KEEP;
const BEFORE_REF = process.env.BENCH_BEFORE_REF;
const BEFORE_BUNDLE = 'apps/api/dist/server-before.mjs';
const MARKETPLACE_FILES = [
  'apps/api/src/modules/stores/marketplace.repository.ts',
  'apps/api/src/modules/stores/marketplace.service.ts',
  'apps/api/src/modules/stores/stores.routes.ts',
];

/** The server bundle of this tree (as build-server.mjs makes it) with the marketplace's files as at `ref`. */
async function buildBefore(ref: string) {
  const old = new Map(
    MARKETPLACE_FILES.map((f) => [
      f,
      execFileSync('git', ['show', `${ref}:${f}`], { encoding: 'utf8', maxBuffer: 1 << 24 }),
    ]),
  );
  await bundleServer(BEFORE_BUNDLE, [
    {
      name: 'before',
      setup(b: PluginBuild) {
        b.onLoad({ filter: /(marketplace\.(repository|service)|stores\.routes)\.ts$/ }, (args) => {
          const f = MARKETPLACE_FILES.find((x) => args.path.endsWith(x));
          return f
            ? { contents: old.get(f), loader: 'ts', resolveDir: args.path.replace(/\/[^/]+$/, '') }
            : undefined;
        });
      },
    },
  ]);
}

/** The searches measured: the issue's target is the first (a search with a filter and a sort). */
const TARGETS: { query: string; target?: string }[] = [
  { query: 'search=kurta&city=Pune&sort=price_asc&limit=12', target: 'p95 <= 50 ms, 1 statement' },
  { query: 'search=kurta&category=Fashion&min_price=500&max_price=2000&sort=price_asc&limit=12' },
  { query: 'search=kurtha&limit=12' },
  { query: 'search=masala%20chai&in_stock=true&sort=newest&limit=12' },
  { query: 'search=bluetooth%20speaker&city=Bengaluru&sort=price_desc&limit=12&offset=24' },
  { query: 'category=Home&city=Kochi&min_price=500&sort=newest&limit=12' },
  { query: 'limit=12' },
];

const log = (line: string) => console.error(line);

/** An existing database on the bench server, left as it is afterwards. */
function reused(name: string) {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { name, url: u.toString(), drop: async () => {}, keep: async () => {} };
}

async function main() {
  const db = REUSE ? reused(REUSE) : await freshDatabase('haat_bench_market');
  log(`database ${db.name}${REUSE || KEEP ? ' (kept afterwards)' : ''}`);
  let server: Server | undefined;
  let before: Server | undefined;
  const out: string[] = [];
  try {
    const setup = await openDatabase({ url: db.url });
    await setup.migrate();
    const owner = setup.owner;
    const t0 = performance.now();
    await seedScale(owner, { stores: STORES, products: PRODUCTS, log });
    const seedS = (performance.now() - t0) / 1000;
    await owner.execute(sql`vacuum analyze marketplace_products`);
    const [sizes] = rowsOf<{ products: number; listed: number; db: string; model: string }>(
      await owner.execute(
        sql`select (select count(*)::int from products) as products, (select count(*)::int from marketplace_products) as listed,
                   pg_size_pretty(pg_database_size(current_database())) as db,
                   pg_size_pretty(pg_total_relation_size('marketplace_products')) as model`,
      ),
    );
    log(
      `data: ${sizes?.products} products, ${sizes?.listed} listed, ${sizes?.db}; seed ${seedS.toFixed(0)} s`,
    );

    // What a shop's status change costs the writer: closing drops its rows, reopening rebuilds them.
    const timed = async (status: string) => {
      const s = performance.now();
      await owner.execute(sql`update stores set online_status = ${status} where slug = 'scale-000007'`);
      return performance.now() - s;
    };
    const closeMs = await timed('SUSPENDED');
    const reopenMs = await timed('PUBLISHED');

    // Plans, as the app role runs them: the server's one statement (the call of marketplace_search) with its total
    // time, and the statements the function runs inside, through auto_explain (their plans come back as notices).
    await setup.close();
    const plans: string[] = [];
    const notices: string[] = [];
    const explainer = postgres(db.url, { max: 1, onnotice: (n) => notices.push(String(n.message)) });
    try {
      await explainer.unsafe(`load 'auto_explain'`);
      await explainer.unsafe(`set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
        set auto_explain.log_buffers = on; set auto_explain.log_nested_statements = on;
        set auto_explain.log_format = text; set role haat_app`);
      for (const t of TARGETS) {
        const q: MarketplaceProductQuery = marketplaceProductQuery.parse(
          Object.fromEntries(new URLSearchParams(t.query)),
        );
        const call = new PgDialect().sqlToQuery(marketplaceSearchCall(q));
        const params = call.params as (string | number | boolean | null)[];
        await explainer.unsafe(call.sql, params); // warm: the first call of a session loads pg_trgm
        notices.length = 0;
        await explainer.unsafe('set client_min_messages = log');
        await explainer.unsafe(call.sql, params);
        await explainer.unsafe('set client_min_messages = notice');
        const inner = notices.filter((n) => !n.includes('marketplace_search('));
        const outer = notices.find((n) => n.includes('marketplace_search('));
        plans.push(`-- ${t.query}\n${outer ?? ''}\n${inner.join('\n')}`);
      }
    } finally {
      await explainer.end();
    }
    if (process.env.BENCH_PLANS) log(plans.join('\n\n'));

    if (BEFORE_REF) {
      await buildBefore(BEFORE_REF);
      before = await startServer(db.url, {}, BEFORE_BUNDLE);
    }
    server = await startServer(db.url);
    const versions: [string, Server][] = before
      ? [
          [`before (${BEFORE_REF})`, before],
          ['after', server],
        ]
      : [['', server]];
    const results: [string, string, Measured, string][] = [];
    for (const t of TARGETS) {
      for (const [label, srv] of versions) {
        const path = `${SEARCH}?${t.query}`;
        const first = await fetch(`${srv.origin}${path}`);
        const data = ((await first.json()) as { data: { count: number; count_capped: boolean } }).data;
        const count = `${data.count.toLocaleString('en')}${data.count_capped ? '+' : ''}`;
        log(`measuring ${label} ${path} (${count} matches)`);
        const m = await measure(
          { url: `${srv.origin}${path}`, connections: 20, duration: DURATION, timeout: 30 },
          { pid: srv.pid, db: db.name },
        );
        if (m.errors || Object.keys(m.statuses).some((s) => s !== '200'))
          log(`  ${JSON.stringify(m.statuses)}, ${m.errors} errors`);
        log(
          `  ${Math.round(m.rps)} req/s, p95 ${ms(m.p95)} ms, server ${m.cpuMsPerReq?.toFixed(2)} ms/req, PostgreSQL ${m.pgCpuMsPerReq?.toFixed(2)} ms/req, load ${loadNote(m)}`,
        );
        results.push([t.query, label, m, count]);
      }
    }

    out.push(`### ${new Date().toISOString().slice(0, 10)}, marketplace search: ${await machine()}\n`);
    out.push(
      `Data: ${sizes?.products.toLocaleString('en')} products (${REUSE ? `database ${REUSE}, filled by seed:scale before the run` : `seed:scale ${STORES.toLocaleString('en')} x ${PRODUCTS} in ${seedS.toFixed(0)} s`}; the read model filled by its triggers as the seed wrote), ${sizes?.listed.toLocaleString('en')} rows in marketplace_products (${sizes?.model} with indexes), database ${sizes?.db}.\n`,
    );
    out.push(
      `| GET ${SEARCH}? (20 connections, ${DURATION} s) | version | count answered | req/s | p50 ms | p95 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | load avg at start |`,
    );
    out.push('|---|---|---|---|---|---|---|---|---|---|');
    for (const [query, label, m, count] of results) {
      const target = TARGETS.find((t) => t.query === query)?.target;
      out.push(
        `| \`${query}\`${target ? ` (target ${target})` : ''} | ${label || '-'} | ${count} | ${Math.round(m.rps)} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.cpuMsPerReq?.toFixed(2) ?? '-'} | ${m.pgCpuMsPerReq?.toFixed(2) ?? '-'} | ${loadNote(m)} |`,
      );
    }
    out.push('');
    out.push(
      `- Closing a ${PRODUCTS}-product shop (its rows deleted by the stores trigger) took ${closeMs.toFixed(0)} ms; reopening it (rows rebuilt from its tables) ${reopenMs.toFixed(0)} ms, each one UPDATE of stores.`,
    );
    console.log(
      `\n${out.join('\n')}\n\n<details><summary>Plans</summary>\n\n\`\`\`\n${plans.join('\n\n')}\n\`\`\`\n</details>`,
    );
  } finally {
    await server?.stop();
    await before?.stop();
    if (REUSE || !KEEP) await db.drop();
    else {
      await db.keep();
      log(`kept database ${db.name}: measure it again with BENCH_REUSE_DB=${db.name}`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
