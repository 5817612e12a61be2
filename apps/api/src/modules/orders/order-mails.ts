import { formatPaise, knownCarrier, lineName } from '@haat/contracts';

import { brandOf, button, escapeHtml, greeting, layout, type MailMessage, para } from '../mail/index.ts';

import { orderNumber } from './order-view.ts';
import type { OrderItemRow, OrderRow } from './orders.repository.ts';

const inr = formatPaise;

/** A line as mails print it: the product's name with its variant (and the variant's SKU), quantity and price. */
type MailLine = Pick<OrderItemRow, 'name' | 'quantity' | 'unitPricePaise'> & {
  variantLabel?: string | null;
  sku?: string | null;
};

function itemsTable(items: MailLine[]) {
  const rows = items
    .map(
      (i) =>
        `<tr><td style="padding:4px 0">${escapeHtml(lineName(i.name, i.variantLabel, i.sku))} × ${i.quantity}</td><td style="padding:4px 0;text-align:right">${inr(i.unitPricePaise * i.quantity)}</td></tr>`,
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
  items: MailLine[];
  /** The order's page at the shop (a guest signs in there with an emailed code; decision 0031). */
  orderUrl?: string;
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
    ...input.items.map(
      (i) =>
        `${lineName(i.name, i.variantLabel, i.sku)} × ${i.quantity}: ${inr(i.unitPricePaise * i.quantity)}`,
    ),
    `Total ${inr(o.totalPaise)}. ${pay}`,
    `Delivery: ${o.deliveryName} (${o.deliveryEstimate}) to ${o.shipLine1}, ${o.shipCity} ${o.shipPostalCode}.`,
  ];
  const view = input.orderUrl ? `See your order and its invoice: ${input.orderUrl}` : '';
  return {
    to: input.to,
    storeId: input.storeId,
    subject: `Order ${num} placed at ${brand}`,
    text: [greeting(input.firstName), '', ...lines, ...(view ? ['', view] : [])].join('\n'),
    html: layout(
      brand,
      [
        para(greeting(input.firstName)),
        para(lines[0] ?? ''),
        itemsTable(input.items),
        para(`Total ${inr(o.totalPaise)}. ${pay}`),
        para(lines.at(-1) ?? ''),
        input.orderUrl ? button(input.orderUrl, 'View your order') : '',
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

export type OrderMailKind =
  | 'CONFIRMED'
  | 'PROCESSING'
  | 'SHIPPED'
  | 'TRACKING_UPDATED'
  | 'DELIVERED'
  | 'PAYMENT_RECEIVED'
  | 'RETURNED'
  | 'RETURN_ACCEPTED'
  | 'RETURN_DECLINED'
  | 'RTO'
  | 'RTO_RECEIVED';

/** The prefix of the line that carries the tracking page (made a link in the HTML mail). */
const TRACK_PREFIX = 'Track it: ';

/**
 * The shipment as a mail says it (issue 40): the carrier and the number as text, and the carrier's tracking page
 * when known (the number to type there when its page does not take it in the address, as India Post's).
 */
function shipmentLines(o: OrderRow) {
  if (!o.carrier || !o.trackingNumber) return [o.trackingUrl ? `${TRACK_PREFIX}${o.trackingUrl}` : ''];
  const known = knownCarrier(o.carrier);
  const name = known?.name ?? o.carrier;
  return [
    `Carrier: ${name}, tracking number ${o.trackingNumber}.`,
    o.trackingUrl ? `${TRACK_PREFIX}${o.trackingUrl}` : '',
    o.trackingUrl && known && !known.numberInLink ? `Enter ${o.trackingNumber} on ${name}'s page.` : '',
  ];
}

/** A mail line as HTML: the tracking page as a link, every other line as a paragraph. */
function htmlLine(line: string) {
  if (!line.startsWith(TRACK_PREFIX)) return para(line);
  const url = line.slice(TRACK_PREFIX.length);
  return `<p style="margin:0 0 14px;font-size:15px"><a href="${escapeHtml(url)}">Track your parcel</a></p>`;
}

/** What each update says: its subject and its lines (the order, the shipment, a note). */
function updateLines(kind: OrderMailKind, o: OrderRow, num: string, brand: string, note: string | null) {
  const shipment = shipmentLines(o);
  switch (kind) {
    case 'CONFIRMED':
      return { subject: `Order ${num} confirmed`, lines: [`${brand} confirmed your order ${num}.`] };
    case 'PROCESSING':
      return { subject: `Order ${num} is being packed`, lines: [`${brand} is packing your order ${num}.`] };
    case 'SHIPPED':
      return { subject: `Order ${num} shipped`, lines: [`Your order ${num} is on its way.`, ...shipment] };
    case 'TRACKING_UPDATED':
      return {
        subject: `Order ${num}: new tracking details`,
        lines: [`${brand} updated the tracking of your order ${num}.`, ...shipment],
      };
    case 'DELIVERED':
      return {
        subject: `Order ${num} delivered`,
        lines: [
          `Your order ${num} was delivered.`,
          o.paymentMethod === 'COD' ? `${inr(o.totalPaise)} was collected in cash. Thank you!` : 'Thank you!',
        ],
      };
    case 'PAYMENT_RECEIVED':
      return {
        subject: `Payment received for order ${num}`,
        lines: [
          `${brand} received your ${o.paymentMethod === 'ONLINE' ? 'online' : 'UPI'} payment of ${inr(o.totalPaise)} for order ${num}.`,
          note ? `Paid by ${note}.` : '',
        ],
      };
    case 'RETURNED':
    case 'RETURN_ACCEPTED':
      return {
        subject: `Return of order ${num} accepted`,
        lines: [
          `${brand} accepted the return of your order ${num}.`,
          note ? `Note from the shop: ${note}` : '',
          o.paymentStatus === 'SUCCESS' ? 'The shop will refund what you paid.' : '',
        ],
      };
    case 'RTO':
      return {
        subject: `Order ${num} is returning to ${brand}`,
        lines: [
          `Your order ${num} could not be delivered and is on its way back to ${brand}.`,
          note ? `Reason: ${note}` : '',
          o.paymentMethod === 'COD'
            ? 'Nothing was charged for this cash-on-delivery order.'
            : 'If you paid, the shop will refund you once the parcel is back.',
        ],
      };
    case 'RTO_RECEIVED':
      return {
        subject: `Order ${num} is back at ${brand}`,
        lines: [
          `Your order ${num} came back to ${brand} undelivered.`,
          o.paymentStatus === 'SUCCESS' ? 'The shop will refund what you paid.' : '',
        ],
      };
    case 'RETURN_DECLINED':
      return {
        subject: `Return of order ${num} declined`,
        lines: [`${brand} declined the return of your order ${num}.`, note ? `Reason: ${note}` : ''],
      };
  }
}

/** A customer's mail about a change to their order, in the shop's name. */
export function orderUpdateMail(input: {
  kind: OrderMailKind;
  to: string;
  shopName: string;
  storeId: string;
  order: OrderRow;
  note: string | null;
}): MailMessage {
  const brand = brandOf(input.shopName);
  const num = orderNumber(input.order.number);
  const { subject, lines } = updateLines(input.kind, input.order, num, brand, input.note);
  const body = lines.filter(Boolean);
  return {
    to: input.to,
    storeId: input.storeId,
    subject,
    text: [greeting(null), '', ...body].join('\n'),
    html: layout(brand, [para(greeting(null)), ...body.map(htmlLine)].join('')),
  };
}

/** The shop's own mail about a new order: what to pack, where it goes, and the link to the order. */
export function newOrderVendorMail(input: {
  to: string;
  shopName: string;
  storeId: string;
  orderNumber: string;
  orderUrl: string;
  order: Pick<
    OrderRow,
    | 'paymentMethod'
    | 'totalPaise'
    | 'shipName'
    | 'shipLine1'
    | 'shipLine2'
    | 'shipCity'
    | 'shipState'
    | 'shipPostalCode'
    | 'shipPhone'
  >;
  items: MailLine[];
}): MailMessage {
  const o = input.order;
  const num = input.orderNumber;
  const address = [
    o.shipName,
    o.shipLine1,
    o.shipLine2,
    `${o.shipCity}, ${o.shipState} ${o.shipPostalCode}`,
    o.shipPhone ?? '',
  ]
    .filter(Boolean)
    .join(', ');
  const pay = o.paymentMethod === 'COD' ? 'cash on delivery' : 'UPI (check your bank app for the payment)';
  const lines = [
    `New order ${num} at ${input.shopName}.`,
    ...input.items.map(
      (i) =>
        `${lineName(i.name, i.variantLabel, i.sku)} × ${i.quantity}: ${inr(i.unitPricePaise * i.quantity)}`,
    ),
    `Total ${inr(o.totalPaise)}, ${pay}.`,
    `Ship to: ${address}.`,
    `Open the order: ${input.orderUrl}`,
  ];
  return {
    to: input.to,
    storeId: input.storeId,
    subject: `New order ${num}: ${inr(o.totalPaise)}`,
    text: lines.join('\n'),
    html: layout(
      brandOf(input.shopName),
      [
        para(lines[0] ?? ''),
        itemsTable(input.items),
        para(lines.at(-3) ?? ''),
        para(lines.at(-2) ?? ''),
        `<p style="margin:0 0 14px;font-size:15px"><a href="${escapeHtml(input.orderUrl)}">Open ${escapeHtml(num)} in the back office</a></p>`,
      ].join(''),
    ),
  };
}
