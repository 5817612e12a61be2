import type { CodSettingsBody } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { NO_COD_RULES } from '../cod/cod.test-helpers.ts';
import { type Card, productsOf } from '../orders/orders.test-helpers.ts';

const COD_SETTINGS = '/api/admin/cod-setting/';

const { t, shops, vendor } = await demoSuite();
let card: Card;
beforeAll(async () => {
  const cards = await productsOf(t, shops.a.slug);
  const found = cards.find((c) => c.product_quantity > 0 && !c.free_shipping);
  if (!found) throw new Error('a product of shop A in stock');
  card = found;
});
beforeEach(async () => {
  const res = await vendor.call('PUT', COD_SETTINGS, NO_COD_RULES);
  expect(res.statusCode, res.body).toBe(200);
});

const lookup = (pin: string) => t.app.inject({ method: 'GET', url: `/api/store/pincode/${pin}/` });
const check = (query: Record<string, string>, slug = shops.a.slug) =>
  t.app.inject({
    method: 'GET',
    url: `/api/store/check-delivery/?${new URLSearchParams(query)}`,
    headers: { 'store-origin': slug },
  });
const codRules = async (r: Partial<CodSettingsBody>) => {
  const res = await vendor.call('PUT', COD_SETTINGS, { ...NO_COD_RULES, ...r });
  expect(res.statusCode, res.body).toBe(200);
};

/** Today on India's calendar, and the day `n` delivery days (Sundays not counted) after it. */
const IST_MS = 330 * 60_000;
function deliveryDay(n: number) {
  const d = new Date(Date.now() + IST_MS);
  let left = n;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getUTCDay() !== 0) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

describe('GET /api/store/pincode/:pin/', () => {
  it("answers a PIN code's city and state from India Post's directory, for any shop or none", async () => {
    for (const [pin, city, state] of [
      ['560001', 'Bengaluru', 'Karnataka'],
      ['110001', 'New Delhi', 'Delhi'],
      ['400001', 'Mumbai', 'Maharashtra'],
      ['682001', 'Ernakulam', 'Kerala'],
    ]) {
      const res = await lookup(pin ?? '');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { pin, city, state } });
    }
    expect((await lookup('560001')).headers['cache-control']).toContain('max-age');
  });

  it('refuses a PIN code that is not 6 digits with 400 naming pin', async () => {
    for (const bad of ['56000', '5600011', 'abcdef', '012345']) {
      const res = await lookup(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.issues[0].path).toBe('pin');
      expect(res.json().error.issues[0].message).toBe('Enter a 6-digit PIN code');
    }
  });

  it("answers 404 with a clear message for a PIN code India Post doesn't list", async () => {
    const res = await lookup('999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("PIN code 999999 is not in India Post's directory. Check the number.");
    expect(res.headers['cache-control'] ?? '').not.toContain('max-age');
  });
});

describe('GET /api/store/check-delivery/', () => {
  it("answers from the shop's own delivery options: charges, and dates in India from their days", async () => {
    const res = await check({ pin: '560001', product_id: card.id });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ pin: '560001', city: 'Bengaluru', state: 'Karnataka', delivers: true });
    const options = (
      await t.app.inject({
        method: 'GET',
        url: '/api/store/get-store-delivery-options/',
        headers: { 'store-origin': shops.a.slug },
      })
    ).json().data.delivery_options;
    expect(data.options.map((o: { id: string }) => o.id)).toEqual(options.map((o: { id: string }) => o.id));
    for (const o of data.options) {
      expect(o.earliest).toBe(deliveryDay(o.min_days));
      expect(o.latest).toBe(deliveryDay(o.max_days));
    }
    expect(data.cod).toEqual({ available: true, reason: null, fee: 0 });
  });

  it("says why COD is refused: the shop's rule blocks the PIN code, the state, or the amount", async () => {
    await codRules({ blocked_pins: ['560001'], blocked_states: ['Kerala'], fee: 25 });
    const pin = (await check({ pin: '560001', product_id: card.id })).json().data;
    expect(pin.delivers).toBe(true);
    expect(pin.cod).toEqual({
      available: false,
      reason: 'Cash on delivery is not available for PIN 560001 at this shop',
      fee: 25,
    });
    const state = (await check({ pin: '682001', product_id: card.id })).json().data;
    expect(state.cod.reason).toBe('Cash on delivery is not available in Kerala at this shop');
    const elsewhere = (await check({ pin: '400001', product_id: card.id })).json().data;
    expect(elsewhere.cod).toEqual({ available: true, reason: null, fee: 25 });

    await codRules({ max_order: 1 });
    const dear = (await check({ pin: '400001', product_id: card.id })).json().data;
    expect(dear.cod.available).toBe(false);
    expect(dear.cod.reason).toBe('Cash on delivery is available for orders up to ₹1 at this shop');
  });

  it('says the shop does not deliver when it has no delivery option', async () => {
    const setActive = (active: boolean) =>
      withStore(t.owner, shops.b.id, (tx) => tx.update(schema.deliveryOptions).set({ active }));
    const cardB = (await productsOf(t, shops.b.slug))[0];
    await setActive(false);
    try {
      const res = await check({ pin: '110001', product_id: cardB?.id ?? '' }, shops.b.slug);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ delivers: false, options: [], cod: { available: false } });
    } finally {
      await setActive(true);
    }
  });

  it('refuses bad input with 400 naming the field, and answers 404 for what does not exist', async () => {
    const badPin = await check({ pin: '1234', product_id: card.id });
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json().error.issues[0].path).toBe('pin');
    const noProduct = await check({ pin: '560001' });
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().error.issues[0].path).toBe('product_id');
    const unknownPin = await check({ pin: '999999', product_id: card.id });
    expect(unknownPin.statusCode).toBe(404);
    const otherShops = (await productsOf(t, shops.b.slug))[0];
    const notHere = await check({ pin: '560001', product_id: otherShops?.id ?? '' });
    expect(notHere.statusCode).toBe(404);
  });
});
