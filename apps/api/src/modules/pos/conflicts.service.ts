import { offlineReceiptNumber, type PosStockConflict, type posConflictResolveBody } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';

import * as repo from './conflicts.repository.ts';

/*
 * Stock conflicts (issue 43, decision 0034): an offline sale that took more than the stock is recorded, and each
 * such line is listed here until a person resolves it: COUNTED sets the variant's stock to what was counted (an
 * ADJUSTMENT in the stock ledger, so the ledger and the stock agree) and closes every open conflict of that
 * variant; ACCEPTED leaves the stock as it is (goods on their way, say), with a note.
 */

const LIST_MAX = 200;

function view(r: NonNullable<repo.ConflictRow>): PosStockConflict {
  const receipt =
    r.receiptSeq != null && r.counterNumber != null && r.receiptSeries
      ? offlineReceiptNumber(r.counterNumber, r.receiptSeries.startsWith('I'), r.soldAt, r.receiptSeq)
      : null;
  return {
    id: r.id,
    order_id: r.orderId,
    order_number: `ORD-${r.orderNumber}`,
    receipt_number: receipt,
    counter_name: r.counterName,
    product_id: r.productId,
    variant_id: r.variantId,
    name: r.name ?? 'Deleted product',
    variant_label: r.variantLabel,
    sku: r.sku,
    quantity_sold: r.quantitySold,
    stock_after: r.stockAfter,
    stock_now: r.stockNow ?? 0,
    sold_at: r.soldAt.toISOString(),
    created_at: r.createdAt.toISOString(),
    resolved_at: r.resolvedAt?.toISOString() ?? null,
    resolution: r.resolution,
    resolved_by: r.resolvedBy,
    note: r.note,
  };
}

export async function listConflicts({ deps, store }: ShopContext, status: repo.ConflictStatus) {
  return withStore(deps.db, store.id, async (tx) =>
    (await repo.listConflicts(tx, status, LIST_MAX)).map(view),
  );
}

export async function resolveConflict(
  { deps, actor, store }: ShopContext,
  id: string,
  body: z.output<typeof posConflictResolveBody>,
) {
  return withStore(deps.db, store.id, async (tx) => {
    const locked = await repo.lockConflict(tx, id);
    if (!locked) throw notFound('Conflict not found');
    if (locked.resolvedAt) throw conflict('This conflict is already resolved.', 'ALREADY_RESOLVED');
    const note = body.note || null;
    if (body.resolution === 'COUNTED') {
      const counted = body.counted_stock ?? 0;
      const set = await repo.setCountedStock(tx, locked.variantId, counted);
      if (!set) throw notFound('The product of this conflict no longer exists: resolve it as ACCEPTED');
      await tx.insert(schema.stockLedger).values({
        storeId: store.id,
        productId: set.productId,
        variantId: locked.variantId,
        change: counted - set.before,
        quantityAfter: counted,
        reason: 'ADJUSTMENT',
        note: `Counted after an offline sale${note ? `: ${note}` : ''}`,
        actorId: actor.userId,
      });
    }
    await repo.markResolved(tx, locked, { resolution: body.resolution, by: actor.userId, note });
    const row = await repo.conflictById(tx, id);
    if (!row) throw notFound('Conflict not found');
    await recordAudit(tx, store.id, actor, {
      entity: 'STOCK',
      entityId: locked.productId,
      action: 'UPDATE',
      summary:
        body.resolution === 'COUNTED'
          ? `Resolved a stock conflict of ${row.name ?? 'a product'}: counted ${body.counted_stock}`
          : `Accepted a stock conflict of ${row.name ?? 'a product'}${note ? ` (${note})` : ''}`,
      after: { resolution: body.resolution, counted_stock: body.counted_stock ?? null, note },
    });
    return view(row);
  });
}
