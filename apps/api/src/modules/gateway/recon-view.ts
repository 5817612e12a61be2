import type { GatewayMismatch, GatewayMismatches } from '@haat/contracts';
import { paiseToRupees } from '@haat/contracts';
import { schema, type Tx, withStore } from '@haat/db';
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';

/*
 * The reconciliation's mismatches as the merchant sees them (Settings → Online payments): the open ones (newest
 * first) or those resolved, and marking one resolved with a note (kept with it and in the audit log).
 */

const mm = schema.gatewayMismatches;
const o = schema.orders;

const KIND_WORDS: Record<GatewayMismatch['kind'], string> = {
  CAPTURED_NOT_PAID: 'paid at the gateway, order not marked paid',
  PAID_NOT_CAPTURED: 'marked paid, not captured by the gateway',
  AMOUNT_DIFFERS: 'settled amount differs',
  REFUND_NOT_RECORDED: 'refund settled by the gateway, not completed here',
  REFUND_NOT_PROCESSED: 'refund completed here, not processed by the gateway',
};

const rupees = (p: number | null) => (p === null ? null : paiseToRupees(p));
const u = schema.users;
const byName = sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`;

async function mismatchRows(tx: Tx, where: ReturnType<typeof and>, limit: number) {
  const rows = await tx
    .select({ m: mm, number: o.number, by: byName })
    .from(mm)
    .leftJoin(o, and(eq(o.storeId, mm.storeId), eq(o.id, mm.orderId)))
    .leftJoin(u, eq(u.id, mm.resolvedBy))
    .where(where)
    .orderBy(desc(mm.resolvedAt), desc(mm.foundAt))
    .limit(limit);
  return rows.map(
    ({ m, number, by }): GatewayMismatch => ({
      id: m.id,
      kind: m.kind,
      gateway_payment_id: m.gatewayPaymentId,
      gateway_refund_id: m.gatewayRefundId,
      order_id: m.orderId,
      order_number: number === null ? null : `ORD-${number}`,
      gateway_amount: rupees(m.gatewayAmountPaise),
      our_amount: rupees(m.ourAmountPaise),
      settlement_id: m.settlementId,
      found_at: m.foundAt.toISOString(),
      resolved_at: m.resolvedAt?.toISOString() ?? null,
      resolved_by: m.resolvedAt ? (by ?? 'Someone no longer here') : null,
      resolved_note: m.resolvedNote,
    }),
  );
}

export async function listMismatches(
  ctx: ShopContext,
  status: 'open' | 'resolved' = 'open',
): Promise<GatewayMismatches> {
  return withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    const where = status === 'open' ? isNull(mm.resolvedAt) : isNotNull(mm.resolvedAt);
    const mismatches = await mismatchRows(tx, and(where), 200);
    const [open] = await tx.select({ n: count() }).from(mm).where(isNull(mm.resolvedAt));
    const [gateway] = await tx
      .select({ through: schema.storeGateways.reconciledThrough })
      .from(schema.storeGateways);
    return { reconciled_through: gateway?.through ?? null, mismatches, open_count: open?.n ?? 0 };
  });
}

/** Marks an open mismatch resolved with the merchant's note: 404 when unknown here, 409 when already resolved. */
export async function resolveMismatch(ctx: ShopContext, id: string, note: string): Promise<GatewayMismatch> {
  return withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    const [row] = await tx.select().from(mm).where(eq(mm.id, id)).for('update');
    if (!row) throw notFound('No such mismatch in this shop');
    if (row.resolvedAt) throw conflict('This mismatch was marked resolved already.', 'ALREADY_RESOLVED');
    await tx
      .update(mm)
      .set({ resolvedAt: ctx.now(), resolvedBy: ctx.actor.userId, resolvedNote: note })
      .where(eq(mm.id, id));
    const [shown] = await mismatchRows(tx, and(eq(mm.id, id)), 1);
    const what = `${KIND_WORDS[row.kind]} (${row.gatewayRefundId ?? row.gatewayPaymentId})`;
    await recordAudit(tx, ctx.store.id, ctx.actor, {
      entity: row.orderId ? 'ORDER' : 'SETTINGS',
      entityId: row.orderId,
      action: 'PAYMENT',
      summary: `Settlement mismatch resolved${shown?.order_number ? ` on ${shown.order_number}` : ''}: ${what}`,
      after: { resolved_note: note },
    });
    if (!shown) throw notFound('No such mismatch in this shop');
    return shown;
  });
}
