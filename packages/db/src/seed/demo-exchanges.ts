import {
  buildTaxSnapshot,
  documentNumber,
  financialYear,
  lineName,
  posTotals,
  type TaxDocumentSnapshot,
  variantLabel,
} from '@haat/contracts';
import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rowsOf, withStore } from '../context.ts';
import {
  counterReturns,
  orderEvents,
  orderItems,
  orders,
  paymentTransactions,
  posCustomers,
  products,
  productVariants,
  stockLedger,
  taxDocuments,
} from '../schema/index.ts';
import { returnableSales, returnOne, type Sale } from './demo-returns.ts';

/*
 * An exchange at the counter in each demo shop (issue 38): what POST pos/return/ with kind EXCHANGE writes for a
 * customer who brings back one unit of a recent counter sale and takes another item instead. The unit goes back
 * on the shelf with its refund and credit note (demo-returns.ts's returnOne, as a return does), and the new item is
 * a counter sale of its own in the same method, as the app's sendSale writes it: stock taken by take_sale_stock
 * (the database function every counter sale uses) with its SALE ledger row, the order, its line, event and payment,
 * and its tax invoice; the return's row names that sale and the difference paid on top. Run once per shop.
 */

const MINUTE = 60_000;
type Tx = Parameters<Parameters<typeof withStore>[2]>[0];
type Back = Exclude<Awaited<ReturnType<typeof returnOne>>, false>;

/** What the customer takes instead: the cheapest other item in stock worth at least what came back, else the dearest. */
async function newItem(tx: Tx, storeId: string, back: Back) {
  const price = sql<number>`coalesce(${productVariants.salePricePaise}, ${productVariants.pricePaise})`;
  const candidates = await tx
    .select({
      productId: productVariants.productId,
      variantId: productVariants.id,
      name: products.name,
      options: productVariants.optionValues,
      sku: sql<string | null>`coalesce(${productVariants.sku}, ${products.sku})`,
      image: sql<string | null>`coalesce(${productVariants.image}, ${products.images}[1])`,
      pricePaise: price,
      costPaise: productVariants.costPaise,
      taxPercent: products.taxPercent,
      hsn: sql<string | null>`coalesce(${productVariants.hsnCode}, ${products.hsnCode})`,
      unit: products.unit,
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
        gte(productVariants.quantity, 1),
        ne(productVariants.id, back.variantId),
      ),
    )
    .orderBy(asc(price), asc(productVariants.id));
  return candidates.find((c) => c.pricePaise >= back.valuePaise) ?? candidates.at(-1) ?? null;
}

/** The new sale's invoice (or bill of supply), numbered from the shop's series as the counter's are. */
async function exchangeInvoice(
  tx: Tx,
  storeId: string,
  s: { orderId: string; number: number; at: Date; method: string; old: TaxDocumentSnapshot },
  line: NonNullable<Awaited<ReturnType<typeof newItem>>> & { ratePercent: number },
) {
  const series = s.old.seller.gstin ? 'INV' : 'BOS';
  const fy = financialYear(s.at);
  const [c] = rowsOf<{ last_number: number }>(
    await tx.execute(sql`
    insert into document_counters (store_id, series, fy, last_number) values (${storeId}, ${series}, ${fy}, 1)
    on conflict (store_id, series, fy) do update set last_number = document_counters.last_number + 1
    returning last_number`),
  );
  const seq = Number(c?.last_number ?? 1);
  const number = documentNumber(series, fy, seq);
  const snapshot = buildTaxSnapshot({
    kind: s.old.seller.gstin ? 'INVOICE' : 'BILL_OF_SUPPLY',
    number,
    issuedAt: s.at,
    shop: {
      storeName: s.old.seller.name,
      legalName: s.old.seller.legalName,
      gstin: s.old.seller.gstin,
      address: s.old.seller.address,
      state: s.old.seller.state,
    },
    buyer: s.old.buyer,
    orderNumber: `ORD-${s.number}`,
    paymentMethod: s.method,
    lines: [
      {
        name: lineName(line.name, variantLabel(line.options), line.sku),
        hsn: line.hsn,
        quantity: 1,
        unit: line.unit ?? 'Piece',
        unitPricePaise: line.pricePaise,
        ratePercent: line.ratePercent,
      },
    ],
    discountPaise: 0,
    shippingPaise: 0,
  });
  const b = snapshot.breakup;
  await tx.insert(taxDocuments).values({
    storeId,
    orderId: s.orderId,
    kind: snapshot.kind,
    series,
    fy,
    seq,
    number,
    issuedAt: s.at,
    totalPaise: b.totalPaise,
    taxablePaise: b.taxablePaise,
    cgstPaise: b.cgstPaise,
    sgstPaise: b.sgstPaise,
    igstPaise: b.igstPaise,
    placeOfSupply: `${snapshot.placeOfSupply.code}-${snapshot.placeOfSupply.state}`,
    snapshot,
  });
}

/**
 * When the new sale is rung up: after the return it comes with, the item's last stock row (so its history ends at
 * today's stock) and the shop's latest order (numbers follow time); and the owner, who sold it.
 */
async function saleMoment(tx: Tx, storeId: string, variantId: string, back: Back, now: Date) {
  const [last] = rowsOf<{ ledger: string | null; last_order: string | null; owner: string | null }>(
    await tx.execute(sql`select
      (select max(created_at) from stock_ledger where store_id = ${storeId} and variant_id = ${variantId}) as ledger,
      (select max(created_at) from orders where store_id = ${storeId}) as last_order,
      (select owner_id from stores where id = ${storeId}) as owner`),
  );
  const time = (v: string | null | undefined) => (v ? new Date(v).getTime() : 0);
  const after = Math.max(back.at.getTime(), time(last?.ledger), time(last?.last_order));
  // Before the seeding's own moment too: later seeds (purchases) date their stock rows at it.
  const at = new Date(after + Math.min(MINUTE, Math.max(1000, (now.getTime() - after) / 2)));
  return { at, owner: last?.owner ?? null };
}

/** The new sale's order row: delivered and paid at the counter, to the customer of the sale exchanged from. */
function orderValues(
  storeId: string,
  s: { number: number; sale: Sale; method: Back['method']; totals: ReturnType<typeof posTotals>; at: Date },
): typeof orders.$inferInsert {
  const { order: o } = s.sale;
  return {
    storeId,
    number: s.number,
    customerId: null,
    shopCustomerId: o.shopCustomerId,
    status: 'DELIVERED',
    channel: 'POS',
    paymentMethod: s.method,
    paymentStatus: 'SUCCESS',
    subtotalPaise: s.totals.subtotalPaise,
    discountPaise: 0,
    shippingPaise: 0,
    taxPaise: s.totals.taxPaise,
    totalPaise: s.totals.totalPaise,
    totalItems: 1,
    deliveryName: 'Counter sale',
    deliveryEstimate: 'Collected at the counter',
    shipName: o.shipName,
    shipPhone: o.shipPhone,
    shipLine1: o.shipLine1,
    shipLine2: o.shipLine2,
    shipCity: o.shipCity,
    shipState: o.shipState,
    shipPostalCode: o.shipPostalCode,
    buyerGstin: o.buyerGstin,
    contactEmail: o.contactEmail,
    contactPhone: o.contactPhone,
    confirmedAt: s.at,
    deliveredAt: s.at,
    createdAt: s.at,
    updatedAt: s.at,
  };
}

/** The exchange's new counter sale to the same customer, one unit, paid in the sale's method; its id and total. */
async function exchangeSale(tx: Tx, storeId: string, sale: Sale, back: Back, now: Date) {
  const item = await newItem(tx, storeId, back);
  if (!item) return null;
  const old = sale.invoice.snapshot as TaxDocumentSnapshot;
  const line = { ...item, ratePercent: old.seller.gstin ? Number(item.taxPercent) : 0 };
  const unit = { unitPricePaise: line.pricePaise, quantity: 1, ratePercent: line.ratePercent };
  const totals = posTotals([unit], { type: 'FIXED', value: 0 });
  const { at, owner } = await saleMoment(tx, storeId, item.variantId, back, now);
  const [taken] = rowsOf<{ q: number }>(
    await tx.execute(sql`select take_sale_stock(${storeId}::uuid, ${item.variantId}::uuid, 1) as q`),
  );
  const [counter] = rowsOf<{ n: number }>(
    await tx.execute(sql`update order_counters set last_number = last_number + 1
      where store_id = ${storeId} returning last_number as n`),
  );
  if (!taken || !counter) return null;
  const number = Number(counter.n);
  const values = orderValues(storeId, { number, sale, method: back.method, totals, at });
  const [order] = await tx.insert(orders).values(values).returning({ id: orders.id });
  if (!order) return null;
  const orderId = order.id;
  const { productId, variantId, name, sku, image, pricePaise, costPaise, taxPercent } = item;
  await tx.insert(orderItems).values({
    storeId,
    orderId,
    productId,
    variantId,
    name,
    variantLabel: variantLabel(item.options),
    sku,
    image,
    quantity: 1,
    unitPricePaise: pricePaise,
    costPaise,
    taxPercent,
  });
  const note = 'Sold at the counter';
  await tx
    .insert(orderEvents)
    .values({ storeId, orderId, status: 'DELIVERED', note, actorId: owner, createdAt: at });
  await tx
    .update(posCustomers)
    .set({ visits: sql`${posCustomers.visits} + 1`, lastVisitAt: at, updatedAt: at })
    .where(and(eq(posCustomers.storeId, storeId), eq(posCustomers.phone, values.contactPhone ?? '')));
  const card = back.method === 'CARD' ? sale.payment : null;
  await tx.insert(paymentTransactions).values({
    storeId,
    orderId,
    reference: `TXN-${number}`,
    amountPaise: totals.totalPaise,
    paymentMode: back.method,
    paymentStatus: 'SUCCESS',
    receivedAt: at,
    receivedBy: owner,
    tenderedPaise: back.method === 'CASH' ? totals.totalPaise : null,
    cardNetwork: card?.cardNetwork ?? null,
    cardLast4: card?.cardLast4 ?? null,
    createdAt: at,
    updatedAt: at,
  });
  await tx.insert(stockLedger).values({
    storeId,
    productId,
    variantId,
    change: -1,
    quantityAfter: Number(taken.q),
    reason: 'SALE',
    note: `Counter sale ORD-${number}`,
    orderId,
    createdAt: at,
  });
  await exchangeInvoice(tx, storeId, { orderId, number, at, method: back.method, old }, line);
  return { orderId, totalPaise: totals.totalPaise };
}

/** Writes the shop's demo exchange (one, on a recent counter sale); how many it wrote (0 when it had one). */
export async function seedDemoExchanges(db: Db, storeId: string, now: Date): Promise<number> {
  return withStore(db, storeId, async (tx) => {
    const [seen] = await tx
      .select({ id: counterReturns.id })
      .from(counterReturns)
      .where(and(eq(counterReturns.storeId, storeId), eq(counterReturns.kind, 'EXCHANGE')))
      .orderBy(desc(counterReturns.createdAt))
      .limit(1);
    if (seen) return 0;
    for (const sale of await returnableSales(tx, storeId, 2)) {
      const back = await returnOne(tx, storeId, sale, 3, now, 'EXCHANGE');
      if (!back) continue;
      const sold = await exchangeSale(tx, storeId, sale, back, now);
      if (!sold) throw new Error(`demo exchange: no item to exchange ORD-${sale.order.number} for`);
      await tx
        .update(counterReturns)
        .set({
          returnedPaise: back.valuePaise,
          exchangeOrderId: sold.orderId,
          differencePaise: sold.totalPaise - back.valuePaise,
        })
        .where(and(eq(counterReturns.storeId, storeId), eq(counterReturns.id, back.id)));
      return 1;
    }
    return 0;
  });
}
