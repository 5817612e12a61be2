import { createHash } from 'node:crypto';
import {
  formatPaise,
  type PosCheckoutBody,
  type PosSale,
  paiseToRupees,
  type posCheckoutBody,
  posTotals,
  rupeesToPaise,
} from '@haat/contracts';
import { SentStatementsFailed, type Tx, withStore } from '@haat/db';
import type { z } from 'zod';
import type { ShopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { retryOnDeadlock } from '../../lib/pg-errors.ts';

import { creditCustomer, sendCreditSale } from '../customers/index.ts';
import * as ordersRepo from '../orders/index.ts';
import * as paymentsRepo from '../payments/index.ts';
import { holdCashDrawer } from '../registers/index.ts';
import type { StoreRow } from '../stores/index.ts';

import { type CounterRow, counterById } from './counters.repository.ts';
import {
  checkLinePrices,
  offlineFacts,
  offlineOutcome,
  priceOfflineLines,
  sendOfflineRecord,
  takeOffline,
  voidBilledOnline,
} from './offline-sale.ts';
import * as repo from './pos.repository.ts';
import { saleView } from './pos-view.ts';
import { checkPayment, outOfStock, type PricedLine, sendSale, whyNotSold } from './pos-writes.ts';

export {
  counter,
  findCustomer,
  productByBarcode,
  searchProducts,
  upiRequest,
} from './pos-lookups.service.ts';

/*
 * The point of sale (issue 14, decision 0013): look-ups for the counter, and a sale that reads as its steps:
 * claim the key and read, price the lines, check the totals and the payment, write the sale, issue its invoice.
 */

type Body = z.output<typeof posCheckoutBody>;
type Line = Body['product_id'][number];

const inr = formatPaise;

/** A shop the platform suspended sells nothing new, at the counter too (decision 0023). */
const SUSPENDED =
  'This shop is suspended by the Haat platform and cannot sell at the counter until the suspension is lifted. Please contact platform support.';

/** A test seam: called once the sale's writes, then its invoice, are sent, before the COMMIT. */
export interface PosSaleResult {
  created: boolean;
  sale: PosSale;
}

/**
 * A counter sale in one transaction: the key claimed with the reads, the lines priced from the database, the
 * totals and payment checked, then stock, order (channel POS, DELIVERED), lines, a successful payment, stock
 * ledger, the customer, an audit row and the invoice sent together with the COMMIT right behind them (`sendSale`),
 * so the rows every sale of the shop needs (its order and invoice counters, a hot product's stock) stay locked for
 * no round trip. The receipt is read after the commit.
 */
export async function posCheckout(
  ctx: ShopContext,
  { body, key }: { body: Body; key: string },
): Promise<PosSaleResult> {
  const { deps, actor, store, now } = ctx;
  checkDistinctLines(body.product_id);
  checkLinePrices(body);
  const hash = requestHash(body);
  const attempt = () =>
    withStore(deps.db, store.id, async (tx, ctl) => {
      const { claimed, rows, shop, counterInfo, device } = await readForSale(tx, ctx, { body, key, hash });
      const gstRegistered = !!shop.gstin;
      if (!claimed)
        return { created: false as const, orderId: await replay(tx, ctx, { body, key, hash, device }) };
      const off = body.offline ? offlineFacts(body.offline, device, { gstRegistered, now: now() }) : null;
      await checkVariantsNamed(tx, body.product_id, rows);
      const lines = off
        ? priceOfflineLines(body.product_id, rows, gstRegistered)
        : priceLines(body.product_id, rows, gstRegistered);
      const totals = checkTotals(body, lines);
      const payment = checkPayment(body.payment, totals.totalPaise);
      // On the khata: the customer's row locked, their balance after the sale within their credit limit (issue 38).
      const credit =
        payment.method === 'CREDIT'
          ? await creditCustomer(tx, store.id, { phone: body.phone, totalPaise: totals.totalPaise })
          : null;
      // Offline: the counter's number and then the stock taken, below zero if need be (offline-sale.ts).
      const stockAfter = off ? await takeOffline(tx, store.id, off, lines) : null;
      // The customer's advance is used first: a sale it covers whole is paid by it.
      const paid = credit?.paidByAdvance ? { ...payment, paidByAdvance: true } : payment;
      const at = off?.soldAt ?? now();
      const sale = sendSale(tx, ctl.send, {
        actor,
        store,
        body,
        key,
        lines,
        totals,
        payment: paid,
        counterInfo,
        shop,
        at,
        offline: off,
      });
      if (off && stockAfter) {
        sendOfflineRecord(tx, ctl.send, { store, actor, off, orderId: sale.orderId, lines, stockAfter });
      }
      if (credit) {
        const { orderId } = sale;
        const totalPaise = totals.totalPaise;
        sendCreditSale(tx, ctl.send, { storeId: store.id, customer: credit, orderId, totalPaise, actor });
      }
      await ctl.commitSent().catch((e) => {
        throw e instanceof SentStatementsFailed ? whyNotSold(e.failures, lines) : e;
      });
      const [order] = await Promise.all([sale.order, sale.invoice]);
      return { created: true as const, orderId: order.id };
    });
  // A deadlock or serialization failure rolled everything back (the key's claim too): try again, twice at most.
  const r = await retryOnDeadlock(attempt);
  const sale = await withStore(deps.db, store.id, async (tx) => {
    const sent = body.offline;
    const [view, offline] = await Promise.all([
      saleView(tx, store, r.orderId),
      sent ? offlineOutcome(tx, r.orderId, sent.counter_id) : null,
    ]);
    return view && offline ? { ...view, offline } : view;
  });
  if (!sale) throw new Error('the sale just made was not found');
  return { created: r.created, sale };
}

/**
 * A key seen before: the first sale. A number of a counter's series sent with it (the sale went through online, its
 * answer was lost, and the counter queued it offline) is voided as billed online, so the series goes on.
 */
async function replay(
  tx: Tx,
  { store, actor }: ShopContext,
  r: { body: Body; key: string; hash: string; device: CounterRow | null },
) {
  const orderId = await replayed(tx, r.key, r.hash);
  if (r.body.offline && r.device) {
    const gstRegistered = !!(await paymentsRepo.shopTaxProfile(tx)).gstin;
    const common = { storeId: store.id, actorId: actor.userId, counter: r.device, gstRegistered, orderId };
    await voidBilledOnline(tx, { ...common, sent: r.body.offline });
  }
  return orderId;
}

/**
 * The sale's reads, with the key's claim: the lines as sold now, the shop's tax profile, counter and status, the
 * cashier's open register held (a cash sale), and the counter device of a sale made offline.
 */
async function readForSale(
  tx: Tx,
  { store, actor }: ShopContext,
  { body, key, hash }: { body: Body; key: string; hash: string },
) {
  const [claimed, rows, shop, counterInfo, status, , device] = await Promise.all([
    ordersRepo.claimRequest(tx, store.id, actor.userId, key, hash, 'POS'),
    // Offline, a product archived since it was sold is still sold (offline-sale.ts).
    repo.sellablesFor(tx, ...lineIds(body.product_id), { anyStatus: !!body.offline }),
    paymentsRepo.shopTaxProfile(tx),
    repo.shopCounter(tx),
    repo.shopStatus(tx, store.id),
    // A cash sale holds the cashier's open register until it commits: a close counts it or refuses it.
    paysCash(body) ? holdCashDrawer(tx, store.id, actor.userId) : null,
    body.offline ? counterById(tx, body.offline.counter_id) : null,
  ]);
  if (status === 'SUSPENDED') throw forbidden(SUSPENDED, 'SHOP_SUSPENDED');
  return { claimed, rows, shop, counterInfo, device };
}

/** Paid in cash: said so, or nothing said (the exact amount in cash). */
const paysCash = (body: Body) => !body.payment || body.payment.method === 'CASH';

/** The receipt of an earlier counter sale (reprint, mail). */
export async function getSale(deps: Deps, store: StoreRow, orderId: string) {
  const sale = await withStore(deps.db, store.id, (tx) => saleView(tx, store, orderId));
  if (!sale) throw notFound('Sale not found');
  return sale;
}

function checkDistinctLines(lines: Line[]) {
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    const k = l.variant_id ?? l.product_id;
    if (seen.has(k)) {
      throw badRequest('A product is listed twice: change its quantity instead', [
        { path: `product_id.${i}`, message: 'A product is listed twice: change its quantity instead' },
      ]);
    }
    seen.add(k);
  });
}

export const lineIds = (lines: Line[]): [string[], string[]] => [
  lines.filter((l) => !l.variant_id).map((l) => l.product_id),
  lines.flatMap((l) => (l.variant_id ? [l.variant_id] : [])),
];

/** A stable hash of what was asked, so a key reused with another bill is refused. */
function requestHash(body: Body) {
  const canon = {
    // What was sold, not at which price: a sale sent online and then queued offline under the same key (its
    // answer lost) is the same sale (issue 43).
    lines: [...body.product_id]
      .map((l) => ({ product_id: l.product_id, variant_id: l.variant_id, quantity: l.quantity }))
      .sort((a, b) => (a.variant_id ?? a.product_id).localeCompare(b.variant_id ?? b.product_id)),
    customer: [body.name, body.phone, body.email ?? null, body.gst_number ?? null],
    discount: [body.discount_type, body.discount_value],
    total: body.total_bill_amount,
    payment: body.payment ?? null,
  };
  return createHash('sha256').update(JSON.stringify(canon)).digest('hex');
}

/** A key seen before in this shop (by anyone): the same bill gets the first sale back; another bill is refused. */
async function replayed(tx: Tx, key: string, hash: string) {
  const prior = await ordersRepo.findPosRequest(tx, key);
  if (!prior || prior.requestHash !== hash) {
    throw conflict(
      'This Idempotency-Key was already used for a different bill. Send a new key for a new sale.',
      'IDEMPOTENCY_KEY_REUSED',
    );
  }
  if (!prior.orderId) throw conflict('This sale is still being made. Try again in a moment.', 'IN_PROGRESS');
  return prior.orderId;
}

/**
 * A line that names a product with options but no variant is refused with the variants to choose from (400,
 * `product_id.N.variant_id`), rather than "not found": the product is there, the line is incomplete.
 */
export async function checkVariantsNamed(tx: Tx, asked: Line[], rows: repo.SellableRow[]) {
  const missing = asked
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => !l.variant_id && !rows.some((r) => r.productId === l.product_id));
  if (!missing.length) return;
  const choices = await repo.variantChoices(
    tx,
    missing.map(({ l }) => l.product_id),
  );
  for (const { l, i } of missing) {
    const own = choices.filter((c) => c.productId === l.product_id);
    if (!own.length) continue;
    const names = own.map((c) => c.variantLabel ?? c.sku ?? c.variantId).join(', ');
    const message = `${own[0]?.name} comes in ${own.length} variants: choose one in variant_id (${names})`;
    throw new AppError(400, 'VALIDATION_FAILED', message, {
      reason: 'VARIANT_REQUIRED',
      issues: [{ path: `product_id.${i}.variant_id`, message }],
      details: {
        product_id: l.product_id,
        variants: own.map((c) => ({
          variant_id: c.variantId,
          label: c.variantLabel,
          sku: c.sku,
          price: paiseToRupees(c.pricePaise),
          stock: c.stock,
        })),
      },
    });
  }
}

/** Each line as the database prices it now; a product that is not this shop's, or not sold, is not found. */
export function priceLines(asked: Line[], rows: repo.SellableRow[], gstRegistered: boolean): PricedLine[] {
  return asked.map((l, i) => {
    const row = rows.find((r) =>
      l.variant_id ? r.variantId === l.variant_id : r.productId === l.product_id,
    );
    if (!row || row.productId !== l.product_id) {
      throw new AppError(404, 'NOT_FOUND', 'Product not found', {
        issues: [{ path: `product_id.${i}.product_id`, message: 'Product not found' }],
      });
    }
    if (l.quantity > row.stock) throw outOfStock(row, row.stock, i);
    return { ...row, quantity: l.quantity, ratePercent: gstRegistered ? Number(row.taxPercent) : 0 };
  });
}

/** The server's figures for the bill; the screen's must agree, else 409 with the server's. */
function checkTotals(body: Body, lines: PricedLine[]) {
  const totals = posTotals(
    lines.map((l) => ({ unitPricePaise: l.pricePaise, quantity: l.quantity, ratePercent: l.ratePercent })),
    { type: body.discount_type, value: body.discount_value },
  );
  if (totals.discountProblem) {
    throw badRequest(totals.discountProblem, [{ path: 'discount_value', message: totals.discountProblem }]);
  }
  const sent = {
    sub_total: rupeesToPaise(body.sub_total),
    discount_amount: rupeesToPaise(body.discount_amount),
    tax: rupeesToPaise(body.tax),
    total_bill_amount: rupeesToPaise(body.total_bill_amount),
  };
  const ours = {
    sub_total: totals.subtotalPaise,
    discount_amount: totals.discountPaise,
    tax: totals.taxPaise,
    total_bill_amount: totals.totalPaise,
  };
  const wrong = (Object.keys(ours) as (keyof typeof ours)[]).filter((k) => sent[k] !== ours[k]);
  if (body.total_items !== totals.items) wrong.push('total_items' as never);
  if (wrong.length) {
    throw new AppError(
      409,
      'CONFLICT',
      `The bill's total is ${inr(totals.totalPaise)} now (prices or stock changed). Check the bill and take payment again.`,
      {
        reason: 'TOTALS_CHANGED',
        details: {
          sub_total: paiseToRupees(ours.sub_total),
          discount_amount: paiseToRupees(ours.discount_amount),
          tax: paiseToRupees(ours.tax),
          total_bill_amount: paiseToRupees(ours.total_bill_amount),
          total_items: totals.items,
          items: lines.map((l) => ({
            product_id: l.productId,
            variant_id: l.variantId,
            price: paiseToRupees(l.pricePaise),
          })),
        },
        issues: wrong.map((k) => ({ path: k, message: `${k} does not match the server's figure` })),
      },
    );
  }
  return totals;
}

export type { PosCheckoutBody };
