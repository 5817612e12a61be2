// Issue 18: what one storefront read's transaction costs Node, apart from the read. Node CPU per operation (user +
// system, process.cpuUsage) over 6,000 operations at 20 in flight, on a fresh PostgreSQL database, for:
//   a bare `select 1` (postgres-js, and through drizzle); `readInStore` around it (BEGIN, the shop's context, the
//   read and COMMIT pipelined, as every storefront read runs); the same four statements on a reserved postgres-js
//   connection without drizzle; and the four as one simple-protocol message (`begin; select set_config(…); …; commit`).
// Two rounds; compare within a run. `npx tsx scripts/bench-read-tx.ts`
import { openDatabase, readInStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { freshDatabase, machine } from './bench-kit.ts';

const N = 6000;
const IN_FLIGHT = 20;
const STORE = '00000000-0000-4000-8000-000000000001';

async function measure(name: string, one: () => Promise<unknown>) {
  for (let i = 0; i < 500; i++) await one();
  const cpu = process.cpuUsage();
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < N) await one();
    }),
  );
  const used = process.cpuUsage(cpu);
  const perOp = (us: number) => (us / N).toFixed(0);
  console.log(
    `| ${name} | ${perOp(used.user + used.system)} | ${perOp(used.user)} | ${perOp(used.system)} | ${(N / ((performance.now() - start) / 1000)).toFixed(0)} |`,
  );
}

async function main() {
  const fresh = await freshDatabase('haat_readtx');
  const db = await openDatabase({ url: fresh.url });
  try {
    await db.migrate();
    const app = await db.app();
    const appUrl = new URL(fresh.url);
    appUrl.username = 'haat_app';
    const raw = postgres(appUrl.toString(), { max: 10, onnotice: () => {} });
    console.log(`${await machine()}\n`);
    console.log('| Operation | Node CPU µs/op | user | system | op/s |\n|---|---|---|---|---|');
    for (let round = 0; round < 2; round++) {
      await measure('`select 1`, postgres-js', () => raw`select 1`);
      await measure('`select 1`, drizzle', () => app.execute(sql`select 1`));
      await measure('readInStore(`select 1`)', () =>
        readInStore(app, STORE, (tx) => [tx.execute(sql`select 1`)] as const),
      );
      await measure('the four statements, reserved postgres-js connection', async () => {
        const c = await raw.reserve();
        try {
          await Promise.all([
            c.unsafe('begin'),
            c.unsafe("select set_config('app.store_id', $1, true)", [STORE], { prepare: true }),
            c.unsafe('select 1', [], { prepare: true }),
            c.unsafe('commit'),
          ]);
        } finally {
          c.release();
        }
      });
      await measure('the four as one simple-protocol message', async () => {
        const c = await raw.reserve();
        try {
          await c
            .unsafe(`begin; select set_config('app.store_id', '${STORE}', true); select 1; commit`)
            .simple();
        } finally {
          c.release();
        }
      });
    }
    await raw.end();
  } finally {
    await db.close();
    await fresh.drop();
  }
}

await main();
