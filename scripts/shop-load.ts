/**
 * The mixed load of the process-level suites (the fault suite, the failover test): against one origin, shoppers
 * placing cash-on-delivery orders, counters making sales, refunds of ₹1 on those sales (every other one putting a
 * unit back), shoppers reading the storefront. Every order and sale carries an Idempotency-Key and is kept with
 * its answer, so a lost answer can be sent again and everything acknowledged checked (shop-checks.ts).
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { posTotals } from '@haat/contracts';
import type postgres from 'postgres';
import { addAddress, call, signUpCustomer, sleep } from './test-servers.ts';

/** Answers by kind. */
export interface Tally {
  ok: number;
  unavailable: number;
  serverError: number;
  network: number;
  refused: number;
}
export const newTally = (): Tally => ({ ok: 0, unavailable: 0, serverError: 0, network: 0, refused: 0 });

export interface Keyed {
  kind: 'order' | 'sale';
  key: string;
  body: object;
  headers: Record<string, string>;
  status: number;
  orderId?: string;
  transactionId?: string;
  saleLine?: { product_id: string; variant_id: string };
}

/** One request: when it was sent and when it ended (performance.now()), what kind, its status (0: no answer). */
export interface Sample {
  sent: number;
  at: number;
  kind: 'read' | 'page' | 'cart' | 'order' | 'sale' | 'refund';
  status: number;
}

/**
 * A GET with a Host header of its own (fetch replaces it with the origin's): a shop page on the shop's host. Its
 * status, and the HTML as `json.message` (the shape `call` answers in).
 */
export function getPage(origin: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; json: { data?: undefined; message?: string } }>((resolve, reject) => {
    const req = request(`${origin}${path}`, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: { message: body } }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export const settled = (status: number) => status > 0 && status < 500;

export interface LoadOptions {
  origin: string;
  /** The owner's connection to the shop's database (the snapshot of stock before the load). */
  sql: postgres.Sql;
  shoppers: number;
  counters: number;
  readers: number;
  /** Readers also load the product page's HTML (`/product/{id}` on the shop's host; needs the built web app). */
  pages?: boolean;
  /** The platform domain the shop's host is under (`<slug>.<domain>`), for the pages. */
  platformDomain?: string;
  prefix: string;
}

export type ShopLoad = Awaited<ReturnType<typeof prepareShopLoad>>;

/** Signs the vendor and the shoppers in, finds what to sell, and takes the snapshot the checks compare against. */
export async function prepareShopLoad(o: LoadOptions) {
  const { origin, sql } = o;
  const [shop] = await sql<{ id: string; slug: string }[]>`
    select id, slug from stores where online_status = 'PUBLISHED' order by slug limit 1`;
  if (!shop) throw new Error('no open demo shop');
  const login = await call(origin, 'POST', '/api/admin/admin-login/', {
    email: `owner@${shop.slug}.demo.haat.in`,
    password: 'haat-demo-2026',
    role_name: 'VENDOR',
  });
  const token = (login.json.data as { access_token?: string } | undefined)?.access_token;
  if (!token) throw new Error(`vendor sign-in: ${login.status} ${login.json.message}`);
  const vendor = { authorization: `Bearer ${token}`, 'store-origin': shop.slug };
  const visitor = { 'store-origin': shop.slug };

  // The counter's sellables as its screen sees them (price now, tax rate), with stock to spare.
  const found = (await call(origin, 'GET', '/api/admin/pos/products/?limit=50', undefined, vendor)).json
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
  const cards = (await call(origin, 'GET', '/api/store/stores/product?limit=100', undefined, visitor)).json
    .data as unknown as { id: string; has_variants: boolean; product_quantity: number }[];
  const onlineProducts = cards.filter((c) => !c.has_variants && c.product_quantity >= 20).map((c) => c.id);
  const delivery = (await call(origin, 'GET', '/api/store/get-store-delivery-options/', undefined, visitor))
    .json.data as { delivery_options: { id: string }[] };
  const deliveryId = delivery.delivery_options[0]?.id;
  const shoppers: { auth: Record<string, string>; addressId: string }[] = [];
  for (let i = 0; i < o.shoppers; i++) {
    const email = `${o.prefix}.${i}.${Date.now().toString(36)}@example.in`;
    const { auth } = await signUpCustomer(origin, shop.slug, email);
    const addressId = await addAddress(origin, auth, `Load Shopper ${i}`);
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

  let tally = newTally();
  const serverErrors: string[] = [];
  /** Requests that had no answer after 20 s (given up on, counted as no answer). */
  const slow: string[] = [];
  const samples: Sample[] = [];
  const keyed: Keyed[] = [];
  const refunds = { acked: new Map<string, number>(), unknown: new Map<string, number>() };
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

  async function send(
    kind: Sample['kind'],
    method: string,
    path: string,
    body?: object,
    headers: Record<string, string> = {},
  ) {
    let timer: NodeJS.Timeout | undefined;
    let status = 0;
    const sent = performance.now();
    try {
      const r = await Promise.race([
        headers.host ? getPage(origin, path, headers) : call(origin, method, path, body, headers),
        new Promise<never>((_, no) => {
          timer = setTimeout(() => {
            slow.push(`${method} ${path}`);
            no(new Error('no answer in 20 s'));
          }, 20_000);
        }),
      ]);
      status = r.status;
      if (r.status < 300) tally.ok++;
      else if (r.status === 503) tally.unavailable++;
      else if (r.status >= 500) {
        tally.serverError++;
        serverErrors.push(`${method} ${path}: ${r.status} ${r.json.message?.slice(0, 200)}`);
      } else tally.refused++;
      return r;
    } catch {
      tally.network++;
      return { status: 0, json: {} as Record<string, never> };
    } finally {
      clearTimeout(timer);
      samples.push({ sent, at: performance.now(), kind, status });
    }
  }

  async function placeOrSell(op: Keyed) {
    const path = op.kind === 'order' ? '/api/store/order/create-order/' : '/api/admin/order/pos-checkout/';
    const r = await send(op.kind, 'POST', path, op.body, { ...op.headers, 'idempotency-key': op.key });
    op.status = r.status;
    const data = r.json.data as { order_id?: string; transaction_id?: string } | undefined;
    if (r.status === 200 || r.status === 201) {
      op.orderId = data?.order_id;
      op.transactionId = data?.transaction_id;
    }
  }

  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)] as T;
  let running = false;
  const loops: Promise<void>[] = [];
  const shopperLoop = async (s: (typeof shoppers)[number]) => {
    while (running) {
      const cart = await send(
        'cart',
        'POST',
        '/api/store/store-user/store-cart/',
        { product_id: pick(onlineProducts), quantity: 1 },
        s.auth,
      );
      const lines = (cart.json.data as { lines?: { id: string }[] } | undefined)?.lines;
      if (!lines?.length) {
        await sleep(100);
        continue;
      }
      const op: Keyed = {
        kind: 'order',
        key: `${o.prefix}-order-${randomBytes(8).toString('hex')}`,
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
  };
  // One sale of one sellable, re-priced by posTotals as the screen does.
  const counterLoop = async () => {
    while (running) {
      const s = pick(sellables);
      const tot = posTotals(
        [{ unitPricePaise: Math.round(s.price * 100), quantity: 1, ratePercent: s.tax_percentage }],
        { type: 'FIXED', value: 0 },
      );
      const total = tot.totalPaise / 100;
      const op: Keyed = {
        kind: 'sale',
        key: `${o.prefix}-sale-${randomBytes(8).toString('hex')}`,
        body: {
          name: 'Load Counter',
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
  };
  const refundLoop = async () => {
    let n = 0;
    while (running) {
      const sale = pick(keyed.filter((k) => k.kind === 'sale' && k.transactionId));
      if (!sale?.transactionId) {
        await sleep(100);
        continue;
      }
      const restock = n++ % 2 === 0 && sale.saleLine ? [{ ...sale.saleLine, quantity: 1 }] : [];
      const r = await send(
        'refund',
        'POST',
        `/api/admin/transaction/${sale.transactionId}/refund/`,
        { amount: 1, reason: 'load refund', method: 'CASH', restock },
        vendor,
      );
      if (r.status === 200) bump(refunds.acked, sale.orderId as string);
      else if (!settled(r.status)) bump(refunds.unknown, sale.orderId as string);
      await sleep(150);
    }
  };
  const host = `${shop.slug}.${o.platformDomain ?? 'localhost'}`;
  const readerLoop = async () => {
    while (running) {
      const id = pick(onlineProducts);
      await send('read', 'GET', `/api/store/stores/product/${id}`, undefined, visitor);
      await send('read', 'GET', '/api/store/stores/product?limit=20', undefined, visitor);
      if (o.pages) await send('page', 'GET', `/product/${id}`, undefined, { host, accept: 'text/html' });
      await sleep(20);
    }
  };

  return {
    shop,
    vendor,
    visitor,
    host,
    startedAt,
    stockAtStart,
    keyed,
    refunds,
    serverErrors,
    slow,
    samples,
    send,
    placeOrSell,
    /** The answers since the last call (or the start), and a fresh count from now. */
    takeTally() {
      const t = tally;
      tally = newTally();
      return t;
    },
    start() {
      running = true;
      for (const s of shoppers) loops.push(shopperLoop(s));
      for (let c = 0; c < o.counters; c++) loops.push(counterLoop());
      loops.push(refundLoop());
      for (let i = 0; i < o.readers; i++) loops.push(readerLoop());
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
    /**
     * A client whose answer was lost sends the same request again with the same key (20 tries, 250 ms apart), until
     * `deadline` (performance.now()) if given: what is still unsettled then stays so, for the checks to report.
     */
    async retryUnsettled(deadline = Number.POSITIVE_INFINITY) {
      for (const op of keyed) {
        for (let i = 0; i < 20 && !settled(op.status) && performance.now() < deadline; i++) {
          await placeOrSell(op);
          if (!settled(op.status)) await sleep(250);
        }
      }
    },
  };
}
