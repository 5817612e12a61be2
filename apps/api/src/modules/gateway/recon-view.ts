import type { GatewayMismatches } from '@haat/contracts';
import { paiseToRupees } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { desc, eq } from 'drizzle-orm';
import type { ShopContext } from '../../lib/context.ts';

/** The reconciliation's mismatches as the merchant sees them (Settings → Payment gateway), newest first. */
export async function listMismatches(ctx: ShopContext): Promise<GatewayMismatches> {
  const mm = schema.gatewayMismatches;
  const o = schema.orders;
  return withStore(ctx.deps.db, ctx.store.id, async (tx) => {
    const rows = await tx
      .select({ m: mm, number: o.number })
      .from(mm)
      .leftJoin(o, eq(o.id, mm.orderId))
      .orderBy(desc(mm.foundAt))
      .limit(200);
    const [gateway] = await tx
      .select({ through: schema.storeGateways.reconciledThrough })
      .from(schema.storeGateways);
    const rupees = (p: number | null) => (p === null ? null : paiseToRupees(p));
    return {
      reconciled_through: gateway?.through ?? null,
      mismatches: rows.map(({ m, number }) => ({
        kind: m.kind,
        gateway_payment_id: m.gatewayPaymentId,
        order_id: m.orderId,
        order_number: number === null ? null : `ORD-${number}`,
        gateway_amount: rupees(m.gatewayAmountPaise),
        our_amount: rupees(m.ourAmountPaise),
        settlement_id: m.settlementId,
        found_at: m.foundAt.toISOString(),
      })),
    };
  });
}
