import {
  counterSeries,
  financialYear,
  formatPaise,
  lineName,
  offlineReceiptNumber,
  POS_OFFLINE_CLOCK_SKEW_MS,
  POS_OFFLINE_MAX_AGE_DAYS,
  type posCheckoutBody,
} from '@haat/contracts';
import { type StoreTx, schema, type Tx } from '@haat/db';
import type { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';

import { enqueueMail, type MailMessage } from '../mail/index.ts';
import type { StoreRow } from '../stores/index.ts';

import * as counters from './counters.repository.ts';
import { seqRefusal } from './counters.service.ts';
import type * as repo from './pos.repository.ts';
import { type PricedLine, whyNotSold } from './pos-writes.ts';

/*
 * A sale made offline at a registered counter (issue 43, decision 0034), synced with the `offline` object: its
 * number is the counter's next of its series (taken first, so a gap or a number used twice is refused before
 * anything is written), its time is when it was sold, each line costs what the device showed, and its stock is
 * taken even below zero: the shortfall is a conflict listed for the owner, with a mail, never a refusal.
 */

type Body = z.output<typeof posCheckoutBody>;
type Line = Body['product_id'][number];

/** What the sale's writes need to know about its offline side. */
export interface OfflineFacts {
  counter: counters.CounterRow;
  gstRegistered: boolean;
  series: string;
  fy: string;
  seq: number;
  number: string;
  soldAt: Date;
}

/** An offline sale's lines each carry the price shown; an online sale's carry none. */
export function checkLinePrices(body: Body) {
  body.product_id.forEach((l, i) => {
    const has = l.unit_price_paise !== undefined;
    if (has === !!body.offline) return;
    const message = body.offline
      ? 'unit_price_paise is required on each line of a sale made offline'
      : 'unit_price_paise is sent only for a sale made offline (with offline)';
    throw badRequest(message, [{ path: `product_id.${i}.unit_price_paise`, message }]);
  });
}

/** The offline sale's counter, time and number, checked: a counter of this shop, sold in the last 30 days. */
export function offlineFacts(
  sent: NonNullable<Body['offline']>,
  counter: counters.CounterRow | null,
  g: { gstRegistered: boolean; now: Date },
): OfflineFacts {
  if (!counter) {
    const message = 'This counter is not registered in this shop';
    throw new AppError(404, 'NOT_FOUND', message, { issues: [{ path: 'offline.counter_id', message }] });
  }
  const soldAt = new Date(sent.sold_at);
  const age = g.now.getTime() - soldAt.getTime();
  if (age < -POS_OFFLINE_CLOCK_SKEW_MS || age > POS_OFFLINE_MAX_AGE_DAYS * 86_400_000) {
    const message =
      age < 0
        ? 'offline.sold_at is in the future: check the counter’s clock'
        : `offline.sold_at is more than ${POS_OFFLINE_MAX_AGE_DAYS} days ago: such a sale cannot be synced`;
    throw badRequest(message, [{ path: 'offline.sold_at', message }]);
  }
  const number = offlineReceiptNumber(counter.number, g.gstRegistered, soldAt, sent.receipt_seq);
  if (sent.receipt_number !== undefined && sent.receipt_number !== number) {
    const message = `The receipt is ${number} in this counter's series, not ${sent.receipt_number}`;
    throw new AppError(409, 'CONFLICT', message, {
      reason: 'RECEIPT_NUMBER_MISMATCH',
      details: { expected_number: number },
      issues: [{ path: 'offline.receipt_number', message }],
    });
  }
  return {
    counter,
    gstRegistered: g.gstRegistered,
    series: counterSeries(counter.number, g.gstRegistered),
    fy: financialYear(soldAt),
    seq: sent.receipt_seq,
    number,
    soldAt,
  };
}

/**
 * Each line at the price the device showed (the customer paid it), the shop's price now kept beside it; a product
 * archived meanwhile is still sold (it was on sale when sold), one deleted is not found.
 */
export function priceOfflineLines(asked: Line[], rows: repo.SellableRow[], gstRegistered: boolean) {
  return asked.map((l, i): PricedLine & { listPricePaise: number } => {
    const row = rows.find((r) =>
      l.variant_id ? r.variantId === l.variant_id : r.productId === l.product_id,
    );
    if (!row || row.productId !== l.product_id) {
      throw new AppError(404, 'NOT_FOUND', 'Product not found', {
        issues: [{ path: `product_id.${i}.product_id`, message: 'Product not found' }],
      });
    }
    return {
      ...row,
      pricePaise: l.unit_price_paise ?? row.pricePaise,
      listPricePaise: row.pricePaise,
      quantity: l.quantity,
      ratePercent: gstRegistered ? Number(row.taxPercent) : 0,
    };
  });
}

/**
 * Takes the sale's number (a gap or a number taken is refused, 409) and then its stock, line by line in the order
 * every sale locks in, below zero if need be: the stock after each line.
 */
export async function takeOffline(tx: Tx, storeId: string, off: OfflineFacts, lines: PricedLine[]) {
  const byLock = [...lines].sort(
    (a, b) => a.productId.localeCompare(b.productId) || a.variantId.localeCompare(b.variantId),
  );
  // One round trip: the number first, then each line's stock (a refused number rolls the stock back with it).
  const [next, ...after] = await Promise.all([
    counters.takeCounterSeq(tx, storeId, off),
    ...byLock.map((l) => counters.takeOfflineStock(tx, storeId, l.variantId, l.quantity)),
  ]).catch((e) => {
    throw whyNotSold([e], lines);
  });
  if (next !== off.seq) {
    throw seqRefusal(
      { seq: off.seq, next: next ?? 0 },
      { number: off.counter.number, gstRegistered: off.gstRegistered, soldAt: off.soldAt },
    );
  }
  return new Map(byLock.map((l, i) => [l.variantId, after[i] ?? 0]));
}

/**
 * Sends the offline side's rows with the sale: the number taken (with the prices shown and the shop's), the
 * counter's last sync, and for each line that took the stock below zero a conflict and one mail to the owner.
 */
export function sendOfflineRecord(
  tx: Tx,
  send: StoreTx['send'],
  s: {
    store: StoreRow;
    actor: Actor;
    off: OfflineFacts;
    orderId: string;
    lines: (PricedLine & { listPricePaise?: number })[];
    stockAfter: Map<string, number>;
  },
) {
  const { store, off, orderId, lines } = s;
  send(
    counters.insertReceipt(tx, {
      storeId: store.id,
      counterId: off.counter.id,
      series: off.series,
      fy: off.fy,
      seq: off.seq,
      orderId,
      soldAt: off.soldAt,
      voidReason: null,
      lines: lines.map((l) => ({
        variant_id: l.variantId,
        quantity: l.quantity,
        shown_paise: l.pricePaise,
        list_paise: l.listPricePaise ?? l.pricePaise,
      })),
      actorId: s.actor.userId,
    }),
  );
  send(counters.touchCounter(tx, off.counter.id, 1));
  const short = lines.filter((l) => (s.stockAfter.get(l.variantId) ?? 0) < 0);
  if (!short.length) return;
  send(
    tx.insert(schema.posStockConflicts).values(
      short.map((l) => ({
        storeId: store.id,
        orderId,
        counterId: off.counter.id,
        productId: l.productId,
        variantId: l.variantId,
        quantitySold: l.quantity,
        stockAfter: s.stockAfter.get(l.variantId) ?? 0,
      })),
    ),
  );
  if (store.ownerEmail) send(enqueueMail(tx, conflictMail(store, off, short, s.stockAfter)));
}

/** The owner's notice: which lines of which receipt took more than the stock, and what the stock is now. */
function conflictMail(
  store: StoreRow,
  off: OfflineFacts,
  short: PricedLine[],
  stockAfter: Map<string, number>,
): MailMessage & { to: string } {
  const when = off.soldAt.toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const lines = short.map(
    (l) =>
      `${lineName(l.name, l.variantLabel, l.sku)}: ${l.quantity} sold at ${formatPaise(l.pricePaise)} each, stock now ${stockAfter.get(l.variantId)}`,
  );
  const text = [
    `Counter "${off.counter.name}" sold more than the stock while it was offline (receipt ${off.number}, ${when}):`,
    '',
    ...lines,
    '',
    'The sale is recorded. Count these items and resolve the conflict in Point of sale, Stock conflicts.',
  ].join('\n');
  return {
    to: store.ownerEmail ?? '',
    storeId: store.id,
    subject: `Stock below zero after an offline sale at ${store.storeName}`,
    text,
  };
}

/**
 * A sale first sent online whose answer was lost, then queued offline under the same key with a number of the
 * counter's series: the key answers with the first sale, and that number, if it is the series' next, is voided as
 * "billed online", so the series goes on (a number on paper is never left untaken).
 */
export async function voidBilledOnline(
  tx: Tx,
  s: {
    storeId: string;
    actorId: string;
    sent: NonNullable<Body['offline']>;
    counter: counters.CounterRow;
    gstRegistered: boolean;
    orderId: string;
  },
) {
  if (await counters.receiptOf(tx, s.orderId)) return;
  const soldAt = new Date(s.sent.sold_at);
  const series = counterSeries(s.counter.number, s.gstRegistered);
  const fy = financialYear(soldAt);
  const seq = s.sent.receipt_seq;
  if ((await counters.takeCounterSeq(tx, s.storeId, { series, fy, seq })) !== seq) return;
  const invoice = await counters.invoiceNumberOf(tx, s.orderId);
  await counters.insertReceipt(tx, {
    storeId: s.storeId,
    counterId: s.counter.id,
    series,
    fy,
    seq,
    orderId: null,
    soldAt,
    voidReason: `Billed online as ${invoice ?? 'an earlier sale'}`,
    lines: [],
    actorId: s.actorId,
  });
  await counters.touchCounter(tx, s.counter.id, 0);
}

/** What the counter is told about an offline sale: its number, and the lines that went below zero. */
export async function offlineOutcome(tx: Tx, orderId: string, counterId: string) {
  const [receipt, conflicts] = await Promise.all([
    counters.receiptOf(tx, orderId),
    counters.conflictsOf(tx, orderId),
  ]);
  const number = receipt
    ? `${receipt.series}/${receipt.fy.slice(2)}/${String(receipt.seq).padStart(5, '0')}`
    : null;
  return { counter_id: receipt?.counterId ?? counterId, receipt_number: number, stock_conflicts: conflicts };
}
