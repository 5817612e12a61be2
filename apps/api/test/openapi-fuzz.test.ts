import { withStore } from '@haat/db';
import type { ValidateFunction } from 'ajv';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoVendor, verifiedCustomer } from '../src/modules/accounts/accounts.test-helpers.ts';
import { ensureOperator } from '../src/modules/accounts/bootstrap-accounts.ts';
import { marketplaceSignUp } from '../src/modules/accounts/shopper.test-helpers.ts';
import { encodeAny, toQuery } from './fuzz-arbitraries.ts';
import { createTestApp, demoShops, type TestApp } from './harness.ts';
import {
  anchored,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  servedDocument,
  strictAjv,
} from './openapi.ts';
import { brokenRequests } from './openapi-fuzz-broken.ts';
import {
  type FuzzContext,
  type FuzzRequest,
  hashOf,
  inputValidators,
  validRequests,
} from './openapi-fuzz-cases.ts';

/*
 * The OpenAPI-driven fuzzer (issue 35): every operation of the document served at /api/docs/json gets valid
 * requests generated from its schemas (json-schema-faker) and invalid ones breaking one constraint at a time, dates
 * at the calendar's edges among them, sent through app.inject with a real token of the kind the call is for (the
 * shop's vendor for the back office, the operator for the platform console, a customer of the shop otherwise).
 * Every answer is checked against the document with Ajv: no 5xx, a status the operation declares, the content type
 * it declares for that status, a body that matches the declared schema; and an invalid request is refused (4xx).
 *
 *   OPENAPI_FUZZ_RUNS=6 (valid requests per operation; invalid ones: up to 3 times as many, plus every edge date)
 *   OPENAPI_FUZZ_SEED=20261129  OPENAPI_FUZZ_OP='GET /api/admin/order/' (one operation only)  OPENAPI_FUZZ_VERBOSE=1
 */

const RUNS = Number(process.env.OPENAPI_FUZZ_RUNS ?? 6);
const SEED = Number(process.env.OPENAPI_FUZZ_SEED ?? 20261129);
const ONLY = process.env.OPENAPI_FUZZ_OP;
/** Print every request's status and label. */
const VERBOSE = !!process.env.OPENAPI_FUZZ_VERBOSE;

let t: TestApp;
let doc: OpenApiDocument;
let shops: Awaited<ReturnType<typeof demoShops>>;
const callers: Record<'customer' | 'vendor' | 'operator' | 'shopper', Record<string, string>> = {
  customer: {},
  vendor: {},
  operator: {},
  shopper: {},
};
const ids: string[] = [];
/** Shop A's ids by table (and `stores`). */
const idsA: Record<string, string[]> = {};

/** Up to 3 ids from every table of a shop with a uuid `id` column (read in its context). */
async function idsOf(storeId: string, byTable: Record<string, string[]> = {}) {
  const tables = await t.owner.execute(
    sql`select c.table_name as name from information_schema.columns c
         join information_schema.columns s on s.table_name = c.table_name and s.table_schema = c.table_schema
        where c.table_schema = 'public' and c.column_name = 'id' and c.data_type = 'uuid'
          and s.column_name = 'store_id' order by 1`,
  );
  const rows = (r: unknown) =>
    (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, string>[];
  const found: string[] = [storeId];
  byTable.stores = [storeId];
  await withStore(t.owner, storeId, async (tx) => {
    for (const { name } of rows(tables)) {
      const got = rows(
        await tx.execute(sql.raw(`select id::text as id from ${name} where store_id = '${storeId}' limit 3`)),
      ).map((r) => r.id as string);
      byTable[name as string] = got;
      found.push(...got);
    }
  });
  return found;
}

/** The table a path's id names, from the words before it. */
const TABLE_OF: [RegExp, string][] = [
  [/store-cart\/\{id/, 'cart_items'],
  [/purchase-order\/\{id/, 'purchase_orders'],
  [/goods-receipt\/\{id/, 'goods_receipts'],
  [/supplier-account\/\{id/, 'suppliers'],
  [/address\/\{id/, 'customer_addresses'],
  [/wishlist\/\{id/, 'products'],
  [/order\/\{id/, 'orders'],
  [/pos-checkout\/\{id/, 'orders'],
  [/transaction\/\{id/, 'payment_transactions'],
  [/delivery-option\/\{id/, 'delivery_options'],
  [/coupon\/\{id/, 'coupons'],
  [/register\/\{id/, 'register_sessions'],
  [/customer\/\{id/, 'pos_customers'],
  [/expense\/\{id/, 'expenses'],
  [/store-deals\/\{dealId/, 'deals'],
  [/product\/\{id/, 'products'],
  [/shop\/shop\/\{id|shops\/\{id/, 'stores'],
];

/** Who an operation is for: the operator's console, the back office and a shop owner's set-up, or a customer. */
function callerOf(path: string, op: Operation): keyof typeof callers {
  if (path.startsWith('/api/platform/')) return 'operator';
  // The marketplace's account page: its own session, no shop (decision 0036).
  if (path.startsWith('/api/user/account/')) return 'shopper';
  if (path.startsWith('/api/admin/')) return 'vendor';
  const storeId =
    (op.parameters ?? []).some((p) => p.name === 'store_id') ||
    JSON.stringify(op.requestBody ?? {}).includes('"store_id"');
  if (
    storeId ||
    /^\/api\/store\/(shop\/shop\/|create-store|upload\/|geocode\/|get-store-(theme|setting|registration))/.test(
      path,
    )
  )
    return 'vendor';
  return 'customer';
}

beforeAll(async () => {
  t = await createTestApp();
  doc = await servedDocument(t);
  shops = await demoShops(t.owner);
  const vendor = await demoVendor(t, shops.a);
  const customer = await verifiedCustomer(t, shops.a.slug);
  await ensureOperator(t.owner, 'fuzz-operator@haat.test', 'fuzz-operator-pass-2026');
  const operator = await t.app.inject({
    method: 'POST',
    url: '/api/admin/admin-login/',
    payload: { email: 'fuzz-operator@haat.test', password: 'fuzz-operator-pass-2026', role_name: 'ADMIN' },
  });
  callers.customer = {
    'store-origin': shops.a.slug,
    authorization: `Bearer ${customer.session.access_token}`,
  };
  callers.vendor = { 'store-origin': shops.a.slug, authorization: `Bearer ${vendor.token}` };
  callers.operator = { authorization: `Bearer ${operator.json().data.access_token}` };
  callers.shopper = { authorization: `Bearer ${(await marketplaceSignUp(t)).session.access_token}` };
  ids.push(
    ...(await idsOf(shops.a.id, idsA)),
    ...(await idsOf(shops.b.id)),
    '00000000-0000-4000-8000-000000000000',
  );
}, 120_000);
afterAll(() => t?.close());

const mediaType = (header: unknown) =>
  String(header ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase() ?? '';

/** Answers by status class; operations that answered 2xx at least once. */
const classes: Record<string, number> = {};
const succeeded = new Set<string>();

function urlOf(path: string, r: FuzzRequest) {
  const filled = path.replace(/\{(\w+)\}/g, (_, n: string) => {
    const v = r.path[n];
    const text = v === undefined || v === null || String(v) === '' ? 'x' : String(v);
    return encodeAny(text);
  });
  return filled + toQuery(r.query);
}

/** What is wrong with the answer to one request, if anything. */
async function check(
  name: string,
  path: string,
  op: Operation,
  r: FuzzRequest,
  n: number,
  answerSchema: (status: string, type: string) => ValidateFunction | undefined,
  as: keyof typeof callers = callerOf(path, op),
): Promise<string | null> {
  const caller = callers[as];
  const body =
    r.body === undefined
      ? undefined
      : r.bodyType === 'application/json'
        ? JSON.stringify(r.body)
        : String(r.body);
  const res = await t.app.inject({
    method: name.split(' ')[0] as 'GET',
    url: urlOf(path, r),
    remoteAddress: `10.88.${(n >> 8) & 255}.${n & 255}`,
    headers: { ...caller, ...(body === undefined ? {} : { 'content-type': r.bodyType }) },
    ...(body === undefined ? {} : { payload: body }),
  });
  const status = res.statusCode;
  if (VERBOSE) console.info(`${status} ${name} [${r.label}] ${urlOf(path, r).slice(0, 160)}`);
  const c = `${Math.floor(status / 100)}xx`;
  classes[c] = (classes[c] ?? 0) + 1;
  if (c === '2xx') succeeded.add(name);
  const said = `answered ${status} ${res.body.slice(0, 200)}`;
  // The one 5xx that is no fault: a declared 503 naming a dependency that is not there (no geocoder in tests).
  if (status >= 500 && !(status === 503 && op.responses['503'] && /"[A-Z_]+_UNAVAILABLE"/.test(res.body)))
    return said;
  if (r.invalid && status < 400) return `an invalid request accepted: ${said}`;
  const declared = op.responses[String(status)] ?? op.responses[`${c.toUpperCase()}`] ?? op.responses.default;
  if (!declared)
    return `status ${status} is not declared (declared: ${Object.keys(op.responses).join(', ')}): ${said}`;
  const type = mediaType(res.headers['content-type']);
  const types = Object.keys(declared.content ?? {});
  if (res.rawPayload.length === 0) return null;
  if (!types.includes(type))
    return `content type ${type || 'none'} where ${status} declares ${types.join(', ') || 'no body'}`;
  if (type !== 'application/json') return null;
  const validate = answerSchema(String(status), type);
  if (validate && !validate(res.json()))
    return `the ${status} answer does not match its schema: ${JSON.stringify(validate.errors?.slice(0, 3))} ${said}`;
  return null;
}

const shorten = (v: unknown) =>
  JSON.stringify(v, (_, x) =>
    typeof x === 'string' && x.length > 60 ? `${x.slice(0, 30)}…(${x.length})` : x,
  );

describe('fuzzing every operation of the OpenAPI document', () => {
  it(
    `answers no 5xx, only declared statuses, types and shapes, and refuses every invalid request (${RUNS} generated per operation, seed ${SEED})`,
    async () => {
      const ajv = strictAjv(doc);
      const validatorOf = inputValidators(doc);
      /** Answer validators by schema: the failure envelope is compiled once, not for every operation. */
      const compiled = new Map<string, ValidateFunction>();
      const ops = operationsOf(doc)
        .filter((o) => !ONLY || `${o.method} ${o.path}` === ONLY)
        // Reads first, then writes; the operator's console (which can suspend the shop) last.
        .sort(
          (a, b) =>
            Number(a.path.startsWith('/api/platform/')) - Number(b.path.startsWith('/api/platform/')) ||
            Number(a.method !== 'GET') - Number(b.method !== 'GET'),
        );
      expect(ops.length).toBeGreaterThan(ONLY ? 0 : 150);
      const ctx: FuzzContext = {
        doc,
        ids,
        seed: SEED,
        pathValue: (path, name, pick) => {
          if (name === 'slug') return shops.a.slug;
          const table = TABLE_OF.find(([re]) => re.test(path))?.[1];
          const own = table ? idsA[table] : undefined;
          return own?.length ? pick(own) : undefined;
        },
        fieldValue: (name) => (name === 'store_id' ? shops.a.id : undefined),
      };
      const failures: string[] = [];
      const started = Date.now();
      let requests = 0;
      let invalidSent = 0;
      for (const { method, path, op } of ops) {
        const name = `${method} ${path}`;
        const answerSchema = (status: string, type: string) => {
          const schema = op.responses[status]?.content?.[type]?.schema;
          if (!schema) return undefined;
          const text = JSON.stringify(anchored(schema));
          if (!compiled.has(text)) compiled.set(text, ajv.compile(JSON.parse(text)));
          return compiled.get(text);
        };
        const valid = validRequests(method, path, op, ctx, RUNS);
        const bodyType = valid[0]?.bodyType;
        const isValid = validatorOf(op, bodyType);
        const base = valid.find(isValid) ?? valid[0];
        const broken = base ? brokenRequests(doc, op, base, isValid, RUNS * 3, SEED ^ hashOf(name)) : [];
        const found = new Set<string>();
        // Each request from the caller the call is for; the first valid one also from the wrong kind of account,
        // whose refusal must be declared too.
        const own = callerOf(path, op);
        const wrong: keyof typeof callers = own === 'customer' ? 'vendor' : 'customer';
        const sends = [
          ...valid.map((v) => ({ r: { ...v, invalid: !isValid(v) }, as: own })),
          ...broken.map((r) => ({ r, as: own })),
          ...(base && isValid(base)
            ? [{ r: { ...base, label: `${base.label} as a ${wrong}` }, as: wrong }]
            : []),
        ];
        for (const { r, as } of sends) {
          requests++;
          if (r.invalid) invalidSent++;
          const problem = await check(name, path, op, r, requests, answerSchema, as);
          if (!problem) continue;
          // One line per operation and kind of problem, with the first request that showed it.
          const kind = problem.replace(/answered \d+ .*/, '').slice(0, 60);
          if (found.has(kind)) continue;
          found.add(kind);
          failures.push(
            `${name} [${r.label}] ${problem.slice(0, 500)}\n    request: ${urlOf(path, r).slice(0, 200)} ${r.body === undefined ? '' : shorten(r.body).slice(0, 300)}`,
          );
        }
      }
      console.info(
        `openapi fuzz: ${ops.length} operations, ${requests} requests (${invalidSent} invalid), ` +
          `${failures.length} failures, ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}; ` +
          `answers ${JSON.stringify(classes)}, ${succeeded.size} operations answered 2xx at least once`,
      );
      if (failures.length) console.info(`failures:\n${failures.join('\n')}`);
      expect(failures).toEqual([]);
    },
    Math.max(600_000, RUNS * 60_000),
  );
});
