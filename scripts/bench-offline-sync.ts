// `npm run bench:offline-sync`: a counter's queue of offline sales synced through the built server (issue 43:
// 500 queued sales in <= 30 s; decision 0034). A fresh database on the local server (BENCH_DATABASE_URL, an admin
// URL), migrated, with the demo shops; shop A's owner signs in through POST /api/admin/admin-login/ and registers a
// counter (POST /api/admin/pos/counters/); the counter reads its catalogue (GET /api/admin/pos/catalogue/, every
// page). BENCH_OFFLINE_SALES (500) sales are then queued as the counter makes them offline: 1 to 3 lines of the
// catalogue at the prices it showed, totals from posTotals, paid in cash, UPI or card, numbered 1, 2, 3… in the
// counter's series, sold over the last hours; some take more than the stock (stock conflicts). The queue is sent
// as the device sends it: one sale at a time, in order, each with its Idempotency-Key, and timed end to end
// (target: the whole queue in <= 30 s), with each sale's p50/p95/max. Then the whole queue again, as after a lost
// answer: every sale must come back 200 with the same invoice. Then the database must agree with itself: one
// receipt row and one invoice per sale, the numbers consecutive in the counter's series, each touched variant's
// stock ledger ending at its stock, and a conflict for every line that went below zero. BENCH_KEEP=1 keeps the
// database. Prints a markdown block for docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import {
  offlineReceiptNumber,
  type PosCatalogueItem,
  type PosCounter,
  type PosPaymentMethod,
  posTotals,
} from '@haat/contracts';
import { openDatabase, rowsOf } from '@haat/db';
import { seedDemo } from '@haat/db/seed';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../apps/api/src/modules/accounts/passwords.ts';
import {
  finishBench,
  freshDatabase,
  machine,
  ms,
  percentile,
  runBench,
  type Server,
  startServer,
  waitForQuiet,
} from './bench-kit.ts';

const SALES = Number(process.env.BENCH_OFFLINE_SALES ?? 500);
const TARGET_S = 30;
const PASSWORD = 'bench-offline-2026';
const log = (line: string) => console.error(line);

interface Shop {
  id: string;
  slug: string;
  owner_id: string;
  email: string;
}

/** Migrates and seeds; the first open demo shop with its owner, who gets a known password. */
async function setUp(url: string) {
  const setup = await openDatabase({ url });
  try {
    await setup.migrate();
    await seedDemo(setup.owner);
    const [shop] = rowsOf<Shop>(
      await setup.owner.execute(sql`
        select s.id, s.slug, s.owner_id, u.email from stores s join users u on u.id = s.owner_id
         where s.online_status = 'PUBLISHED' order by s.slug limit 1`),
    );
    if (!shop) throw new Error('no open demo shop');
    await setup.owner.execute(
      sql`update users set password_hash = ${await hashPassword(PASSWORD)} where id = ${shop.owner_id}::uuid`,
    );
    return shop;
  } finally {
    await setup.close();
  }
}

/** A JSON call to the server as the signed-in owner. */
function client(srv: Server, shop: Shop) {
  const headers: Record<string, string> = { 'store-origin': shop.slug, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: object, extra: Record<string, string> = {}) => {
    const res = await fetch(`${srv.origin}${path}`, {
      method,
      headers: { ...headers, ...extra },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json()) as { data: unknown; message?: string } };
  };
  const signIn = async () => {
    const res = await call('POST', '/api/admin/admin-login/', {
      email: shop.email,
      password: PASSWORD,
      role_name: 'VENDOR',
    });
    if (res.status !== 200) throw new Error(`admin-login: ${res.status} ${res.json.message}`);
    headers.authorization = `Bearer ${(res.json.data as { access_token: string }).access_token}`;
  };
  return { call, signIn };
}

/** Every page of the counter's catalogue. */
async function catalogue(call: ReturnType<typeof client>['call']) {
  const items: PosCatalogueItem[] = [];
  let cursor: string | null = null;
  let gst = false;
  do {
    const res = await call('GET', `/api/admin/pos/catalogue/?limit=500${cursor ? `&cursor=${cursor}` : ''}`);
    if (res.status !== 200) throw new Error(`catalogue: ${res.status} ${res.json.message}`);
    const page = res.json.data as {
      items: PosCatalogueItem[];
      next_cursor: string | null;
      gst_registered: boolean;
    };
    items.push(...page.items.filter((i) => i.active));
    gst = page.gst_registered;
    cursor = page.next_cursor;
  } while (cursor);
  return { items, gst };
}

const METHODS: PosPaymentMethod[] = ['CASH', 'UPI', 'CARD'];

/** The queue as the counter made it: sale n sold n minutes after the first, lines at the prices shown. */
function queue(counter: PosCounter, items: PosCatalogueItem[], gst: boolean) {
  const start = Date.now() - (SALES + 30) * 60_000;
  return Array.from({ length: SALES }, (_, i) => {
    const n = i + 1;
    const lines = [
      ...new Set(Array.from({ length: 1 + (n % 3) }, (_, k) => items[(n * 7 + k * 13) % items.length])),
    ]
      .filter((x): x is PosCatalogueItem => !!x)
      .map((item) => ({ item, quantity: 1 + ((n + item.stock) % 3) }));
    const tot = posTotals(
      lines.map((l) => ({
        unitPricePaise: l.item.price_paise,
        quantity: l.quantity,
        ratePercent: gst ? l.item.tax_percentage : 0,
      })),
      { type: 'FIXED', value: 0 },
    );
    const method = METHODS[n % 3] ?? 'CASH';
    const soldAt = new Date(start + n * 60_000);
    const payment =
      method === 'CASH'
        ? { method, amount_received: tot.totalPaise / 100 }
        : method === 'CARD'
          ? { method, card_last4: '4242', card_network: 'RuPay' as const }
          : { method };
    return {
      key: randomUUID(),
      number: offlineReceiptNumber(counter.number, gst, soldAt, n),
      body: {
        name: 'Walk-in customer',
        phone: `98${String(10_000_000 + (n % 97)).slice(-8)}`,
        product_id: lines.map((l) => ({
          product_id: l.item.product_id,
          variant_id: l.item.variant_id,
          quantity: l.quantity,
          unit_price_paise: l.item.price_paise,
        })),
        discount_type: 'FIXED',
        discount_value: 0,
        sub_total: tot.subtotalPaise / 100,
        discount_amount: 0,
        tax: tot.taxPaise / 100,
        total_bill_amount: tot.totalPaise / 100,
        total_items: tot.items,
        payment,
        offline: { counter_id: counter.id, receipt_seq: n, sold_at: soldAt.toISOString() },
      },
    };
  });
}

/** Sends the queue in order, one sale at a time; each answer's status and time. */
async function sync(
  call: ReturnType<typeof client>['call'],
  sales: ReturnType<typeof queue>,
  expect: number,
) {
  const times: number[] = [];
  const t0 = performance.now();
  for (const s of sales) {
    const t = performance.now();
    const res = await call('POST', '/api/admin/order/pos-checkout/', s.body, { 'idempotency-key': s.key });
    times.push(performance.now() - t);
    const invoice = (res.json.data as { invoice_number?: string } | null)?.invoice_number;
    if (res.status !== expect || invoice !== s.number) {
      throw new Error(`sale ${s.number}: ${res.status} ${invoice ?? ''} ${res.json.message ?? ''}`);
    }
  }
  const totalS = (performance.now() - t0) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  return { totalS, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? 0 };
}

/** The database agrees with itself after the sync. */
async function verify(url: string, shop: Shop, counter: PosCounter) {
  const db = await openDatabase({ url });
  try {
    const [r] = rowsOf<{
      receipts: number;
      docs: number;
      gaps: number;
      ledger_off: number;
      conflicts: number;
      short: number;
    }>(
      await db.owner.execute(sql`select
        (select count(*)::int from pos_offline_receipts where store_id = ${shop.id} and counter_id = ${counter.id}) as receipts,
        (select count(*)::int from tax_documents d join pos_offline_receipts r
           on r.store_id = d.store_id and r.order_id = d.order_id where r.counter_id = ${counter.id}
          and d.kind <> 'CREDIT_NOTE') as docs,
        (select count(*)::int from (select seq - lag(seq) over (order by seq) as step from pos_offline_receipts
           where store_id = ${shop.id} and counter_id = ${counter.id}) x where step <> 1) as gaps,
        (select count(*)::int from product_variants v where v.store_id = ${shop.id}
          and exists (select 1 from stock_ledger l join pos_offline_receipts r
                        on r.store_id = l.store_id and r.order_id = l.order_id
                       where l.store_id = v.store_id and l.variant_id = v.id and r.counter_id = ${counter.id})
          and v.quantity is distinct from (select l.quantity_after from stock_ledger l
                where l.store_id = v.store_id and l.variant_id = v.id order by l.created_at desc limit 1)
        ) as ledger_off,
        (select count(*)::int from pos_stock_conflicts where store_id = ${shop.id} and counter_id = ${counter.id}) as conflicts,
        (select count(*)::int from stock_ledger l join pos_offline_receipts r
           on r.store_id = l.store_id and r.order_id = l.order_id
          where r.counter_id = ${counter.id} and l.quantity_after < 0) as short`),
    );
    return r;
  } finally {
    await db.close();
  }
}

async function main() {
  const db = await freshDatabase('bench_offline_sync');
  let srv: Server | undefined;
  try {
    log('Setting up: migrate, demo shops');
    const shop = await setUp(db.url);
    srv = await startServer(db.url);
    const { call, signIn } = client(srv, shop);
    await signIn();
    const reg = await call('POST', '/api/admin/pos/counters/', { name: 'Bench counter' });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.json.message}`);
    const counter = (reg.json.data as { counter: PosCounter }).counter;
    const { items, gst } = await catalogue(call);
    const sales = queue(counter, items, gst);
    const quiet = await waitForQuiet(log);
    log(`Syncing ${SALES} offline sales of counter ${counter.code} in order`);
    const first = await sync(call, sales, 201);
    log(`  ${first.totalS.toFixed(1)} s, p95 ${ms(first.p95)} ms`);
    const again = await sync(call, sales, 200);
    log(`  again (replays): ${again.totalS.toFixed(1)} s`);
    const check = await verify(db.url, shop, counter);
    const ok =
      check &&
      check.receipts === SALES &&
      check.docs === SALES &&
      check.gaps === 0 &&
      check.ledger_off === 0 &&
      check.short === check.conflicts;
    console.log(
      [
        `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: offline sync, ${await machine()}`,
        '',
        `${SALES} offline sales of one counter, one at a time in order (issue 43 target: <= ${TARGET_S} s); catalogue ${items.length} variants; load ${loadavg()[0]?.toFixed(2)} (${quiet.quiet ? 'quiet' : 'busy'} at the start).`,
        '',
        '| run | total s | per sale p50 ms | p95 ms | max ms |',
        '| --- | --- | --- | --- | --- |',
        `| first sync (201) | ${first.totalS.toFixed(1)} | ${ms(first.p50)} | ${ms(first.p95)} | ${ms(first.max)} |`,
        `| the queue again (200, replays) | ${again.totalS.toFixed(1)} | ${ms(again.p50)} | ${ms(again.p95)} | ${ms(again.max)} |`,
        '',
        `Checks: ${check?.receipts} receipts, ${check?.docs} invoices, ${check?.gaps} gaps in the series, ${check?.ledger_off} variants whose ledger does not end at the stock, ${check?.short} lines below zero and ${check?.conflicts} conflicts: ${ok ? 'pass' : 'FAIL'}; target ${first.totalS <= TARGET_S ? 'met' : 'missed'}.`,
      ].join('\n'),
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await finishBench(srv, db);
  }
}

runBench(main);
