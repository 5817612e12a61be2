import { CANCELLABLE_STATUSES, type CustomerOrder, paiseToRupees } from '@haat/contracts';
import type { Tx } from '@haat/db';
import { qrSvg } from '../../lib/qr-svg.ts';

import { confirmationOf } from './cod-view.ts';
import { findSettings } from './order-parties.repository.ts';
import * as repo from './orders.repository.ts';
import { returnView } from './return-lines.ts';

export const orderNumber = (n: number) => `ORD-${n}`;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The exact-amount UPI payment link (NPCI's upi://pay) for an order. */
export function upiLink(upiId: string, shopName: string, o: repo.OrderRow) {
  const q = new URLSearchParams({
    pa: upiId,
    pn: shopName,
    am: (o.totalPaise / 100).toFixed(2),
    cu: 'INR',
    tn: `${orderNumber(o.number)} at ${shopName}`,
  });
  return `upi://pay?${q.toString()}`;
}

export interface ViewContext {
  /** The shop's UPI id and name, for UPI orders awaiting payment. */
  upi: { id: string | null; shopName: string };
  withUpiQr: boolean;
}

/** What one order's view is built from, besides the order row. */
export interface OrderParts {
  items: repo.OrderItemRow[];
  payment: Pick<Awaited<ReturnType<typeof repo.paymentsOf>>[number], 'updatedAt'> | undefined;
  returnRequest: Awaited<ReturnType<typeof repo.returnsOf>>[number] | undefined;
  reviewed: ReadonlySet<string>;
  invoiceNumber?: string | null;
}

/** Orders as the customer sees them, with their items, payment, return request and review state. */
export async function viewOrders(
  tx: Tx,
  customerId: string,
  rows: repo.OrderRow[],
  ctx: ViewContext,
): Promise<CustomerOrder[]> {
  const ids = rows.map((o) => o.id);
  const [items, payments, returns, invoices] = await Promise.all([
    repo.itemsOf(tx, ids),
    repo.paymentsOf(tx, ids),
    repo.returnsOf(tx, ids),
    repo.invoicesOf(tx, ids),
  ]);
  const delivered = rows.some((o) => o.status === 'DELIVERED');
  const reviewed = delivered
    ? await repo.reviewedProducts(tx, customerId, [...new Set(items.map((i) => i.productId))])
    : new Set<string>();
  return Promise.all(
    rows.map((o) =>
      orderView(
        o,
        {
          items: items.filter((i) => i.orderId === o.id),
          payment: payments.find((x) => x.orderId === o.id),
          returnRequest: returns.find((r) => r.orderId === o.id),
          reviewed,
          invoiceNumber: invoices.find((d) => d.orderId === o.id)?.number ?? null,
        },
        ctx,
      ),
    ),
  );
}

/** One order's view from its row and parts (no reads: a just-placed order is built from what was written). */
export async function orderView(
  o: repo.OrderRow,
  parts: OrderParts,
  ctx: ViewContext,
): Promise<CustomerOrder> {
  const ret = parts.returnRequest;
  const list = parts.items.map((i) => itemView(i, parts.reviewed));
  const first = list[0];
  const done = ['DELIVERED', 'RETURNED', 'RTO'].includes(o.status);
  return {
    ...amountsView(o),
    invoice_number: parts.invoiceNumber ?? null,
    customer_note: o.customerNote,
    expected_delivery: done || o.status === 'CANCELLED' ? null : iso(o.expectedDeliveryAt),
    deliveryDate: iso(o.deliveredAt),
    shippedDate: iso(o.shippedAt),
    cancelledDate: iso(o.cancelledAt),
    delivery_type: { name: o.deliveryName, estimated_time: o.deliveryEstimate },
    shipping_address: {
      full_name: o.shipName,
      address_line1: o.shipLine1,
      address_line2: o.shipLine2,
      city: o.shipCity,
      state: o.shipState,
      postal_code: o.shipPostalCode,
      country: o.shipCountry,
      phone_number: o.shipPhone,
    },
    product: {
      image: first?.image ?? null,
      name: first?.name ?? '',
      quantity: first?.quantity ?? 0,
      items: list,
    },
    can_cancel: CANCELLABLE_STATUSES.includes(o.status),
    can_review: o.status === 'DELIVERED' && list.some((i) => !i.reviewed),
    can_return: o.status === 'DELIVERED' && !ret,
    return_request: ret ? { ...returnView(ret, parts.items), status: ret.status } : null,
    cancel_reason: o.cancelReason,
    timeline: timelineOf(o, parts.payment),
    cod_confirmation: confirmationOf(o),
    upi: await upiView(o, ctx),
  } satisfies CustomerOrder;
}

/** One line of the order, and whether its customer has reviewed the product. */
function itemView(i: repo.OrderItemRow, reviewed: ReadonlySet<string>) {
  return {
    id: i.id,
    product_id: i.productId,
    variant_id: i.variantId,
    name: i.name,
    variant: i.variantLabel,
    sku: i.sku,
    image: i.image,
    quantity: i.quantity,
    unit_price: paiseToRupees(i.unitPricePaise),
    line_total: paiseToRupees(i.unitPricePaise * i.quantity),
    reviewed: reviewed.has(i.productId),
  };
}

/** The order's number, statuses, amounts, item count and tracking. */
function amountsView(o: repo.OrderRow) {
  return {
    id: o.id,
    order_number: orderNumber(o.number),
    created_at: o.createdAt.toISOString(),
    status: o.status,
    payment_method: o.paymentMethod,
    payment_status: o.paymentStatus,
    subtotal: paiseToRupees(o.subtotalPaise),
    discount: paiseToRupees(o.discountPaise),
    coupon_code: o.couponCode,
    shipping_charge: paiseToRupees(o.shippingPaise),
    cod_fee: paiseToRupees(o.codFeePaise),
    tax: paiseToRupees(o.taxPaise),
    total_amount: paiseToRupees(o.totalPaise),
    total_items: o.totalItems,
    trackingNumber: o.trackingNumber,
    carrier: o.carrier,
    tracking_url: o.trackingUrl,
  } satisfies Partial<CustomerOrder>;
}

/**
 * The tracking steps in the order they happen: placed, paid, processing, shipped, then delivered or back to the shop.
 * Cash on delivery is paid at the door, so its payment comes after Delivered (and not at all for a parcel sent back),
 * never an unticked step between ticked ones.
 */
function timelineOf(o: repo.OrderRow, payment: OrderParts['payment']): CustomerOrder['timeline'] {
  const paid = o.paymentStatus === 'SUCCESS';
  const processed = ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'RETURNED', 'RTO'].includes(o.status);
  const shipped = ['SHIPPED', 'DELIVERED', 'RETURNED', 'RTO'].includes(o.status);
  const cod = o.paymentMethod === 'COD';
  const label = cod ? (paid ? 'Paid in cash on delivery' : 'Pay cash on delivery') : 'Payment Confirmed';
  const pay = { key: 'PAYMENT' as const, label, complete: paid, at: paid ? iso(payment?.updatedAt) : null };
  const placed = { key: 'PLACED' as const, label: 'Order Placed', complete: true, at: iso(o.createdAt) };
  const processing = {
    key: 'PROCESSING' as const,
    label: 'Processing',
    complete: processed,
    at: iso(o.processingAt ?? o.confirmedAt),
  };
  const shippedStep = { key: 'SHIPPED' as const, label: 'Shipped', complete: shipped, at: iso(o.shippedAt) };
  if (!cod) return [placed, pay, processing, shippedStep, lastStep(o)];
  return [placed, processing, shippedStep, lastStep(o), ...(o.rtoAt ? [] : [pay])];
}

/** The UPI link and its QR while a UPI payment is due and the shop's UPI id is known; else null. */
async function upiView(o: repo.OrderRow, ctx: ViewContext): Promise<CustomerOrder['upi']> {
  const upiPending =
    ctx.withUpiQr && o.paymentMethod === 'UPI' && o.paymentStatus === 'PENDING' && o.status !== 'CANCELLED';
  const link = upiPending && ctx.upi.id ? upiLink(ctx.upi.id, ctx.upi.shopName, o) : null;
  return link && ctx.upi.id
    ? {
        link,
        upi_id: ctx.upi.id,
        qr_svg: await qrSvg(link, { margin: 1, width: 220 }),
      }
    : null;
}

/** The tracking's last step: Delivered, or for a parcel that was refused (RTO) its way back to the shop. */
function lastStep(o: repo.OrderRow) {
  if (o.rtoAt) {
    const label = o.status === 'RTO' ? 'Returning to seller' : 'Returned to seller';
    return { key: 'RTO' as const, label, complete: true, at: iso(o.rtoAt) };
  }
  return {
    key: 'DELIVERED' as const,
    label: 'Delivered',
    complete: ['DELIVERED', 'RETURNED'].includes(o.status),
    at: iso(o.deliveredAt),
  };
}

/** One order as its customer sees it, with the UPI link and QR while a UPI payment is due (`upiId` when known). */
export async function viewOrder(
  tx: Tx,
  store: { storeName: string },
  customerId: string,
  order: repo.OrderRow,
  upiId?: string | null,
) {
  const id = upiId !== undefined ? upiId : ((await findSettings(tx))?.upiId ?? null);
  const [view] = await viewOrders(tx, customerId, [order], {
    upi: { id, shopName: store.storeName },
    withUpiQr: true,
  });
  if (!view) throw new Error('order view missing');
  return view;
}
