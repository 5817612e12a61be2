// `npm run bench`: load benchmarks on PostgreSQL. Prints a markdown block for docs/benchmarks.md.
// Uses BENCH_DATABASE_URL (an admin URL; default the local server) to create a fresh database, seeds the demo
// shops, and measures: cold start, req/s and p99 under 20 connections, server CPU per request, SQL statements per
// request, and the shopper's initial JavaScript (gzip).
import { openDatabase, schema } from '@haat/db';
import { seedDemo } from '@haat/db/seed';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import {
  DEMO_VENDOR_PASSWORD,
  setDemoVendorPasswords,
} from '../apps/api/src/modules/accounts/bootstrap-accounts.ts';
import { compareWithBaseline } from './bench-baseline.ts';
import { cpuMs, DURATION, freshDatabase, initialJs, machine, type Server, startServer } from './bench-kit.ts';

async function main() {
  const db = await freshDatabase('haat_bench');
  const url = db.url;
  const servers: Server[] = [];
  try {
    const setup = await openDatabase({ url });
    await setup.migrate();
    await seedDemo(setup.owner);
    await setDemoVendorPasswords(setup.owner);
    const vendors = await setup.owner
      .select({ email: schema.users.email, slug: schema.stores.slug })
      .from(schema.users)
      .innerJoin(schema.stores, eq(schema.stores.ownerId, schema.users.id))
      .where(eq(schema.stores.onlineStatus, 'PUBLISHED'));
    await setup.close();

    // SQL statements per request, counted in-process.
    let statements: string[] = [];
    const counted = await openDatabase({ url, onQuery: (q) => statements.push(q) });
    const app = await buildApp({
      db: await counted.app(),
      config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', STOREFRONT_CACHE_MS: '0' }),
      logger: false,
    });
    const shops = (
      await app.inject({ url: '/api/store/get-store/?limit=1', headers: { host: 'localhost' } })
    ).json();
    const slug: string = shops.data.results[0].slug;
    const targets = [
      { name: 'GET /api/store/stores/product (20 products)', path: '/api/store/stores/product?limit=20' },
      { name: 'GET /api/store/stores/home/ (storefront home)', path: '/api/store/stores/home/' },
    ];
    const sqlCounts: Record<string, { all: number; withoutTx: number }> = {};
    for (const t of targets) {
      await app.inject({ url: t.path, headers: { 'store-origin': slug } }); // warm the directory cache
      statements = [];
      const res = await app.inject({ url: t.path, headers: { 'store-origin': slug } });
      if (res.statusCode !== 200) throw new Error(`${t.path}: ${res.statusCode}`);
      const tx = statements.filter((s) => /^(begin|commit|rollback)\b/i.test(s.trim()));
      sqlCounts[t.name] = { all: statements.length, withoutTx: statements.length - tx.length };
    }
    await app.close();
    await counted.close();

    const start = async (extra: Record<string, string> = {}) => {
      const srv = await startServer(url, extra);
      servers.push(srv);
      return srv;
    };
    const load = async (name: string, path: string, srv: Server, sqlKey = name) => {
      const opts = {
        url: `${srv.origin}${path}`,
        connections: 20,
        headers: { 'store-origin': slug },
      };
      await autocannon({ ...opts, duration: 3 }); // warm-up
      const cpu0 = cpuMs(srv.pid);
      const r = await autocannon({ ...opts, duration: DURATION });
      const cpu = cpuMs(srv.pid) - cpu0;
      if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const sql = sqlCounts[sqlKey];
      return `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${(cpu / r.requests.total).toFixed(2)} | ${sql?.withoutTx} (+${(sql?.all ?? 0) - (sql?.withoutTx ?? 0)} BEGIN/COMMIT) |`;
    };

    // Cold start (process start to the first 200 on /api/health), then load on the default configuration.
    const main = await start();
    const coldMs = main.coldMs;
    const rows: string[] = [];
    for (const t of targets) rows.push(await load(t.name, t.path, main));

    // Sign-in under load (argon2id dominates), with shoppers browsing at the same time: hashing runs on the
    // thread pool, so the storefront's p99 shows whether the event loop stays free.
    const vendor = vendors[0];
    if (!vendor) throw new Error('no demo vendor');
    const cpu0 = cpuMs(main.pid);
    const [logins, browsing] = await Promise.all([
      autocannon({
        url: `${main.origin}/api/admin/admin-login/`,
        method: 'POST',
        connections: 20,
        duration: DURATION,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: vendor.email, password: DEMO_VENDOR_PASSWORD, role_name: 'VENDOR' }),
      }),
      autocannon({
        url: `${main.origin}/api/store/stores/product?limit=20`,
        connections: 5,
        duration: DURATION,
        headers: { 'store-origin': slug },
      }),
    ]);
    const loginCpu = cpuMs(main.pid) - cpu0;
    if (logins.non2xx || browsing.non2xx)
      throw new Error(`login run: ${logins.non2xx} / ${browsing.non2xx} non-2xx`);
    rows.push(
      `| POST /api/admin/admin-login/ (20 connections, argon2id) | ${Math.round(logins.requests.average)} | ${logins.latency.p50} | ${logins.latency.p99} | ${(loginCpu / (logins.requests.total + browsing.requests.total)).toFixed(2)} (both runs) | - |`,
      `| GET /api/store/stores/product while logins run (5 connections) | ${Math.round(browsing.requests.average)} | ${browsing.latency.p50} | ${browsing.latency.p99} | (above) | 2 |`,
    );
    await main.stop();
    // The home again with its micro-cache off: every request goes to the database.
    const uncached = await start({ STOREFRONT_CACHE_MS: '0' });
    const home = targets[1];
    if (home)
      rows.push(
        await load(
          `${home.name.replace('(storefront home)', '(cache off)')}`,
          home.path,
          uncached,
          home.name,
        ),
      );

    // Issue 18: the listing against a one-query server over the same database, interleaved.
    const versusBaseline = await compareWithBaseline(url, db.name);

    // The shopper's initial JavaScript: the entry, its preloaded imports and the storefront face chunk, and
    // also everything those import statically (what the browser really fetches before the shop renders).
    const js = initialJs();
    console.log(`\n### ${new Date().toISOString().slice(0, 10)}: ${await machine()}\n`);
    console.log(
      '| Endpoint (20 connections, 10 s) | req/s | p50 ms | p99 ms | server CPU ms/req | SQL statements/req |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    console.log(`\n- Cold start (process start to first 200 on /api/health): ${Math.round(coldMs)} ms`);
    console.log(
      '\nThe storefront listing against a one-query baseline (scripts/baseline-server.mjs, issue 18):\n',
    );
    for (const l of versusBaseline) console.log(l);
    console.log(
      `- Shopper's initial JavaScript (gzip): ${js.listed.kb.toFixed(1)} KB (${js.listed.files.join(', ')}); with the chunks they import statically ${js.closure.kb.toFixed(1)} KB (${js.closure.files.length} files)`,
    );
  } finally {
    await Promise.all(servers.map((srv) => srv.stop()));
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
