import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GST_STATE_CODES } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { ADDRESS, type Card, productsOf, shopperWithCart } from '../orders/orders.test-helpers.ts';

/*
 * Checkout's "billing address same as shipping" unticked (issue 13): the order keeps the billing address, the tax
 * invoice bills to it and ships to the shipping address, and the place of supply stays the shipping state.
 */
const { t, shops, vendor } = await demoSuite();
let shopState: string;
beforeAll(async () => {
  const [loc] = await withStore(t.owner, shops.a.id, (tx) =>
    tx.select().from(schema.storeLocations).where(eq(schema.storeLocations.storeId, shops.a.id)),
  );
  shopState = loc?.state ?? '';
});

const ORDER = '/api/admin/order/';
const TXN = '/api/admin/transaction/';
const office = {
  full_name: 'Meera Iyer (Iyer Textiles)',
  address_line1: '7 Marine Drive',
  address_line2: 'Office 4B',
  city: 'Kochi',
  state: 'Kerala',
  postal_code: '682031',
};

function pdfText(bytes: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'haat-pdf-'));
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A customer of shop A with one product in the cart and a shipping address in the shop's own state. */
async function shopper() {
  const cards: Card[] = await productsOf(t, shops.a.slug);
  const p = cards.find((c) => c.product_quantity >= 10 && !c.free_shipping);
  if (!p) throw new Error('product');
  const s = await shopperWithCart(t, shops.a.slug, [{ id: p.id, quantity: 1 }]);
  const home = await s.call('POST', ADDRESS, {
    full_name: 'Ravi Kumar',
    address_line1: '14 Residency Road',
    city: 'Town Centre',
    state: shopState,
    postal_code: '560025',
    is_default: true,
  });
  expect(home.statusCode).toBe(201);
  return { s, shipId: home.json().data.id as string };
}

/** Ships an order (the invoice is issued then) and returns its transaction's id. */
async function ship(orderId: string) {
  let d = (await vendor.call('GET', `${ORDER}${orderId}/`)).json().data.order_details;
  for (const status of ['PROCESSING', 'SHIPPED']) {
    const res = await vendor.call('PUT', `${ORDER}${orderId}/status/`, {
      status,
      carrier: 'Delhivery',
      tracking_number: 'DL4242',
      version: d.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    d = res.json().data.order_details;
  }
  const list = (await vendor.call('GET', `${TXN}?search=${encodeURIComponent(d.order_number)}`)).json().data;
  return list.results[0].id as string;
}

describe('billing address at checkout', () => {
  it('bills to the billing address and ships to the shipping one; place of supply stays the shipping state', async () => {
    const { s, shipId } = await shopper();
    const bill = await s.call('POST', ADDRESS, office);
    expect(bill.statusCode).toBe(201);
    const body = { ...(await s.orderBody()), shipping_address: shipId, billing_address: bill.json().data.id };
    const placed = await s.place(body);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.order_id as string;

    const txn = await ship(orderId);
    const detail = (await vendor.call('GET', `${TXN}${txn}/`)).json().data;
    expect(detail.billing_address).toEqual([
      office.full_name,
      '7 Marine Drive, Office 4B',
      'Kochi, Kerala 682031',
      'India',
    ]);
    expect(detail.shipping_address).toEqual([
      'Ravi Kumar',
      '14 Residency Road',
      `Town Centre, ${shopState} 560025`,
      'India',
    ]);

    const pdf = await s.call('GET', `/api/store/store-user/store-order/${orderId}/invoice/`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    const billAt = text.indexOf('BILL TO');
    const shipAt = text.indexOf('SHIP TO');
    expect(billAt).toBeGreaterThan(-1);
    expect(shipAt).toBeGreaterThan(billAt);
    expect(text).not.toContain('BILL TO / SHIP TO');
    const billPart = text.slice(billAt, shipAt);
    expect(billPart).toContain(office.full_name);
    expect(billPart).toContain('7 Marine Drive, Office 4B');
    expect(billPart).toContain('Kochi, Kerala 682031');
    expect(text.slice(shipAt)).toContain('14 Residency Road');
    // The shipping state decides the place of supply (and CGST + SGST, not IGST, for a taxed invoice); the
    // bill-to party's own state and code are printed with its address.
    expect(billPart).toContain(`State: Kerala (${GST_STATE_CODES.Kerala})`);
    const supplyAt = text.indexOf('PLACE OF SUPPLY');
    expect(supplyAt).toBeGreaterThan(-1);
    const supply = text.slice(supplyAt).split('\n').slice(0, 3).join('\n');
    expect(supply).toContain(`${shopState} (${GST_STATE_CODES[shopState]})`);
    expect(supply).not.toContain('Kerala');
    const [doc] = await withStore(t.owner, shops.a.id, (tx) =>
      tx.select().from(schema.taxDocuments).where(eq(schema.taxDocuments.orderId, orderId)),
    );
    expect(doc?.igstPaise).toBe(0);
    expect(doc?.placeOfSupply).toBe(`${GST_STATE_CODES[shopState]}-${shopState}`);
  });

  it('without a billing address bills and ships to the shipping address', async () => {
    const { s, shipId } = await shopper();
    const placed = await s.place({ ...(await s.orderBody()), shipping_address: shipId });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().data.order_id as string;
    const txn = await ship(orderId);
    const detail = (await vendor.call('GET', `${TXN}${txn}/`)).json().data;
    expect(detail.billing_address).toEqual(detail.shipping_address);
    const text = pdfText(
      (await s.call('GET', `/api/store/store-user/store-order/${orderId}/invoice/`)).rawPayload,
    );
    expect(text).toContain('BILL TO / SHIP TO');
    expect(text).not.toContain('SHIP TO\n');
  });

  it('refuses a billing address that is not an id (400 naming it) or not this customer’s (404), placing nothing', async () => {
    const { s, shipId } = await shopper();
    const other = await shopper();
    const theirs = (await other.s.call('POST', ADDRESS, office)).json().data.id as string;
    const count = async () =>
      (await s.call('GET', '/api/store/store-user/store-cart/')).json().data.lines.length as number;
    const before = await count();

    const bad = await s.place({
      ...(await s.orderBody()),
      shipping_address: shipId,
      billing_address: 'office',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
    expect(bad.json().error.issues[0]).toMatchObject({
      path: 'billing_address',
      message: 'Choose a billing address',
    });

    const foreign = await s.place({
      ...(await s.orderBody()),
      shipping_address: shipId,
      billing_address: theirs,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Billing address not found');
    expect(await count()).toBe(before);
    expect((await s.call('GET', '/api/store/store-user/store-order/user/')).json().data).toEqual([]);
  });
});
