import { randomUUID } from 'node:crypto';
import {
  apportion,
  buildTaxSnapshot,
  documentNumber,
  financialYear,
  GST_STATE_CODES,
  gstinCheckDigit,
} from '@haat/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  documentCounters,
  products,
  refunds,
  storeLocations,
  storeSettings,
  stores,
  taxDocuments,
} from '../schema/index.ts';

/*
 * The tax documents the live flow would have issued for a demo shop's order history: a GST registration for the
 * shop (a GSTIN of its state with a correct check digit), a tax invoice for every order that shipped and for every
 * counter sale (issued at the sale, to the counter's customer in the shop's state, with a business's GSTIN),
 * numbered in the order they were issued per financial year, and for every returned order its refund and a credit
 * note. Built with the same contracts code the server uses, so the demo's PDFs read like real ones.
 */

type OrderRow = typeof import('../schema/index.ts').orders.$inferInsert;
type ItemRow = typeof import('../schema/index.ts').orderItems.$inferInsert;
type PaymentRow = typeof import('../schema/index.ts').paymentTransactions.$inferInsert;
type PosCustomerRow = typeof import('../schema/index.ts').posCustomers.$inferInsert;

/** A stable demo GSTIN for a shop in `state`: PAN-like letters from the shop's slug. */
function demoGstin(state: string, slug: string) {
  const code = GST_STATE_CODES[state] ?? '27';
  const letters = `${slug.replace(/[^a-z]/g, '').toUpperCase()}HAATX`.slice(0, 3);
  const first14 = `${code}AA${letters}${String(1000 + ((slug.length * 97) % 9000)).slice(0, 4)}K1Z`;
  return first14 + gstinCheckDigit(first14);
}

export async function seedDemoDocuments(
  tx: Tx,
  storeId: string,
  rows: { orders: OrderRow[]; items: ItemRow[]; payments: PaymentRow[]; posCustomers?: PosCustomerRow[] },
  ownerId: string,
) {
  const [store] = await tx
    .select({ slug: stores.slug, name: stores.storeName })
    .from(stores)
    .where(eq(stores.id, storeId));
  const [loc] = await tx.select().from(storeLocations).where(eq(storeLocations.storeId, storeId));
  if (!store || !loc?.state) return;
  const gstin = demoGstin(loc.state, store.slug);
  const hsnOf = new Map(
    (
      await tx
        .select({ id: products.id, hsn: products.hsnCode })
        .from(products)
        .where(eq(products.storeId, storeId))
    ).map((p) => [p.id, p.hsn]),
  );
  const legalName = `${store.name} Private Limited`;
  await tx.update(storeSettings).set({ gstin, legalName }).where(eq(storeSettings.storeId, storeId));
  const shop = {
    storeName: store.name,
    legalName,
    gstin,
    state: loc.state,
    address: [
      [loc.addressLine1, loc.addressLine2].filter(Boolean).join(', '),
      [loc.city, loc.state, loc.postalCode].filter(Boolean).join(', '),
    ].filter(Boolean),
  };

  // When an order's invoice was issued: when it shipped, or for a counter sale when it was sold.
  const issuedAt = (o: OrderRow) => (o.channel === 'POS' ? (o.createdAt as Date) : (o.shippedAt as Date));
  const invoiced = rows.orders
    .filter((o) => o.shippedAt instanceof Date || (o.channel === 'POS' && o.createdAt instanceof Date))
    .sort((a, b) => issuedAt(a).getTime() - issuedAt(b).getTime());
  const counterCustomers = new Map((rows.posCustomers ?? []).map((c) => [c.phone, c]));
  const counters = new Map<string, number>();
  const next = (series: 'INV' | 'CN', at: Date) => {
    const fy = financialYear(at);
    const seq = (counters.get(`${series}|${fy}`) ?? 0) + 1;
    counters.set(`${series}|${fy}`, seq);
    return { series, fy, seq, number: documentNumber(series, fy, seq) };
  };
  const docs: (typeof taxDocuments.$inferInsert)[] = [];
  const refundRows: (typeof refunds.$inferInsert)[] = [];
  const row = (
    o: OrderRow,
    n: ReturnType<typeof next>,
    snapshot: ReturnType<typeof buildTaxSnapshot>,
    extra = {},
  ) => ({
    storeId,
    id: randomUUID(),
    orderId: o.id as string,
    kind: snapshot.kind,
    series: n.series,
    fy: n.fy,
    seq: n.seq,
    number: n.number,
    issuedAt: new Date(snapshot.issuedAt),
    totalPaise: snapshot.breakup.totalPaise,
    taxablePaise: snapshot.breakup.taxablePaise,
    cgstPaise: snapshot.breakup.cgstPaise,
    sgstPaise: snapshot.breakup.sgstPaise,
    igstPaise: snapshot.breakup.igstPaise,
    placeOfSupply: `${snapshot.placeOfSupply.code}-${snapshot.placeOfSupply.state}`,
    snapshot,
    ...extra,
  });
  for (const o of invoiced) {
    const at = issuedAt(o);
    const counterAddress = o.channel === 'POS' ? counterCustomers.get(o.shipPhone ?? '')?.address : null;
    const buyer =
      o.channel === 'POS'
        ? // The counter's customer, in the shop's state (the place of supply), as pos-checkout issues it.
          {
            name: o.shipName,
            address: counterAddress ? [counterAddress] : [],
            state: loc.state,
            phone: o.shipPhone ?? null,
            gstin: o.buyerGstin ?? null,
          }
        : {
            name: o.shipName,
            address: [o.shipLine1, `${o.shipCity}, ${o.shipState} ${o.shipPostalCode}`],
            state: o.shipState,
            phone: o.shipPhone ?? null,
          };
    const lines = rows.items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({
        name: i.name,
        hsn: (i.productId && hsnOf.get(i.productId)) || null,
        quantity: i.quantity,
        unit: 'Piece',
        unitPricePaise: i.unitPricePaise,
        ratePercent: Number(i.taxPercent),
      }));
    const n = next('INV', at);
    const invoice = buildTaxSnapshot({
      kind: 'INVOICE',
      number: n.number,
      issuedAt: at,
      shop,
      buyer,
      orderNumber: `ORD-${o.number}`,
      paymentMethod: o.paymentMethod,
      lines,
      discountPaise: o.discountPaise ?? 0,
      shippingPaise: o.shippingPaise ?? 0,
    });
    const inv = row(o, n, invoice);
    docs.push(inv);
    // An RTO parcel received back was never paid for (cash on delivery): nothing to refund.
    if (o.status !== 'RETURNED' || o.rtoAt) continue;
    // A returned order was refunded in full, the way the money came in, with a credit note against its invoice.
    const payment = rows.payments.find((p) => p.orderId === o.id);
    if (payment) payment.refundedPaise = payment.amountPaise;
    const refundedAt = new Date((o.updatedAt as Date | undefined)?.getTime() ?? at.getTime() + 86_400_000);
    const refundId = randomUUID();
    refundRows.push({
      storeId,
      id: refundId,
      orderId: o.id as string,
      amountPaise: o.totalPaise,
      reason: 'Return accepted',
      method: o.paymentMethod === 'UPI' ? 'UPI' : 'CASH',
      reference: o.paymentMethod === 'UPI' ? String(520_000_000_000 + o.number * 7_919) : null,
      createdBy: ownerId,
      createdAt: refundedAt,
    });
    const shares = apportion(
      o.totalPaise,
      invoice.breakup.lines.map((l) => l.grossPaise),
    );
    const cn = next('CN', refundedAt);
    const credit = buildTaxSnapshot({
      kind: 'CREDIT_NOTE',
      number: cn.number,
      issuedAt: refundedAt,
      against: { number: n.number, issuedAt: at },
      reason: 'Return accepted',
      shop,
      buyer,
      orderNumber: `ORD-${o.number}`,
      paymentMethod: o.paymentMethod,
      lines: invoice.breakup.lines.map((l, i) => ({
        name: l.name,
        hsn: l.hsn,
        quantity: null,
        unit: '',
        unitPricePaise: shares[i] ?? 0,
        ratePercent: l.ratePercent,
      })),
      discountPaise: 0,
      shippingPaise: 0,
    });
    docs.push(row(o, cn, credit, { againstId: inv.id, refundId }));
  }
  return {
    docs,
    refunds: refundRows,
    counters: [...counters].map(([k, last]) => {
      const [series = 'INV', fy = ''] = k.split('|');
      return { storeId, series, fy, lastNumber: last };
    }),
  };
}

export { documentCounters, refunds, taxDocuments };
