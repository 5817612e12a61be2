import {
  fillTemplate,
  type OrderWhatsApp,
  WHATSAPP_DEFAULTS,
  WHATSAPP_KINDS,
  type WhatsAppTemplates,
  whatsAppChatLink,
  whatsAppPhone,
  whatsAppShareLink,
} from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor } from '../accounts/accounts.test-helpers.ts';
import { staffMember } from '../staff/staff.test-helpers.ts';
import { codOrder, whatsAppEvents as whatsAppEventsOf } from './whatsapp.test-helpers.ts';

/** Issue 19, WhatsApp: templates in Settings, the order page's messages and the record of each one opened. */
const { t, shops, vendor } = await demoSuite();
let otherVendor: Awaited<ReturnType<typeof demoVendor>>;
let storeName: string;
beforeAll(async () => {
  otherVendor = await demoVendor(t, shops.b);
  const [row] = await t.owner.select().from(schema.stores).where(eq(schema.stores.id, shops.a.id));
  storeName = row?.storeName ?? '';
});

const TEMPLATES = '/api/admin/whatsapp-template/';
const ORDER = '/api/admin/order/';

const templateRows = (storeId: string) =>
  withStore(t.deps.db, storeId, (tx) => tx.select().from(schema.whatsappTemplates));
const whatsAppEvents = (storeId: string, orderId: string) => whatsAppEventsOf(t, storeId, orderId);

/** A customer of shop A with one COD order of two of a product. */
const placed = () => codOrder(t, vendor, shops.a.slug, 2);

async function ship(id: string, version: number) {
  let v = version;
  for (const status of ['CONFIRMED', 'PROCESSING']) {
    const r = await vendor.call('PUT', `${ORDER}${id}/status/`, { status, version: v });
    expect(r.statusCode, r.body).toBe(200);
    v = r.json().data.order_details.version;
  }
  const shipped = await vendor.call('PUT', `${ORDER}${id}/status/`, {
    status: 'SHIPPED',
    carrier: 'Delhivery',
    tracking_number: 'DL55667788',
    version: v,
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  return shipped.json().data.order_details.version as number;
}

const messagesOf = async (id: string) => {
  const res = await vendor.call('GET', `${ORDER}${id}/whatsapp/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as OrderWhatsApp;
};
const messageOf = async (id: string, kind: string) => {
  const m = (await messagesOf(id)).messages.find((x) => x.kind === kind);
  if (!m) throw new Error(`no ${kind} message`);
  return m;
};
/** The text a wa.me link carries, decoded, and the number it opens. */
const linkParts = (link: string) => {
  const url = new URL(link);
  return { host: url.host, phone: url.pathname.slice(1), text: url.searchParams.get('text') };
};

describe('whatsapp-template/ (Settings)', () => {
  it('lists the four kinds with their default texts in the shop’s name, and no rows stored (defaults are lazy)', async () => {
    const res = await vendor.call('GET', TEMPLATES);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as WhatsAppTemplates;
    expect(data.shop_name).toBe(storeName);
    expect(data.sender).toBe('LINK');
    expect(data.shop_url).toContain(shops.a.slug);
    expect(data.templates.map((x) => x.kind)).toEqual([...WHATSAPP_KINDS]);
    for (const x of data.templates) {
      expect(x).toMatchObject({ is_default: true, updated_at: null, text: WHATSAPP_DEFAULTS[x.kind] });
      expect(x.text).toContain('{shop_name}');
    }
    expect(data.templates.find((x) => x.kind === 'DISPATCH')?.placeholders).toContain('tracking_number');
    expect(data.templates.find((x) => x.kind === 'DELIVERY')?.placeholders).not.toContain('tracking_number');
    expect(await templateRows(shops.a.id)).toEqual([]);
  });

  it('saves a template (trimmed, audited), leaves other shops alone, and empty text restores the default', async () => {
    const text = 'Namaste {customer_name}! {order_number} left {shop_name} with {carrier}: {tracking_number}';
    const saved = await vendor.call('PUT', TEMPLATES, { kind: 'DISPATCH', text: `  ${text}\n` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ kind: 'DISPATCH', text, is_default: false });
    expect(saved.json().message).toBe('Dispatch message saved');
    const listed = (await vendor.call('GET', TEMPLATES)).json().data as WhatsAppTemplates;
    expect(listed.templates.find((x) => x.kind === 'DISPATCH')).toMatchObject({ text, is_default: false });
    const other = (await otherVendor.call('GET', TEMPLATES)).json().data as WhatsAppTemplates;
    expect(other.templates.every((x) => x.is_default)).toBe(true);
    const audit = await withStore(t.deps.db, shops.a.id, (tx) =>
      tx
        .select()
        .from(schema.auditEvents)
        .where(
          and(
            eq(schema.auditEvents.entity, 'SETTINGS'),
            eq(schema.auditEvents.entityId, 'whatsapp:DISPATCH'),
          ),
        ),
    );
    expect(audit.map((a) => a.summary)).toContain('Changed the WhatsApp dispatch message');

    const restored = await vendor.call('PUT', TEMPLATES, { kind: 'DISPATCH', text: '   ' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({
      is_default: true,
      text: WHATSAPP_DEFAULTS.DISPATCH,
      updated_at: null,
    });
    expect(await templateRows(shops.a.id)).toEqual([]);
  });

  it('refuses an unknown placeholder, a shipment placeholder outside Dispatch, a long text and a bad kind, naming them; nothing changes', async () => {
    const cases: [object, string, string][] = [
      [{ kind: 'DELIVERY', text: 'Hi {customer}, delivered' }, 'text', '{customer}'],
      [{ kind: 'ORDER_CONFIRMATION', text: 'Track {tracking_number}' }, 'text', '{tracking_number}'],
      [{ kind: 'DELIVERY', text: 'x'.repeat(1001) }, 'text', '1,000'],
      [{ kind: 'WELCOME', text: 'Hi' }, 'kind', 'kind'],
      [{ kind: 'DELIVERY' }, 'text', 'text'],
    ];
    for (const [body, field, words] of cases) {
      const res = await vendor.call('PUT', TEMPLATES, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.issues[0].path).toBe(field);
      expect(res.json().message).toContain(words);
    }
    const unknown = await vendor.call('PUT', TEMPLATES, { kind: 'DELIVERY', text: 'Hi {customer}' });
    expect(unknown.json().message).toContain('use {customer_name}');
    expect(await templateRows(shops.a.id)).toEqual([]);
  });

  it('needs a sign-in, and only the owner and a manager may change templates', async () => {
    const none = await t.app.inject({
      method: 'PUT',
      url: TEMPLATES,
      headers: { 'store-origin': shops.a.slug },
      payload: { kind: 'DELIVERY', text: 'Hi' },
    });
    expect(none.statusCode).toBe(401);
    const packer = await staffMember(t, vendor, shops.a, 'PACKER');
    const refused = await packer.call('PUT', TEMPLATES, { kind: 'DELIVERY', text: 'Hi {customer_name}' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('A Packer cannot');
    const manager = await staffMember(t, vendor, shops.a, 'MANAGER');
    const ok = await manager.call('PUT', TEMPLATES, { kind: 'DELIVERY', text: '' });
    expect(ok.statusCode).toBe(200);
    expect(await templateRows(shops.a.id)).toEqual([]);
  });
});

describe('order/{id}/whatsapp/ (the order page)', () => {
  it('fills every placeholder from the order, with a wa.me link to the customer’s +91 number', async () => {
    const o = await placed();
    const every =
      'A {customer_name}|{shop_name}|{order_number}|{total}|{items}|{order_link}|{carrier}|{tracking_number}|{tracking_link}';
    expect((await vendor.call('PUT', TEMPLATES, { kind: 'DISPATCH', text: every })).statusCode).toBe(200);

    const before = await messageOf(o.id, 'DISPATCH');
    expect(before).toMatchObject({
      available: false,
      reason: 'Available once the order is shipped with a tracking number',
    });
    const version = await ship(o.id, o.detail.version);
    const data = await messagesOf(o.id);
    const digits = o.phone.replace(/\D/g, '').slice(-10);
    expect(data.phone).toBe(`91${digits}`);
    const dispatch = data.messages.find((m) => m.kind === 'DISPATCH');
    const firstName = o.detail.user.first_name as string;
    const total = (o.detail.total_amount as number).toLocaleString('en-IN', { maximumFractionDigits: 2 });
    expect(dispatch?.available).toBe(true);
    const parts = (dispatch?.text ?? '').split('|');
    expect(parts[0]).toBe(`A ${firstName}`);
    expect(parts[1]).toBe(storeName);
    expect(parts[2]).toBe(o.number);
    expect(parts[3]).toBe(`₹${total}`);
    expect(parts[4]).toBe(`2 x ${o.product.product_name}`);
    expect(parts[5]).toMatch(new RegExp(`/orders/${o.id}$`));
    expect(parts[5]).toContain(shops.a.slug);
    expect(parts[6]).toBe('Delhivery');
    expect(parts[7]).toBe('DL55667788');
    expect(parts[8]).toBe('https://www.delhivery.com/track/package/DL55667788');
    // The link opens a chat with the customer's number, carrying exactly the text.
    const link = linkParts(dispatch?.link ?? '');
    expect(link).toEqual({ host: 'wa.me', phone: `91${digits}`, text: dispatch?.text });
    expect(version).toBeGreaterThan(o.detail.version);

    // Each kind says why it is not offered now.
    const byKind = Object.fromEntries(data.messages.map((m) => [m.kind, m]));
    expect(byKind.ORDER_CONFIRMATION).toMatchObject({
      available: false,
      reason: 'Sent before the order ships',
    });
    expect(byKind.DELIVERY).toMatchObject({
      available: false,
      reason: 'Available once the order is delivered',
    });
    expect(byKind.PAYMENT_REMINDER?.available).toBe(true);
    expect(byKind.PAYMENT_REMINDER?.text).toContain(`₹${total}`);
    await vendor.call('PUT', TEMPLATES, { kind: 'DISPATCH', text: '' });
  });

  it('records a message opened on the timeline and in the audit trail; one that does not fit is refused, nothing recorded', async () => {
    const o = await placed();
    const early = await vendor.call('POST', `${ORDER}${o.id}/whatsapp/`, { kind: 'DISPATCH' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('Available once the order is shipped');
    expect(await whatsAppEvents(shops.a.id, o.id)).toEqual([]);

    const sent = await vendor.call('POST', `${ORDER}${o.id}/whatsapp/`, { kind: 'ORDER_CONFIRMATION' });
    expect(sent.statusCode, sent.body).toBe(200);
    const data = sent.json().data;
    expect(data).toMatchObject({ kind: 'ORDER_CONFIRMATION', via: 'LINK', provider_id: null });
    expect(linkParts(data.link).text).toContain(o.number);
    const d = (await vendor.call('GET', `${ORDER}${o.id}/`)).json().data.order_details;
    expect(d.timeline.at(-1)).toMatchObject({
      status: 'WHATSAPP',
      label: 'WhatsApp',
      note: 'WhatsApp message opened: order confirmation',
    });
    // Recording a message is not a change of the order: its version stays.
    expect(d.version).toBe(o.detail.version);
    const trail = await vendor.call('GET', `/api/admin/audit-trail/?entity_id=${o.id}&action=WHATSAPP`);
    expect(trail.statusCode, trail.body).toBe(200);
    expect(JSON.stringify(trail.json().data)).toContain('WhatsApp message opened: order confirmation');
  });

  it('disables every message with the reason when the order has no mobile number', async () => {
    const o = await placed();
    await withStore(t.deps.db, shops.a.id, (tx) =>
      tx
        .update(schema.orders)
        .set({ contactPhone: null, shipPhone: '12345' })
        .where(eq(schema.orders.id, o.id)),
    );
    const data = await messagesOf(o.id);
    expect(data.phone).toBeNull();
    for (const m of data.messages) {
      expect(m).toMatchObject({
        available: false,
        reason: 'This order has no mobile number to message',
        link: null,
      });
    }
    const res = await vendor.call('POST', `${ORDER}${o.id}/whatsapp/`, { kind: 'ORDER_CONFIRMATION' });
    expect(res.statusCode).toBe(409);
    expect(await whatsAppEvents(shops.a.id, o.id)).toEqual([]);
  });

  it('offers nothing for a counter sale, whose receipt goes from the point of sale', async () => {
    const [sale] = await withStore(t.deps.db, shops.a.id, (tx) =>
      tx
        .select({ id: schema.orders.id })
        .from(schema.orders)
        .where(eq(schema.orders.channel, 'POS'))
        .limit(1),
    );
    if (!sale) throw new Error('the demo shop has counter sales');
    const data = await messagesOf(sale.id);
    for (const m of data.messages)
      expect(m).toMatchObject({ available: false, reason: 'A counter sale: its receipt goes from Checkout' });
  });

  it('answers 404 for another shop’s order and records nothing; a bad id or kind is a 400 naming it', async () => {
    const o = await placed();
    const read = await otherVendor.call('GET', `${ORDER}${o.id}/whatsapp/`);
    expect(read.statusCode).toBe(404);
    const send = await otherVendor.call('POST', `${ORDER}${o.id}/whatsapp/`, { kind: 'ORDER_CONFIRMATION' });
    expect(send.statusCode).toBe(404);
    expect(await whatsAppEvents(shops.a.id, o.id)).toEqual([]);
    const badId = await vendor.call('GET', `${ORDER}not-an-id/whatsapp/`);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain('id');
    const badKind = await vendor.call('POST', `${ORDER}${o.id}/whatsapp/`, { kind: 'HELLO' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error.issues[0].path).toBe('kind');
  });

  it('lets a Packer send and refuses a Cashier, who may only look orders up', async () => {
    const o = await placed();
    const packer = await staffMember(t, vendor, shops.a, 'PACKER');
    expect((await packer.call('GET', `${ORDER}${o.id}/whatsapp/`)).statusCode).toBe(200);
    const cashier = await staffMember(t, vendor, shops.a, 'CASHIER');
    const refused = await cashier.call('POST', `${ORDER}${o.id}/whatsapp/`, { kind: 'ORDER_CONFIRMATION' });
    expect(refused.statusCode).toBe(403);
    expect((await cashier.call('GET', `${ORDER}${o.id}/whatsapp/`)).statusCode).toBe(403);
  });
});

describe('links and filling (contracts)', () => {
  it('encodes the text of a wa.me link: ₹, emoji, new lines, & ? # and +', () => {
    const text = 'Hi Priya 🙏\nTotal: ₹1,24,999 & more? #1 + 2';
    const link = whatsAppChatLink('919876543210', text);
    expect(link.startsWith('https://wa.me/919876543210?text=')).toBe(true);
    expect(link.split('?text=')[1]).toBe(
      'Hi%20Priya%20%F0%9F%99%8F%0ATotal%3A%20%E2%82%B91%2C24%2C999%20%26%20more%3F%20%231%20%2B%202',
    );
    expect(new URL(link).searchParams.get('text')).toBe(text);
    expect(whatsAppShareLink('Kurta: ₹499\nhttps://a.b/product/1')).toBe(
      'https://wa.me/?text=Kurta%3A%20%E2%82%B9499%0Ahttps%3A%2F%2Fa.b%2Fproduct%2F1',
    );
  });

  it('takes Indian mobile numbers in any usual spelling and nothing else', () => {
    for (const raw of ['9876543210', '+91 98765 43210', '091-9876543210', '09876543210', '919876543210'])
      expect(whatsAppPhone(raw), raw).toBe('919876543210');
    for (const raw of [null, '', '12345', '5876543210', '98765432101', '+1 415 555 0100'])
      expect(whatsAppPhone(raw), String(raw)).toBeNull();
  });

  it('leaves text without placeholders as it is and fills repeats', () => {
    expect(fillTemplate('{a} {shop_name} {shop_name}', { shop_name: 'Ritu' })).toBe('{a} Ritu Ritu');
  });
});
