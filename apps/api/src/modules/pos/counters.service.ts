import {
  counterSeries,
  financialYear,
  offlineReceiptNumber,
  POS_MAX_COUNTERS,
  type PosCounter,
  type PosReceiptVoidBody,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import { recordAudit } from '../../lib/audit.ts';
import type { ShopContext } from '../../lib/context.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';

import { shopTaxProfile } from '../payments/index.ts';

import * as repo from './counters.repository.ts';

/*
 * Counters (issue 43, decision 0034): a device registered once gets the shop's lowest free number 1-99, and with it
 * its own series for the sales it makes offline (I01 for tax invoices, B01 for bills of supply); the device
 * numbers its offline sales and the server takes only the next number of the series.
 */

/** A counter as the device and the owner's list see it, with the next number of its series this year. */
export function counterView(
  row: repo.CounterRow,
  g: { gstRegistered: boolean; now: Date; last: Map<string, number> },
): PosCounter {
  const series = counterSeries(row.number, g.gstRegistered);
  const nextSeq = (g.last.get(series) ?? 0) + 1;
  return {
    id: row.id,
    number: row.number,
    code: `C${String(row.number).padStart(2, '0')}`,
    name: row.name,
    series,
    gst_registered: g.gstRegistered,
    fy: financialYear(g.now),
    next_seq: nextSeq,
    next_number: offlineReceiptNumber(row.number, g.gstRegistered, g.now, nextSeq),
    offline_sales: row.offlineSales,
    last_sync_at: row.lastSyncAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

async function viewAll(tx: Tx, rows: repo.CounterRow[], now: Date) {
  const gstRegistered = !!(await shopTaxProfile(tx)).gstin;
  const series = rows.map((r) => counterSeries(r.number, gstRegistered));
  const last = await repo.lastNumbers(tx, series, financialYear(now));
  return rows.map((r) => counterView(r, { gstRegistered, now, last }));
}

export async function registerCounter({ deps, actor, store, now }: ShopContext, name: string) {
  return withStore(deps.db, store.id, async (tx) => {
    const row = await repo.insertCounter(tx, store.id, {
      name,
      createdBy: actor.userId,
      max: POS_MAX_COUNTERS,
    });
    if (!row) {
      throw conflict(
        `This shop already has ${POS_MAX_COUNTERS} counters, the most it can have.`,
        'TOO_MANY_COUNTERS',
      );
    }
    await recordAudit(tx, store.id, actor, {
      entity: 'SETTINGS',
      entityId: row.id,
      action: 'CREATE',
      summary: `Registered counter C${String(row.number).padStart(2, '0')} "${row.name}" for offline sales`,
      after: { number: row.number, name: row.name },
    });
    const [view] = await viewAll(tx, [row], now());
    return view as PosCounter;
  });
}

export async function listCounters({ deps, store, now }: ShopContext) {
  return withStore(deps.db, store.id, async (tx) => viewAll(tx, await repo.counters(tx), now()));
}

export async function getCounter({ deps, store, now }: ShopContext, id: string) {
  return withStore(deps.db, store.id, async (tx) => {
    const row = await repo.counterById(tx, id);
    if (!row) throw notFound('Counter not found');
    const [view] = await viewAll(tx, [row], now());
    return view as PosCounter;
  });
}

/**
 * The refusal when a counter's sale (or void) names a number that is not the next of its series: a gap (an earlier
 * number is missing) or a number already taken by another sale.
 */
export function seqRefusal(
  got: { seq: number; next: number },
  counter: { number: number; gstRegistered: boolean; soldAt: Date },
) {
  const expected = offlineReceiptNumber(counter.number, counter.gstRegistered, counter.soldAt, got.next);
  const gap = got.seq > got.next;
  const message = gap
    ? `Receipt number ${got.seq} of this counter comes after a missing one: send ${expected} first (or void it).`
    : `Receipt number ${got.seq} of this counter was already used by another sale; the next is ${expected}.`;
  return new AppError(409, 'CONFLICT', message, {
    reason: gap ? 'RECEIPT_SEQ_GAP' : 'RECEIPT_SEQ_TAKEN',
    details: { expected_seq: got.next, expected_number: expected },
    issues: [{ path: 'offline.receipt_seq', message }],
  });
}

/**
 * Takes the next number of a counter's series as cancelled: a queued sale that could not be recorded is voided,
 * so the series goes on without a gap (a cancelled document, as GSTR-1's document summary counts them).
 */
export async function voidReceipt(ctx: ShopContext, id: string, body: PosReceiptVoidBody) {
  const { deps, actor, store } = ctx;
  const soldAt = new Date(body.sold_at);
  return withStore(deps.db, store.id, async (tx) => {
    const row = await repo.counterById(tx, id);
    if (!row) throw notFound('Counter not found');
    const gstRegistered = !!(await shopTaxProfile(tx)).gstin;
    const series = counterSeries(row.number, gstRegistered);
    const fy = financialYear(soldAt);
    const next = await repo.takeCounterSeq(tx, store.id, { series, fy, seq: body.receipt_seq });
    if (next !== body.receipt_seq) {
      throw seqRefusal({ seq: body.receipt_seq, next }, { number: row.number, gstRegistered, soldAt });
    }
    const number = offlineReceiptNumber(row.number, gstRegistered, soldAt, body.receipt_seq);
    await repo.insertReceipt(tx, {
      storeId: store.id,
      counterId: row.id,
      series,
      fy,
      seq: body.receipt_seq,
      orderId: null,
      soldAt,
      voidReason: body.reason,
      lines: [],
      actorId: actor.userId,
    });
    await repo.touchCounter(tx, row.id, 0);
    await recordAudit(tx, store.id, actor, {
      entity: 'INVOICE',
      entityId: number,
      action: 'DELETE',
      summary: `Voided receipt ${number} of counter "${row.name}": ${body.reason}`,
      after: { number, reason: body.reason },
    });
    const [view] = await viewAll(tx, [(await repo.counterById(tx, id)) ?? row], ctx.now());
    return view as PosCounter;
  });
}
