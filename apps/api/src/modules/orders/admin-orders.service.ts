import type { AdminOrderQuery } from '@haat/contracts';
import { paiseToRupees } from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

import { type StoreRow, shopAddressLines } from '../stores/index.ts';

import * as adminRepo from './admin-orders.repository.ts';
import { detailView, rowView } from './admin-orders.view.ts';

/* Order Management's reads; the changes are in order-changes.service.ts. */

/**
 * Order Management: a page of the shop's orders, the count of matches and the date range's 7 stats; a search first
 * finds its orders through the trigram index when it can (3 statements, 2 without a search).
 */
export const listOrders = (deps: Deps, store: StoreRow, q: AdminOrderQuery) =>
  withStore(deps.db, store.id, async (tx) => {
    const matches = await adminRepo.searchMatches(tx, q);
    const [rows, stats] = await Promise.all([
      adminRepo.listOrders(tx, q, matches),
      adminRepo.orderStats(tx, q, matches),
    ]);
    return {
      order_stats: {
        total_order: stats.total,
        total_pending_order: stats.pending,
        total_process: stats.processing,
        total_shipped: stats.shipped,
        total_deliverd: stats.delivered,
        total_cancelled: stats.cancelled,
        total_rto: stats.rto,
        total_revenue: paiseToRupees(stats.revenuePaise),
      },
      order_list: rows.map((r) =>
        rowView(r.order, { first: r.firstName, last: r.lastName }, r.returnRequested, r.risk),
      ),
      count: stats.matching,
    };
  });

export async function readDetail(tx: Tx, orderId: string) {
  const row = isUuid(orderId) ? await adminRepo.orderDetail(tx, orderId) : null;
  if (!row) throw notFound('Order not found');
  return detailView(row);
}

export const getOrder = (deps: Deps, store: StoreRow, orderId: string) =>
  withStore(deps.db, store.id, (tx) => readDetail(tx, orderId));

/** Orders for export or packing slips: every match of the filters (at most `cap`), in the list's order. */
export const ordersFor = (deps: Deps, store: StoreRow, q: AdminOrderQuery, cap: number) =>
  withStore(deps.db, store.id, async (tx) => {
    const all = { ...q, limit: cap, offset: 0 };
    const rows = await adminRepo.listOrders(tx, all, await adminRepo.searchMatches(tx, all));
    return rows.map((r) =>
      rowView(r.order, { first: r.firstName, last: r.lastName }, r.returnRequested, r.risk),
    );
  });

/** Orders by id (the shop's only; others are left out) with the shop's address: packing slips. */
export const detailsFor = (deps: Deps, store: StoreRow, ids: string[]) =>
  withStore(deps.db, store.id, async (tx) => {
    const [address, found] = await Promise.all([shopAddressLines(tx), adminRepo.orderDetails(tx, ids)]);
    return { shop: { storeName: store.storeName, address }, orders: found.map(detailView) };
  });
