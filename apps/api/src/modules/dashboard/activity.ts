import { type ActivityItem, type ActivityKind, formatPaise } from '@haat/contracts';
import type * as repo from './dashboard.repository.ts';

/* The dashboard's recent activity as sentences with a link target (issue 41: moved out of dashboard.service.ts). */

const inr = formatPaise;
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const AUDIT_KINDS: Record<string, ActivityKind> = {
  PRODUCT: 'PRODUCT',
  STOCK: 'STOCK',
  CATEGORY: 'CATALOGUE',
  SUPPLIER: 'CATALOGUE',
  IMPORT: 'CATALOGUE',
  ORDER: 'ORDER_UPDATED',
  SETTINGS: 'SETTINGS',
  DELIVERY_OPTION: 'SETTINGS',
  COUPON: 'SETTINGS',
};

/** A sentence and a link target for one event. */
export function describeActivity(r: repo.ActivityRow): ActivityItem {
  const at = new Date(r.at).toISOString();
  if (r.src === 'order') return orderActivity(r, at);
  if (r.src === 'stock') return stockActivity(r, at);
  return auditActivity(r, at);
}

/** An order placed, cancelled, asked to be returned or returned (an RTO parcel is told apart). */
function orderActivity(r: Extract<repo.ActivityRow, { src: 'order' }>, at: string): ActivityItem {
  const order = `ORD-${r.number}`;
  const target = { type: 'order' as const, id: r.order_id };
  const because = r.note ? `: ${r.note}` : '';
  switch (r.status) {
    case 'CANCELLED':
      return {
        id: r.id,
        kind: 'ORDER_CANCELLED',
        at,
        text: `Order ${order} cancelled by ${r.by_customer ? r.name : 'the shop'}${because}`,
        target,
      };
    case 'RETURN_REQUESTED':
      return {
        id: r.id,
        kind: 'RETURN_REQUESTED',
        at,
        text: `${r.name} asked to return order ${order}${because}`,
        target,
      };
    case 'RETURNED': {
      // An RTO parcel received back (decision 0014) was refused, not returned by its customer.
      const rto = r.note?.startsWith('Received back from RTO');
      const text = rto ? `Order ${order} came back undelivered (RTO)` : `Order ${order} was returned`;
      return { id: r.id, kind: 'ORDER_RETURNED', at, text, target };
    }
    default:
      return {
        id: r.id,
        kind: 'ORDER_PLACED',
        at,
        text: `Order ${order} placed by ${r.name}: ${plural(r.items, 'item')}, ${inr(r.total_paise)}`,
        target,
      };
  }
}

/** A product sold out, back from a return, or its stock changed by hand. */
function stockActivity(r: Extract<repo.ActivityRow, { src: 'stock' }>, at: string): ActivityItem {
  const target = { type: 'product' as const, id: r.product_id };
  const by = r.actor ? ` by ${r.actor}` : '';
  let text: string;
  if (r.reason === 'SALE') text = `${r.product} sold out${r.note ? ` with order ${r.note}` : ''}`;
  else if (r.reason === 'RETURN')
    text = `${plural(r.change, 'unit')} of ${r.product} back in stock from a return, now ${r.after}`;
  else
    text = `Stock of ${r.product} ${r.change > 0 ? '+' : ''}${r.change} to ${r.after}${r.note ? ` (${r.note})` : ''}${by}`;
  return { id: r.id, kind: 'STOCK', at, text, target };
}

/** An audited change, with its kind from the entity and a link while what it names still exists. */
function auditActivity(r: Extract<repo.ActivityRow, { src: 'audit' }>, at: string): ActivityItem {
  const kind =
    r.entity === 'ORDER' && r.status === 'CANCELLED'
      ? 'ORDER_CANCELLED'
      : r.entity === 'ORDER' && r.status === 'RETURNED'
        ? 'ORDER_RETURNED'
        : (AUDIT_KINDS[r.entity] ?? 'SETTINGS');
  const gone = r.action === 'DELETE';
  const target =
    r.entity_id && !gone && (kind === 'PRODUCT' || kind === 'STOCK')
      ? { type: 'product' as const, id: r.entity_id }
      : r.entity_id && r.entity === 'ORDER'
        ? { type: 'order' as const, id: r.entity_id }
        : null;
  return { id: r.id, kind, at, text: r.actor ? `${r.summary} (${r.actor})` : r.summary, target };
}
