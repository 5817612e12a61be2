import { schema, type Tx } from '@haat/db';
import { and, asc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { GatewayError, type GatewaySettlementLine, type PaymentProvider } from './provider.ts';

/*
 * Refunds in reconciliation (issue 44, migration 0067). The settlement report carries a refund the gateway
 * processed as a line of its own (type refund, the refund's id, the payment it refunds, the amount debited): it is
 * matched to the shop's refund by the gateway's refund id. Completed here, its settlement id is recorded; pending,
 * failed or unknown here, it is listed (REFUND_NOT_RECORDED); debited for another amount, listed (AMOUNT_DIFFERS).
 * The reverse, a refund completed here that no settlement carried, is asked of the gateway, and listed when the
 * gateway has not processed it (REFUND_NOT_PROCESSED).
 */

const mm = schema.gatewayMismatches;
const rf = schema.refunds;
const pt = schema.paymentTransactions;

/** Lists a mismatch once per payment, kind and refund (a unique index; found again, nothing changes). */
export async function flag(tx: Tx, storeId: string, v: Omit<typeof mm.$inferInsert, 'storeId'>) {
  await tx
    .insert(mm)
    .values({ ...v, storeId })
    .onConflictDoNothing();
}

/** One settled refund against the shop's: its settlement id recorded, or a mismatch listed. */
export async function matchRefundLine(tx: Tx, storeId: string, l: GatewaySettlementLine) {
  const [ours] = await tx
    .select({ id: rf.id, orderId: rf.orderId, amountPaise: rf.amountPaise, status: rf.status })
    .from(rf)
    .where(eq(rf.gatewayRefundId, l.entityId));
  const base = {
    gatewayPaymentId: l.paymentId ?? '',
    gatewayRefundId: l.entityId,
    settlementId: l.settlementId,
    gatewayAmountPaise: l.amountPaise,
    orderId: ours?.orderId ?? (await orderOfPayment(tx, l.paymentId)),
    ourAmountPaise: ours?.amountPaise ?? null,
  };
  if (ours) await tx.update(rf).set({ settlementId: l.settlementId }).where(eq(rf.id, ours.id));
  if (ours?.status !== 'COMPLETED') return flag(tx, storeId, { ...base, kind: 'REFUND_NOT_RECORDED' });
  if (ours.amountPaise !== l.amountPaise) await flag(tx, storeId, { ...base, kind: 'AMOUNT_DIFFERS' });
}

async function orderOfPayment(tx: Tx, paymentId: string | null) {
  if (!paymentId) return null;
  const [row] = await tx.select({ orderId: pt.orderId }).from(pt).where(eq(pt.gatewayPaymentId, paymentId));
  return row?.orderId ?? null;
}

/**
 * Refunds completed here before `before` that no settlement carried: asked of the gateway (the oldest 100), listed
 * when it has not processed them.
 */
export async function checkUnsettledRefunds(
  tx: Tx,
  storeId: string,
  provider: PaymentProvider,
  before: Date,
) {
  const open = await tx
    .select({
      id: rf.gatewayRefundId,
      orderId: rf.orderId,
      amountPaise: rf.amountPaise,
      paymentId: pt.gatewayPaymentId,
    })
    .from(rf)
    .innerJoin(
      pt,
      and(eq(pt.storeId, rf.storeId), eq(pt.orderId, rf.orderId), isNotNull(pt.gatewayPaymentId)),
    )
    .where(
      and(
        isNotNull(rf.gatewayRefundId),
        isNull(rf.settlementId),
        eq(rf.status, 'COMPLETED'),
        lt(rf.createdAt, before),
      ),
    )
    .orderBy(asc(rf.createdAt))
    .limit(100);
  for (const row of open) {
    const id = row.id ?? '';
    const r = await provider
      .fetchRefund(id)
      .catch((e) => (e instanceof GatewayError && e.reason === 'NOT_FOUND' ? null : Promise.reject(e)));
    if (r?.status === 'processed') continue;
    await flag(tx, storeId, {
      gatewayPaymentId: r?.paymentId || row.paymentId || '',
      gatewayRefundId: id,
      kind: 'REFUND_NOT_PROCESSED',
      orderId: row.orderId,
      ourAmountPaise: row.amountPaise,
      gatewayAmountPaise: r?.amountPaise ?? null,
    });
  }
}
