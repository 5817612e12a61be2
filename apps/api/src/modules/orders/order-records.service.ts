import { trackingLink } from '@haat/contracts';
import type { ShopContext } from '../../lib/context.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import * as adminRepo from './admin-orders.repository.ts';
import { readDetail } from './admin-orders.service.ts';
import { auditChange, event, inStore, notifyCustomer } from './order-change-steps.ts';
import { lockForChange } from './order-guards.ts';
import { EDITABLE } from './order-rules.ts';
import * as repo from './orders.repository.ts';

/*
 * Changes that record something about an order without moving it: its shipment's tracking, a UPI payment seen in
 * the bank, corrected shipping details. Each locks the order at the version it was made against.
 */

/** Carrier and tracking number, given or corrected after shipping. */
export const updateShipping = (
  shop: ShopContext,
  {
    orderId,
    shipping: v,
  }: {
    orderId: string;
    shipping: { carrier: string; tracking_number: string; tracking_url?: string; version: number };
  },
) =>
  inStore(shop, async (ctx) => {
    const order = await lockForChange(ctx.tx, orderId, v.version);
    if (['CANCELLED', 'RETURNED'].includes(order.status)) {
      throw conflict(`A ${order.status.toLowerCase()} order has no shipment to change.`, 'ORDER_CLOSED');
    }
    const updated = await repo.updateOrder(ctx.tx, order.id, {
      carrier: v.carrier,
      trackingNumber: v.tracking_number,
      trackingUrl: v.tracking_url || trackingLink(v.carrier, v.tracking_number),
    });
    await event(ctx, order.id, 'TRACKING_UPDATED', `${v.carrier} ${v.tracking_number}`);
    if (order.status === 'SHIPPED') await notifyCustomer(ctx, updated, 'TRACKING_UPDATED');
    await auditChange(ctx, order, updated, 'SHIPPING', `tracking ${v.carrier} ${v.tracking_number}`);
    return readDetail(ctx.tx, order.id);
  });

/** A UPI payment the vendor saw in their bank app, recorded with its UTR. */
export const recordPayment = (
  shop: ShopContext,
  { orderId, payment: v }: { orderId: string; payment: { utr: string; version: number } },
) =>
  inStore(shop, async (ctx) => {
    const order = await lockForChange(ctx.tx, orderId, v.version);
    if (order.paymentMethod !== 'UPI') {
      throw conflict('Cash on delivery is recorded as collected when the order is delivered.', 'NOT_UPI');
    }
    if (order.paymentStatus !== 'PENDING' || order.status === 'CANCELLED') {
      throw conflict(
        `This order's payment is ${order.paymentStatus.toLowerCase()} already.`,
        'PAYMENT_SETTLED',
      );
    }
    if (await adminRepo.utrInUse(ctx.tx, v.utr, order.id)) {
      throw new AppError(409, 'CONFLICT', 'This UTR is already recorded for another order.', {
        reason: 'UTR_IN_USE',
        issues: [{ path: 'utr', message: 'This UTR is already recorded for another order' }],
      });
    }
    const updated = await repo.updateOrder(ctx.tx, order.id, { paymentStatus: 'SUCCESS' });
    await adminRepo.receivePayment(ctx.tx, order.id, { by: ctx.actor.userId, utr: v.utr });
    await event(ctx, order.id, 'PAYMENT_RECEIVED', `UPI, UTR ${v.utr}`);
    await notifyCustomer(ctx, updated, 'PAYMENT_RECEIVED');
    await auditChange(ctx, order, updated, 'PAYMENT', `UPI payment recorded (UTR ${v.utr})`);
    return readDetail(ctx.tx, order.id);
  });

/** What Edit Order changes. */
interface OrderEdit {
  full_name: string;
  phone_number: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  customer_note: string;
  version: number;
}

/** Edit Order: while not shipped, the shipping address, phone and a note to the customer. */
export const editOrder = (shop: ShopContext, { orderId, edit: v }: { orderId: string; edit: OrderEdit }) =>
  inStore(shop, async (ctx) => {
    const order = await lockForChange(ctx.tx, orderId, v.version);
    if (!EDITABLE.includes(order.status)) {
      throw conflict(
        `A ${order.status.toLowerCase()} order can no longer be edited; only orders not yet shipped can.`,
        'ORDER_NOT_EDITABLE',
      );
    }
    const updated = await repo.updateOrder(ctx.tx, order.id, {
      shipName: v.full_name,
      shipPhone: v.phone_number,
      shipLine1: v.address_line1,
      shipLine2: v.address_line2,
      shipCity: v.city,
      shipState: v.state,
      shipPostalCode: v.postal_code,
      customerNote: v.customer_note || null,
    });
    await event(ctx, order.id, 'EDITED', v.customer_note || 'Shipping details corrected');
    await auditChange(ctx, order, updated, 'EDIT', 'shipping details edited');
    return readDetail(ctx.tx, order.id);
  });
