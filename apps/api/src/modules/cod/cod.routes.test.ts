import type { CodSettingsBody } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { type Card, ORDERS, productsOf, shopperWithCart, stockOf } from '../orders/orders.test-helpers.ts';
import { staffMember } from '../staff/staff.test-helpers.ts';
import { NO_COD_RULES } from './cod.test-helpers.ts';
import { runCodExpiry } from './cod-expiry.ts';

const SETTINGS = '/api/admin/cod-setting/';
const CHECKOUT = '/api/store/store-user/user-checkout/';

const { t, shops, vendor } = await demoSuite();
let cards: Card[];
beforeAll(async () => {
  cards = await productsOf(t, shops.a.slug);
});
beforeEach(async () => {
  const res = await vendor.call('PUT', SETTINGS, NO_COD_RULES);
  expect(res.statusCode, res.body).toBe(200);
});

const rules = async (r: Partial<CodSettingsBody>) => {
  const res = await vendor.call('PUT', SETTINGS, { ...NO_COD_RULES, ...r });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** A product of shop A with stock to sell, and a customer with it in the cart (PIN 560025, Karnataka). */
const shopper = async (quantity = 1) => {
  const card = cards.find((c) => c.product_quantity >= 10 && !c.free_shipping);
  if (!card) throw new Error('a product in stock');
  return { card, s: await shopperWithCart(t, shops.a.slug, [{ id: card.id, quantity }]) };
};

/** The newest mail to an address whose subject starts so (mails of one order share a timestamp). */
const lastMailTo = async (to: string, subject = '') => {
  const [row] = await t.owner
    .select({ payload: schema.outbox.payload })
    .from(schema.outbox)
    .where(
      sql`${schema.outbox.payload}->>'to' = ${to} and ${schema.outbox.payload}->>'subject' like ${`${subject}%`}`,
    )
    .orderBy(desc(schema.outbox.createdAt))
    .limit(1);
  return row?.payload as { subject: string; text: string };
};
const codeIn = (text: string) => /confirmation code: (\d{6})/.exec(text)?.[1] ?? '';

describe('the COD rules in Settings', () => {
  it('saves limits, blocked PIN codes and states, fee and confirmation, and reads them back', async () => {
    const saved = await rules({
      min_order: 199,
      max_order: 5000,
      blocked_pins: ['110001', ' 400001 ', '110001'],
      blocked_states: ['Ladakh'],
      fee: 29,
      confirm_mode: 'ABOVE',
      confirm_above: 2000,
      confirm_hours: 12,
    });
    expect(saved).toMatchObject({
      enabled: true,
      min_order: 199,
      max_order: 5000,
      blocked_pins: ['110001', '400001'],
      blocked_states: ['Ladakh'],
      fee: 29,
      confirm_mode: 'ABOVE',
      confirm_above: 2000,
      confirm_hours: 12,
    });
    expect((await vendor.call('GET', SETTINGS)).json().data).toEqual(saved);
  });

  it('refuses bad PIN codes one by one, naming each line, and limits that contradict each other', async () => {
    const pins = await vendor.call('PUT', SETTINGS, {
      ...NO_COD_RULES,
      blocked_pins: ['110001', '11001', 'abcdef'],
    });
    expect(pins.statusCode).toBe(400);
    const issues = pins.json().error.issues as { path: string; message: string }[];
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'blocked_pins.1', message: '"11001" is not a 6-digit PIN code' },
        { path: 'blocked_pins.2', message: '"abcdef" is not a 6-digit PIN code' },
      ]),
    );
    const limits = await vendor.call('PUT', SETTINGS, { ...NO_COD_RULES, min_order: 900, max_order: 500 });
    expect(limits.statusCode).toBe(400);
    expect(limits.json().error.issues[0]).toEqual({
      path: 'min_order',
      message: 'The minimum (₹900) is above the maximum (₹500)',
    });
    const hours = await vendor.call('PUT', SETTINGS, { ...NO_COD_RULES, confirm_hours: 0 });
    expect(hours.json().error.issues[0].path).toBe('confirm_hours');
    const above = await vendor.call('PUT', SETTINGS, { ...NO_COD_RULES, confirm_mode: 'ABOVE' });
    expect(above.json().error.issues[0].path).toBe('confirm_above');
    // Nothing of the refused saves stuck.
    expect((await vendor.call('GET', SETTINGS)).json().data).toMatchObject({
      blocked_pins: [],
      min_order: null,
    });
  });

  it('is for the shop team that may change settings: no sign-in 401, a packer 403, audited', async () => {
    const anon = await t.app.inject({ url: SETTINGS, headers: { 'store-origin': shops.a.slug } });
    expect(anon.statusCode).toBe(401);
    const packer = await staffMember(t, vendor, shops.a, 'PACKER');
    const refused = await packer.call('PUT', SETTINGS, { ...NO_COD_RULES, fee: 10 });
    expect(refused.statusCode).toBe(403);
    expect((await vendor.call('GET', SETTINGS)).json().data.fee).toBe(0);
    await rules({ fee: 15 });
    const audit = await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .select({ summary: schema.auditEvents.summary })
        .from(schema.auditEvents)
        .where(eq(schema.auditEvents.entityId, 'cash-on-delivery'))
        .orderBy(desc(schema.auditEvents.createdAt))
        .limit(1),
    );
    expect(audit[0]?.summary).toContain('fee');
  });
});

describe('checkout offers COD only where the rules allow, and says why not', () => {
  it('a blocked PIN code: checkout names it, and an order with COD is refused naming payment_option', async () => {
    await rules({ blocked_pins: ['560025'] });
    const { s } = await shopper();
    const cod = (await s.call('GET', CHECKOUT)).json().data.cod;
    expect(cod.address_blocks).toEqual([
      { address_id: s.address.id, reason: 'Cash on delivery is not available for PIN 560025 at this shop' },
    ]);
    const res = await s.place(await s.orderBody());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.issues[0]).toEqual({
      path: 'payment_option',
      message: 'Cash on delivery is not available for PIN 560025 at this shop',
    });
  });

  it('a blocked state, and order values outside the limits', async () => {
    await rules({ blocked_states: ['Karnataka'] });
    const { s, card } = await shopper();
    const state = await s.place(await s.orderBody());
    expect(state.json().message).toBe('Cash on delivery is not available in Karnataka at this shop');

    const price = card.discount_price ?? card.product_price;
    await rules({ max_order: Math.floor(price / 2) });
    const high = await s.place(await s.orderBody());
    expect(high.statusCode).toBe(400);
    expect(high.json().message).toMatch(
      /^Cash on delivery is available for orders up to ₹[\d,.]+ at this shop$/,
    );

    await rules({ min_order: price * 10 });
    const low = await s.place(await s.orderBody());
    expect(low.json().message).toMatch(
      /^Cash on delivery is available for orders of ₹[\d,.]+ or more at this shop$/,
    );

    await rules({});
    expect((await s.place(await s.orderBody())).statusCode).toBe(201);
  });

  it('a customer the shop asks to prepay does not get COD', async () => {
    const { s } = await shopper();
    await withStore(t.owner, shops.a.id, (tx) =>
      tx.insert(schema.shopCustomerFlags).values({
        storeId: shops.a.id,
        customerId: s.session.id,
        requirePrepayment: true,
      }),
    );
    const cod = (await s.call('GET', CHECKOUT)).json().data.cod;
    expect(cod.prepayment_required).toBe(true);
    const res = await s.place(await s.orderBody());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/pay by UPI/);
  });

  it('adds the COD fee as its own line: in the total, on the order, and refused when the screen left it out', async () => {
    await rules({ fee: 49 });
    const { s } = await shopper();
    expect((await s.call('GET', CHECKOUT)).json().data.cod.fee).toBe(49);
    const body = await s.orderBody();
    const stale = await s.place(body);
    expect(stale.statusCode).toBe(409);
    const res = await s.place({ ...body, total_amount: body.total_amount + 49 });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order;
    expect(order.cod_fee).toBe(49);
    expect(order.total_amount).toBeCloseTo(body.total_amount + 49, 2);
    const detail = (await vendor.call('GET', `/api/admin/order/${order.id}/`)).json().data.order_details;
    expect(detail.cod_fee).toBe(49);
  });
});

describe('confirming a COD order', () => {
  const placeAwaiting = async () => {
    await rules({ confirm_mode: 'ALL', confirm_hours: 24 });
    const { s, card } = await shopper(2);
    const res = await s.place(await s.orderBody());
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order;
    return { s, card, order, mail: await lastMailTo(s.email, 'Confirm your') };
  };

  it('waits for the code: flagged in Order Management, the vendor cannot move it on, the code confirms it', async () => {
    const { s, order, mail } = await placeAwaiting();
    expect(order.cod_confirmation).toMatchObject({ status: 'AWAITING', confirmed_at: null });
    expect(mail.subject).toMatch(new RegExp(`^Confirm your .+ order ${order.order_number}$`));
    expect(mail.text).toContain(order.order_number);
    expect(codeIn(mail.text)).toMatch(/^\d{6}$/);

    const listed = (await vendor.call('GET', `/api/admin/order/?search=${order.order_number}`)).json().data;
    expect(listed.order_list[0].cod_confirmation.status).toBe('AWAITING');
    const detail = (await vendor.call('GET', `/api/admin/order/${order.id}/`)).json().data.order_details;
    expect(detail.next_statuses).toEqual(['CANCELLED']);
    const moved = await vendor.call('PUT', `/api/admin/order/${order.id}/status/`, { status: 'CONFIRMED' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.reason).toBe('AWAITING_COD_CONFIRMATION');

    const wrong = await s.call('POST', `${ORDERS}${order.id}/confirm-cod/`, {
      code: codeIn(mail.text) === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.issues[0].path).toBe('code');
    const bad = await s.call('POST', `${ORDERS}${order.id}/confirm-cod/`, { code: '12ab' });
    expect(bad.json().error.issues[0]).toMatchObject({ path: 'code' });

    const ok = await s.call('POST', `${ORDERS}${order.id}/confirm-cod/`, { code: codeIn(mail.text) });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await s.call('GET', `${ORDERS}${order.id}/`)).json().data;
    expect(after.cod_confirmation.status).toBe('CONFIRMED');
    const timeline = (await vendor.call('GET', `/api/admin/order/${order.id}/`)).json().data.order_details
      .timeline;
    expect(timeline.map((e: { label: string }) => e.label)).toContain('Customer confirmed cash on delivery');
    expect(after.status).toBe('PENDING');
    // Single use: the same code again changes nothing and the vendor can now move the order on.
    expect(
      (await vendor.call('PUT', `/api/admin/order/${order.id}/status/`, { status: 'CONFIRMED' })).statusCode,
    ).toBe(200);
  });

  it('dies after 5 wrong tries; a new code (not sooner than 30 s) works', async () => {
    const { s, order, mail } = await placeAwaiting();
    const right = codeIn(mail.text);
    const wrongCode = right === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      const res = await s.call('POST', `${ORDERS}${order.id}/confirm-cod/`, { code: wrongCode });
      expect(res.statusCode).toBe(400);
    }
    const locked = await s.call('POST', `${ORDERS}${order.id}/confirm-cod/`, { code: right });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().error.issues[0].message).toBe('Too many wrong tries for this code');

    const soon = await s.call('POST', `${ORDERS}${order.id}/confirm-cod/resend/`);
    expect(soon.statusCode).toBe(429);
    await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .update(schema.codConfirmations)
        .set({ codeSentAt: sql`now() - interval '1 minute'` })
        .where(eq(schema.codConfirmations.orderId, order.id)),
    );
    expect((await s.call('POST', `${ORDERS}${order.id}/confirm-cod/resend/`)).statusCode).toBe(200);
    const fresh = codeIn((await lastMailTo(s.email, 'Confirm your')).text);
    const ok = await s.call('POST', `${ORDERS}${order.id}/confirm-cod/`, { code: fresh });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('an expired code is refused', async () => {
    const { s, order, mail } = await placeAwaiting();
    await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .update(schema.codConfirmations)
        .set({ codeExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(schema.codConfirmations.orderId, order.id)),
    );
    const res = await s.call('POST', `${ORDERS}${order.id}/confirm-cod/`, { code: codeIn(mail.text) });
    expect(res.statusCode).toBe(400);
  });

  it('the one-tap link confirms without signing in; another customer cannot confirm the order', async () => {
    const { order, mail } = await placeAwaiting();
    const other = await shopperWithCart(t, shops.a.slug, []);
    const foreign = await other.call('POST', `${ORDERS}${order.id}/confirm-cod/`, {
      code: codeIn(mail.text),
    });
    expect(foreign.statusCode).toBe(404);

    const link = /(https?:\/\/\S+order\/confirm-cod\?token=\S+)/.exec(mail.text)?.[1] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/store/order/confirm-cod/',
      headers: { 'store-origin': shops.b.slug },
      payload: { token },
    });
    expect(elsewhere.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/store/order/confirm-cod/',
      headers: { 'store-origin': shops.a.slug },
      payload: { token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      order_id: order.id,
      order_number: order.order_number,
      confirmed: true,
    });
  });

  it('an unconfirmed order cancels itself when its time runs out, and its stock comes back', async () => {
    const { s, card, order } = await placeAwaiting();
    const held = await stockOf(t, shops.a.slug, card.id);
    await withStore(t.owner, shops.a.id, (tx) =>
      tx
        .update(schema.orders)
        .set({ codConfirmBy: sql`now() - interval '1 minute'` })
        .where(eq(schema.orders.id, order.id)),
    );
    const log = { info() {}, warn() {}, error() {} };
    const run = await runCodExpiry({ db: t.appDb, log });
    expect(run.cancelled).toBeGreaterThanOrEqual(1);
    const after = (await s.call('GET', `${ORDERS}${order.id}/`)).json().data;
    expect(after.status).toBe('CANCELLED');
    expect(after.cod_confirmation.status).toBe('EXPIRED');
    expect(await stockOf(t, shops.a.slug, card.id)).toBe(held + 2);
    expect(await lastMailTo(s.email)).toMatchObject({
      subject: expect.stringMatching(/cancelled: not confirmed$/),
    });
    // A second pass finds nothing more of this order.
    const again = await runCodExpiry({ db: t.appDb, log });
    expect(again.cancelled).toBe(0);
  });
});
