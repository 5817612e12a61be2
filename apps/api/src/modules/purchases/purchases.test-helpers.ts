import { schema, withStore } from '@haat/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { counterSaleBody } from '../../../test/counter-sale.ts';
import type { TestApp } from '../../../test/harness.ts';
import type { demoVendor } from '../accounts/accounts.test-helpers.ts';

/* What the purchases tests share: a product and a supplier made through the back office, stock and its ledger. */

type Call = Awaited<ReturnType<typeof demoVendor>>['call'];
let seq = 0;

/** A product sold as one item: cost ₹50 (original_price), price ₹120, 18 % GST, stock as given. */
export async function purchaseProduct(
  call: Call,
  opts: { stock?: number; cost?: number; price?: number } = {},
) {
  const [category] = (await call('GET', '/api/admin/category/')).json().data as { id: string }[];
  seq += 1;
  const sku = `PUR-${Date.now().toString(36)}-${seq}`.toUpperCase();
  const res = await call('POST', '/api/admin/product/', {
    product_name: `Stock Item ${sku}`,
    sku,
    original_price: opts.cost ?? 50,
    product_price: opts.price ?? 120,
    unit: 'Piece',
    product_quantity: opts.stock ?? 10,
    shipping_charge: 0,
    tax_percentage: 18,
    hsn_code: '0902',
    category_id: category?.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id as string, sku };
}

export async function purchaseSupplier(call: Call) {
  seq += 1;
  const res = await call('POST', '/api/admin/supplier/', {
    supplier_name: `Supplier ${seq}`,
    company_name: `Wholesale ${Date.now().toString(36)} ${seq}`,
    supplier_contact: '9876543210',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

/** A variant's stock and cost, its product's, and the sum of its ledger. */
export async function stockOf(t: TestApp, storeId: string, productId: string) {
  return withStore(t.owner, storeId, async (tx) => {
    const [v] = await tx
      .select({
        id: schema.productVariants.id,
        quantity: schema.productVariants.quantity,
        cost: schema.productVariants.costPaise,
      })
      .from(schema.productVariants)
      .where(eq(schema.productVariants.productId, productId))
      .orderBy(asc(schema.productVariants.position));
    const [p] = await tx
      .select({ quantity: schema.products.quantity, cost: schema.products.costPaise })
      .from(schema.products)
      .where(eq(schema.products.id, productId));
    const [l] = await tx
      .select({ sum: sql<number>`coalesce(sum(${schema.stockLedger.change}), 0)::int` })
      .from(schema.stockLedger)
      .where(and(eq(schema.stockLedger.productId, productId)));
    return { variantId: v?.id ?? '', quantity: v?.quantity, cost: v?.cost, product: p, ledger: l?.sum };
  });
}

/** A counter sale's body for `quantity` of a product at ₹120 incl. 18 % GST, paid by UPI. */
export function counterSale(productId: string, quantity: number) {
  const line = { productId, quantity, unitPricePaise: 12_000, ratePercent: 18 };
  return counterSaleBody(line, () => ({ method: 'UPI' }), 'Stock Buyer');
}
