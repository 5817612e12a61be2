// `npm run bench:gstr1`: GSTR-1 of a month with 100,000 tax documents (issue 39: <= 5 s). A fresh PostgreSQL
// database (haat_bench_gstr1_…) with the demo shops; the first published shop with a GSTIN gets BENCH_DOCS (default
// 100,000) invoices in last month, inserted in SQL from 500 snapshot templates built with buildTaxSnapshot (the
// real shape: seller, buyer, place of supply, breakup with HSN lines at 5/12/18 %), each row given its own number,
// date, order number and buyer name. Mix: 62 % B2C within the state, 23 % B2C to other states, 10 % B2B with the
// buyer's GSTIN, 5 % B2C large (over ₹1 lakh, inter-state); a value-only credit note on 2 % of them.
// The bundled server runs as a child process; each route is timed from a fresh process (cold: its first request)
// and then BENCH_RUNS (default 5) times warm, with the server's peak RSS sampled from /proc every 10 ms. Reference
// in the same run: `select count(*), sum(total_paise)` over the month (straight to PostgreSQL) and the existing
// GST summary route, which reads every snapshot of the month. BENCH_KEEP=1 keeps the database.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  apportion,
  buildTaxSnapshot,
  financialYear,
  GST_STATE_CODES,
  gstinCheckDigit,
  istMonthRange,
  type TaxDocumentSnapshot,
  type TaxLineInput,
} from '@haat/contracts';
import { openDatabase } from '@haat/db';
import { seedDemo } from '@haat/db/seed';
import postgres from 'postgres';
import {
  DEMO_VENDOR_PASSWORD,
  setDemoVendorPasswords,
} from '../apps/api/src/modules/accounts/bootstrap-accounts.ts';
import { freshDatabase, machine, type Server, startServer, waitForQuiet } from './bench-kit.ts';

const DOCS = Number(process.env.BENCH_DOCS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TEMPLATES = 500;
const log = (line: string) => console.error(line);

const GOODS: { name: string; hsn: string; rate: number; unit: string; price: number }[] = [
  { name: 'Assam CTC Tea 500 g', hsn: '09024020', rate: 5, unit: 'pcs', price: 32_000 },
  { name: 'Darjeeling First Flush 100 g', hsn: '09023010', rate: 5, unit: 'pcs', price: 64_900 },
  { name: 'Garam Masala 200 g', hsn: '09109100', rate: 5, unit: 'pcs', price: 18_500 },
  { name: 'Kashmiri Chilli Powder 250 g', hsn: '0904', rate: 5, unit: 'pcs', price: 14_000 },
  { name: 'Cashew W240 1 kg', hsn: '08013220', rate: 5, unit: 'kg', price: 98_000 },
  { name: 'Ghee 1 l', hsn: '04059020', rate: 12, unit: 'l', price: 69_900 },
  { name: 'Mango Pickle 500 g', hsn: '20019000', rate: 12, unit: 'pcs', price: 24_900 },
  { name: 'Cotton Kurta, M / Indigo', hsn: '62044290', rate: 12, unit: 'pcs', price: 89_900 },
  { name: 'Silk Saree, Banarasi', hsn: '50072010', rate: 5, unit: 'pcs', price: 6_49_900 },
  { name: "Men's Cotton Shirt, L", hsn: '62052000', rate: 12, unit: 'pcs', price: 1_29_900 },
  { name: 'Bluetooth Earphones', hsn: '85183020', rate: 18, unit: 'pcs', price: 1_99_900 },
  { name: 'Smartphone 128 GB', hsn: '85171300', rate: 18, unit: 'pcs', price: 18_99_900 },
  { name: 'Steel Pressure Cooker 5 l', hsn: '73239390', rate: 12, unit: 'pcs', price: 2_49_900 },
  { name: 'Copper Bottle 1 l', hsn: '74181022', rate: 12, unit: 'pcs', price: 89_900 },
  { name: 'Sandalwood Soap Pack', hsn: '34011190', rate: 18, unit: 'pack', price: 21_000 },
  { name: 'Hair Oil 200 ml', hsn: '33059011', rate: 18, unit: 'pcs', price: 17_500 },
  { name: 'Laptop 14"', hsn: '84713010', rate: 18, unit: 'pcs', price: 54_99_900 },
  { name: 'LED Television 43"', hsn: '85287217', rate: 18, unit: 'pcs', price: 32_99_900 },
];
const OTHER_STATES = [
  'Maharashtra',
  'Karnataka',
  'Tamil Nadu',
  'Delhi',
  'Uttar Pradesh',
  'Gujarat',
  'Kerala',
  'Telangana',
  'Rajasthan',
  'West Bengal',
  'Punjab',
  'Assam',
];
const NAMES = [
  'Aarav Sharma',
  'Priya Iyer',
  'Rohan Das',
  'Ananya Nair',
  'Imran Khan',
  'Harpreet Gill',
  'Meera Rao',
];
const FIRMS = ['Sharma Traders', 'Iyer Stores LLP', 'Das & Sons', 'Nair Retail Pvt Ltd', 'Gill Exports'];

const LAPTOP = GOODS.find((g) => g.name.startsWith('Laptop'));

type Kind = 'b2c-intra' | 'b2c-inter' | 'b2b' | 'b2cl';
/** Template k's kind: 62 % / 23 % / 10 % / 5 %. */
const kindOf = (k: number): Kind => {
  const p = k % 100;
  return p < 62 ? 'b2c-intra' : p < 85 ? 'b2c-inter' : p < 95 ? 'b2b' : 'b2cl';
};

/** A GSTIN of `state` with a correct check digit, PAN-like letters from n. */
function buyerGstin(state: string, n: number) {
  const L = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const pan = `${[0, 1, 2, 3, 4].map((i) => L[(n * 7 + i * 11) % L.length]).join('')}${String(1000 + (n % 9000)).padStart(4, '0')}${L[n % L.length]}`;
  const first14 = `${GST_STATE_CODES[state] ?? '97'}${pan}1Z`;
  return first14 + gstinCheckDigit(first14);
}

interface Shop {
  id: string;
  slug: string;
  email: string;
  storeName: string;
  legalName: string | null;
  gstin: string;
  state: string;
  address: string[];
}

/** Template k: an invoice and the value-only credit note that would be issued against it (a part refund). */
function template(k: number, shop: Shop, at: Date) {
  const kind = kindOf(k);
  const other = OTHER_STATES.filter((s) => s !== shop.state);
  const state =
    kind === 'b2c-intra' || (kind === 'b2b' && k % 2) ? shop.state : (other[k % other.length] ?? 'Delhi');
  const pool =
    kind === 'b2cl' ? GOODS.filter((g) => g.price >= 18_99_900) : GOODS.filter((g) => g.price < 10_00_000);
  const n = kind === 'b2cl' ? 2 + (k % 3) : 1 + (k % 5);
  const lines: TaxLineInput[] = Array.from({ length: n }, (_, i) => {
    // A large invoice starts with two laptops (over ₹1 lakh); the others draw from the cheaper goods.
    const g = (kind === 'b2cl' && i === 0 ? LAPTOP : pool[(k * 7 + i * 5) % pool.length]) ?? GOODS[0];
    return {
      name: g?.name ?? 'Item',
      hsn: g?.hsn ?? '0902',
      quantity: (kind === 'b2cl' && i === 0 ? 2 : 1) + ((k + i) % 3),
      unit: g?.unit ?? 'pcs',
      unitPricePaise: (g?.price ?? 10_000) + ((k * 13) % 50) * 100,
      ratePercent: g?.rate ?? 5,
    };
  });
  const b2b = kind === 'b2b';
  const buyer = {
    name: b2b ? (FIRMS[k % FIRMS.length] ?? 'Firm') : (NAMES[k % NAMES.length] ?? 'Buyer'),
    address: [
      `${1 + (k % 90)}, MG Road`,
      `City ${k % 17}, ${state} 5600${String(k % 100).padStart(2, '0')}`,
      'India',
    ],
    state,
    phone: `98${String(10_000_000 + k * 7919).slice(0, 8)}`,
    gstin: b2b ? buyerGstin(state, k) : null,
  };
  const sub = lines.reduce((a, l) => a + l.unitPricePaise * (l.quantity ?? 1), 0);
  const shopPart = {
    storeName: shop.storeName,
    legalName: shop.legalName,
    gstin: shop.gstin,
    address: shop.address,
    state: shop.state,
  };
  const invoice = buildTaxSnapshot({
    kind: 'INVOICE',
    number: 'INV/00-00/00000',
    issuedAt: at,
    shop: shopPart,
    buyer,
    orderNumber: 'ORD-0',
    paymentMethod: k % 3 ? 'UPI' : 'COD',
    lines,
    discountPaise: k % 4 === 0 ? Math.round(sub * 0.05) : 0,
    shippingPaise: sub >= 49_900 ? 0 : 4_000,
    codFeePaise: k % 3 ? 0 : 2_500,
  });
  const refund = Math.round(invoice.breakup.totalPaise * (k % 2 ? 1 : 0.3));
  const shares = apportion(
    refund,
    invoice.breakup.lines.map((l) => l.grossPaise),
  );
  const credit = buildTaxSnapshot({
    kind: 'CREDIT_NOTE',
    number: 'CN/00-00/00000',
    issuedAt: at,
    against: { number: invoice.number, issuedAt: at },
    reason: k % 2 ? 'Returned' : 'Damaged in transit, part refund',
    shop: shopPart,
    buyer,
    orderNumber: 'ORD-0',
    paymentMethod: invoice.paymentMethod,
    lines: invoice.breakup.lines
      .map((l, i) => ({
        name: l.name,
        hsn: l.hsn,
        quantity: null,
        unit: '',
        unitPricePaise: shares[i] ?? 0,
        ratePercent: l.ratePercent,
      }))
      .filter((l) => l.unitPricePaise > 0),
    discountPaise: 0,
    shippingPaise: 0,
  });
  const row = (s: TaxDocumentSnapshot) => ({
    snapshot: s,
    total: s.breakup.totalPaise,
    taxable: s.breakup.taxablePaise,
    cgst: s.breakup.cgstPaise,
    sgst: s.breakup.sgstPaise,
    igst: s.breakup.igstPaise,
    pos: `${s.placeOfSupply.code}-${s.placeOfSupply.state}`,
  });
  return { k, kind, state, inv: row(invoice), cn: row(credit) };
}

async function pickShop(sql: postgres.Sql): Promise<Shop> {
  const [s] = await sql<
    {
      id: string;
      slug: string;
      email: string;
      storeName: string;
      legalName: string | null;
      gstin: string;
      state: string;
      line1: string | null;
      line2: string | null;
      city: string | null;
      pin: string | null;
    }[]
  >`
    select s.id, s.slug, u.email, s.store_name as "storeName", ss.legal_name as "legalName", ss.gstin,
           l.state, l.address_line_1 as line1, l.address_line_2 as line2, l.city, l.postal_code as pin
      from stores s join users u on u.id = s.owner_id
      join store_settings ss on ss.store_id = s.id
      join lateral (select * from store_locations l where l.store_id = s.id limit 1) l on true
     where s.online_status = 'PUBLISHED' and ss.gstin is not null
     order by s.slug limit 1`;
  if (!s) throw new Error('no published demo shop with a GSTIN');
  return {
    ...s,
    address: [
      [s.line1, s.line2].filter(Boolean).join(', '),
      [s.city, s.state, s.pin].filter(Boolean).join(', '),
    ].filter(Boolean),
  };
}

/** Last month (IST) as YYYY-MM, its range and financial year. */
function lastMonth() {
  const ist = new Date(Date.now() + 5.5 * 3_600_000);
  const d = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - 1, 15));
  const month = process.env.BENCH_MONTH ?? d.toISOString().slice(0, 7);
  const { from, to } = istMonthRange(month);
  return { month, from, to, fy: financialYear(new Date((from.getTime() + to.getTime()) / 2)) };
}

/** The month's orders, invoices and credit notes, set-based, as the owner (RLS context set). */
async function load(sql: postgres.Sql, shop: Shop, m: ReturnType<typeof lastMonth>) {
  const templates = Array.from({ length: TEMPLATES }, (_, k) => template(k, shop, m.from));
  const list = templates.map((t) => ({ k: t.k, state: t.state, inv: t.inv, cn: t.cn }));
  const bytes = JSON.stringify(list).length;
  await sql.begin(async (tx) => {
    await tx`select set_config('app.store_id', ${shop.id}, true)`;
    const [base] = await tx<{ inv: number; cn: number; order: number }[]>`
      select coalesce((select max(seq) from tax_documents where store_id = ${shop.id} and series = 'INV' and fy = ${m.fy}), 0) as inv,
             coalesce((select max(seq) from tax_documents where store_id = ${shop.id} and series = 'CN' and fy = ${m.fy}), 0) as cn,
             coalesce((select max(number) from orders where store_id = ${shop.id}), 0) as "order"`;
    const b = { inv: Number(base?.inv), cn: Number(base?.cn), order: Number(base?.order) + 1000 };
    const span = (m.to.getTime() - m.from.getTime()) / 1000;
    // Orders: one per invoice, placed when the invoice is issued (shipped), numbered after the demo's.
    await tx`
      with t as (select (e->>'k')::int as k, e as t from jsonb_array_elements(${tx.json(list as never)}) e)
      insert into orders (store_id, number, status, payment_method, payment_status, subtotal_paise, total_paise,
                          total_items, delivery_name, delivery_estimate, ship_name, ship_line1, ship_city, ship_state,
                          ship_postal_code, created_at, updated_at, shipped_at)
      select ${shop.id}, ${b.order}::int + g, 'SHIPPED', 'UPI', 'SUCCESS', (t.t->'inv'->>'total')::int,
             (t.t->'inv'->>'total')::int, 1, 'Standard Delivery', '3-5 business days',
             t.t->'inv'->'snapshot'->'buyer'->>'name', '1, MG Road', 'City', t.t->>'state', '560001', at, at, at
        from generate_series(1, ${DOCS}::int) g
        cross join lateral (select ${m.from.toISOString()}::timestamptz
                                   + ((g - 0.5) / ${DOCS}::float8 * ${span}::float8) * interval '1 second' as at) a
        join t on t.k = (g * 7919) % ${TEMPLATES}::int
       order by g`;
    // Invoices: the template's snapshot with this row's number, date, order number and buyer name.
    await tx`
      with t as (select (e->>'k')::int as k, e as t from jsonb_array_elements(${tx.json(list as never)}) e)
      insert into tax_documents (store_id, order_id, kind, series, fy, seq, number, issued_at, total_paise,
                                 taxable_paise, cgst_paise, sgst_paise, igst_paise, place_of_supply, snapshot)
      select o.store_id, o.id, 'INVOICE', 'INV', ${m.fy}, ${b.inv}::int + g, n.number, o.created_at,
             (t.t->'inv'->>'total')::int, (t.t->'inv'->>'taxable')::int, (t.t->'inv'->>'cgst')::int,
             (t.t->'inv'->>'sgst')::int, (t.t->'inv'->>'igst')::int, t.t->'inv'->>'pos',
             (t.t->'inv'->'snapshot') || jsonb_build_object(
               'number', n.number,
               'issuedAt', to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'orderNumber', 'ORD-' || o.number,
               'buyer', (t.t->'inv'->'snapshot'->'buyer')
                        || jsonb_build_object('name', (t.t->'inv'->'snapshot'->'buyer'->>'name') || ' ' || (g % 997)),
               -- the first line's name too (a variant, a batch): no two breakups alike, as in a real month
               'breakup', jsonb_set(t.t->'inv'->'snapshot'->'breakup', '{lines,0,name}',
                                    to_jsonb((t.t->'inv'->'snapshot'->'breakup'->'lines'->0->>'name') || ', batch ' || g)))
        from orders o
        cross join lateral (select o.number - ${b.order}::int as g) gg
        cross join lateral (select 'INV/' || substr(${m.fy}, 3) || '/' || lpad((${b.inv}::int + g)::text, greatest(5, length((${b.inv}::int + g)::text)), '0') as number) n
        join t on t.k = (g * 7919) % ${TEMPLATES}::int
       where o.store_id = ${shop.id} and o.number > ${b.order}::int
       order by g`;
    // A value-only credit note against 2 % of the invoices (100 in every 5,000, scattered), a day after it.
    await tx`
      with t as (select (e->>'k')::int as k, e as t from jsonb_array_elements(${tx.json(list as never)}) e),
      src as (
        select d.*, row_number() over (order by d.seq) as r
          from tax_documents d
         where d.store_id = ${shop.id} and d.series = 'INV' and d.fy = ${m.fy} and d.seq > ${b.inv}::int
           and ((d.seq - ${b.inv}::int) * 7717) % 5000 < 100
      )
      insert into tax_documents (store_id, order_id, kind, series, fy, seq, number, issued_at, against_id,
                                 total_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, place_of_supply,
                                 snapshot)
      select s.store_id, s.order_id, 'CREDIT_NOTE', 'CN', ${m.fy}, ${b.cn}::int + s.r, n.number, c.at, s.id,
             (t.t->'cn'->>'total')::int, (t.t->'cn'->>'taxable')::int, (t.t->'cn'->>'cgst')::int,
             (t.t->'cn'->>'sgst')::int, (t.t->'cn'->>'igst')::int, t.t->'cn'->>'pos',
             (t.t->'cn'->'snapshot') || jsonb_build_object(
               'number', n.number,
               'issuedAt', to_char(c.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'against', jsonb_build_object('number', s.number, 'issuedAt', s.snapshot->>'issuedAt'),
               'orderNumber', s.snapshot->>'orderNumber',
               'buyer', s.snapshot->'buyer',
               'breakup', jsonb_set(t.t->'cn'->'snapshot'->'breakup', '{lines,0,name}',
                                    s.snapshot->'breakup'->'lines'->0->'name'))
        from src s
        cross join lateral (select least(s.issued_at + interval '1 day',
                                         ${m.to.toISOString()}::timestamptz - interval '1 minute') as at) c
        cross join lateral (select 'CN/' || substr(${m.fy}, 3) || '/' || lpad((${b.cn}::int + s.r)::text, greatest(5, length((${b.cn}::int + s.r)::text)), '0') as number) n
        join t on t.k = ((s.seq - ${b.inv}::int) * 7919) % ${TEMPLATES}::int
       order by s.r`;
  });
  for (const t of ['orders', 'tax_documents']) await sql.unsafe(`vacuum analyze ${t}`);
  const mix: Record<string, number> = {};
  for (let g = 1; g <= DOCS; g++) {
    const kind = kindOf((g * 7919) % TEMPLATES);
    mix[kind] = (mix[kind] ?? 0) + 1;
  }
  const lines = templates.reduce((a, t) => a + t.inv.snapshot.breakup.lines.length, 0) / TEMPLATES;
  return { mix, linesPerInvoice: lines, avgSnapshotBytes: bytes / TEMPLATES / 2 };
}

const rssKb = (pid: number) => {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(m?.[1] ?? 0);
  } catch {
    return 0;
  }
};

/** One request: wall time, bytes, and the server's peak RSS while it ran (sampled every 10 ms). */
async function timed(server: Server, path: string, headers: Record<string, string>) {
  let peak = rssKb(server.pid);
  const before = peak;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssKb(server.pid));
  }, 10);
  const t0 = performance.now();
  const res = await fetch(`${server.origin}${path}`, { headers });
  const body = await res.arrayBuffer();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, rssKb(server.pid));
  if (res.status !== 200)
    throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
  return { ms, bytes: body.byteLength, beforeMb: before / 1024, peakMb: peak / 1024, body };
}

async function signIn(server: Server, shop: Shop) {
  const res = await fetch(`${server.origin}/api/admin/admin-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: shop.email, password: DEMO_VENDOR_PASSWORD, role_name: 'VENDOR' }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  return { authorization: `Bearer ${token}`, 'store-origin': shop.slug };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const f = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : String(Math.round(n)));

interface Row {
  name: string;
  path: string;
  cold: number;
  warm: number[];
  bytes: number;
  rss: { before: number; peak: number };
  note: string;
}

/**
 * BENCH_BEFORE_SERVER=<bundle>: the GSTR-1 routes also on the code before a change (its server.mjs, e.g. the bundle
 * of the commit before, copied under apps/api/dist/ so node_modules resolve), with a statement timeout of 10 minutes.
 */
const BEFORE = process.env.BENCH_BEFORE_SERVER;

/** Each route from a fresh server: its first request (cold), then RUNS warm ones. */
async function measureRoute(
  url: string,
  shop: Shop,
  route: { name: string; path: string; note: (b: ArrayBuffer) => string; script?: string; runs?: number },
) {
  const { name, path, note } = route;
  const q = await waitForQuiet(log);
  let out = '';
  const onStdout = (text: string) => {
    out = (out + text).slice(-4000);
  };
  const server = route.script
    ? await startServer(url, { DB_STATEMENT_TIMEOUT_MS: '600000' }, route.script, { onStdout })
    : await startServer(url, {}, undefined, { onStdout });
  try {
    const headers = await signIn(server, shop);
    const cold = await timed(server, path, headers);
    const warm: number[] = [];
    let peak = cold.peakMb;
    for (let i = 0; i < (route.runs ?? RUNS); i++) {
      const r = await timed(server, path, headers);
      warm.push(r.ms);
      peak = Math.max(peak, r.peakMb);
    }
    log(
      `${name}: cold ${f(cold.ms)} ms, warm median ${f(median(warm))} ms, max ${f(Math.max(...warm))} ms, RSS ${f(cold.beforeMb)} -> ${f(peak)} MB, load ${q.load.toFixed(2)}`,
    );
    return {
      row: {
        name,
        path,
        cold: cold.ms,
        warm,
        bytes: cold.bytes,
        rss: { before: cold.beforeMb, peak },
        note: note(cold.body),
      } satisfies Row,
      load: q.load,
    };
  } catch (err) {
    log(`server's log: ${out}`);
    throw err;
  } finally {
    await server.stop();
  }
}

async function main() {
  const db = await freshDatabase('haat_bench_gstr1');
  const url = db.url;
  try {
    const setup = await openDatabase({ url });
    await setup.migrate();
    await seedDemo(setup.owner);
    await setDemoVendorPasswords(setup.owner);
    await setup.close();
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    const shop = await pickShop(sql);
    const m = lastMonth();
    log(`shop ${shop.slug} (${shop.state}, ${shop.gstin}), month ${m.month}: loading ${DOCS} invoices`);
    const t0 = performance.now();
    const loaded = await load(sql, shop, m);
    const loadS = (performance.now() - t0) / 1000;
    const [counts] = await sql<{ inv: number; cn: number; mb: number }[]>`
      select count(*) filter (where kind = 'INVOICE')::int as inv, count(*) filter (where kind = 'CREDIT_NOTE')::int as cn,
             round(pg_total_relation_size('tax_documents') / 1048576.0)::int as mb
        from tax_documents where store_id = ${shop.id} and issued_at >= ${m.from.toISOString()} and issued_at < ${m.to.toISOString()}`;
    log(`loaded in ${loadS.toFixed(1)} s: ${JSON.stringify(counts)} ${JSON.stringify(loaded)}`);

    // Reference 1: the month's count and sum straight from PostgreSQL (best of RUNS).
    const refMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r0 = performance.now();
      await sql.begin(async (tx) => {
        await tx`select set_config('app.store_id', ${shop.id}, true)`;
        await tx`select count(*), sum(total_paise) from tax_documents
                  where store_id = ${shop.id} and issued_at >= ${m.from.toISOString()} and issued_at < ${m.to.toISOString()}`;
      });
      refMs.push(performance.now() - r0);
    }
    await sql.end();

    const q = `?month=${m.month}`;
    const json = (b: ArrayBuffer) => JSON.parse(Buffer.from(b).toString());
    const fileNote = (file: {
      b2b: { inv: unknown[] }[];
      b2cl: { inv: unknown[] }[];
      b2cs: unknown[];
      cdnr: { nt: unknown[] }[];
      cdnur: unknown[];
      hsn: { hsn_b2b: unknown[]; hsn_b2c: unknown[] };
    }) =>
      `b2b ${file.b2b.reduce((a, x) => a + x.inv.length, 0)}, b2cl ${file.b2cl.reduce((a, x) => a + x.inv.length, 0)}, b2cs ${file.b2cs.length} rows, cdnr ${file.cdnr.reduce((a, x) => a + x.nt.length, 0)}, cdnur ${file.cdnur.length}, hsn ${file.hsn.hsn_b2b.length}+${file.hsn.hsn_b2c.length}`;
    const routes: [string, string, (b: ArrayBuffer) => string][] = [
      [
        'GST summary (reference)',
        `/api/admin/transaction/gst-summary/${q}`,
        (b) => {
          const d = json(b).data;
          return `${d.invoices} invoices, ${d.credit_notes} credit notes`;
        },
      ],
      ['GSTR-1 JSON file', `/api/admin/transaction/gstr1.json${q}`, (b) => fileNote(json(b))],
      ['GSTR-1 preview', `/api/admin/transaction/gstr1/${q}`, (b) => fileNote(json(b).data.file)],
      [
        'GSTR-1 CSV',
        `/api/admin/transaction/gstr1.csv${q}`,
        (b) => `${Buffer.from(b).toString().split('\n').length - 1} rows`,
      ],
    ];
    const rows: Row[] = [];
    const loads: number[] = [];
    for (const [name, path, note] of routes) {
      const r = await measureRoute(url, shop, { name, path, note });
      rows.push(r.row);
      loads.push(r.load);
    }
    if (BEFORE)
      for (const [name, path, note] of routes.filter(([n]) => n.startsWith('GSTR-1 JSON'))) {
        const r = await measureRoute(url, shop, {
          name: `${name}, before`,
          path,
          note,
          script: BEFORE,
          runs: 2,
        });
        rows.push(r.row);
        loads.push(r.load);
      }

    const out = [
      `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: GSTR-1 of ${(counts?.inv ?? 0).toLocaleString('en')} invoices, ${await machine()}\n`,
      `Shop ${shop.slug} (${shop.state}), month ${m.month}: ${counts?.inv} invoices and ${counts?.cn} credit notes loaded in ${loadS.toFixed(0)} s (${f(loaded.linesPerInvoice)} lines per invoice, snapshots about ${Math.round(loaded.avgSnapshotBytes)} bytes of JSON; mix ${JSON.stringify(loaded.mix)}; tax_documents ${counts?.mb} MB). Load average at the start of each route: ${loads.map((l) => l.toFixed(2)).join(', ')}; now ${loadavg()[0]?.toFixed(2)}.\n`,
      `| Request | cold ms (first in a fresh server) | warm median ms (${RUNS} runs; before: 2) | warm max ms | reply | server RSS before -> peak MB | answered |`,
      '|---|---|---|---|---|---|---|',
      `| Reference: \`select count(*), sum(total_paise)\` over the month, straight to PostgreSQL | - | ${f(median(refMs))} | ${f(Math.max(...refMs))} | - | - | - |`,
      ...rows.map(
        (r) =>
          `| ${r.name}: \`${r.path}\` | ${f(r.cold)} | ${f(median(r.warm))} | ${f(Math.max(...r.warm))} | ${f(r.bytes / 1024)} kB | ${f(r.rss.before)} -> ${f(r.rss.peak)} | ${r.note} |`,
      ),
    ];
    console.log(`\n${out.join('\n')}`);
  } finally {
    if (process.env.BENCH_KEEP) {
      console.log(`Kept the database ${db.name} (BENCH_KEEP).`);
      await db.keep();
    } else await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
