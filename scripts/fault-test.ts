/**
 * Fault suite (issue 35), PostgreSQL only: `DATABASE_URL=postgres://… npm run test:faults` (builds the server first).
 *
 * Runs the production entry (apps/api/dist/supervisor.mjs) with two workers on a fresh seeded database, its mail
 * going to an in-process SMTP test server, under a mixed load: shoppers placing cash-on-delivery orders, two
 * counters making sales, refunds of ₹1 on those sales (some putting a unit back), storefront reads. While it runs,
 * each fault in FAULTS (all by default) is injected in turn:
 *   terminate  every app connection terminated (pg_terminate_backend), 5 rounds
 *   restart    PostgreSQL restarted (pg_ctlcluster … restart)
 *   kill       one worker killed with SIGKILL
 *   smtp       the SMTP server gone for 3 s, then back on its port
 *   timeout    the products table locked past the app's statement_timeout (2 s here)
 * After each: /api/health answers 200 within 5 s without the test restarting anything, and no worker died except
 * the one killed. At the end every order or sale whose answer was lost is sent again with its Idempotency-Key, as
 * a client would, and: every acknowledged order, sale and refund exists, one order per key, no partial order,
 * stock moved exactly as the stock ledger says for every variant, no gap in any invoice series, every mail of the
 * run delivered (twice only when the worker sending it was killed), no answer was a 500. Prints a table of what was tried and found; exit 1 on any
 * failure. FAULT_SHOPPERS (4) and FAULT_COUNTERS (2) set the load.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { posTotals } from '@haat/contracts';
import { openDatabase } from '@haat/db';
import { setDemoVendorPasswords } from '../apps/api/src/modules/accounts/bootstrap-accounts.ts';
import {
  freePort,
  startSmtpServer,
  type TestSmtpServer,
} from '../apps/api/src/modules/mail/testing/smtp-server.ts';
import {
  addAddress,
  call as callAt,
  checks,
  freshDatabase,
  outboxIdsIn,
  serverEnv,
  signUpCustomer,
  sleep,
} from './test-servers.ts';

const ALL_FAULTS = ['terminate', 'restart', 'kill', 'smtp', 'timeout'] as const;
type Fault = (typeof ALL_FAULTS)[number];
const FAULTS = (process.env.FAULTS?.split(',') ?? [...ALL_FAULTS]) as Fault[];
const SHOPPERS = Number(process.env.FAULT_SHOPPERS ?? 4);
const COUNTERS = Number(process.env.FAULT_COUNTERS ?? 2);
const STATEMENT_TIMEOUT_MS = 2000;
const base = process.env.DATABASE_URL;
if (!base) throw new Error('The fault suite needs PostgreSQL: set DATABASE_URL');
for (const f of FAULTS) if (!ALL_FAULTS.includes(f)) throw new Error(`unknown fault ${f}`);

const { problems, expect } = checks();
const db = await freshDatabase(base, 'haat_faults');
const { sql } = db;
{
  const setup = await openDatabase({ url: db.url });
  await setDemoVendorPasswords(setup.owner);
  await setup.close();
}
const smtpPort = await freePort();
const smtps: TestSmtpServer[] = [await startSmtpServer(smtpPort)];
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = serverEnv(db.url, port, `smtp://127.0.0.1:${smtpPort}`, {
  RATE_LIMITS: 'off',
  WORKERS: '2',
  DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
});
const call = (method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
  callAt(origin, method, path, body, headers);

let supervisor: ChildProcess | null = null;
let supervisorLog = '';
const workerPids = () => {
  try {
    return execFileSync('pgrep', ['-P', String(supervisor?.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
      .sort();
  } catch {
    return [];
  }
};
const healthy = () =>
  fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
    (r) => r.ok,
    () => false,
  );
/** Milliseconds until /api/health answers 200 twice in a row (both workers, most likely), or null after 5 s. */
async function healthBackWithin5s(): Promise<number | null> {
  const t0 = performance.now();
  while (performance.now() - t0 < 5000) {
    if ((await healthy()) && (await healthy())) return Math.round(performance.now() - t0);
    await sleep(50);
  }
  return null;
}

// What the load did: answers by kind during each phase, and what was acknowledged.
interface Tally {
  ok: number;
  unavailable: number;
  serverError: number;
  network: number;
  refused: number;
}
const newTally = (): Tally => ({ ok: 0, unavailable: 0, serverError: 0, network: 0, refused: 0 });
let tally = newTally();
const serverErrors: string[] = [];
/** Requests that had no answer after 20 s (given up on, counted as no answer): printed at the end. */
const slow: string[] = [];
async function send(method: string, path: string, body?: object, headers: Record<string, string> = {}) {
  let timer: NodeJS.Timeout | undefined;
  try {
    const r = await Promise.race([
      call(method, path, body, headers),
      new Promise<never>((_, no) => {
        timer = setTimeout(() => {
          slow.push(`${method} ${path}`);
          no(new Error('no answer in 20 s'));
        }, 20_000);
      }),
    ]);
    if (r.status < 300) tally.ok++;
    else if (r.status === 503) tally.unavailable++;
    else if (r.status >= 500) {
      tally.serverError++;
      serverErrors.push(`${method} ${path}: ${r.status} ${r.json.message}`);
    } else tally.refused++;
    return r;
  } catch {
    tally.network++;
    return { status: 0, json: {} as Record<string, never> };
  } finally {
    clearTimeout(timer);
  }
}
const settled = (status: number) => status > 0 && status < 500;

interface Keyed {
  kind: 'order' | 'sale';
  key: string;
  body: object;
  headers: Record<string, string>;
  status: number;
  orderId?: string;
  transactionId?: string;
  saleLine?: { product_id: string; variant_id: string };
}
const keyed: Keyed[] = [];
const refunds = { acked: new Map<string, number>(), unknown: new Map<string, number>() };
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

let loadRunning = true;
let killed = 0;
const loopGoing = () => loadRunning;
const t0 = Date.now();

try {
  supervisor = spawn(process.execPath, ['apps/api/dist/supervisor.mjs'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  supervisor.stdout?.on('data', (d) => {
    supervisorLog += d;
  });
  supervisor.stderr?.on('data', (d) => {
    supervisorLog += d;
  });
  for (let i = 0; i < 600 && !(await healthy()); i++) await sleep(100);
  while (workerPids().length < 2) await sleep(100);
  console.log(`supervisor ${supervisor.pid}, workers ${workerPids().join(', ')} on ${origin}`);

  const [shop] = await sql<{ id: string; slug: string }[]>`
    select id, slug from stores where online_status = 'PUBLISHED' order by slug limit 1`;
  if (!shop) throw new Error('no open demo shop');
  const login = await call('POST', '/api/admin/admin-login/', {
    email: `owner@${shop.slug}.demo.haat.in`,
    password: 'haat-demo-2026',
    role_name: 'VENDOR',
  });
  const token = (login.json.data as { access_token?: string } | undefined)?.access_token;
  if (!token) throw new Error(`vendor sign-in: ${login.status} ${login.json.message}`);
  const vendor = { authorization: `Bearer ${token}`, 'store-origin': shop.slug };

  // The counter's sellables as its screen sees them (price now, tax rate), with stock to spare.
  const found = (await call('GET', '/api/admin/pos/products/?limit=50', undefined, vendor)).json
    .data as unknown as {
    products: {
      product_id: string;
      variant_id: string;
      price: number;
      tax_percentage: number;
      stock: number;
    }[];
  };
  const sellables = found.products.filter((p) => p.stock >= 20);
  if (sellables.length < 3) throw new Error('too few sellables with stock');
  const cards = (
    await call('GET', '/api/store/stores/product?limit=100', undefined, { 'store-origin': shop.slug })
  ).json.data as unknown as { id: string; has_variants: boolean; product_quantity: number }[];
  const onlineProducts = cards.filter((c) => !c.has_variants && c.product_quantity >= 20).map((c) => c.id);
  const delivery = (
    await call('GET', '/api/store/get-store-delivery-options/', undefined, { 'store-origin': shop.slug })
  ).json.data as { delivery_options: { id: string }[] };
  const deliveryId = delivery.delivery_options[0]?.id;
  const shoppers: { auth: Record<string, string>; addressId: string }[] = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const { auth } = await signUpCustomer(
      origin,
      shop.slug,
      `fault.${i}.${Date.now().toString(36)}@example.in`,
    );
    const addressId = await addAddress(origin, auth, `Fault Shopper ${i}`);
    if (!addressId) throw new Error('could not save a shopper address');
    shoppers.push({ auth, addressId });
  }

  // The state the checks compare against, taken with no load running.
  const [{ startedAt } = { startedAt: '' }] = await sql<
    { startedAt: string }[]
  >`select now()::text as "startedAt"`;
  const stockAtStart = new Map(
    (await sql<{ id: string; q: number }[]>`select id::text, quantity as q from product_variants`).map(
      (r) => [r.id, r.q],
    ),
  );

  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)] as T;
  const loops: Promise<void>[] = [];
  // Shoppers: a product into the cart, then the order with a key of its own.
  for (const s of shoppers) {
    loops.push(
      (async () => {
        while (loopGoing()) {
          const cart = await send(
            'POST',
            '/api/store/store-user/store-cart/',
            { product_id: pick(onlineProducts), quantity: 1 },
            s.auth,
          );
          const lines = (cart.json.data as { lines?: { id: string }[] } | undefined)?.lines;
          if (cart.status >= 300 || !lines?.length) {
            await sleep(100);
            continue;
          }
          const op: Keyed = {
            kind: 'order',
            key: `fault-order-${randomBytes(8).toString('hex')}`,
            body: {
              cart_item: lines.map((l) => l.id),
              shipping_address: s.addressId,
              delivery_type: deliveryId,
              payment_option: 'COD',
            },
            headers: s.auth,
            status: 0,
          };
          keyed.push(op);
          await placeOrSell(op);
          await sleep(30);
        }
      })(),
    );
  }
  // Counters: one sale of one sellable, re-priced by posTotals as the screen does.
  for (let c = 0; c < COUNTERS; c++) {
    loops.push(
      (async () => {
        while (loopGoing()) {
          const s = pick(sellables);
          const unit = Math.round(s.price * 100);
          const tot = posTotals([{ unitPricePaise: unit, quantity: 1, ratePercent: s.tax_percentage }], {
            type: 'FIXED',
            value: 0,
          });
          const total = tot.totalPaise / 100;
          const op: Keyed = {
            kind: 'sale',
            key: `fault-sale-${randomBytes(8).toString('hex')}`,
            body: {
              name: 'Fault Counter',
              phone: '9876543210',
              product_id: [{ product_id: s.product_id, variant_id: s.variant_id, quantity: 1 }],
              discount_type: 'FIXED',
              discount_value: 0,
              sub_total: tot.subtotalPaise / 100,
              discount_amount: tot.discountPaise / 100,
              tax: tot.taxPaise / 100,
              total_bill_amount: total,
              total_items: tot.items,
              payment: { method: 'CASH', amount_received: Math.ceil(total / 500) * 500 },
            },
            headers: vendor,
            status: 0,
            saleLine: { product_id: s.product_id, variant_id: s.variant_id },
          };
          keyed.push(op);
          await placeOrSell(op);
          await sleep(30);
        }
      })(),
    );
  }
  // Refunds: ₹1 of a sale already made, every other one putting its unit back.
  loops.push(
    (async () => {
      let n = 0;
      while (loopGoing()) {
        const sale = pick(keyed.filter((k) => k.kind === 'sale' && k.transactionId));
        if (!sale?.transactionId) {
          await sleep(100);
          continue;
        }
        const restock = n++ % 2 === 0 && sale.saleLine ? [{ ...sale.saleLine, quantity: 1 }] : [];
        const r = await send(
          'POST',
          `/api/admin/transaction/${sale.transactionId}/refund/`,
          { amount: 1, reason: 'fault suite refund', method: 'CASH', restock },
          vendor,
        );
        if (r.status === 200) bump(refunds.acked, sale.orderId as string);
        else if (!settled(r.status)) bump(refunds.unknown, sale.orderId as string);
        await sleep(150);
      }
    })(),
  );
  // Storefront reads.
  for (let i = 0; i < 2; i++) {
    loops.push(
      (async () => {
        while (loopGoing()) {
          await send('GET', `/api/store/stores/product/${pick(onlineProducts)}`, undefined, {
            'store-origin': shop.slug,
          });
          await send('GET', '/api/store/stores/product?limit=20', undefined, { 'store-origin': shop.slug });
          await sleep(20);
        }
      })(),
    );
  }

  async function placeOrSell(op: Keyed) {
    const path = op.kind === 'order' ? '/api/store/order/create-order/' : '/api/admin/order/pos-checkout/';
    const r = await send('POST', path, op.body, { ...op.headers, 'idempotency-key': op.key });
    op.status = r.status;
    const data = r.json.data as { order_id?: string; transaction_id?: string } | undefined;
    if (r.status === 200 || r.status === 201) {
      op.orderId = data?.order_id;
      op.transactionId = data?.transaction_id;
    }
  }

  // The faults, each with the load running, and what the server did after it.
  const rows: string[] = [];
  const pg = readdirSync('/etc/postgresql')[0];
  const phase = async (name: string, rounds: number, inject: () => Promise<void>, workerMayDie = false) => {
    tally = newTally();
    const before = workerPids();
    const pidBefore = supervisor?.pid;
    await sleep(1500); // load before
    for (let r = 0; r < rounds; r++) await inject();
    const back = await healthBackWithin5s();
    await sleep(1500); // load after
    const after = workerPids();
    const died = before.filter((p) => !after.includes(p)).length;
    expect(back !== null, `${name}: /api/health answered 200 within 5 s (${back ?? '-'} ms)`);
    expect(
      supervisor?.pid === pidBefore && supervisor?.exitCode === null,
      `${name}: the supervisor kept running`,
    );
    expect(after.length === 2, `${name}: two workers serving afterwards (${after.length})`);
    if (!workerMayDie) expect(died === 0, `${name}: no worker died (${died} did)`);
    rows.push(
      `| ${name} | ${rounds} | ${tally.ok} | ${tally.unavailable} | ${tally.refused} | ${tally.network} | ${tally.serverError} | ${back ?? 'no'} | ${died} |`,
    );
  };

  await phase('baseline (no fault)', 0, async () => {});
  if (FAULTS.includes('terminate'))
    await phase('terminate every app connection', 5, async () => {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
                 where datname = current_database() and pid <> pg_backend_pid()`;
      await sleep(300);
    });
  if (FAULTS.includes('restart'))
    await phase('restart PostgreSQL', 1, async () => {
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', pg as string, 'main', 'restart'], {
        stdio: 'ignore',
      });
    });
  if (FAULTS.includes('kill'))
    await phase(
      'kill -9 one worker',
      1,
      async () => {
        const [victim] = workerPids();
        if (victim) process.kill(victim, 'SIGKILL');
        killed++;
        for (let i = 0; i < 100 && workerPids().length < 2; i++) await sleep(100);
      },
      true,
    );
  if (FAULTS.includes('smtp'))
    await phase('SMTP unreachable for 3 s, then back', 1, async () => {
      await smtps[smtps.length - 1]?.close();
      await sleep(3000);
      smtps.push(await startSmtpServer(smtpPort));
    });
  if (FAULTS.includes('timeout'))
    await phase(`a lock held past statement_timeout (${STATEMENT_TIMEOUT_MS} ms)`, 1, async () => {
      await sql.begin(async (tx) => {
        await tx`lock table products in access exclusive mode`;
        await tx`select pg_sleep(${(STATEMENT_TIMEOUT_MS + 1000) / 1000})`;
      });
    });

  loadRunning = false;
  const stage = (what: string) => console.log(`${what} at ${Math.round((Date.now() - t0) / 1000)} s`);
  stage('load stopped');
  await Promise.all(loops);
  stage('load drained');
  if (slow.length) console.log(`no answer within 20 s: ${slow.length} (${slow.slice(0, 5).join('; ')})`);

  // A client whose answer was lost sends the same request again with the same key.
  tally = newTally();
  for (const op of keyed) {
    for (let i = 0; i < 20 && !settled(op.status); i++) {
      await placeOrSell(op);
      if (!settled(op.status)) await sleep(250);
    }
  }
  stage('retries done');
  expect(
    keyed.every((op) => settled(op.status)),
    `every order and sale has an answer after its retries (${keyed.filter((op) => !settled(op.status)).length} without)`,
  );

  // Nothing acknowledged is lost; one order per key.
  const acked = keyed.filter((op) => op.orderId);
  const ids = acked.map((op) => op.orderId as string);
  const existing = new Set(
    (
      await sql<
        { id: string }[]
      >`select id::text from orders where id::text in ${sql(ids.length ? ids : ['-'])}`
    ).map((r) => r.id),
  );
  const lost = ids.filter((id) => !existing.has(id));
  expect(
    lost.length === 0,
    `every acknowledged order and sale exists (${acked.length}, ${lost.length} lost)`,
  );
  expect(new Set(ids).size === ids.length, 'each key answered with an order of its own');
  const since = sql`created_at >= ${startedAt}::timestamptz`;
  const [made] = await sql<
    { n: number }[]
  >`select count(*)::int as n from orders where store_id = ${shop.id} and ${since}`;
  expect(
    made?.n === acked.length,
    `orders made in the run = acknowledged orders and sales (${made?.n} vs ${acked.length})`,
  );

  // Refunds acknowledged exist; a refund whose answer was lost may or may not have happened.
  const refundRows = await sql<{ tx: string; n: number }[]>`
    select order_id::text as tx, count(*)::int as n from refunds
     where store_id = ${shop.id} and created_at >= ${startedAt}::timestamptz group by 1`;
  const refundsIn = new Map(refundRows.map((r) => [r.tx, r.n]));
  const ackedRefunds = [...refunds.acked.values()].reduce((a, b) => a + b, 0);
  const badRefunds = [...refunds.acked].filter(([tx, n]) => {
    const have = refundsIn.get(tx) ?? 0;
    return have < n || have > n + (refunds.unknown.get(tx) ?? 0);
  });
  expect(
    refundRows.length > 0 || ackedRefunds === 0,
    `refunds of the run are found (${refundRows.length} transactions)`,
  );
  expect(
    badRefunds.length === 0,
    `every acknowledged refund exists, none twice (${ackedRefunds} acknowledged)`,
  );

  // No partial order.
  const partial = await sql`
    select o.id from orders o where o.store_id = ${shop.id} and o.created_at >= ${startedAt}::timestamptz and (
      not exists (select 1 from order_items i where i.store_id = o.store_id and i.order_id = o.id)
      or not exists (select 1 from payment_transactions p where p.store_id = o.store_id and p.order_id = o.id)
      or not exists (select 1 from stock_ledger l where l.store_id = o.store_id and l.order_id = o.id))`;
  expect(partial.length === 0, `no partial order (${partial.length})`);

  // Stock moved exactly as the ledger says.
  const moved = await sql<{ id: string; q: number; ledger: number }[]>`
    select v.id::text, v.quantity as q,
           coalesce((select sum(l.change) from stock_ledger l where l.store_id = v.store_id and l.variant_id = v.id
                       and l.created_at >= ${startedAt}::timestamptz), 0)::int as ledger
      from product_variants v where v.store_id = ${shop.id}`;
  const off = moved.filter((v) => v.q - (stockAtStart.get(v.id) ?? 0) !== v.ledger);
  expect(
    off.length === 0,
    `stock of every variant = its stock at the start + the ledger's changes (${off.length} off)`,
  );

  // No gap in any document series.
  const gaps = await sql<{ series: string; fy: string; n: number; top: number }[]>`
    select series, fy, count(*)::int as n, max(seq) as top from tax_documents group by store_id, series, fy
    having count(*) <> max(seq)`;
  expect(
    gaps.length === 0,
    `no gap in any invoice or credit-note series (${gaps.map((g) => `${g.series}/${g.fy}`).join(', ')})`,
  );

  // Every mail of the run delivered (a claim of the killed worker waits out its lease: move time on).
  await sql`update outbox set next_attempt_at = now() where status = 'PENDING'`;
  let pending = -1;
  for (let i = 0; i < 300; i++) {
    const [left] = await sql<{ n: number }[]>`select count(*)::int as n from outbox
      where status = 'PENDING' and created_at >= ${startedAt}::timestamptz`;
    pending = left?.n ?? 0;
    if (pending === 0) break;
    if (i % 20 === 19) await sql`update outbox set next_attempt_at = now() where status = 'PENDING'`;
    await sleep(100);
  }
  stage('mail settled');
  expect(pending === 0, `no mail of the run still waiting (${pending})`);
  const runMails = (
    await sql<
      { id: string }[]
    >`select id::text from outbox where created_at >= ${startedAt}::timestamptz and status = 'SENT'`
  ).map((r) => r.id);
  const delivered = outboxIdsIn(smtps.flatMap((s) => s.messages.map((m) => m.raw)));
  const counts = new Map<string, number>();
  for (const id of delivered) counts.set(id, (counts.get(id) ?? 0) + 1);
  // SMTP gives at-least-once across a SIGKILL: a mail the server accepted just before the worker sending it was
  // killed, and not yet marked sent, goes again (same Message-ID, which receivers deduplicate). So: every mail
  // delivered, and more than once only as often as a worker was killed while sending.
  const missing = runMails.filter((id) => !counts.has(id)).length;
  const twice = runMails.filter((id) => (counts.get(id) ?? 0) > 1).length;
  expect(missing === 0, `each of the run's ${runMails.length} mails reached SMTP (${missing} did not)`);
  expect(
    twice <= killed,
    `a mail delivered twice only by a killed worker (${twice} twice, ${killed} worker killed)`,
  );

  expect(
    serverErrors.length === 0,
    `no answer was a 500 (${serverErrors.length}: ${serverErrors.slice(0, 3).join('; ')})`,
  );
  // What each 503 was: the workers log the database's error with it.
  const causes = new Map<string, number>();
  for (const line of supervisorLog.split('\n')) {
    if (!line.includes('"database unavailable"')) continue;
    try {
      const cause = (JSON.parse(line) as { dbCode?: string }).dbCode ?? 'unknown';
      causes.set(cause, (causes.get(cause) ?? 0) + 1);
    } catch {
      causes.set('unparsed', (causes.get('unparsed') ?? 0) + 1);
    }
  }
  console.log(`503 causes: ${[...causes].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'}`);
  const logFile = join(tmpdir(), `haat-faults-${process.pid}.log`);
  writeFileSync(logFile, supervisorLog);
  console.log(`the server's log: ${logFile}`);
  // Errors the workers and the supervisor logged (level 50 and up), for whoever reads a failed run.
  const severe = supervisorLog.split('\n').filter((l) => /"level":(5|6)0/.test(l));
  if (severe.length)
    console.log(
      `logged errors (${severe.length}, the first 10):\n${severe
        .slice(0, 10)
        .map((l) => l.slice(0, 600))
        .join('\n')}`,
    );
  const crashLoop = /crash loop/.test(supervisorLog);
  expect(!crashLoop, 'the supervisor reported no crash loop');

  const orders = keyed.filter((k) => k.kind === 'order' && k.orderId).length;
  const sales = keyed.filter((k) => k.kind === 'sale' && k.orderId).length;
  console.log(
    `\nFault suite on PostgreSQL, two workers, ${SHOPPERS} shoppers and ${COUNTERS} counters, ${Math.round((Date.now() - t0) / 1000)} s:`,
  );
  console.log(
    '| fault | rounds | 2xx | 503 | other 4xx | no answer | 500 | health back (ms) | workers died |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  console.log(
    `\n${orders} orders and ${sales} counter sales acknowledged, ${ackedRefunds} refunds, ${runMails.length} mails; after the retries: ${tally.ok} answered 2xx`,
  );
} finally {
  loadRunning = false;
  supervisor?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 3000));
  supervisor?.kill('SIGKILL');
  for (const s of smtps) await s.close().catch(() => {});
  await db.drop().catch(() => {});
}
console.log(problems.length ? `\n${problems.length} failed` : '\nfault suite passed');
process.exit(problems.length ? 1 : 0);
