// `npm run bench:transactions`: Transaction Management on a shop with 100,000 payments (issue 13, "Contract and
// quality"): the transaction list p95 <= 50 ms at 20 connections, and an invoice PDF rendered in <= 100 ms.
// The same data as bench:admin-orders (bench-shop-orders.ts: one demo shop, 100,000 orders over 12 months, a
// payment each). One order still processing is shipped through the API, which issues its tax invoice. The bundled
// server runs as a child process and autocannon loads each request (BENCH_CONNECTIONS, default 20; the PDF also at 1).
// The PDF's rendering alone is timed in-process from the issued invoice's snapshot (wall clock and CPU per document).
// SQL statements per request are counted in-process on one warmed request each. BENCH_KEEP=1 keeps the database.
import type { TaxDocumentSnapshot } from '@haat/contracts';
import { openDatabase, schema } from '@haat/db';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { DEMO_VENDOR_PASSWORD } from '../apps/api/src/modules/accounts/bootstrap-accounts.ts';
import { taxDocumentPdf } from '../apps/api/src/modules/payments/document-pdf.ts';
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
  percentile,
  runBench,
  type Server,
  startServer,
} from './bench-kit.ts';
import { loadOrders, seededDemoShop } from './bench-shop-orders.ts';

const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '20').split(',').map(Number);
const log = (line: string) => console.error(line);
const istDay = (d: Date) => new Date(d.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

/** The invoice PDF drawn from its snapshot, alone: wall clock and CPU per document after a warm-up. */
async function renderTimes(snapshot: TaxDocumentSnapshot, n = 50) {
  const c0 = performance.now();
  await taxDocumentPdf(snapshot);
  const first = performance.now() - c0;
  const wall: number[] = [];
  let cpu = 0;
  for (let i = 0; i < n; i++) {
    const u0 = process.cpuUsage();
    const t0 = performance.now();
    await taxDocumentPdf(snapshot);
    wall.push(performance.now() - t0);
    const u = process.cpuUsage(u0);
    cpu += (u.user + u.system) / 1000;
  }
  wall.sort((a, b) => a - b);
  return { first, p50: percentile(wall, 50), p95: percentile(wall, 95), cpu: cpu / n };
}

async function main() {
  const db = await freshDatabase('haat_bench_transactions');
  const url = db.url;
  let server: Server | undefined;
  try {
    const shop = await seededDemoShop(url);

    const loader = postgres(url, { max: 1, onnotice: () => {} });
    const t0 = performance.now();
    await loadOrders(loader, shop.id);
    const loadS = (performance.now() - t0) / 1000;
    const [counts] = await loader<{ payments: number }[]>`
      select count(*)::int as payments from payment_transactions where store_id = ${shop.id}`;
    const [probe] = await loader<{ phone: string; at: Date }[]>`
      select o.ship_phone as phone, p.created_at as at from payment_transactions p
        join orders o on o.store_id = p.store_id and o.id = p.order_id
       where p.store_id = ${shop.id} and p.payment_status = 'SUCCESS' and p.created_at < now() - interval '60 days'
       order by p.created_at desc limit 1`;
    const [toShip] = await loader<{ id: string; version: number }[]>`
      select id, version from orders where store_id = ${shop.id} and status = 'PROCESSING' limit 1`;
    await loader.end();
    if (!probe || !toShip) throw new Error('no probe payment or order to ship');
    const monthFrom = `${istDay(probe.at).slice(0, 7)}-01`;
    const monthEnd = new Date(`${monthFrom}T00:00:00Z`);
    monthEnd.setUTCMonth(monthEnd.getUTCMonth() + 1);
    monthEnd.setUTCDate(0);
    const monthTo = monthEnd.toISOString().slice(0, 10);

    let statements: string[] = [];
    const counted = await openDatabase({ url, onQuery: (s) => statements.push(s) });
    const app = await buildApp({
      db: await counted.app(),
      config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', AUTH_SECRET, RATE_LIMITS: 'off' }),
      logger: false,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/admin-login/',
      payload: { email: shop.email, password: DEMO_VENDOR_PASSWORD, role_name: 'VENDOR' },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in: ${login.statusCode} ${login.body}`);
    const headersIn = {
      authorization: `Bearer ${login.json().data.access_token}`,
      'store-origin': shop.slug,
    };
    // Shipping issues the invoice (numbered from the shop's series), as in production.
    const shipped = await app.inject({
      method: 'PUT',
      url: `/api/admin/order/${toShip.id}/status/`,
      headers: headersIn,
      payload: {
        status: 'SHIPPED',
        carrier: 'Delhivery',
        tracking_number: 'DL99887766',
        version: toShip.version,
      },
    });
    if (shipped.statusCode !== 200) throw new Error(`ship: ${shipped.statusCode} ${shipped.body}`);
    const number = shipped.json().data.order_details.order_number as string;
    const found = await app.inject({ url: `/api/admin/transaction/?search=${number}`, headers: headersIn });
    const txnId = found.json().data.results[0].id as string;
    const detail = await app.inject({ url: `/api/admin/transaction/${txnId}/`, headers: headersIn });
    const docId = detail.json().data.documents[0].id as string;
    const snapshotRows = await counted.owner
      .select({ snapshot: schema.taxDocuments.snapshot })
      .from(schema.taxDocuments)
      .where(eq(schema.taxDocuments.id, docId));

    const q = (path: string, p: Record<string, string>) => `${path}?${new URLSearchParams(p)}`;
    const requests = [
      { name: '(a) list, first page (newest first)', path: '/api/admin/transaction/', runs: CONNECTIONS },
      {
        name: '(b) list, phone fragment + Success + one month',
        path: q('/api/admin/transaction/', {
          search: probe.phone.slice(2, 8),
          status: 'SUCCESS',
          from: monthFrom,
          to: monthTo,
        }),
        runs: CONNECTIONS,
      },
      {
        name: '(c) list, UPI + Pending, page 3',
        path: q('/api/admin/transaction/', { status: 'PENDING', payment_mode: 'UPI', offset: '20' }),
        runs: CONNECTIONS,
      },
      { name: '(d) stats (all time)', path: '/api/admin/transaction/transaction-stats/', runs: CONNECTIONS },
      {
        name: '(e) invoice PDF',
        path: `/api/admin/transaction/get-invoice/?transaction_id=${txnId}`,
        runs: [...new Set([1, ...CONNECTIONS])],
      },
    ];
    const perRequest: { statements: ReturnType<typeof classify>; answered: string }[] = [];
    for (const r of requests) {
      await app.inject({ url: r.path, headers: headersIn });
      statements = [];
      const res = await app.inject({ url: r.path, headers: headersIn });
      if (res.statusCode !== 200) throw new Error(`${r.path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const answered =
        res.headers['content-type'] === 'application/pdf'
          ? `PDF, ${Math.round(res.rawPayload.length / 1024)} KB`
          : (() => {
              const data = res.json().data;
              return data.results
                ? `${data.results.length} rows, count ${data.count}`
                : `total ${data.total_transaction}, pending ${data.total_pending_transaction}`;
            })();
      perRequest.push({ statements: classify(statements), answered });
    }
    await app.close();
    await counted.close();
    const snapshot = snapshotRows[0]?.snapshot as TaxDocumentSnapshot | undefined;
    if (!snapshot) throw new Error('no invoice snapshot');
    const render = await renderTimes(snapshot);

    server = await startServer(url);
    const origin = server.origin;
    const headers: Record<string, string> = { 'store-origin': shop.slug };
    const signIn = async () => {
      const res = await fetch(`${origin}/api/admin/admin-login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: shop.email, password: DEMO_VENDOR_PASSWORD, role_name: 'VENDOR' }),
      });
      headers.authorization = `Bearer ${((await res.json()) as { data: { access_token: string } }).data.access_token}`;
    };
    const results: { i: number; connections: number; m: Measured }[] = [];
    for (const [i, r] of requests.entries()) {
      for (const connections of r.runs) {
        log(`${r.name}, ${connections} connections: ${r.path}`);
        const m = await measure(
          { url: `${origin}${r.path}`, connections, duration: DURATION, headers },
          { pid: server.pid, db: db.name, prepare: signIn },
        );
        if (m.requests !== (m.statuses['200'] ?? 0) || !m.requests) {
          throw new Error(`${r.path}: ${JSON.stringify(m.statuses)}, ${m.errors} errors`);
        }
        log(`  ${Math.round(m.rps)} req/s, p95 ${ms(m.p95)} ms, load ${loadNote(m)}`);
        results.push({ i, connections, m });
      }
    }

    const stmt = (s: ReturnType<typeof classify>) =>
      `${s.queries} (+${s.context} context, +${s.tx} BEGIN/COMMIT)`;
    const out = [
      `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: Transaction Management, ${await machine()}\n`,
      `Shop ${shop.slug}: ${counts?.payments.toLocaleString('en')} payments, loaded in ${loadS.toFixed(0)} s. ${DURATION} s each after 3 s warm-up.\n`,
      '| Request | connections | answered | req/s | p50 ms | p95 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | SQL statements/req | load avg at start |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...results.map(({ i, connections, m }) => {
        const r = requests[i];
        const p = perRequest[i];
        return `| ${r?.name}: \`${decodeURIComponent(r?.path.replaceAll('+', ' ') ?? '')}\` | ${connections} | ${p?.answered} | ${Math.round(m.rps)} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.cpuMsPerReq?.toFixed(2) ?? '-'} | ${m.pgCpuMsPerReq?.toFixed(2) ?? '-'} | ${p ? stmt(p.statements) : '-'} | ${loadNote(m)} |`;
      }),
      '',
      `Invoice PDF rendered in-process from its snapshot (${snapshot.breakup.lines.length} lines): first ${ms(render.first)} ms (fonts parsed), then p50 ${ms(render.p50)} ms, p95 ${ms(render.p95)} ms, ${render.cpu.toFixed(1)} ms of CPU per document (50 documents).`,
    ];
    console.log(`\n${out.join('\n')}`);
  } finally {
    await finishBench(server, db);
  }
}

runBench(main);
