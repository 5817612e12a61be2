import { createHash } from 'node:crypto';
import { type CounterReturn, type counterReturnBody, formatPaise, paiseToRupees } from '@haat/contracts';
import { SentStatementsFailed, type Tx, withStore } from '@haat/db';
import type { z } from 'zod';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { retryOnDeadlock } from '../../lib/pg-errors.ts';

import * as ordersRepo from '../orders/index.ts';
import { holdCashDrawer } from '../registers/index.ts';

import { whyNotSold } from './pos-writes.ts';
import * as repo from './returns.repository.ts';
import { issueReturnCreditNote } from './returns-credit-note.ts';
import { priceExchange, sendExchangeSale } from './returns-exchange.ts';
import { restockReturned, settleMoney, whyNotReturnable } from './returns-steps.ts';
import { returnedLines } from './returns-value.ts';
import { returnView } from './returns-view.ts';

export { recentSales, returnableSale } from './returns-view.ts';

/*
 * A return at the counter (issue 38) in one transaction, as its steps: the sale locked and the key claimed, the lines
 * checked against what is left of them, the units back on the shelf (RETURN ledger rows), the money settled (a
 * refund, the khata, or the returned value put towards an exchange's new bill), the credit note against the sale's
 * invoice, and for an exchange the new counter sale; then the return's row, the sale's event and the audit row.
 */

type Body = z.output<typeof counterReturnBody>;

export interface CounterReturnResult {
  created: boolean;
  view: CounterReturn;
}

const requestHash = (body: Body) =>
  createHash('sha256')
    .update(
      JSON.stringify({ ...body, lines: [...body.lines].sort((a, b) => a.item_id.localeCompare(b.item_id)) }),
    )
    .digest('hex');

export async function counterReturn(
  ctx: ShopContext,
  { body, key }: { body: Body; key: string },
): Promise<CounterReturnResult> {
  const hash = requestHash(body);
  const r = await retryOnDeadlock(() =>
    withStore(ctx.deps.db, ctx.store.id, (tx, ctl) => returnOnce(ctx, tx, ctl, { body, key, hash })),
  );
  const view = await withStore(ctx.deps.db, ctx.store.id, (tx) => returnView(tx, ctx.store, r.id));
  if (!view) throw new Error('the return just made was not found');
  return { created: r.created, view };
}

type Ctl = Parameters<Parameters<typeof withStore>[2]>[1];

async function returnOnce(
  ctx: ShopContext,
  tx: Tx,
  ctl: Ctl,
  { body, key, hash }: { body: Body; key: string; hash: string },
) {
  const { store, actor } = ctx;
  // Step 0: cash comes out of the cashier's open drawer, held open until this commits (a close counts it or this
  // is refused), taken before the sale's lock as a counter sale takes it.
  if (body.method === 'CASH') await holdCashDrawer(tx, store.id, actor.userId);
  // Step 1: the sale, locked (two cashiers returning from it queue here), and the key claimed.
  const order = await ordersRepo.lockOrder(tx, body.order_id);
  if (!order) throw notFound('Sale not found');
  const id = await repo.claimReturn(tx, {
    storeId: store.id,
    orderId: order.id,
    kind: body.kind,
    method: body.method,
    reason: body.reason,
    idempotencyKey: key,
    requestHash: hash,
    createdBy: actor.userId,
  });
  if (!id) return { created: false, id: await replayed(tx, key, hash) };
  const why = whyNotReturnable(order);
  if (why) throw conflict(why, order.channel === 'POS' ? 'NOT_RETURNABLE' : 'ONLINE_ORDER');
  // Step 2: what comes back and what it is worth (pure), the new bill of an exchange priced.
  const items = (await ordersRepo.itemsOf(tx, [order.id])).sort(ordersRepo.byStockLock);
  const lines = returnedLines(items, order.discountPaise, body.lines);
  const returnedPaise = lines.reduce((n, l) => n + l.valuePaise, 0);
  const exchange = body.exchange ? await priceExchange(ctx, tx, body) : null;
  // Step 3: the units back on the shelf; step 4: the money; step 5: the credit note.
  await restockReturned(tx, { storeId: store.id, order, lines, userId: actor.userId });
  const money = await settleMoney(tx, { ctx, order, body, lines, returnedPaise });
  const invoice = await repo.invoiceOf(tx, order.id);
  const note = invoice
    ? await issueReturnCreditNote(tx, store.id, invoice, {
        refundId: money.refundId,
        lines,
        reason: body.reason,
        at: ctx.now(),
      })
    : null;
  const row = {
    lines: lines.map((l) => ({
      item_id: l.item.id,
      product_id: l.item.productId,
      variant_id: l.item.variantId,
      name: l.item.name,
      quantity: l.quantity,
      value_paise: l.valuePaise,
    })),
    returnedPaise,
    refundId: money.refundId,
    creditNoteId: note?.id ?? null,
    registerSessionId: money.registerSessionId,
    differencePaise: exchange ? exchange.totals.totalPaise - returnedPaise : 0,
  };
  await recordReturn(ctx, tx, { id, order, row, body, returnedPaise, note: note?.number ?? null });
  if (!exchange) {
    await repo.updateReturn(tx, id, row);
    return { created: true, id };
  }
  // Step 6: the exchange's new counter sale, sent with the COMMIT right behind it (as a sale is).
  const sale = sendExchangeSale(ctx, tx, ctl.send, { order, body, exchange, key });
  ctl.send(repo.updateReturn(tx, id, { ...row, exchangeOrderId: sale.orderId }));
  await ctl.commitSent().catch((e) => {
    throw e instanceof SentStatementsFailed ? whyNotSold(e.failures, exchange.lines) : e;
  });
  return { created: true, id };
}

/** A key seen before: the same return gets the first back; another return under it is refused. */
async function replayed(tx: Tx, key: string, hash: string) {
  const prior = await repo.returnByKey(tx, key);
  if (!prior || prior.requestHash !== hash) {
    throw conflict(
      'This Idempotency-Key was already used for a different return. Send a new key for a new return.',
      'IDEMPOTENCY_KEY_REUSED',
    );
  }
  return prior.id;
}

/** The sale's event and the audit row, under the cashier's name. */
async function recordReturn(
  { store, actor }: ShopContext,
  tx: Tx,
  r: {
    id: string;
    order: ordersRepo.OrderRow;
    row: { lines: { name: string; quantity: number }[] };
    body: Body;
    returnedPaise: number;
    note: string | null;
  },
) {
  const number = ordersRepo.orderNumber(r.order.number);
  const what = r.row.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ');
  const how = r.body.kind === 'EXCHANGE' ? 'exchanged' : `refunded by ${r.body.method.toLowerCase()}`;
  await ordersRepo.insertEvent(tx, {
    storeId: store.id,
    orderId: r.order.id,
    status: r.order.status,
    note: `Returned at the counter: ${what}, ${formatPaise(r.returnedPaise)} ${how}: ${r.body.reason}`,
    actorId: actor.userId,
  });
  await recordAudit(tx, store.id, actor, {
    entity: 'ORDER',
    entityId: r.order.id,
    action: 'COUNTER_RETURN',
    summary: `${number}: ${what} returned at the counter, ${formatPaise(r.returnedPaise)} ${how}${r.note ? ` (credit note ${r.note})` : ''}`,
    after: {
      kind: r.body.kind,
      method: r.body.method,
      lines: r.row.lines,
      amount: paiseToRupees(r.returnedPaise),
    },
  });
}
