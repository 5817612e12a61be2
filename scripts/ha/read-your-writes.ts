/**
 * Read-your-writes on a delayed standby (issue 36): the standby's replay is held back (recovery_min_apply_delay)
 * below DATABASE_READ_MAX_LAG_MS, so the servers keep reading the catalogue there. The vendor changes a product's
 * price through the back office API, and the next product JSON and product page the vendor and an anonymous
 * shopper load (through HAProxy, so from either server) show the new price, while the standby itself still has
 * the old one (which shows the delay was in effect).
 */
import postgres from 'postgres';
import { getPage } from '../shop-load.ts';
import { call } from '../test-servers.ts';

export interface RywResult {
  changes: number;
  /** Loads after a change that showed the new price / all loads after a change. */
  fresh: number;
  loads: number;
  /** Changes the standby had not replayed yet when the loads after it were done. */
  standbyBehind: number;
  /** App connections (role haat_app) on the standby other than the lag checks (their last query is not the lag's). */
  appConnectionsOnStandby: number;
  failures: string[];
}

const priceIn = (data: unknown): number | undefined => {
  const d = data as { product_price?: number; product?: { product_price?: number } } | undefined;
  return d?.product_price ?? d?.product?.product_price;
};
const pagePrice = (html = ''): number | undefined => {
  const m = /<script id="haat-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!m?.[1]) return undefined;
  return (
    priceIn((JSON.parse(m[1]) as { product?: unknown }).product ?? undefined) ?? priceIn(JSON.parse(m[1]))
  );
};

export async function readYourWrites(o: {
  origin: string;
  vendor: Record<string, string>;
  slug: string;
  host: string;
  /** The delayed standby's owner URL for the shop's database. */
  standbyUrl: string;
  changes: number;
}): Promise<RywResult> {
  const failures: string[] = [];
  const visitor = { 'store-origin': o.slug };
  const categories = (await call(o.origin, 'GET', '/api/admin/category/', undefined, o.vendor)).json
    .data as unknown as { id: string }[];
  const form = {
    product_name: `Failover Lamp ${Date.now().toString(36)}`,
    sku: `failover-lamp-${Date.now().toString(36)}`,
    original_price: 100,
    product_price: 450,
    unit: 'Piece',
    product_quantity: 40,
    low_stock_threshold: 5,
    shipping_charge: 40,
    category_id: categories[0]?.id,
  };
  const made = await call(o.origin, 'POST', '/api/admin/product/', form, o.vendor);
  const id = made.json.data?.id;
  if (made.status !== 201 || !id)
    throw new Error(`could not make a product: ${made.status} ${made.json.message}`);
  const standby = postgres(o.standbyUrl, { max: 1, onnotice: () => {} });
  try {
    // Wait until the standby has the product (3 s of delay and a little).
    for (let i = 0; i < 100; i++) {
      const [row] = await standby`select 1 from products where id = ${id}`;
      if (row) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    let fresh = 0;
    let loads = 0;
    let standbyBehind = 0;
    let appConnectionsOnStandby = 0;
    for (let n = 1; n <= o.changes; n++) {
      const price = 450 - n * 7;
      const put = await call(
        o.origin,
        'PUT',
        `/api/admin/product/${id}/`,
        { ...form, product_price: price },
        o.vendor,
      );
      if (put.status !== 200) {
        failures.push(`change ${n}: PUT answered ${put.status} ${put.json.message}`);
        continue;
      }
      const seen: [string, number | undefined][] = [];
      for (const [who, headers] of [
        ['vendor', o.vendor],
        ['shopper', visitor],
      ] as const) {
        const json = await call(o.origin, 'GET', `/api/store/stores/product/${id}`, undefined, headers);
        seen.push([`${who} JSON (${json.status})`, priceIn(json.json.data)]);
        const pageHeaders: Record<string, string> = { host: o.host, accept: 'text/html' };
        if (who === 'vendor' && o.vendor.authorization) pageHeaders.authorization = o.vendor.authorization;
        const page = await getPage(o.origin, `/product/${id}`, pageHeaders);
        seen.push([`${who} page (${page.status})`, pagePrice(page.json.message)]);
      }
      const paise = price * 100;
      const [row] = await standby<{ has: boolean }[]>`select coalesce(price_paise = ${paise}
        or sale_price_paise = ${paise}, false) as has from products where id = ${id}`;
      if (!row?.has) standbyBehind++;
      const [conns] = await standby<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
        where usename = 'haat_app' and datname = current_database() and query not like '%pg_last_wal_replay_lsn%'`;
      appConnectionsOnStandby = Math.max(appConnectionsOnStandby, conns?.n ?? 0);
      for (const [what, p] of seen) {
        loads++;
        if (p === price) fresh++;
        else failures.push(`change ${n} to ${price}: the ${what} showed ${p}`);
      }
    }
    return { changes: o.changes, fresh, loads, standbyBehind, appConnectionsOnStandby, failures };
  } finally {
    await standby.end();
  }
}

/**
 * After a failover the servers' readers may sit on the new primary until their lag check has seen it for 10 s and
 * renewed them (decision 0026). Reads the shop's listing through the load balancer (readers open as reads need
 * them) until the standby has app connections besides the lag checks, at most `withinMs`. Returns how long it took,
 * or null when it did not happen.
 */
export async function waitForReadersOnStandby(o: {
  origin: string;
  slug: string;
  standbyUrl: string;
  withinMs: number;
}): Promise<number | null> {
  const standby = postgres(o.standbyUrl, { max: 1, onnotice: () => {} });
  const t0 = Date.now();
  try {
    while (Date.now() - t0 < o.withinMs) {
      for (let i = 0; i < 4; i++)
        await call(o.origin, 'GET', '/api/store/stores/product?limit=4', undefined, {
          'store-origin': o.slug,
        });
      const [conns] = await standby<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
        where usename = 'haat_app' and datname = current_database() and query not like '%pg_last_wal_replay_lsn%'`;
      if ((conns?.n ?? 0) > 0) return Date.now() - t0;
      await new Promise((r) => setTimeout(r, 500));
    }
    return null;
  } finally {
    await standby.end();
  }
}
