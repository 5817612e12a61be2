import { computeGst, GST_STATE_CODES, type TaxBreakup, type TaxLineInput } from './gst.ts';

/**
 * What an issued invoice, bill of supply or credit note says, frozen when it is issued: the PDF is drawn from
 * this alone, so editing the product or the shop later never changes it. Built here, in one place, for the
 * server and the demo seed.
 */
export interface TaxDocumentSnapshot {
  kind: 'INVOICE' | 'BILL_OF_SUPPLY' | 'CREDIT_NOTE';
  number: string;
  issuedAt: string;
  /** A credit note's invoice number and date. */
  against: { number: string; issuedAt: string } | null;
  reason: string | null;
  seller: {
    name: string;
    legalName: string;
    address: string[];
    state: string;
    stateCode: string;
    gstin: string | null;
  };
  buyer: { name: string; address: string[]; state: string; phone: string | null; gstin: string | null };
  /**
   * Where the bill goes when the customer gave a billing address other than the shipping one (the buyer above is
   * then the ship-to; the place of supply stays the shipping state). Null or absent: bill to the buyer.
   */
  billTo?: BillTo | null;
  placeOfSupply: { state: string; code: string };
  orderNumber: string;
  paymentMethod: string;
  breakup: TaxBreakup;
}

export interface BillTo {
  name: string;
  address: string[];
  state: string;
  phone: string | null;
}

export interface SnapshotInput {
  kind: TaxDocumentSnapshot['kind'];
  number: string;
  issuedAt: Date;
  against?: { number: string; issuedAt: Date } | null;
  reason?: string | null;
  shop: {
    storeName: string;
    legalName: string | null;
    gstin: string | null;
    address: string[];
    state: string;
  };
  buyer: { name: string; address: string[]; state: string; phone: string | null; gstin?: string | null };
  billTo?: BillTo | null;
  orderNumber: string;
  paymentMethod: string;
  lines: TaxLineInput[];
  discountPaise: number;
  shippingPaise: number;
  codFeePaise?: number;
}

export const stateCode = (state: string) => GST_STATE_CODES[state] ?? '97';

/** The snapshot of a document: seller, buyer, place of supply (the shipping state) and the GST breakup. */
export function buildTaxSnapshot(i: SnapshotInput): TaxDocumentSnapshot {
  const intraState = i.buyer.state === i.shop.state;
  const breakup = computeGst({
    lines: i.lines,
    discountPaise: i.discountPaise,
    shippingPaise: i.shippingPaise,
    codFeePaise: i.codFeePaise ?? 0,
    intraState,
  });
  return {
    kind: i.kind,
    number: i.number,
    issuedAt: i.issuedAt.toISOString(),
    against: i.against ? { number: i.against.number, issuedAt: i.against.issuedAt.toISOString() } : null,
    reason: i.reason ?? null,
    seller: {
      name: i.shop.storeName,
      legalName: i.shop.legalName || i.shop.storeName,
      address: i.shop.address,
      state: i.shop.state,
      stateCode: stateCode(i.shop.state),
      gstin: i.shop.gstin,
    },
    buyer: { ...i.buyer, gstin: i.buyer.gstin ?? null },
    billTo: i.billTo ?? null,
    placeOfSupply: { state: i.buyer.state, code: stateCode(i.buyer.state) },
    orderNumber: i.orderNumber,
    paymentMethod: i.paymentMethod,
    breakup,
  };
}
