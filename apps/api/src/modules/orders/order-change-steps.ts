import { type Tx, withStore } from '@haat/db';
import { sql } from 'drizzle-orm';
import { changedFields, recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import type { Actor } from '../../plugins/auth.ts';
import { enqueueMail } from '../mail/index.ts';
import type { StoreRow } from '../stores/index.ts';
import { type OrderMailKind, orderUpdateMail } from './order-mails.ts';
import { orderNumber } from './order-view.ts';
import type * as repo from './orders.repository.ts';
import { insertEvent } from './orders.repository.ts';

/*
 * What every change of an order does besides its own work (order-changes.service.ts, order-records.service.ts):
 * runs in the shop's transaction, records an order event, mails the customer, and audits what changed.
 */

export interface Ctx {
  tx: Tx;
  store: StoreRow;
  actor: Actor;
}

export async function notifyCustomer(
  ctx: Ctx,
  order: repo.OrderRow,
  kind: OrderMailKind,
  note?: string | null,
) {
  if (!order.contactEmail) return;
  const mail = orderUpdateMail({
    kind,
    to: order.contactEmail,
    shopName: ctx.store.storeName,
    storeId: ctx.store.id,
    order,
    note: note ?? null,
  });
  await enqueueMail(ctx.tx, mail);
}

export async function event(ctx: Ctx, orderId: string, status: string, note?: string | null) {
  await insertEvent(ctx.tx, {
    storeId: ctx.store.id,
    orderId,
    status,
    note: note || null,
    actorId: ctx.actor.userId,
    // Several events of one transaction keep the order they happened in (now() is the transaction's start).
    createdAt: sql`clock_timestamp()`,
  });
}

export async function auditChange(
  ctx: Ctx,
  before: repo.OrderRow,
  after: repo.OrderRow,
  action: string,
  summary: string,
) {
  const pick = (o: repo.OrderRow) => ({
    status: o.status,
    payment_status: o.paymentStatus,
    carrier: o.carrier,
    tracking_number: o.trackingNumber,
    tracking_url: o.trackingUrl,
    ship_name: o.shipName,
    ship_phone: o.shipPhone,
    ship_line1: o.shipLine1,
    ship_line2: o.shipLine2,
    ship_city: o.shipCity,
    ship_state: o.shipState,
    ship_postal_code: o.shipPostalCode,
    customer_note: o.customerNote,
  });
  const diff = changedFields(pick(before), pick(after));
  await recordAudit(ctx.tx, ctx.store.id, ctx.actor, {
    entity: 'ORDER',
    entityId: before.id,
    action,
    summary: `Order ${orderNumber(before.number)} ${summary}`,
    before: diff.before,
    after: diff.after,
  });
}

export const inStore = <T>(shop: ShopContext, fn: (ctx: Ctx) => Promise<T>) =>
  withStore(shop.deps.db, shop.store.id, (tx) => fn({ tx, store: shop.store, actor: shop.actor }));
