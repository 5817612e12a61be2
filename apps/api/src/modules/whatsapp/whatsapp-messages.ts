import {
  fillTemplate,
  formatRupees,
  itemLines,
  paiseToRupees,
  trackingLink,
  WHATSAPP_LABELS,
  type WhatsAppKind,
  type WhatsAppMessage,
  type WhatsAppPlaceholder,
  whatsAppChatLink,
  whatsAppPhone,
} from '@haat/contracts';

import { orderNumber } from '../orders/index.ts';
import type { MessageOrder } from './whatsapp.repository.ts';

/** The shop's address for links in messages (its own host, or /store/{slug} on the main domain). */
export const shopPage = (shopUrl: string, path: string) =>
  `${shopUrl.endsWith('/') ? shopUrl : `${shopUrl}/`}${path}`;

/** The customer's order page on the shop's address; a counter sale has none, so the shop's home. */
export const orderLinkOf = (shopUrl: string, order: Pick<MessageOrder, 'id' | 'channel'>) =>
  order.channel === 'POS' ? shopUrl : shopPage(shopUrl, `orders/${order.id}`);

/** The customer's first name: their account's, else the first word of the name the order ships to. */
const firstNameOf = (o: Pick<MessageOrder, 'firstName' | 'shipName'>) =>
  o.firstName?.trim() || o.shipName.trim().split(/\s+/)[0] || 'there';

/** Every placeholder's value for this order. */
export function placeholderValues(
  order: MessageOrder,
  shop: { name: string; url: string },
): Record<WhatsAppPlaceholder, string> {
  const orderLink = orderLinkOf(shop.url, order);
  const carrier = order.carrier ?? '';
  const tracking = order.trackingNumber ?? '';
  return {
    customer_name: firstNameOf(order),
    shop_name: shop.name,
    order_number: orderNumber(order.number),
    total: formatRupees(paiseToRupees(order.totalPaise)),
    items: itemLines(order.items),
    order_link: orderLink,
    carrier,
    tracking_number: tracking,
    tracking_link:
      order.trackingUrl || (carrier && tracking ? trackingLink(carrier, tracking) : null) || orderLink,
  };
}

/** Orders no message fits any more, and why. */
const CLOSED: Record<string, string> = {
  CANCELLED: 'The order is cancelled',
  RETURNED: 'The order was returned',
  RTO: 'The parcel is returning to you (RTO)',
};
const BEFORE_SHIPPING = ['PENDING', 'CONFIRMED', 'PROCESSING'];

/** Why a kind of message does not fit the order now; null when it does. */
export function unavailableReason(kind: WhatsAppKind, order: MessageOrder): string | null {
  if (order.channel === 'POS') return 'A counter sale: its receipt goes from Checkout';
  const closed = CLOSED[order.status];
  if (closed) return closed;
  switch (kind) {
    case 'ORDER_CONFIRMATION':
      return BEFORE_SHIPPING.includes(order.status) ? null : 'Sent before the order ships';
    case 'DISPATCH':
      if (order.status !== 'SHIPPED') {
        return BEFORE_SHIPPING.includes(order.status)
          ? 'Available once the order is shipped with a tracking number'
          : 'Sent while the order is on its way';
      }
      return order.trackingNumber ? null : 'Add the tracking number first';
    case 'DELIVERY':
      return order.status === 'DELIVERED' ? null : 'Available once the order is delivered';
    case 'PAYMENT_REMINDER':
      if (order.paymentStatus !== 'PENDING') return 'The payment is already settled';
      return ['UPI', 'COD'].includes(order.paymentMethod) ? null : 'Paid at the counter';
  }
}

/** The number a message goes to: the order's contact phone, else the shipping address's. */
export const phoneOf = (order: Pick<MessageOrder, 'contactPhone' | 'shipPhone'>) =>
  whatsAppPhone(order.contactPhone) ?? whatsAppPhone(order.shipPhone);

export const NO_PHONE = 'This order has no mobile number to message';

/** One message about the order: filled from the shop's template, with its wa.me link and whether it fits now. */
export function orderMessage(
  kind: WhatsAppKind,
  template: string,
  order: MessageOrder,
  values: Record<WhatsAppPlaceholder, string>,
): WhatsAppMessage {
  const phone = phoneOf(order);
  const text = fillTemplate(template, values);
  // A counter sale says so first; an online order without a mobile number says that first.
  const reason = order.channel === 'POS' || phone ? unavailableReason(kind, order) : NO_PHONE;
  return {
    kind,
    label: WHATSAPP_LABELS[kind],
    available: reason === null,
    reason,
    text,
    link: phone ? whatsAppChatLink(phone, text) : null,
  };
}
