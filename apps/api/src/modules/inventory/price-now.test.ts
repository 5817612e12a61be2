import { schema, withStore } from '@haat/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { storeIdOf } from '../../../test/harness.ts';

/** The back office shows the price shoppers pay now and why (issue 17 #5). */
const { t, shops, vendor } = await demoSuite();
let categoryId: string;
beforeAll(async () => {
  categoryId = (await vendor.call('GET', '/api/admin/category/')).json().data[0].id;
});

const stamp = Date.now().toString(36).toUpperCase();
const form = (sku: string, sale: number | null) => ({
  product_name: `Price Now Lamp ${sku}`,
  sku,
  original_price: 200,
  product_price: 399,
  discount_price: sale,
  unit: 'Piece',
  product_quantity: 5,
  low_stock_threshold: 2,
  shipping_charge: 40,
  category_id: categoryId,
});

describe('price shoppers pay now', () => {
  it('is the list price alone, the sale price, or a live deal that beats both, named', async () => {
    const plain = (await vendor.call('POST', '/api/admin/product/', form(`PN-A-${stamp}`, null))).json().data;
    expect(plain).toMatchObject({ price_now: 399, price_now_reason: 'LIST', live_deal: null });

    const onSale = (await vendor.call('POST', '/api/admin/product/', form(`PN-B-${stamp}`, 349))).json().data;
    expect(onSale).toMatchObject({ price_now: 349, price_now_reason: 'SALE', live_deal: null });

    const storeId = (await storeIdOf(t.owner, shops.a.slug)) as string;
    await withStore(t.owner, storeId, (tx) =>
      tx.insert(schema.deals).values({
        storeId,
        productId: onSale.id,
        title: 'Diwali Dhamaka',
        dealPricePaise: 29900,
        startsAt: new Date(Date.now() - 3_600_000),
        endsAt: new Date(Date.now() + 86_400_000),
      }),
    );
    const detail = (await vendor.call('GET', `/api/admin/stores/product/${onSale.id}/`)).json().data;
    expect(detail).toMatchObject({
      product_price: 399,
      discount_price: 349,
      price_now: 299,
      price_now_reason: 'DEAL',
      live_deal: { title: 'Diwali Dhamaka', deal_price: 299 },
    });
    const listed = (await vendor.call('GET', `/api/admin/stores/product/?search=PN-B-${stamp}`)).json().data
      .results;
    expect(listed[0]).toMatchObject({ price_now: 299, price_now_reason: 'DEAL' });
  });
});
