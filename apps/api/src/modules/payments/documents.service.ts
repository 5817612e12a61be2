import {
  apportion,
  type BillTo,
  buildTaxSnapshot,
  documentNumber,
  financialYear,
  type TaxDocumentSnapshot,
} from '@haat/contracts';
import type { Tx } from '@haat/db';
import type { SQL } from 'drizzle-orm';

import type { OrderRow } from '../orders/index.ts';
import * as repo from './payments.repository.ts';

const orderNumber = (n: number) => `ORD-${n}`;

function buyerOf(order: OrderRow) {
  return {
    name: order.shipName,
    address: [
      [order.shipLine1, order.shipLine2].filter(Boolean).join(', '),
      `${order.shipCity}, ${order.shipState} ${order.shipPostalCode}`,
    ],
    state: order.shipState,
    phone: order.shipPhone,
    // A business buyer's GSTIN given at checkout makes the invoice B2B (GSTR-1's b2b, the e-invoice).
    gstin: order.buyerGstin,
  };
}

/** The billing address the customer gave at checkout, or null when the bill goes to the shipping address. */
function billToOf(order: OrderRow): BillTo | null {
  if (!order.billName || !order.billLine1 || !order.billCity || !order.billState) return null;
  return {
    name: order.billName,
    address: [
      [order.billLine1, order.billLine2].filter(Boolean).join(', '),
      `${order.billCity}, ${order.billState} ${order.billPostalCode ?? ''}`.trim(),
    ],
    state: order.billState,
    phone: order.billPhone,
  };
}

/** The next number of a series, for a document issued now. */
async function number(tx: Tx, storeId: string, prefix: 'INV' | 'BOS' | 'CN', at: Date) {
  const fy = financialYear(at);
  const seq = await repo.nextDocumentSeq(tx, storeId, prefix, fy);
  return { fy, seq, number: documentNumber(prefix, fy, seq) };
}

/** A document's row from its snapshot; the counter sale passes its number and seq as SQL (pos-writes.ts). */
export function documentRow<
  N extends { fy: string; seq: number | SQL<number>; number: string | SQL<string>; series: string },
>(
  storeId: string,
  orderId: string,
  snapshot: TaxDocumentSnapshot,
  n: N,
  extra: { againstId?: string; refundId?: string } = {},
) {
  const b = snapshot.breakup;
  return {
    storeId,
    orderId,
    kind: snapshot.kind,
    series: n.series,
    fy: n.fy,
    seq: n.seq as N['seq'],
    number: n.number as N['number'],
    issuedAt: new Date(snapshot.issuedAt),
    againstId: extra.againstId ?? null,
    refundId: extra.refundId ?? null,
    totalPaise: b.totalPaise,
    taxablePaise: b.taxablePaise,
    cgstPaise: b.cgstPaise,
    sgstPaise: b.sgstPaise,
    igstPaise: b.igstPaise,
    placeOfSupply: `${snapshot.placeOfSupply.code}-${snapshot.placeOfSupply.state}`,
    snapshot,
  };
}

/**
 * Issues the order's tax invoice (a bill of supply when the shop has no GSTIN), numbered from the shop's series
 * for this financial year, unless it has one already. Called when an order ships, in that transaction.
 */
export async function issueInvoice(tx: Tx, store: { id: string; storeName: string }, order: OrderRow) {
  const existing = (await repo.documentsOf(tx, order.id)).find((d) => d.kind !== 'CREDIT_NOTE');
  if (existing) return existing;
  const [shop, lines] = await Promise.all([repo.shopTaxProfile(tx), repo.invoiceLines(tx, order.id)]);
  const kind = shop.gstin ? 'INVOICE' : 'BILL_OF_SUPPLY';
  const prefix = shop.gstin ? 'INV' : 'BOS';
  const at = new Date();
  const n = await number(tx, store.id, prefix, at);
  const snapshot = buildTaxSnapshot({
    kind,
    number: n.number,
    issuedAt: at,
    shop: { storeName: store.storeName, ...shop },
    buyer: buyerOf(order),
    billTo: billToOf(order),
    orderNumber: orderNumber(order.number),
    paymentMethod: order.paymentMethod,
    lines: lines.map((l) => ({
      name: l.name,
      hsn: l.hsn,
      quantity: l.quantity,
      unit: l.unit ?? 'Piece',
      unitPricePaise: l.unitPricePaise,
      ratePercent: shop.gstin ? Number(l.taxPercent) : 0,
    })),
    discountPaise: order.discountPaise,
    shippingPaise: order.shippingPaise,
    codFeePaise: order.codFeePaise,
  });
  return repo.insertDocument(tx, documentRow(store.id, order.id, snapshot, { ...n, series: prefix }));
}

export type ShopTaxProfile = Awaited<ReturnType<typeof repo.shopTaxProfile>>;

/**
 * A credit note for a refund, against the order's invoice: the refunded amount spread over the invoice's lines by
 * value, each at its own rate, so the tax given back matches the tax charged.
 */
export async function issueCreditNote(
  tx: Tx,
  store: { id: string },
  invoice: repo.TaxDocumentRow,
  refund: { id: string; amountPaise: number; reason: string },
) {
  const inv = invoice.snapshot as TaxDocumentSnapshot;
  const at = new Date();
  const n = await number(tx, store.id, 'CN', at);
  const shares = apportion(
    refund.amountPaise,
    inv.breakup.lines.map((l) => l.grossPaise),
  );
  const snapshot = buildTaxSnapshot({
    kind: 'CREDIT_NOTE',
    number: n.number,
    issuedAt: at,
    against: { number: invoice.number, issuedAt: invoice.issuedAt },
    reason: refund.reason,
    shop: {
      storeName: inv.seller.name,
      legalName: inv.seller.legalName,
      gstin: inv.seller.gstin,
      address: inv.seller.address,
      state: inv.seller.state,
    },
    buyer: inv.buyer,
    billTo: inv.billTo ?? null,
    orderNumber: inv.orderNumber,
    paymentMethod: inv.paymentMethod,
    lines: inv.breakup.lines
      .map((l, i) => ({
        name: l.name,
        hsn: l.hsn,
        // A refund is of a value: the note says no quantity and no unit rate (issue 39).
        quantity: null,
        unit: '',
        unitPricePaise: shares[i] ?? 0,
        ratePercent: l.ratePercent,
      }))
      .filter((l) => l.unitPricePaise > 0),
    discountPaise: 0,
    shippingPaise: 0,
  });
  return repo.insertDocument(
    tx,
    documentRow(
      store.id,
      invoice.orderId,
      snapshot,
      { ...n, series: 'CN' },
      {
        againstId: invoice.id,
        refundId: refund.id,
      },
    ),
  );
}
