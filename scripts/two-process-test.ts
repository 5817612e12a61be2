/**
 * Two server processes on one PostgreSQL behind a round-robin proxy (issue 16), PostgreSQL only:
 * `DATABASE_URL=postgres://… npm run test:two-process`.
 *
 * Both processes run their mail workers against one SMTP test server and trust the proxy (TRUST_PROXY=loopback),
 * which names the client in X-Forwarded-For. Checks: a sign-in on one process works on the other; a sign-out on
 * one is refused by the other at once (announced with NOTIFY; its session check is cached 5 s); a shop put under
 * maintenance on one is closed on the other at once (its directory cache: 10 s); the per-address sign-in limit is counted across both
 * (429 by the 31st attempt though each process saw about half); 40 mails queued through both are delivered to the
 * SMTP server exactly once each (by Message-ID); a shopper's checkout through the proxy (sign-up, code, address,
 * cart, order, order page) alternating between the processes. Exit code 1 on any failure.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '@haat/db';
import {
  DEMO_VENDOR_PASSWORD,
  setDemoVendorPasswords,
} from '../apps/api/src/modules/accounts/bootstrap-accounts.ts';
import { freePort, startSmtpServer } from '../apps/api/src/modules/mail/testing/smtp-server.ts';
import { browserCheckout } from './proxy-checkout.ts';
import {
  call,
  checks,
  freshDatabase,
  outboxIdsIn,
  serverEnv,
  signUpCustomer,
  sleep,
  startServer,
} from './test-servers.ts';

const base = process.env.DATABASE_URL;
if (!base) throw new Error('The two-process test needs PostgreSQL: set DATABASE_URL');
const { problems, expect } = checks();
const db = await freshDatabase(base, 'haat_two');
const smtp = await startSmtpServer();
const servers: ChildProcess[] = [];
const served = [0, 0];

/** Round robin over the two processes; the test names its client in x-client, the proxy says it in X-Forwarded-For. */
const proxy = createServer((req, res) => {
  const which = (served[0] ?? 0) <= (served[1] ?? 0) ? 0 : 1;
  served[which] = (served[which] ?? 0) + 1;
  const upstream = request(
    {
      host: '127.0.0.1',
      port: ports[which],
      method: req.method,
      path: req.url,
      headers: {
        ...req.headers,
        'x-forwarded-for': String(req.headers['x-client'] ?? req.socket.remoteAddress),
      },
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
const ports = [await freePort(), await freePort()];

try {
  for (const port of ports) {
    servers.push(await startServer(serverEnv(db.url, port, smtp.url, { TRUST_PROXY: 'loopback' })));
  }
  // On every address of both families, so the browser reaches it as <shop>.localhost.
  await new Promise<void>((resolve) => proxy.listen(0, '::', resolve));
  const proxyPort = (proxy.address() as AddressInfo).port;
  const via = `http://127.0.0.1:${proxyPort}`;
  const [a, b] = ports.map((p) => `http://127.0.0.1:${p}`) as [string, string];
  const [shop] = await db.sql<{ slug: string }[]>`
    select slug from stores where online_status = 'PUBLISHED' order by slug limit 1`;
  if (!shop) throw new Error('no open demo shop');

  // A sign-in on A is good on B; a sign-out on A reaches B within its 5 s session check.
  const shopper = await signUpCustomer(a, shop.slug, `two.${Date.now().toString(36)}@example.in`);
  expect(
    (await call(b, 'GET', '/api/user/auth/me/', undefined, shopper.auth)).status === 200,
    'signed in on A, used on B',
  );
  await call(
    a,
    'POST',
    '/api/user/auth/logout/',
    { refresh_token: shopper.session.refresh_token },
    shopper.auth,
  );
  expect(
    (await call(a, 'GET', '/api/user/auth/me/', undefined, shopper.auth)).status === 401,
    'signed out on A: A refuses at once',
  );
  const started = Date.now();
  let refusedOnB = false;
  while (!refusedOnB && Date.now() - started < 10_000) {
    refusedOnB = (await call(b, 'GET', '/api/user/auth/me/', undefined, shopper.auth)).status === 401;
    if (!refusedOnB) await sleep(200);
  }
  const refusedAfter = Date.now() - started;
  // A announces the sign-out (LISTEN/NOTIFY): B forgets its cached answer at once instead of after 5 s.
  expect(refusedOnB && refusedAfter < 1500, `signed out on A: B refuses within ${refusedAfter} ms`);

  // What A forgets after a write, B forgets at once: a shop put under maintenance on A is closed on B at once,
  // not when B's cached directory row (10 s) runs out; reopened on A, B serves it again at once.
  const setup = await openDatabase({ url: db.url });
  await setDemoVendorPasswords(setup.owner);
  await setup.close();
  const [owned] = await db.sql<{ email: string; id: string }[]>`
    select u.email, s.id from stores s join users u on u.id = s.owner_id where s.slug = ${shop.slug}`;
  const login = await call(a, 'POST', '/api/admin/admin-login/', {
    email: owned?.email,
    password: DEMO_VENDOR_PASSWORD,
    role_name: 'VENDOR',
  });
  const vendorAuth = { authorization: `Bearer ${String(login.json.data?.access_token ?? '')}` };
  const storefrontOnB = async () =>
    (await call(b, 'GET', '/api/store/stores/product?limit=1', undefined, { 'store-origin': shop.slug }))
      .status;
  const setStatus = (online_status: string) =>
    call(a, 'POST', '/api/store/create-store-setting/', { store_id: owned?.id, online_status }, vendorAuth);
  /** How long until B answers `status` (ms), polling every 50 ms for up to 12 s; null if it never does. */
  const untilB = async (status: number) => {
    const from = Date.now();
    while (Date.now() - from < 12_000) {
      if ((await storefrontOnB()) === status) return Date.now() - from;
      await sleep(50);
    }
    return null;
  };
  expect((await storefrontOnB()) === 200, 'B serves the open shop (its directory row now cached on B)');
  expect((await setStatus('MAINTENANCE')).status === 200, 'the owner puts the shop under maintenance on A');
  const closedIn = await untilB(403);
  expect(closedIn !== null && closedIn < 1000, `B shows it closed ${closedIn} ms later (its cache: 10 s)`);
  expect((await setStatus('PUBLISHED')).status === 200, 'the owner reopens it on A');
  const openIn = await untilB(200);
  expect(openIn !== null && openIn < 1000, `B serves it again ${openIn} ms later`);

  // The per-address sign-in limit (30 in 5 minutes) counts across both processes.
  served[0] = served[1] = 0;
  const codes: number[] = [];
  for (let i = 0; i < 34; i++) {
    const res = await call(
      via,
      'POST',
      '/api/user/auth/login/',
      {
        email: `nobody.${i}.${Date.now().toString(36)}@example.in`,
        password: 'wrong-password-1',
        role_name: 'VENDOR',
      },
      { 'x-client': '203.0.113.7' },
    );
    codes.push(res.status);
  }
  const limitedAt = codes.indexOf(429) + 1;
  expect(
    limitedAt > 0 && limitedAt <= 31,
    `one client limited at attempt ${limitedAt} though A served ${served[0]} and B ${served[1]}`,
  );
  const other = await call(
    via,
    'POST',
    '/api/user/auth/login/',
    { email: 'x@example.in', password: 'wrong-password-1', role_name: 'VENDOR' },
    { 'x-client': '203.0.113.8' },
  );
  expect(other.status !== 429, `another client is not limited (${other.status})`);

  // 40 mails queued through both processes, each delivered once by one of the two workers.
  const emails = Array.from({ length: 40 }, (_, i) => `news.${i}.${Date.now().toString(36)}@example.in`);
  for (const [i, email] of emails.entries())
    await call(via, 'POST', '/api/user/newsletter/', { email }, { 'x-client': `198.51.100.${i}` });
  const queued = async () =>
    (await db.sql`select id::text, status from outbox where payload->>'to' in ${db.sql(emails)}`) as unknown as {
      id: string;
      status: string;
    }[];
  for (let i = 0; i < 150 && (await queued()).some((r) => r.status === 'PENDING'); i++) await sleep(100);
  const rows = await queued();
  const ids = rows.map((r) => r.id);
  const counts = new Map<string, number>();
  for (const id of outboxIdsIn(smtp.messages.map((m) => m.raw)))
    if (ids.includes(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
  expect(
    rows.length === 40 && rows.every((r) => r.status === 'SENT'),
    `40 mails queued and marked sent (${rows.filter((r) => r.status === 'SENT').length})`,
  );
  expect(
    counts.size === 40 && [...counts.values()].every((n) => n === 1),
    `each delivered exactly once (${counts.size} distinct, ${[...counts.values()].reduce((n, c) => n + c, 0)} deliveries)`,
  );

  // A shopper's checkout through the proxy, alternating between the processes.
  served[0] = served[1] = 0;
  const buyer = await signUpCustomer(via, shop.slug, `buyer.${Date.now().toString(36)}@example.in`, {
    'x-client': '192.0.2.10',
  });
  const auth = { ...buyer.auth, 'x-client': '192.0.2.10' };
  const cards = (await call(via, 'GET', '/api/store/stores/product?limit=50', undefined, auth)).json
    .data as unknown as {
    id: string;
    has_variants: boolean;
    product_quantity: number;
  }[];
  const product = cards.find((c) => !c.has_variants && c.product_quantity > 2);
  const address = (
    await call(
      via,
      'POST',
      '/api/store/address/',
      {
        full_name: 'Two Process',
        phone_number: '9876543210',
        address_line1: '2 Proxy Road',
        city: 'Pune',
        state: 'Maharashtra',
        postal_code: '411001',
      },
      auth,
    )
  ).json.data;
  const cart = (
    await call(
      via,
      'POST',
      '/api/store/store-user/store-cart/',
      { product_id: product?.id, quantity: 1 },
      auth,
    )
  ).json.data as { lines: { id: string }[] };
  const options = (await call(via, 'GET', '/api/store/get-store-delivery-options/', undefined, auth)).json
    .data as { delivery_options: { id: string }[] };
  const order = await call(
    via,
    'POST',
    '/api/store/order/create-order/',
    {
      cart_item: [cart.lines[0]?.id],
      shipping_address: address?.id,
      delivery_type: options.delivery_options[0]?.id,
      payment_option: 'COD',
    },
    { ...auth, 'idempotency-key': `two-${Date.now()}` },
  );
  const placed = order.json.data as { id?: string; order_id?: string } | undefined;
  const orderId = placed?.order_id ?? placed?.id;
  expect(order.status === 201 && !!orderId, `order placed through the proxy (${order.status})`);
  const page = await call(via, 'GET', `/api/store/order/${orderId}/success-order/`, undefined, auth);
  expect(page.status === 200, `its success page read through the proxy (${page.status})`);
  expect(
    (served[0] ?? 0) > 0 && (served[1] ?? 0) > 0,
    `the checkout went through both processes (A ${served[0]}, B ${served[1]})`,
  );

  // The same journey in a browser: every page, asset and call through the proxy.
  served[0] = served[1] = 0;
  const named = (
    await db.sql<
      { name: string }[]
    >`select product_name as name from products where id = ${product?.id ?? ''}`
  )[0];
  const number = await browserCheckout(proxyPort, shop.slug, {
    id: product?.id ?? '',
    name: named?.name ?? '',
  });
  expect(
    !!number,
    `browser checkout through the proxy placed ${number} (A served ${served[0]}, B ${served[1]})`,
  );
  expect((served[0] ?? 0) > 10 && (served[1] ?? 0) > 10, 'both processes served the browser journey');
} finally {
  for (const s of servers) s.kill('SIGKILL');
  proxy.close();
  await smtp.close();
  await db.drop();
}
console.log(problems.length ? `\n${problems.length} failed` : '\ntwo-process test passed');
process.exit(problems.length ? 1 : 0);
