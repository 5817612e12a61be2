import { schema, withStore } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor, uniqueEmail, verifiedCustomer } from '../accounts/accounts.test-helpers.ts';
import { type Card, productsOf, shopperWithCart } from '../orders/orders.test-helpers.ts';
import { inviteLink, STAFF_PASSWORD, staffMember } from './staff.test-helpers.ts';

const { t, shops } = await demoSuite();
let owner: Awaited<ReturnType<typeof demoVendor>>;
let ownerB: Awaited<ReturnType<typeof demoVendor>>;
let orderId: string;
let paymentId: string;

beforeAll(async () => {
  owner = await demoVendor(t, shops.a);
  ownerB = await demoVendor(t, shops.b);
  // A pending order of shop A placed now (the demo's pending orders depend on the time of day).
  const [card] = (await productsOf(t, shops.a.slug)).filter((c: Card) => c.product_quantity >= 2);
  if (!card) throw new Error('a product in stock');
  const shopper = await shopperWithCart(t, shops.a.slug, [{ id: card.id, quantity: 1 }]);
  const placed = await shopper.place(await shopper.orderBody());
  expect(placed.statusCode).toBe(201);
  orderId = placed.json().data.order_id;
  const [payment] = await withStore(t.owner, shops.a.id, (tx) =>
    tx
      .select({ id: schema.paymentTransactions.id })
      .from(schema.paymentTransactions)
      .where(
        and(
          eq(schema.paymentTransactions.storeId, shops.a.id),
          eq(schema.paymentTransactions.orderId, orderId),
        ),
      ),
  );
  paymentId = payment?.id ?? '';
  expect(orderId).not.toBe('');
});

const STAFF = '/api/admin/staff/';
const ACCEPT = '/api/admin/staff-invite/accept/';

describe('inviting staff', () => {
  it('mails a one-time link; the invitee sets a password, is signed in and sees the shop among theirs', async () => {
    const email = uniqueEmail('packer');
    const res = await owner.call('POST', `${STAFF}invite/`, { email: email.toUpperCase(), role: 'PACKER' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ email, role: 'PACKER' });
    const link = await inviteLink(t, email);
    expect(link.shop).toBe(shops.a.slug);
    const list = (await owner.call('GET', STAFF)).json().data;
    expect(list.members[0]).toMatchObject({ role: 'OWNER' });
    expect(list.invites.map((i: { email: string }) => i.email)).toContain(email);

    const preview = await t.app.inject({
      url: `/api/admin/staff-invite/?shop=${link.shop}&token=${link.token}`,
    });
    expect(preview.json().data).toMatchObject({
      email,
      role: 'PACKER',
      has_account: false,
      slug: shops.a.slug,
    });
    const noName = await t.app.inject({ method: 'POST', url: ACCEPT, payload: link });
    expect(noName.statusCode).toBe(400);
    expect(JSON.stringify(noName.json().error.issues)).toContain('first_name');
    const weak = await t.app.inject({
      method: 'POST',
      url: ACCEPT,
      payload: { ...link, first_name: 'Ravi', last_name: 'Yadav', password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(JSON.stringify(weak.json().error.issues)).toContain('password');
    const ok = await t.app.inject({
      method: 'POST',
      url: ACCEPT,
      payload: { ...link, first_name: 'Ravi', last_name: 'Yadav', password: STAFF_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ slug: shops.a.slug, role: 'PACKER' });
    expect(ok.json().data.session.stores.map((s: { slug: string }) => s.slug)).toContain(shops.a.slug);
    const again = await t.app.inject({
      method: 'POST',
      url: ACCEPT,
      payload: { ...link, first_name: 'X', last_name: 'Y', password: STAFF_PASSWORD },
    });
    expect(again.statusCode).toBe(404);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/admin-login/',
      payload: { email, password: STAFF_PASSWORD, role_name: 'VENDOR' },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.access_token;
    const mine = await t.app.inject({
      url: '/api/store/shop/shop/mine/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.json().data).toEqual([expect.objectContaining({ slug: shops.a.slug, role: 'PACKER' })]);
  });

  it('refuses bad input naming the field, an address already in the shop, and unknown links', async () => {
    const bad = await owner.call('POST', `${STAFF}invite/`, { email: 'not-an-email', role: 'PACKER' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.issues)).toContain('email');
    const role = await owner.call('POST', `${STAFF}invite/`, { email: uniqueEmail(), role: 'OWNER' });
    expect(role.statusCode).toBe(400);
    expect(JSON.stringify(role.json().error.issues)).toContain('role');
    const [o] = await t.owner
      .select({ email: schema.users.email })
      .from(schema.users)
      .innerJoin(schema.stores, eq(schema.stores.ownerId, schema.users.id))
      .where(eq(schema.stores.id, shops.a.id));
    const self = await owner.call('POST', `${STAFF}invite/`, { email: o?.email, role: 'MANAGER' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toContain('already in this shop');
    const cashier = await staffMember(t, owner, shops.a, 'CASHIER');
    const twice = await owner.call('POST', `${STAFF}invite/`, { email: cashier.email, role: 'MANAGER' });
    expect(twice.statusCode).toBe(409);
    expect(JSON.stringify(twice.json().error.issues)).toContain('email');
    const unknown = await t.app.inject({
      url: `/api/admin/staff-invite/?shop=${shops.a.slug}&token=${'x'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(404);
    const noToken = await t.app.inject({ url: `/api/admin/staff-invite/?shop=${shops.a.slug}` });
    expect(noToken.statusCode).toBe(400);
    expect(JSON.stringify(noToken.json().error.issues)).toContain('token');
  });

  it('a person with an account signs in to accept, with the invited address only', async () => {
    const cashier = await staffMember(t, ownerB, shops.b, 'CASHIER');
    // Invited to shop A too, as Packer: a different role in each shop.
    await owner.call('POST', `${STAFF}invite/`, { email: cashier.email, role: 'PACKER' });
    const link = await inviteLink(t, cashier.email);
    const preview = await t.app.inject({
      url: `/api/admin/staff-invite/?shop=${link.shop}&token=${link.token}`,
    });
    expect(preview.json().data.has_account).toBe(true);
    const anon = await t.app.inject({
      method: 'POST',
      url: ACCEPT,
      payload: { ...link, first_name: 'A', last_name: 'B', password: STAFF_PASSWORD },
    });
    expect(anon.statusCode).toBe(409);
    const stranger = await staffMember(t, ownerB, shops.b, 'PACKER');
    const wrong = await t.app.inject({
      method: 'POST',
      url: ACCEPT,
      payload: link,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toContain(cashier.email);
    const right = await t.app.inject({
      method: 'POST',
      url: ACCEPT,
      payload: link,
      headers: { authorization: `Bearer ${cashier.token}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ role: 'PACKER', session: null });
    const mine = (await cashier.call('GET', '/api/store/shop/shop/mine/')).json().data;
    const roles = Object.fromEntries(mine.map((s: { slug: string; role: string }) => [s.slug, s.role]));
    expect(roles).toEqual({ [shops.a.slug]: 'PACKER', [shops.b.slug]: 'CASHIER' });
    expect(
      (
        await cashier.call(
          'PUT',
          `/api/admin/order/${orderId}/status/`,
          { status: 'CONFIRMED', version: 1 },
          shops.b.slug,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('roles on the server', () => {
  it('a Packer works orders but sees no money and cannot refund or cancel', async () => {
    const packer = await staffMember(t, owner, shops.a, 'PACKER');
    const ol = await packer.call('GET', '/api/admin/order/');
    expect(ol.statusCode, ol.body).toBe(200);
    expect((await packer.call('GET', `/api/admin/order/${orderId}/`)).statusCode).toBe(200);
    const money = await packer.call('GET', '/api/admin/transaction/');
    expect(money.statusCode).toBe(403);
    expect(money.json().message).toBe(
      "A Packer cannot see payments, invoices and GST. Ask the shop's owner.",
    );
    const refund = await packer.call('POST', `/api/admin/transaction/${paymentId}/refund/`, {});
    expect(refund.statusCode).toBe(403);
    expect(refund.json().message).toContain('Packer');
    expect((await packer.call('GET', '/api/admin/dashboard/')).statusCode).toBe(403);
    expect((await packer.call('GET', '/api/admin/inventory/')).statusCode).toBe(403);
    const cancel = await packer.call('PUT', `/api/admin/order/${orderId}/status/`, {
      status: 'CANCELLED',
      version: 1,
    });
    expect(cancel.statusCode).toBe(403);
    const confirm = await packer.call('PUT', `/api/admin/order/${orderId}/status/`, {
      status: 'CONFIRMED',
      version: 999,
    });
    expect(confirm.statusCode).toBe(409); // allowed; refused only for the stale version
    expect((await packer.call('GET', STAFF)).statusCode).toBe(403);
  });

  it('a Cashier looks up products and orders but cannot ship, change prices or refund', async () => {
    const cashier = await staffMember(t, owner, shops.a, 'CASHIER');
    expect((await cashier.call('GET', '/api/admin/inventory/')).statusCode).toBe(200);
    expect((await cashier.call('GET', '/api/admin/order/')).statusCode).toBe(200);
    const ship = await cashier.call('PUT', `/api/admin/order/${orderId}/status/`, {
      status: 'SHIPPED',
      version: 1,
    });
    expect(ship.statusCode).toBe(403);
    expect(ship.json().message).toBe("A Cashier cannot confirm, pack or ship orders. Ask the shop's owner.");
    const price = await cashier.call('PUT', `/api/admin/product/${orderId}/`, { product_price: 1 });
    expect(price.statusCode).toBe(403);
    expect(price.json().message).toContain('Cashier');
    expect((await cashier.call('POST', `/api/admin/transaction/${paymentId}/refund/`, {})).statusCode).toBe(
      403,
    );
  });

  it('a Manager does everything but staff', async () => {
    const manager = await staffMember(t, owner, shops.a, 'MANAGER');
    expect((await manager.call('GET', '/api/admin/transaction/')).statusCode).toBe(200);
    expect((await manager.call('GET', '/api/admin/dashboard/')).statusCode).toBe(200);
    expect((await manager.call('GET', '/api/admin/audit-trail/')).statusCode).toBe(200);
    const staff = await manager.call('POST', `${STAFF}invite/`, { email: uniqueEmail(), role: 'PACKER' });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe("A Manager cannot manage staff. Ask the shop's owner.");
  });
});

describe('changing and removing people', () => {
  it('a new role applies to the next call; a removed person loses the shop and their sessions at once', async () => {
    const p = await staffMember(t, owner, shops.a, 'PACKER');
    const first = await p.call('GET', '/api/admin/inventory/');
    expect(first.statusCode, first.body).toBe(403);
    const bad = await owner.call('PUT', `${STAFF}${p.userId}/`, { role: 'BOSS' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.issues)).toContain('role');
    expect((await owner.call('PUT', `${STAFF}${p.userId}/`, { role: 'CASHIER' })).statusCode).toBe(200);
    expect((await p.call('GET', '/api/admin/inventory/')).statusCode).toBe(200);
    // Shop B's owner cannot touch shop A's people.
    expect((await ownerB.call('PUT', `${STAFF}${p.userId}/`, { role: 'MANAGER' })).statusCode).toBe(404);
    expect((await ownerB.call('DELETE', `${STAFF}${p.userId}/`)).statusCode).toBe(404);
    expect((await owner.call('DELETE', `${STAFF}${p.userId}/`)).statusCode).toBe(200);
    const after = await p.call('GET', '/api/admin/inventory/');
    expect(after.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/refresh/',
      payload: { refresh_token: p.session.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await owner.call('DELETE', `${STAFF}${p.userId}/`)).statusCode).toBe(404);
    const rows = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ action: schema.auditEvents.action })
        .from(schema.auditEvents)
        .where(and(eq(schema.auditEvents.entity, 'STAFF'), eq(schema.auditEvents.entityId, p.userId))),
    );
    expect(rows.map((r) => r.action).sort()).toEqual(['JOIN', 'REMOVE', 'ROLE']);
  });

  it('cancels an open invite (its link stops working); another shop’s invite is 404', async () => {
    const email = uniqueEmail('late');
    const inv = (await owner.call('POST', `${STAFF}invite/`, { email, role: 'CASHIER' })).json().data;
    const link = await inviteLink(t, email);
    expect((await ownerB.call('DELETE', `${STAFF}invite/${inv.id}/`)).statusCode).toBe(404);
    expect((await owner.call('DELETE', `${STAFF}invite/${inv.id}/`)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/admin/staff-invite/?shop=${link.shop}&token=${link.token}` }))
        .statusCode,
    ).toBe(404);
  });

  it('needs a sign-in and the owner', async () => {
    const anon = await t.app.inject({ url: STAFF, headers: { 'store-origin': shops.a.slug } });
    expect(anon.statusCode).toBe(401);
    const customer = await verifiedCustomer(t, shops.a.slug);
    expect((await customer.call('GET', STAFF)).statusCode).toBe(403);
    expect((await owner.call('GET', STAFF, undefined, shops.b.slug)).statusCode).toBe(404);
  });
});
