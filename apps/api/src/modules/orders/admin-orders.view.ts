import { type AdminOrderDetails, type AdminOrderRow, paiseToRupees } from '@haat/contracts';

import type * as adminRepo from './admin-orders.repository.ts';
import { type RiskFacts, riskReasons } from './cod-risk.ts';
import { confirmationOf, isAwaitingConfirmation } from './cod-view.ts';
import { EDITABLE, NEXT_STATUSES } from './order-rules.ts';
import { orderNumber } from './order-view.ts';
import type * as repo from './orders.repository.ts';
import { returnView } from './return-lines.ts';

/** Order Management's rows and the order page as the vendor reads them (02 §3 Admin order). */

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

const EVENT_LABELS: Record<string, string> = {
  PENDING: 'Order placed',
  CONFIRMED: 'Order confirmed',
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  RETURNED: 'Returned',
  RTO: 'RTO: returning to seller',
  RETURN_REQUESTED: 'Return requested',
  RETURN_DECLINED: 'Return declined',
  RETURN_ACCEPTED: 'Return accepted',
  PAYMENT_RECEIVED: 'Payment received',
  PAYMENT_FAILED: 'Online payment failed',
  TRACKING_UPDATED: 'Tracking updated',
  EDITED: 'Order edited',
  REFUNDED: 'Refunded',
  WHATSAPP: 'WhatsApp',
  COD_CONFIRMED: 'Customer confirmed cash on delivery',
};

function customerName(first: string | null, last: string | null, shipName: string) {
  if (first) return { first_name: first, last_name: last ?? '' };
  const [head = '', ...rest] = shipName.trim().split(/\s+/);
  return { first_name: head, last_name: rest.join(' ') };
}

export function rowView(
  order: repo.OrderRow,
  names: { first: string | null; last: string | null },
  returnRequested: boolean,
  risk: RiskFacts | null,
): AdminOrderRow {
  return {
    id: order.id,
    order_number: orderNumber(order.number),
    created_at: order.createdAt.toISOString(),
    status: order.status,
    payment_status: order.paymentStatus,
    payment_method: order.paymentMethod,
    channel: order.channel,
    total_amount: paiseToRupees(order.totalPaise),
    total_items: order.totalItems,
    trackingNumber: order.trackingNumber,
    carrier: order.carrier,
    user: {
      ...customerName(names.first, names.last, order.shipName),
      email: order.contactEmail,
      phone: order.contactPhone ?? order.shipPhone,
    },
    shipping_address: {
      full_name: order.shipName,
      phone_number: order.shipPhone,
      address_line1: order.shipLine1,
      address_line2: order.shipLine2,
      city: order.shipCity,
      state: order.shipState,
      postal_code: order.shipPostalCode,
      country: order.shipCountry,
    },
    return_requested: returnRequested,
    cod_risk: riskReasons(risk, order),
    cod_confirmation: confirmationOf(order),
    version: order.version,
  };
}

/** The order page: its row, amounts, dates, payment, items, return request, history and what may be done next. */
export function detailView(row: adminRepo.OrderDetailRow): AdminOrderDetails {
  const { order: o, parts, risk } = row;
  const ret = parts.return_request;
  return {
    ...rowView(o, { first: parts.first_name, last: parts.last_name }, ret?.status === 'REQUESTED', risk),
    subtotal: paiseToRupees(o.subtotalPaise),
    shipping_charge: paiseToRupees(o.shippingPaise),
    cod_fee: paiseToRupees(o.codFeePaise),
    tax: paiseToRupees(o.taxPaise),
    discount: paiseToRupees(o.discountPaise),
    coupon_code: o.couponCode,
    delivery_type: { name: o.deliveryName, estimated_time: o.deliveryEstimate },
    expected_delivery: ['DELIVERED', 'RETURNED', 'CANCELLED', 'RTO'].includes(o.status)
      ? null
      : iso(o.expectedDeliveryAt),
    tracking_url: o.trackingUrl,
    customer_note: o.customerNote,
    shippedDate: iso(o.shippedAt),
    deliveredDate: iso(o.deliveredAt),
    cancelledDate: iso(o.cancelledAt),
    cancel_reason: o.cancelReason,
    returnedDate: iso(o.returnedAt),
    rtoDate: iso(o.rtoAt),
    customer_record: customerRecordView(parts.record),
    transactionId: parts.payment?.reference ?? null,
    invoice_number: parts.invoice?.number ?? null,
    payment: paymentView(o, parts.payment),
    order_item: parts.items.map(itemView),
    return_request: ret ? { ...returnOfDetail(ret, parts.items), status: ret.status } : null,
    timeline: parts.events.map((e) => ({
      status: e.status,
      label: EVENT_LABELS[e.status] ?? e.status,
      note: e.note,
      at: iso(e.at) ?? '',
      by: e.by,
    })),
    // A COD order waiting for its customer's confirmation can only be cancelled until it is confirmed.
    next_statuses: isAwaitingConfirmation(o) ? ['CANCELLED'] : [...NEXT_STATUSES[o.status]],
    can_edit: EDITABLE.includes(o.status),
    can_record_payment:
      o.paymentMethod === 'UPI' && o.paymentStatus === 'PENDING' && o.status !== 'CANCELLED',
  };
}

type DetailParts = adminRepo.OrderDetailRow['parts'];

/** The customer's record with this shop (delivered, RTO, cancelled after confirmation), when there is one. */
function customerRecordView(record: DetailParts['record']): AdminOrderDetails['customer_record'] {
  return record
    ? {
        delivered: Number(record.delivered),
        rto: Number(record.rto),
        cancelled_after_confirmation: Number(record.cancelled_after_confirmation),
        require_prepayment: record.require_prepayment === true,
      }
    : null;
}

/** The order's payment: its references, amount, what is left to refund and who received it. */
function paymentView(o: repo.OrderRow, pay: DetailParts['payment']): AdminOrderDetails['payment'] {
  return {
    id: pay?.id ?? null,
    reference: pay?.reference ?? null,
    utr: pay?.external_reference ?? null,
    amount: paiseToRupees(pay?.amount_paise ?? o.totalPaise),
    // What is left to give back: only a payment that was received can be refunded.
    refundable:
      pay && ['SUCCESS', 'PARTIALLY_REFUNDED'].includes(o.paymentStatus)
        ? paiseToRupees(pay.amount_paise - (pay.refunded_paise ?? 0))
        : 0,
    received_at: iso(pay?.received_at),
    received_by: pay?.received_by ?? null,
  };
}

/** The return request with its lines named from the order's lines (issue 40). */
function returnOfDetail(ret: NonNullable<DetailParts['return_request']>, items: DetailParts['items']) {
  const lines = items.map((i) => ({
    id: i.id,
    name: i.name,
    variantLabel: i.variant_label,
    quantity: i.quantity,
    unitPricePaise: i.unit_price_paise,
  }));
  const view = returnView(
    {
      reason: ret.reason,
      status: ret.status,
      createdAt: ret.created_at,
      decidedAt: ret.decided_at,
      decisionNote: ret.decision_note,
      kind: ret.kind,
      lines: ret.lines ?? [],
      refundPaise: ret.refund_paise ?? 0,
    },
    lines,
  );
  return { ...view, created_at: iso(ret.created_at) ?? '' };
}

/** One line of the order. */
function itemView(i: DetailParts['items'][number]): AdminOrderDetails['order_item'][number] {
  return {
    id: i.id,
    product_id: i.product_id,
    variant_id: i.variant_id,
    product_name: i.name,
    variant: i.variant_label,
    quantity: i.quantity,
    sku: i.sku,
    product_price: paiseToRupees(i.unit_price_paise),
    line_total: paiseToRupees(i.unit_price_paise * i.quantity),
    image: i.image,
    category: i.category,
  };
}
