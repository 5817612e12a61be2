import {
  computeGst,
  type PosCheckoutBody,
  type PosOfflineSale,
  type PosSale,
  paiseToRupees,
  posTotals,
} from '@haat/contracts';
import type { CounterInfo } from './pos-api.ts';
import type { BillLine } from './use-pos-bill.ts';

/**
 * A sale made offline (issue 43), pure: the body it is sent with later (each line's price as shown, the counter's
 * receipt number and the time of sale) and the receipt printed now, with the figures the server will record.
 */

export type Payment = NonNullable<PosCheckoutBody['payment']>;

export interface OfflineSaleInput {
  /** The bill's customer, discount and totals as the online sale sends them. */
  bill: Omit<PosCheckoutBody, 'payment'>;
  /** The bill's lines with their products as shown (price, tax, names). */
  lines: BillLine[];
  payment: Payment;
  info: CounterInfo;
  gstRegistered: boolean;
  cashier: string | null;
  /** Khata: the customer's advance covers this sale, so it is paid at once. */
  creditCovered?: boolean;
}

const unitPaise = (l: BillLine) => Math.round(l.product.price * 100);

/** The totals from the prices shown, as the server checks them (posTotals), with the GST's two heads. */
function figures(input: OfflineSaleInput) {
  const lines = input.lines.map((l) => ({
    unitPricePaise: unitPaise(l),
    quantity: l.quantity,
    ratePercent: input.gstRegistered ? l.product.tax_percentage : 0,
  }));
  const discount = { type: input.bill.discount_type ?? 'FIXED', value: input.bill.discount_value ?? 0 };
  const t = posTotals(lines, discount);
  const gst = computeGst({
    lines: lines.map((l) => ({ ...l, name: '', hsn: null, unit: '' })),
    discountPaise: t.discountPaise,
    shippingPaise: 0,
    intraState: true,
  });
  return { t, cgst: gst.cgstPaise, sgst: gst.sgstPaise };
}

/** The body of POST /order/pos-checkout/ for this sale: the lines with their prices, and `offline`. */
export function offlineBody(input: OfflineSaleInput, offline: PosOfflineSale): PosCheckoutBody {
  const { t } = figures(input);
  return {
    ...input.bill,
    product_id: input.lines.map((l) => ({
      product_id: l.product.product_id,
      variant_id: l.product.variant_id,
      quantity: l.quantity,
      unit_price_paise: unitPaise(l),
    })),
    sub_total: paiseToRupees(t.subtotalPaise),
    discount_amount: paiseToRupees(t.discountPaise),
    tax: paiseToRupees(t.taxPaise),
    total_bill_amount: paiseToRupees(t.totalPaise),
    total_items: t.items,
    payment: input.payment,
    offline,
  };
}

/** How the receipt says it was paid. */
function receiptPayment(input: OfflineSaleInput, totalPaise: number): PosSale['payment'] {
  const p = input.payment;
  const received = p.method === 'CASH' ? (p.amount_received ?? paiseToRupees(totalPaise)) : null;
  return {
    method: p.method,
    amount_received: received,
    change_due: received === null ? null : paiseToRupees(Math.round(received * 100) - totalPaise),
    utr: p.utr || null,
    card_last4: p.card_last4 || null,
    card_network: p.method === 'CARD' ? (p.card_network ?? null) : null,
    paid: p.method !== 'CREDIT' || !!input.creditCovered,
  };
}

/** The receipt printed for the sale now: the counter's number is its bill and invoice number. */
export function offlineReceipt(input: OfflineSaleInput, number: string, soldAt: string): PosSale {
  const { t, cgst, sgst } = figures(input);
  const { bill, info } = input;
  return {
    order_id: '',
    order_number: number,
    transaction_id: '',
    transaction_reference: '',
    invoice_id: null,
    invoice_number: number,
    invoice_kind: input.gstRegistered ? 'INVOICE' : 'BILL_OF_SUPPLY',
    created_at: soldAt,
    shop: {
      name: info.shop_name,
      legal_name: info.legal_name,
      gstin: info.gstin,
      address: info.address,
      phone: info.phone,
    },
    cashier: input.cashier,
    customer: {
      name: bill.name,
      phone: bill.phone.replace(/\D/g, '').slice(-10),
      email: bill.email ?? null,
      address: bill.address ?? null,
      gst_number: bill.gst_number ?? null,
    },
    items: input.lines.map((l) => ({
      product_id: l.product.product_id,
      variant_id: l.product.variant_id,
      name: l.product.name,
      variant_label: l.product.variant_label,
      sku: l.product.sku,
      quantity: l.quantity,
      unit_price: paiseToRupees(unitPaise(l)),
      tax_percentage: input.gstRegistered ? l.product.tax_percentage : 0,
      amount: paiseToRupees(unitPaise(l) * l.quantity),
    })),
    sub_total: paiseToRupees(t.subtotalPaise),
    discount_amount: paiseToRupees(t.discountPaise),
    tax: paiseToRupees(t.taxPaise),
    cgst: paiseToRupees(cgst),
    sgst: paiseToRupees(sgst),
    total_bill_amount: paiseToRupees(t.totalPaise),
    total_items: t.items,
    payment: receiptPayment(input, t.totalPaise),
  };
}

/** The exact-amount UPI link to the shop's UPI id, as the server builds it (NPCI's upi://pay). */
export function upiLink(upiId: string, shopName: string, amount: number) {
  const q = new URLSearchParams({
    pa: upiId,
    pn: shopName,
    am: amount.toFixed(2),
    cu: 'INR',
    tn: `Bill at ${shopName}`,
  });
  return `upi://pay?${q.toString()}`;
}

/** The QR library, its own chunk: fetched when the counter opens, so it is there when the network is not. */
export const loadQr = () => import('qrcode');

/** The UPI QR built on the device, as SVG text. */
export async function upiQr(upiId: string, shopName: string, amount: number) {
  const link = upiLink(upiId, shopName, amount);
  const mod = await loadQr();
  // A CommonJS package: its functions are on the default export or on the namespace, by bundler.
  const qr = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const svg = await qr.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { svg, link };
}
