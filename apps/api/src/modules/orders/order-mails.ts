import { paiseToRupees } from '@haat/contracts';
import { escapeHtml } from '../mail/html.ts';
import { brandOf, greeting, layout, type MailMessage, para } from '../mail/mail.service.ts';
import { orderNumber } from './order-view.ts';
import type { OrderItemRow, OrderRow } from './orders.repository.ts';

const inr = (paise: number) => `₹${paiseToRupees(paise).toLocaleString('en-IN')}`;

function itemsTable(items: Pick<OrderItemRow, 'name' | 'quantity' | 'unitPricePaise'>[]) {
  const rows = items
    .map(
      (i) =>
        `<tr><td style="padding:4px 0">${escapeHtml(i.name)} × ${i.quantity}</td><td style="padding:4px 0;text-align:right">${inr(i.unitPricePaise * i.quantity)}</td></tr>`,
    )
    .join('');
  return `<table style="width:100%;border-collapse:collapse;font-size:14px;margin:0 0 14px">${rows}</table>`;
}

/** Sent when an order is placed: number, items, total, payment and where it goes. */
export function orderPlacedMail(input: {
  to: string;
  firstName: string | null;
  shopName: string;
  storeId: string;
  /** As the customer reads it (`ORD-1001`). */
  orderNumber: string;
  order: Pick<
    OrderRow,
    | 'paymentMethod'
    | 'totalPaise'
    | 'deliveryName'
    | 'deliveryEstimate'
    | 'shipLine1'
    | 'shipCity'
    | 'shipPostalCode'
  >;
  items: Pick<OrderItemRow, 'name' | 'quantity' | 'unitPricePaise'>[];
}): MailMessage {
  const brand = brandOf(input.shopName);
  const o = input.order;
  const num = input.orderNumber;
  const pay =
    o.paymentMethod === 'COD'
      ? `Pay ${inr(o.totalPaise)} in cash when it arrives.`
      : `Pay ${inr(o.totalPaise)} by UPI; ${brand} confirms your payment.`;
  const lines = [
    `Thank you! We received your order ${num}.`,
    ...input.items.map((i) => `${i.name} × ${i.quantity}: ${inr(i.unitPricePaise * i.quantity)}`),
    `Total ${inr(o.totalPaise)}. ${pay}`,
    `Delivery: ${o.deliveryName} (${o.deliveryEstimate}) to ${o.shipLine1}, ${o.shipCity} ${o.shipPostalCode}.`,
  ];
  return {
    to: input.to,
    storeId: input.storeId,
    subject: `Order ${num} placed at ${brand}`,
    text: [greeting(input.firstName), '', ...lines].join('\n'),
    html: layout(
      brand,
      [
        para(greeting(input.firstName)),
        para(lines[0] ?? ''),
        itemsTable(input.items),
        para(`Total ${inr(o.totalPaise)}. ${pay}`),
        para(lines.at(-1) ?? ''),
      ].join(''),
    ),
  };
}

/** Sent when an order is cancelled, by the customer or the shop. */
export function orderCancelledMail(input: {
  to: string;
  firstName: string | null;
  shopName: string;
  storeId: string;
  order: OrderRow;
  byShop: boolean;
}): MailMessage {
  const brand = brandOf(input.shopName);
  const num = orderNumber(input.order.number);
  const first = input.byShop ? `${brand} cancelled your order ${num}.` : `Your order ${num} is cancelled.`;
  const reason = input.order.cancelReason ? `Reason: ${input.order.cancelReason}` : '';
  const money =
    input.order.paymentMethod === 'COD'
      ? 'Nothing was charged for this cash-on-delivery order.'
      : 'If you already paid by UPI, the shop will refund you.';
  return {
    to: input.to,
    storeId: input.storeId,
    subject: `Order ${num} cancelled`,
    text: [greeting(input.firstName), '', first, reason, money].filter(Boolean).join('\n'),
    html: layout(
      brand,
      [para(greeting(input.firstName)), para(first), reason ? para(reason) : '', para(money)].join(''),
    ),
  };
}
