import { schema, type Tx } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../lib/deps.ts';
import { gatewayFailure, shopProvider } from './online-payment.service.ts';
import type { GatewayRefund } from './provider.ts';

/*
 * Refunds through the gateway (issue 44). Process Refund on an online payment asks the gateway inside its own
 * transaction, so a refusal or an unreachable gateway rolls the refund back (shown, and tried again by the
 * merchant); what the gateway accepted is recorded PENDING and completed by its refund.processed webhook.
 */

export async function refundThroughGateway(
  deps: Pick<Deps, 'db' | 'config'>,
  storeId: string,
  v: { paymentId: string; amountPaise: number; notes: Record<string, string> },
): Promise<GatewayRefund> {
  const { provider } = await shopProvider(deps, storeId);
  try {
    return await provider.refund(v);
  } catch (e) {
    throw gatewayFailure(e);
  }
}

/** A refund.processed or refund.failed webhook: the refund's status, once. */
export async function settleRefund(tx: Tx, r: GatewayRefund) {
  const rf = schema.refunds;
  const status = r.status === 'processed' ? 'COMPLETED' : r.status === 'failed' ? 'FAILED' : null;
  if (!status) return 'PENDING';
  const rows = await tx
    .update(rf)
    .set({ status })
    .where(and(eq(rf.gatewayRefundId, r.id), eq(rf.status, 'PENDING')))
    .returning({ id: rf.id });
  if (rows.length) return status === 'COMPLETED' ? 'REFUND_COMPLETED' : 'REFUND_FAILED';
  const [known] = await tx.select({ id: rf.id }).from(rf).where(eq(rf.gatewayRefundId, r.id));
  return known ? 'ALREADY_SETTLED' : 'UNKNOWN_REFUND';
}
