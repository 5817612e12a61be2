// `npx tsx scripts/bench-customers.ts`: the customer list of a shop with 50,000 customers (issue 38), p50 and p95 of
// listCustomers (the page, the count and, with a search, the trigram look-up) at 20 connections, as haat_app under
// the shop's row-level security. BENCH_DATABASE_URL: a PostgreSQL database to use (migrated here); the shop
// 'bench-khata' and its customers are added once. Prints a line per case for docs/benchmarks.md.
import { openDatabase, withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import type { ShopContext } from '../apps/api/src/lib/context.ts';
import type { Deps } from '../apps/api/src/lib/deps.ts';
import { listCustomers } from '../apps/api/src/modules/customers/customers.service.ts';
import type { StoreRow } from '../apps/api/src/modules/stores/index.ts';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/h_khata';
const CUSTOMERS = 50_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const STORE = '00000000-0000-4000-8000-0000000000aa';
const FIRST = ['Asha', 'Ravi', 'Meena', 'Farida', 'Arjun', 'Kamla', 'Suresh', 'Priya', 'Imran', 'Lakshmi'];
const LAST = ['Iyer', 'Shaikh', 'Rao', 'Devi', 'Kulkarni', 'Gupta', 'Nair', 'Singh', 'Das', 'Patel'];
/** The name the seed gives customer i (1-based): "Priya Iyer 30007". */
const nameOf = (i: number) => `${FIRST[i % 10]} ${LAST[Math.floor(i / 10) % 10]} ${i}`;
const OWNER = '00000000-0000-4000-8000-000000000001';

const database = await openDatabase({ url: URL, poolSize: CONNECTIONS });
await database.migrate();
const owner = database.owner;
await owner.execute(sql`insert into users (id, email, first_name, last_name, role)
  values (${OWNER}, 'bench-khata@haat.test', 'Bench', 'Owner', 'VENDOR') on conflict do nothing`);
await owner.execute(sql`insert into stores (id, slug, store_name, owner_id)
  values (${STORE}, 'bench-khata', 'Bench Khata', ${OWNER}) on conflict do nothing`);
await owner.transaction(async (tx) => {
  await tx.execute(sql`select set_config('app.store_id', ${STORE}, true)`);
  await tx.execute(sql`insert into pos_customers (store_id, name, phone, visits, last_visit_at)
    select ${STORE}, (${sql.raw(`array['${FIRST.join("','")}']`)})[1 + i % 10]
      || ' ' || (${sql.raw(`array['${LAST.join("','")}']`)})[1 + (i / 10) % 10]
      || ' ' || i, (9000000000 + i * 7)::text, i % 5, now() - (i || ' minutes')::interval
    from generate_series(1, ${CUSTOMERS}) i on conflict do nothing`);
});
// Settled as autovacuum leaves a table: the trigram index's pending list merged (fresh inserts sit in it and
// every search reads it through: 4 to 7 ms a search until the next vacuum).
await owner.execute(sql`vacuum analyze pos_customers`);

const db = await database.app();
const ctx = {
  deps: { db } as unknown as Deps,
  store: { id: STORE, storeName: 'Bench Khata' } as StoreRow,
  now: () => new Date(),
} as ShopContext;

// The reference in the same run: one statement in the shop's transaction (BEGIN, the shop's context, select 1).
const reference = () => withStore(db, STORE, (tx) => tx.execute(sql`select 1`));

const CASES: Record<string, (i: number) => { search?: string; offset: number }> = {
  'first pages, no search': (i) => ({ offset: (i % 5) * 20 }),
  'search by a full name ("meena iyer": 500 match)': () => ({ search: 'meena iyer', offset: 0 }),
  'search by a full name one customer has ("priya iyer 30007")': (i) => ({
    search: nameOf(1 + ((i * 7919) % CUSTOMERS)).toLowerCase(),
    offset: 0,
  }),
  'search by a common first name ("farida": 5,000 match, a tenth of the book)': () => ({
    search: 'farida',
    offset: 0,
  }),
  'search by phone digits': (i) => ({
    search: String(9000000000 + ((i * 7919) % CUSTOMERS) * 7).slice(0, 8),
    offset: 0,
  }),
};

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const runs: [string, (i: number) => Promise<unknown>][] = [
  ['reference: one statement in the shop', () => reference()],
  ...Object.entries(CASES).map(([name, query]): [string, (i: number) => Promise<unknown>] => [
    name,
    (i) => listCustomers(ctx, { limit: 20, ...query(i) }),
  ]),
];
console.log(
  `load average ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
for (const [name, run] of runs) {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const i = next++;
      const t0 = performance.now();
      await run(i);
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  times.sort((a, b) => a - b);
  console.log(
    `| ${name} | ${REQUESTS} | ${pct(times, 50).toFixed(1)} ms | ${pct(times, 95).toFixed(1)} ms |`,
  );
}
await database.close();
