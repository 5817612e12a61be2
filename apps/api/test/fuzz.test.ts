import { errorEnvelope } from '@haat/contracts';
import { withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { demoVendor, verifiedCustomer } from '../src/modules/accounts/accounts.test-helpers.ts';
import { type RouteEntry, routeTable } from '../src/plugins/route-table.ts';
import { encodeAny, HOSTILE_STRINGS, hostile, schemaArb, toQuery } from './fuzz-arbitraries.ts';
import { createTestApp, demoShops, type TestApp } from './harness.ts';

/*
 * Property-based fuzzing of every route in the server's own route table (fast-check). Each route gets FUZZ_RUNS
 * requests built from its declared zod schemas (path parameters, query, body), with hostile values mixed in and a
 * caller picked among nobody, a customer of shop A, shop A's vendor and a customer of shop B. Properties: no
 * answer is a 5xx, and every 2xx JSON answer matches the response schema the route declares for that status.
 *
 *   FUZZ_RUNS=60 (per route)  FUZZ_SEED=20261125  FUZZ_ROUTE='POST /api/store/address/' (one route only)
 *
 * A failure prints the route, the seed, the shrunk request and the answer, so it can be replayed.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const ONLY = process.env.FUZZ_ROUTE;

/** Not API calls: documentation, HEAD twins, the web app and static media files. */
const outOfScope = (r: RouteEntry) =>
  r.method === 'HEAD' ||
  r.url.startsWith('/api/docs') ||
  r.url === '*' ||
  r.url === '/*' ||
  r.url.startsWith('/media/') ||
  r.url === '/dev/mailbox' ||
  r.url.startsWith('/dev/test-gateway/');

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
const callers: Record<string, Record<string, string>> = {};
let ids: string[] = [];
/** Shop A's ids by table (and `stores`), for the path slot a route names. */
const idsA: Record<string, string[]> = {};

/** The table a path id names, from the words before it in the URL. */
const TABLE_OF: [RegExp, string][] = [
  [/store-cart\/:/, 'cart_items'],
  [/address\/:/, 'customer_addresses'],
  [/wishlist\/:/, 'products'],
  [/order\/:/, 'orders'],
  [/transaction\/:/, 'payment_transactions'],
  [/delivery-option\/:/, 'delivery_options'],
  [/coupon\/:/, 'coupons'],
  [/store-deals\/:/, 'deals'],
  [/product\/:/, 'products'],
  [/shop\/shop\/:/, 'stores'],
];

/** Up to 3 ids from every table of a shop with an `id` column (read in its context), and the shop's own. */
async function idsOf(storeId: string, byTable: Record<string, string[]> = {}) {
  const tables = await t.owner.execute(
    sql`select c.table_name as name from information_schema.columns c
         join information_schema.columns s on s.table_name = c.table_name and s.table_schema = c.table_schema
        where c.table_schema = 'public' and c.column_name = 'id' and c.data_type = 'uuid'
          and s.column_name = 'store_id' order by 1`,
  );
  const names = (Array.isArray(tables) ? tables : (tables as { rows: unknown[] }).rows).map(
    (r) => (r as { name: string }).name,
  );
  const found: string[] = [storeId];
  byTable.stores = [storeId];
  await withStore(t.owner, storeId, async (tx) => {
    for (const name of names) {
      const r = await tx.execute(
        sql.raw(`select id::text as id from ${name} where store_id = '${storeId}' limit 3`),
      );
      const got = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows).map(
        (row) => (row as { id: string }).id,
      );
      byTable[name] = got;
      found.push(...got);
    }
  });
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
  const vendor = await demoVendor(t, shops.a);
  const customerA = await verifiedCustomer(t, shops.a.slug);
  const customerB = await verifiedCustomer(t, shops.b.slug);
  const bearer = (token: string) => `Bearer ${token}`;
  callers.nobody = { 'store-origin': shops.a.slug };
  callers.customerA = { 'store-origin': shops.a.slug, authorization: bearer(customerA.session.access_token) };
  callers.vendorA = { 'store-origin': shops.a.slug, authorization: bearer(vendor.token) };
  callers.customerB = { 'store-origin': shops.b.slug, authorization: bearer(customerB.session.access_token) };
  ids = [...(await idsOf(shops.a.id, idsA)), ...(await idsOf(shops.b.id))];
}, 120_000);
afterAll(() => t?.close());

/**
 * A value for one path parameter: most often one of shop A's rows of the table the URL names (so the call reaches
 * its work), else the schema's own, any real id, a slug, a fresh uuid or a hostile string.
 */
const paramArb = (route: RouteEntry, name: string, declared: fc.Arbitrary<unknown> | null) => {
  const table = TABLE_OF.find(([re]) => re.test(route.url))?.[1];
  const own = table ? idsA[table] : undefined;
  return (
    fc
      .oneof(
        ...(own?.length ? [{ weight: 4, arbitrary: fc.constantFrom(...own) }] : []),
        ...(name === 'slug' ? [{ weight: 4, arbitrary: fc.constant(shops.a.slug) }] : []),
        ...(declared ? [declared.map((v) => (v as Record<string, unknown> | null)?.[name])] : []),
        fc.constantFrom(...ids, shops.a.slug, shops.b.slug),
        fc.uuid(),
        fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 300)),
      )
      // An empty segment is another route (`/product/` is the list, not `/product/:id`).
      .map((v) => (v === undefined || v === null || String(v) === '' ? 'x' : v))
  );
};

interface Request {
  caller: string;
  address: number;
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
}

/** Mostly the caller the route is for (the back office's vendor, a shop's customer), sometimes anyone else. */
const callerArb = (route: RouteEntry) => {
  const weights: Record<string, number> = route.url.startsWith('/api/admin/')
    ? { vendorA: 6, customerA: 1, nobody: 1, customerB: 1 }
    : { customerA: 3, vendorA: 3, nobody: 2, customerB: 1 };
  return fc.oneof(
    ...Object.entries(weights).map(([caller, weight]) => ({ weight, arbitrary: fc.constant(caller) })),
  );
};

function requestArb(route: RouteEntry): fc.Arbitrary<Request> {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const declaredParams = schemaArb(schema.params, ids, false);
  const params = fc.record(Object.fromEntries(names.map((n) => [n, paramArb(route, n, declaredParams)])));
  const query = schemaArb(schema.querystring, ids, false) ?? fc.constant(undefined);
  const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  const body = takesBody
    ? (schemaArb(schema.body, ids, true) ?? fc.oneof(fc.constant(undefined), hostile(false)))
    : fc.constant(undefined);
  return fc.record({
    caller: callerArb(route),
    address: fc.integer({ min: 0, max: 65_535 }),
    params,
    query,
    body,
  });
}

const urlOf = (route: RouteEntry, r: Request) =>
  route.url.replace(/:(\w+)/g, (_, n: string) => encodeAny(String(r.params[n] ?? ''))) + toQuery(r.query);

/** Answers by status class, and the routes that answered 2xx at least once (reached their work). */
const classes: Record<string, number> = {};
const succeeded = new Set<string>();
function tally(route: RouteEntry, status: number) {
  const c = `${Math.floor(status / 100)}xx`;
  classes[c] = (classes[c] ?? 0) + 1;
  if (c === '2xx') succeeded.add(`${route.method} ${route.url}`);
}

/**
 * The one 5xx that is not the server's fault: 503 naming a dependency that is not there (the address lookup is
 * not configured in tests). Never a 500.
 */
const dependencyDown = (status: number, body: string) =>
  status === 503 && /"reason":"[A-Z_]+_UNAVAILABLE"/.test(body);

/** Sends one generated request; answers a problem, or null when the answer keeps the properties. */
async function check(route: RouteEntry, r: Request): Promise<string | null> {
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: urlOf(route, r),
    remoteAddress: `10.77.${r.address >> 8}.${r.address & 255}`,
    headers: {
      ...callers[r.caller],
      ...(r.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(r.body === undefined ? {} : { payload: JSON.stringify(r.body) }),
  });
  tally(route, res.statusCode);
  if (res.statusCode >= 500 && !dependencyDown(res.statusCode, res.body))
    return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 200 || (res.statusCode >= 300 && res.statusCode < 400)) return null;
  const refused = res.statusCode >= 400;
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) {
    return refused ? `answered ${res.statusCode} without the JSON failure envelope` : null;
  }
  const declared = ((route.schema ?? {}) as { response?: Record<number, unknown> }).response?.[
    res.statusCode
  ];
  // Every answer keeps its declared shape; a refusal the route does not declare (429, 413) keeps the envelope.
  const shape =
    declared && typeof declared === 'object' && 'safeParse' in declared
      ? (declared as ZodType)
      : refused
        ? errorEnvelope
        : null;
  if (!shape) return null;
  const parsed = shape.safeParse(res.json());
  return parsed.success
    ? null
    : `answered ${res.statusCode} not matching its schema: ${JSON.stringify(parsed.error.issues).slice(0, 300)}`;
}

const shorten = (v: unknown) =>
  JSON.stringify(v, (_, x) =>
    typeof x === 'string' && x.length > 80 ? `${x.slice(0, 40)}…(${x.length})` : x,
  );

describe('fuzzing every route from its schemas', () => {
  it(`answers no 5xx, and every answer in its declared shape (${RUNS} requests per route, seed ${SEED})`, async () => {
    const routes = [...routeTable(t.app)]
      .filter((r) => !outOfScope(r) && (!ONLY || `${r.method} ${r.url}` === ONLY))
      // Reads first, so calls that change the shop (closing it, for one) come after.
      .sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
    expect(routes.length).toBeGreaterThan(ONLY ? 0 : 100);
    const failures: string[] = [];
    const started = Date.now();
    let requests = 0;
    for (const route of routes) {
      const details = await fc.check(
        fc.asyncProperty(requestArb(route), async (r) => {
          requests++;
          return (await check(route, r)) === null;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: false, maxSkipsPerRun: 10 },
      );
      if (details.failed) {
        const example = details.counterexample?.[0];
        const problem = example ? await check(route, example) : null;
        failures.push(
          `${route.method} ${route.url} (FUZZ_SEED=${details.seed} FUZZ_ROUTE='${route.method} ${route.url}'): ` +
            `${problem ?? details.errorInstance}\n    request: ${shorten(example)}`,
        );
      }
    }
    console.info(
      `fuzz: ${routes.length} routes, ${requests} requests (shrinking included), ` +
        `${failures.length} failing, ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}; ` +
        `answers ${JSON.stringify(classes)}, ${succeeded.size} routes answered 2xx at least once`,
    );
    if (process.env.FUZZ_VERBOSE) {
      const never = routes.map((r) => `${r.method} ${r.url}`).filter((r) => !succeeded.has(r));
      console.info(`never answered 2xx:\n  ${never.join('\n  ')}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
