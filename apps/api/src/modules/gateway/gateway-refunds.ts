import { schema, type Tx } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../lib/deps.ts';
import { conflict } from '../../lib/errors.ts';
import { findGateway } from './gateway.repository.ts';
import { gatewayFailure } from './online-payment.service.ts';
import type { GatewayRefund } from './provider.ts';
import { restoredProvider } from './test-gateway-restore.ts';

/*
 * Refunds through the gateway (issue 44). Process Refund on an online payment asks the gateway inside its own
 * transaction, so a refusal or an unreachable gateway rolls the refund back (shown, and tried again by the
 * merchant); what the gateway accepted is recorded PENDING and completed by its refund.processed webhook.
 */

export async function refundThroughGateway(
  deps: Pick<Deps, 'config'>,
  tx: Tx,
  v: { paymentId: string; amountPaise: number; notes: Record<string, string> },
): Promise<GatewayRefund> {
  // The shop's gateway read in the refund's own transaction (PGlite has one connection: another would wait on it).
  const row = await findGateway(tx);
  if (!row) throw conflict('This shop has no payment gateway connected any more.', 'NO_GATEWAY');
  const provider = await restoredProvider(deps, tx, row);
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
