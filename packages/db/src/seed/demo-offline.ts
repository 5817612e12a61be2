import {
  buildTaxSnapshot,
  counterSeries,
  financialYear,
  lineName,
  offlineReceiptNumber,
  posTotals,
  type TaxDocumentSnapshot,
} from '@haat/contracts';
import { and, asc, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rowsOf, withStore } from '../context.ts';
import {
  orderEvents,
  orderItems,
  orders,
  paymentTransactions,
  posCounters,
  posCustomers,
  posOfflineReceipts,
  products,
  productVariants,
  stockLedger,
  taxDocuments,
} from '../schema/index.ts';

/*
 * The counter offline in each demo shop (issue 43, decision 0034): one registered counter, "Front counter" (C01),
 * with two sales it made while the connection was down and synced since, as POST order/pos-checkout/ with
 * `offline` writes them: numbered in the counter's own series (I01/26-27/00001 or B01/…), paid by UPI (no cash
 * drawer to count), stock taken by take_offline_stock with its SALE rows, the prices shown kept with the number.
 * Run once per shop, after every other seed (its rows are the last of the shop's history).
 */

type Tx = Parameters<Parameters<typeof withStore>[2]>[0];
const MINUTE = 60_000;

/** The shop's latest counter sale with its invoice: whose details (customer, seller) the new sales reuse. */
async function template(tx: Tx, storeId: string) {
  const [row] = await tx
    .select({ order: orders, invoice: taxDocuments })
    .from(orders)
    .innerJoin(
      taxDocuments,
      and(eq(taxDocuments.storeId, orders.storeId), eq(taxDocuments.orderId, orders.id)),
    )
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.channel, 'POS'),
        isNull(orders.buyerGstin),
        ne(taxDocuments.kind, 'CREDIT_NOTE'),
      ),
    )
    .orderBy(desc(orders.number))
    .limit(1);
  return row ?? null;
}

/** Two items sold as one, in stock: the lowest stock and the highest. */
async function items(tx: Tx, storeId: string) {
  const rows = await tx
    .select({
      productId: products.id,
      variantId: productVariants.id,
      name: products.name,
      sku: products.sku,
      image: sql<string | null>`${products.images}[1]`,
      pricePaise: sql<number>`coalesce(${productVariants.salePricePaise}, ${productVariants.pricePaise})`,
      costPaise: productVariants.costPaise,
      taxPercent: products.taxPercent,
      hsn: products.hsnCode,
      unit: products.unit,
      stock: productVariants.quantity,
    })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.storeId, productVariants.storeId), eq(products.id, productVariants.productId)),
    )
    .where(
      and(
        eq(productVariants.storeId, storeId),
        eq(products.status, 'ACTIVE'),
        sql`${products.options} = '[]'::jsonb`,
        gte(productVariants.quantity, 2),
      ),
    )
    .orderBy(asc(productVariants.quantity), asc(productVariants.id));
  return { low: rows[0], other: rows.at(-1) };
}
type Item = NonNullable<Awaited<ReturnType<typeof items>>['low']>;

/** After the shop's latest order and stock row (numbers and histories follow time), within the last hour or so. */
async function moments(tx: Tx, storeId: string, now: Date) {
  const [last] = rowsOf<{ at: string | null }>(
    await tx.execute(sql`select greatest(
      (select max(created_at) from stock_ledger where store_id = ${storeId}),
      (select max(created_at) from orders where store_id = ${storeId})) as at`),
  );
  const after = last?.at ? new Date(last.at).getTime() : now.getTime() - 60 * MINUTE;
  const step = Math.max(1000, Math.min(20 * MINUTE, (now.getTime() - after) / 4));
  return [1, 2, 3].map((k) => new Date(after + k * step));
}

interface SaleSpec {
  storeId: string;
  counter: { id: string; number: number; name: string };
  seq: number;
  item: Item;
  quantity: number;
  at: Date;
  /** When the counter was back online and sent its queue. */
  synced: Date;
  old: { order: typeof orders.$inferSelect; invoice: typeof taxDocuments.$inferSelect };
  owner: string | null;
}

/** One synced offline sale: stock, order, line, event, UPI payment, ledger row, invoice, and its number taken. */
async function offlineSale(tx: Tx, s: SaleSpec) {
  const { storeId, item, at, quantity } = s;
  const seller = (s.old.invoice.snapshot as TaxDocumentSnapshot).seller;
  const gst = !!seller.gstin;
  const series = counterSeries(s.counter.number, gst);
  const fy = financialYear(at);
  await tx.execute(sql`select take_counter_seq(${storeId}::uuid, ${series}, ${fy}, ${s.seq}::int)`);
  const [taken] = rowsOf<{ q: number }>(
    await tx.execute(
      sql`select take_offline_stock(${storeId}::uuid, ${item.variantId}::uuid, ${quantity}::int) as q`,
    ),
  );
  const [counter] = rowsOf<{ n: number }>(
    await tx.execute(sql`update order_counters set last_number = last_number + 1
      where store_id = ${storeId} returning last_number as n`),
  );
  const number = Number(counter?.n);
  const ratePercent = gst ? Number(item.taxPercent) : 0;
  const totals = posTotals([{ unitPricePaise: item.pricePaise, quantity, ratePercent }], {
    type: 'FIXED',
    value: 0,
  });
  const o = s.old.order;
  const [order] = await tx
    .insert(orders)
    .values({
      storeId,
      number,
      customerId: null,
      shopCustomerId: o.shopCustomerId,
      status: 'DELIVERED',
      channel: 'POS',
      paymentMethod: 'UPI',
      paymentStatus: 'SUCCESS',
      subtotalPaise: totals.subtotalPaise,
      discountPaise: 0,
      shippingPaise: 0,
      taxPaise: totals.taxPaise,
      totalPaise: totals.totalPaise,
      totalItems: quantity,
      deliveryName: 'Counter sale',
      deliveryEstimate: 'Collected at the counter',
      shipName: o.shipName,
      shipPhone: o.shipPhone,
      shipLine1: o.shipLine1,
      shipLine2: o.shipLine2,
      shipCity: o.shipCity,
      shipState: o.shipState,
      shipPostalCode: o.shipPostalCode,
      buyerGstin: null,
      contactEmail: null,
      contactPhone: o.contactPhone,
      confirmedAt: at,
      deliveredAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('demo offline sale: no order');
  const orderId = order.id;
  const { productId, variantId } = item;
  await tx.insert(orderItems).values({
    storeId,
    orderId,
    productId,
    variantId,
    name: item.name,
    variantLabel: null,
    sku: item.sku,
    image: item.image,
    quantity,
    unitPricePaise: item.pricePaise,
    costPaise: item.costPaise,
    taxPercent: item.taxPercent,
  });
  const receipt = offlineReceiptNumber(s.counter.number, gst, at, s.seq);
  const note = 'Sold at the counter';
  await tx
    .insert(orderEvents)
    .values({ storeId, orderId, status: 'DELIVERED', note, actorId: s.owner, createdAt: at });
  await tx
    .update(posCustomers)
    .set({ visits: sql`${posCustomers.visits} + 1`, lastVisitAt: at, updatedAt: at })
    .where(and(eq(posCustomers.storeId, storeId), eq(posCustomers.phone, o.contactPhone ?? '')));
  await tx.insert(paymentTransactions).values({
    storeId,
    orderId,
    reference: `TXN-${number}`,
    amountPaise: totals.totalPaise,
    paymentMode: 'UPI',
    paymentStatus: 'SUCCESS',
    receivedAt: at,
    receivedBy: s.owner,
    createdAt: at,
    updatedAt: at,
  });
  await tx.insert(stockLedger).values({
    storeId,
    productId,
    variantId,
    change: -quantity,
    quantityAfter: Number(taken?.q),
    reason: 'SALE',
    note: `Counter sale ORD-${number}`,
    orderId,
    actorId: s.owner,
    createdAt: at,
  });
  const unit = item.unit ?? 'Piece';
  const line = { name: lineName(item.name, null, item.sku), hsn: item.hsn, quantity, unit, ratePercent };
  const snapshot = buildTaxSnapshot({
    kind: gst ? 'INVOICE' : 'BILL_OF_SUPPLY',
    number: receipt,
    issuedAt: at,
    shop: {
      storeName: seller.name,
      legalName: seller.legalName,
      gstin: seller.gstin,
      address: seller.address,
      state: seller.state,
    },
    buyer: (s.old.invoice.snapshot as TaxDocumentSnapshot).buyer,
    billTo: null,
    orderNumber: `ORD-${number}`,
    paymentMethod: 'UPI',
    lines: [{ ...line, unitPricePaise: item.pricePaise }],
    discountPaise: 0,
    shippingPaise: 0,
  });
  const b = snapshot.breakup;
  await tx.insert(taxDocuments).values({
    storeId,
    orderId,
    kind: snapshot.kind,
    series,
    fy,
    seq: s.seq,
    number: receipt,
    issuedAt: at,
    totalPaise: b.totalPaise,
    taxablePaise: b.taxablePaise,
    cgstPaise: b.cgstPaise,
    sgstPaise: b.sgstPaise,
    igstPaise: b.igstPaise,
    snapshot,
    placeOfSupply: `${snapshot.placeOfSupply.code}-${snapshot.placeOfSupply.state}`,
  });
  const lines = [
    { variant_id: variantId, quantity, shown_paise: item.pricePaise, list_paise: item.pricePaise },
  ];
  await tx.insert(posOfflineReceipts).values({
    storeId,
    counterId: s.counter.id,
    series,
    fy,
    seq: s.seq,
    orderId,
    soldAt: at,
    lines,
    actorId: s.owner,
    syncedAt: s.synced,
  });
  return { orderId, stockAfter: Number(taken?.q) };
}

/** Writes the shop's demo counter and its synced offline sales; how many sales it wrote (0 when it had them). */
export async function seedDemoOffline(db: Db, storeId: string, now: Date): Promise<number> {
  return withStore(db, storeId, async (tx) => {
    const [seen] = await tx
      .select({ id: posCounters.id })
      .from(posCounters)
      .where(eq(posCounters.storeId, storeId))
      .limit(1);
    const old = await template(tx, storeId);
    const { low, other } = await items(tx, storeId);
    if (seen || !old || !low || !other || low.variantId === other.variantId) return 0;
    const [owner] = rowsOf<{ id: string | null }>(
      await tx.execute(sql`select owner_id as id from stores where id = ${storeId}`),
    );
    const [first, second, synced] = await moments(tx, storeId, now);
    if (!first || !second || !synced) return 0;
    const created = new Date(first.getTime() - 30 * 24 * 60 * MINUTE);
    const [counter] = await tx
      .insert(posCounters)
      .values({ storeId, number: 1, name: 'Front counter', createdBy: owner?.id ?? null, createdAt: created })
      .returning();
    if (!counter) return 0;
    const base = { storeId, counter, old, owner: owner?.id ?? null, synced };
    await offlineSale(tx, { ...base, seq: 1, item: other, quantity: 1, at: first });
    await offlineSale(tx, { ...base, seq: 2, item: low, quantity: 1, at: second });
    await tx
      .update(posCounters)
      .set({ offlineSales: 2, lastSyncAt: synced })
      .where(eq(posCounters.id, counter.id));
    return 2;
  });
}
