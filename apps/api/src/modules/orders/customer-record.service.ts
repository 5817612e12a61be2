import type { CustomerPrepaymentBody } from '@haat/contracts';
import { withStore } from '@haat/db';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { readDetail } from './admin-orders.service.ts';
import * as repo from './customer-record.repository.ts';
import { orderNumber } from './order-view.ts';

/**
 * The vendor marks the order's customer "Require prepayment (UPI)", or undoes it (decision 0014): checkout then
 * offers them no cash on delivery at this shop. Audited; answers the order page as it now reads.
 */
export const setPrepayment = (
  { deps, actor, store }: ShopContext,
  { orderId, change: v }: { orderId: string; change: CustomerPrepaymentBody },
) =>
  withStore(deps.db, store.id, async (tx) => {
    const order = isUuid(orderId) ? await repo.orderCustomer(tx, orderId) : null;
    if (!order) throw notFound('Order not found');
    if (!order.customerId) {
      throw conflict('This order has no customer account to require prepayment from.', 'NO_CUSTOMER');
    }
    const before = await repo.setRequirePrepayment(tx, {
      storeId: store.id,
      customerId: order.customerId,
      requirePrepayment: v.require_prepayment,
      by: actor.userId,
    });
    if (before !== v.require_prepayment) {
      await recordAudit(tx, store.id, actor, {
        entity: 'ORDER',
        entityId: orderId,
        action: 'CUSTOMER_PREPAYMENT',
        summary: v.require_prepayment
          ? `Customer of order ${orderNumber(order.number)} must now prepay by UPI (no cash on delivery)`
          : `Customer of order ${orderNumber(order.number)} may pay cash on delivery again`,
        before: { require_prepayment: before },
        after: { require_prepayment: v.require_prepayment },
      });
    }
    return readDetail(tx, orderId);
  });
