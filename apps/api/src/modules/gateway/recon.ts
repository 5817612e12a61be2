import { type Db, rowsOf, schema, type Tx, withStore } from '@haat/db';
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Deps } from '../../lib/deps.ts';
import { runEvery } from '../../lib/periodic.ts';
import type { MailLog } from '../mail/index.ts';
import { GatewayError, type GatewaySettlementLine, type PaymentProvider } from './provider.ts';
import { checkUnsettledRefunds, flag, matchRefundLine } from './recon-refunds.ts';
import { restoredProvider } from './test-gateway-restore.ts';

/*
 * Reconciliation with the gateway's settlements (issue 44): once a day per shop, yesterday's settlement report
 * (UTC days, up to a week missed) is read and matched to the shop's payments. A matched payment records its
 * settlement id; what does not match is listed for the merchant (gateway_mismatches, once per payment and kind):
 * captured at the gateway but the order not paid, a settled amount differing from ours, and (payments marked
 * paid that no settlement has carried) paid here but not captured there; refunds likewise (recon-refunds.ts). The shop's gateway row is claimed with
 * SKIP LOCKED, so two processes never reconcile one shop at once; reconciled_through says which day is done.
 */

const pt = schema.paymentTransactions;
const sg = schema.storeGateways;
const DAY_MS = 86_400_000;
const MAX_DAYS = 7;
const PAID = ['SUCCESS', 'PARTIALLY_REFUNDED', 'REFUNDED'] as const;
type ReconDeps = Pick<Deps, 'db' | 'config'> & { log: MailLog };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

async function dueStores(db: Db, through: string): Promise<string[]> {
  const res = await db.execute(sql`select due_gateway_recon_stores(${through}::date) as store_id`);
  return rowsOf<{ store_id: string }>(res).map((r) => r.store_id);
}

/** One settled payment against ours: its settlement id recorded, or a mismatch listed. */
async function matchLine(tx: Tx, storeId: string, l: GatewaySettlementLine) {
  if (l.type !== 'payment' || !l.paymentId) return;
  const [ours] = await tx
    .select()
    .from(pt)
    .where(
      or(eq(pt.gatewayPaymentId, l.paymentId), l.orderId ? eq(pt.gatewayOrderId, l.orderId) : undefined),
    );
  const base = {
    gatewayPaymentId: l.paymentId,
    settlementId: l.settlementId,
    gatewayAmountPaise: l.amountPaise,
  };
  const paid =
    ours && ours.gatewayPaymentId === l.paymentId && (PAID as readonly string[]).includes(ours.paymentStatus);
  if (!ours || !paid) {
    const our = ours ? { orderId: ours.orderId, ourAmountPaise: ours.amountPaise } : {};
    return flag(tx, storeId, { ...base, ...our, kind: 'CAPTURED_NOT_PAID' });
  }
  await tx.update(pt).set({ settlementId: l.settlementId }).where(eq(pt.id, ours.id));
  if (ours.amountPaise !== l.amountPaise) {
    await flag(tx, storeId, {
      ...base,
      orderId: ours.orderId,
      ourAmountPaise: ours.amountPaise,
      kind: 'AMOUNT_DIFFERS',
    });
  }
}

/** Payments marked paid before `before` that no settlement carried: asked of the gateway, listed if not captured. */
async function checkUnsettled(tx: Tx, storeId: string, provider: PaymentProvider, before: Date) {
  const open = await tx
    .select()
    .from(pt)
    .where(
      and(
        isNotNull(pt.gatewayPaymentId),
        isNull(pt.settlementId),
        inArray(pt.paymentStatus, [...PAID]),
        lt(pt.createdAt, before),
      ),
    )
    .orderBy(asc(pt.createdAt))
    .limit(100);
  for (const row of open) {
    const id = row.gatewayPaymentId ?? '';
    const p = await provider
      .fetchPayment(id)
      .catch((e) => (e instanceof GatewayError && e.reason === 'NOT_FOUND' ? null : Promise.reject(e)));
    if (p && (p.status === 'captured' || p.status === 'refunded')) continue;
    await flag(tx, storeId, {
      gatewayPaymentId: id,
      kind: 'PAID_NOT_CAPTURED',
      orderId: row.orderId,
      ourAmountPaise: row.amountPaise,
      gatewayAmountPaise: p?.amountPaise ?? null,
    });
  }
}

/** One shop: each day after reconciled_through up to `through` (at most a week), then unsettled payments. */
async function reconcileShop(deps: ReconDeps, storeId: string, through: Date) {
  return withStore(deps.db, storeId, async (tx) => {
    const [row] = await tx.select().from(sg).for('update', { skipLocked: true });
    const last = row?.reconciledThrough;
    if (!row || (last && last >= isoDay(through))) return 0;
    const provider = await restoredProvider(deps, tx, row);
    const from = last ? new Date(Date.parse(last) + DAY_MS) : through;
    const start = Math.max(+from, +through - (MAX_DAYS - 1) * DAY_MS);
    let lines = 0;
    for (let t = start; t <= +through; t += DAY_MS) {
      const d = new Date(t);
      const day = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
      for (const l of await provider.settlementRecon(day)) {
        await (l.type === 'refund' ? matchRefundLine(tx, storeId, l) : matchLine(tx, storeId, l));
        lines++;
      }
    }
    // Paid at least two days before the last day read: a settlement should have carried it by now.
    await checkUnsettled(tx, storeId, provider, new Date(+through - DAY_MS));
    await checkUnsettledRefunds(tx, storeId, provider, new Date(+through - DAY_MS));
    await tx.update(sg).set({ reconciledThrough: isoDay(through) });
    return lines;
  });
}

/** One pass: every shop whose gateway was not reconciled through yesterday (UTC). */
export async function runGatewayRecon(deps: ReconDeps, now = new Date()) {
  const through = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY_MS);
  let shops = 0;
  for (const storeId of await dueStores(deps.db, isoDay(through))) {
    try {
      await reconcileShop(deps, storeId, through);
      shops++;
    } catch (err) {
      deps.log.error({ err, storeId }, 'gateway reconciliation: shop failed; retried on the next pass');
    }
  }
  return { shops };
}

/** Runs the reconciliation every GATEWAY_RECON_INTERVAL_MS (a day by default); a pass never overlaps another. */
export const startGatewayRecon = (deps: ReconDeps) =>
  runEvery(
    deps.config.GATEWAY_RECON_INTERVAL_MS,
    () => runGatewayRecon(deps),
    (err) => deps.log.error({ err }, 'gateway reconciliation failed'),
  );
