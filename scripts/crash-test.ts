/**
 * Crash test (issue 16), PostgreSQL only: `DATABASE_URL=postgres://… npm run test:crash`.
 *
 * Starts the real server (apps/api/src/server.ts, its mail worker delivering to an in-process SMTP test server) on
 * a fresh seeded database, signs CRASH_SHOPPERS customers up, each with one unit of the same product in the cart,
 * sends all their orders at once and kills the server with SIGKILL once a third of the answers are in. Checks with
 * the server down: no partial order (every order has its lines, its payment and stock-ledger rows, its mail in the
 * outbox) and stock = initial - units in orders. Starts the server again, retries every unanswered order with its
 * Idempotency-Key, and checks: one order per shopper, stock = initial - shoppers, and every order mail delivered
 * to the SMTP server exactly once (by Message-ID; raw duplicates reported). Exit code 1 on any failure.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort, startSmtpServer } from '../apps/api/src/modules/mail/testing/smtp-server.ts';
import {
  addAddress,
  call as callAt,
  checks,
  freshDatabase,
  moveMailTimeOn,
  outboxIdsIn,
  serverEnv,
  signUpCustomer,
  sleep,
  startServer as startAt,
} from './test-servers.ts';

const SHOPPERS = Number(process.env.CRASH_SHOPPERS ?? 30);
const base = process.env.DATABASE_URL;
if (!base) throw new Error('The crash test needs PostgreSQL: set DATABASE_URL');

const { problems, expect } = checks();
const db = await freshDatabase(base, 'haat_crash');
const { sql } = db;
const smtp = await startSmtpServer();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = serverEnv(db.url, port, smtp.url, { RATE_LIMITS: 'off' });

let server = null as ChildProcess | null;
async function startServer() {
  server = await startAt(env);
}
const call = (method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
  callAt(origin, method, path, body, headers);

try {
  await startServer();
  const [shop] = await sql<{ id: string; slug: string }[]>`
    select id, slug from stores where online_status = 'PUBLISHED' order by slug limit 1`;
  if (!shop) throw new Error('no open demo shop');
  const origins = { 'store-origin': shop.slug };
  const cards = (await call('GET', '/api/store/stores/product?limit=100', undefined, origins)).json
    .data as unknown as { id: string; has_variants: boolean; product_quantity: number }[];
  const product = cards.find((c) => !c.has_variants && c.product_quantity >= SHOPPERS + 5);
  if (!product) throw new Error(`no product of ${shop.slug} with ${SHOPPERS + 5} in stock`);
  const stockOf = async () =>
    (await sql<{ q: number }[]>`select quantity as q from products where id = ${product.id}`)[0]?.q ?? -1;
  const initial = await stockOf();
  const delivery = (await call('GET', '/api/store/get-store-delivery-options/', undefined, origins)).json
    .data as { delivery_options: { id: string }[] };
  const deliveryId = delivery.delivery_options[0]?.id;
  console.log(`shop ${shop.slug}, product ${product.id} (stock ${initial}), ${SHOPPERS} shoppers`);
  const shoppers: { email: string; auth: Record<string, string>; order: Record<string, unknown> }[] = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const email = `crash.${i}.${Date.now().toString(36)}@example.in`;
    const { auth } = await signUpCustomer(origin, shop.slug, email);
    const addressId = await addAddress(origin, auth, `Crash Shopper ${i}`);
    const cart = (
      await call('POST', '/api/store/store-user/store-cart/', { product_id: product.id, quantity: 1 }, auth)
    ).json.data as { lines: { id: string }[] };
    shoppers.push({
      email,
      auth: { ...auth, 'idempotency-key': `crash-${i}-${randomBytes(6).toString('hex')}` },
      order: {
        cart_item: [cart.lines[0]?.id],
        shipping_address: addressId,
        delivery_type: deliveryId,
        payment_option: 'COD',
      },
    });
  }

  // The load, and the kill once a third of the answers are in.
  let answered = 0;
  const first = shoppers.map((s) =>
    call('POST', '/api/store/order/create-order/', s.order, s.auth).then(
      (r) => {
        answered++;
        return r.status;
      },
      () => 0,
    ),
  );
  while (answered < SHOPPERS / 3) await sleep(5);
  server?.kill('SIGKILL');
  const statuses = await Promise.all(first);
  const unanswered = statuses.filter((s) => s === 0).length;
  console.log(
    `killed with ${answered} answered (${statuses.filter((s) => s === 201 || s === 200).length} orders), ${unanswered} cut off`,
  );
  expect(unanswered > 0, 'the kill cut some orders off mid-flight');

  // With the server down: nothing partial.
  const customerIds = sql`(select id from users where email in ${sql(shoppers.map((s) => s.email))})`;
  const partial = await sql`
    select o.id from orders o where o.customer_id in ${customerIds} and (
      not exists (select 1 from order_items i where i.store_id = o.store_id and i.order_id = o.id)
      or not exists (select 1 from payment_transactions p where p.store_id = o.store_id and p.order_id = o.id)
      or not exists (select 1 from stock_ledger l where l.store_id = o.store_id and l.order_id = o.id))`;
  expect(partial.length === 0, `no partial order after the kill (${partial.length})`);
  const sold = async () =>
    Number(
      (
        await sql<{ n: number }[]>`select coalesce(sum(i.quantity), 0)::int as n from order_items i
          join orders o on o.store_id = i.store_id and o.id = i.order_id
         where o.customer_id in ${customerIds} and i.product_id = ${product.id}`
      )[0]?.n,
    );
  const soldAtKill = await sold();
  console.log(`committed when killed: ${soldAtKill} orders (answered: ${answered})`);
  expect((await stockOf()) === initial - soldAtKill, `stock after the kill = ${initial} - ${soldAtKill}`);

  // Start again; every shopper whose answer was cut off tries once more with the same key.
  await startServer();
  for (const [i, s] of shoppers.entries()) {
    if (statuses[i] === 0) await call('POST', '/api/store/order/create-order/', s.order, s.auth);
  }
  const perShopper = await sql<{ n: number }[]>`
    select count(*)::int as n from orders where customer_id in ${customerIds} group by customer_id`;
  expect(
    perShopper.length === SHOPPERS && perShopper.every((r) => r.n === 1),
    `one order per shopper (${perShopper.length} shoppers with orders)`,
  );
  expect((await stockOf()) === initial - SHOPPERS, `stock = ${initial} - ${SHOPPERS} after the retries`);

  // Mail: a claim of the killed worker waits out its 60 s lease; move time on instead of waiting, every second,
  // since a claim made less than 10 s ago keeps its lease (moveMailTimeOn): one the killed worker made just before
  // the kill is voided once it is older than that, and not at the first move (29 of 30 reached the SMTP server).
  const orderMails = sql`select id::text from outbox where payload->>'to' in ${sql(shoppers.map((s) => s.email))}
                          and payload->>'subject' like 'Order % placed at %'`;
  for (let i = 0; i < 600; i++) {
    if (i % 10 === 0) await moveMailTimeOn(sql);
    const [left] = await sql<{ n: number }[]>`select count(*)::int as n from outbox
      where status = 'PENDING' and id::text in (${orderMails})`;
    if (left?.n === 0) break;
    await sleep(100);
  }
  const outboxIds = (await orderMails).map((r) => r.id as string);
  expect(outboxIds.length === SHOPPERS, `one order mail queued per order (${outboxIds.length})`);
  const received = outboxIdsIn(smtp.messages.map((m) => m.raw)).filter((id) => outboxIds.includes(id));
  const counts = new Map<string, number>();
  for (const id of received) counts.set(id, (counts.get(id) ?? 0) + 1);
  expect(
    outboxIds.every((id) => counts.has(id)),
    `every order mail reached the SMTP server (${counts.size} of ${outboxIds.length})`,
  );
  const twice = [...counts.values()].filter((n) => n > 1).length;
  expect(twice === 0, `no order mail delivered twice (${twice} were)`);
} finally {
  server?.kill('SIGKILL');
  await smtp.close();
  await db.drop();
}
console.log(problems.length ? `\n${problems.length} failed` : '\ncrash test passed');
process.exit(problems.length ? 1 : 0);
