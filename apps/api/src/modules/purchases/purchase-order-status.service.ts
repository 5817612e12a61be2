import {
  formatPaise,
  formatRupees,
  type PurchaseOrderDetail,
  purchaseOrderNumber,
  whatsAppChatLink,
  whatsAppPhone,
  whatsAppShareLink,
} from '@haat/contracts';
import { withStore } from '@haat/db';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { orderDetail } from './purchase-orders.service.ts';
import * as repo from './purchases.repository.ts';

/** The WhatsApp text of an order to its supplier: what, how many, at what cost, by when. */
export function orderText(o: PurchaseOrderDetail, shopName: string) {
  const lines = o.lines.map(
    (l, i) =>
      `${i + 1}. ${l.name}${l.variant_label ? ` (${l.variant_label})` : ''}${l.sku ? ` [${l.sku}]` : ''} x ${l.quantity} @ ${formatRupees(l.unit_cost)} + ${l.tax_percentage}% GST`,
  );
  return [
    `Purchase order ${o.number} from ${shopName}`,
    `To: ${o.supplier.company_name} (${o.supplier.supplier_name})`,
    '',
    ...lines,
    '',
    `Taxable ${formatRupees(o.taxable_amount)}, GST ${formatRupees(o.tax_amount)}, total ${formatRupees(o.total)}`,
    ...(o.expected_on ? [`Please deliver by ${o.expected_on}.`] : []),
    ...(o.note ? [o.note] : []),
  ].join('\n');
}

/**
 * Marks the order SENT (a draft; sending again a sent one only answers its message again) and answers the
 * WhatsApp text with a wa.me link to the supplier's phone.
 */
export function sendOrder(ctx: ShopContext, id: string) {
  return withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    const row = await repo.lockOrder(tx, id);
    if (!row) throw notFound('Purchase order not found');
    const number = purchaseOrderNumber(row.number);
    if (row.status === 'CANCELLED') throw conflict(`${number} is cancelled: it cannot be sent`, 'CANCELLED');
    if (row.status === 'DRAFT') {
      await repo.updateOrder(tx, id, { status: 'SENT', sentAt: ctx.now() });
      await recordAudit(
        tx,
        ctx.store.id,
        { userId: ctx.actor.userId },
        {
          entity: 'SUPPLIER',
          entityId: row.supplierId,
          action: 'STATUS',
          summary: `Sent purchase order ${number} (${formatPaise(row.totalPaise)})`,
          before: { status: 'DRAFT' },
          after: { status: 'SENT' },
        },
      );
    }
    const order = await orderDetail(tx, id);
    const text = orderText(order, ctx.store.storeName);
    const phone = whatsAppPhone(order.supplier.supplier_contact);
    return {
      order,
      whatsapp_text: text,
      whatsapp_link: phone ? whatsAppChatLink(phone, text) : whatsAppShareLink(text),
    };
  });
}

/** Cancels an order before anything was received against it. */
export function cancelOrder(ctx: ShopContext, id: string) {
  return withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    const row = await repo.lockOrder(tx, id);
    if (!row) throw notFound('Purchase order not found');
    const number = purchaseOrderNumber(row.number);
    if (row.status === 'CANCELLED') return orderDetail(tx, id);
    if (row.status !== 'DRAFT' && row.status !== 'SENT')
      throw conflict(
        `${number} is ${row.status}: goods were received against it, so it cannot be cancelled`,
        'RECEIVED',
      );
    await repo.updateOrder(tx, id, { status: 'CANCELLED' });
    await recordAudit(
      tx,
      ctx.store.id,
      { userId: ctx.actor.userId },
      {
        entity: 'SUPPLIER',
        entityId: row.supplierId,
        action: 'STATUS',
        summary: `Cancelled purchase order ${number}`,
        before: { status: row.status },
        after: { status: 'CANCELLED' },
      },
    );
    return orderDetail(tx, id);
  });
}
