import { type CustomerSummary, financialYear, offlineReceiptNumber, paiseToRupees } from '@haat/contracts';
import type { IDBPObjectStore, StoreNames } from 'idb';
import { ApiError } from '../../lib/api.ts';
import { soldOnDevice } from './offline-catalogue.ts';
import {
  announce,
  type CounterDatabase,
  type CounterDb,
  counterDb,
  type DeviceCounter,
  type QueuedSale,
  readMeta,
  type SettledSale,
  withLock,
} from './offline-db.ts';
import { type OfflineSaleInput, offlineBody, offlineReceipt } from './offline-sale.ts';
import { posApi } from './pos-api.ts';

/**
 * The sales made offline (issue 43), exactly once: each is stored with its Idempotency-Key and the counter's next
 * receipt number in one IndexedDB transaction (two tabs never take the same number), and sent when the network is
 * back, in order, one at a time, under a Web Lock so two tabs of the device never send at once. A sale leaves the
 * queue only in the transaction that stores the server's answer: a tab closed mid-send sends it again, with the
 * same key, on the next open, and the server answers the first sale.
 */

export class NotACounter extends Error {}

/** Done sales kept on the device for the panel. */
const KEEP_SETTLED = 200;

/**
 * Stores a sale made offline: the counter's next number (1 again in a new financial year), the body with each
 * line's price shown, the receipt as printed, the stock shown less what was sold and, on khata, the customer's
 * balance as this device knows it. The same key twice is the same sale.
 */
export async function queueSale(
  slug: string,
  input: OfflineSaleInput,
  key: string,
  now = new Date(),
): Promise<QueuedSale> {
  const db = await counterDb(slug);
  const tx = db.transaction(['meta', 'queue', 'items', 'customers'], 'readwrite');
  const already = (await tx.objectStore('queue').getAll()).find((s) => s.key === key);
  if (already) return already;
  const counter = (await tx.objectStore('meta').get('counter')) as DeviceCounter | undefined;
  if (!counter) throw new NotACounter('This device is not set up as a counter');
  const fy = financialYear(now);
  const seq = counter.fy === fy ? counter.next_seq : 1;
  const number = offlineReceiptNumber(counter.number, counter.gst_registered, now, seq);
  const soldAt = now.toISOString();
  const offline = { counter_id: counter.id, receipt_seq: seq, receipt_number: number, sold_at: soldAt };
  const sale: QueuedSale = {
    key,
    seq,
    number,
    sold_at: soldAt,
    body: offlineBody(input, offline),
    receipt: offlineReceipt(input, number, soldAt),
    state: 'WAITING',
    problem: null,
    tries: 0,
  };
  await tx.objectStore('meta').put({ ...counter, fy, next_seq: seq + 1 }, 'counter');
  const id = await tx.objectStore('queue').add(sale);
  await changeStock(tx.objectStore('items'), sale, -1);
  if (input.payment.method === 'CREDIT') {
    const phone = sale.receipt.customer.phone;
    const known = await tx.objectStore('customers').get(phone);
    const total = sale.receipt.total_bill_amount;
    if (known) await tx.objectStore('customers').put({ ...known, balance: known.balance + total });
  }
  await tx.done;
  soldOnDevice(slug, sale.body.product_id);
  announce(slug, 'queue');
  return { ...sale, id };
}

/** The stock shown on this device moves by the sale's quantities (`sign` -1 sold, +1 discarded). */
async function changeStock<S extends ArrayLike<StoreNames<CounterDb>>>(
  store: IDBPObjectStore<CounterDb, S, 'items', 'readwrite'>,
  sale: QueuedSale,
  sign: 1 | -1,
) {
  for (const line of sale.body.product_id) {
    if (!line.variant_id) continue;
    const item = await store.get(line.variant_id);
    if (item) await store.put({ ...item, stock: item.stock + sign * line.quantity });
  }
}

export interface QueueSnapshot {
  waiting: QueuedSale[];
  /** Refused by the server: a person retries or discards them (the sales behind wait). */
  person: QueuedSale[];
  /** Newest first. */
  settled: SettledSale[];
}

/** What the panel shows: the queue in order and the latest done sales. */
export async function readQueue(slug: string, recent = 20): Promise<QueueSnapshot> {
  const db = await counterDb(slug);
  const queue = await db.getAll('queue');
  const settled: SettledSale[] = [];
  let cursor = await db.transaction('settled').store.openCursor(null, 'prev');
  while (cursor && settled.length < recent) {
    settled.push(cursor.value);
    cursor = await cursor.continue();
  }
  return {
    waiting: queue.filter((s) => s.state === 'WAITING'),
    person: queue.filter((s) => s.state === 'PERSON'),
    settled,
  };
}

/** No answer, or one to try again later (server trouble, session renewal, the same key still being billed). */
const isTransient = (e: ApiError) =>
  e.status === 0 ||
  e.status >= 500 ||
  e.status === 401 ||
  e.status === 408 ||
  e.status === 429 ||
  e.envelope?.error.reason === 'IN_PROGRESS';

/** The server's refusal in full: its message and each field's. */
function refusal(e: ApiError) {
  const issues = e.envelope?.error.issues ?? [];
  return [e.message, ...issues.filter((i) => i.message !== e.message).map((i) => i.message)].join(' · ');
}

type SendOutcome = 'SENT' | 'OFFLINE' | 'BLOCKED';

/** Sends one queued sale; its answer and its leaving the queue are one transaction. */
async function sendOne(
  slug: string,
  db: CounterDatabase,
  sale: QueuedSale & { id: number },
): Promise<SendOutcome> {
  let answer: Awaited<ReturnType<typeof posApi.checkout>>;
  try {
    answer = await posApi.checkout(slug, sale.body, sale.key);
  } catch (e) {
    if (!(e instanceof ApiError) || isTransient(e)) return 'OFFLINE';
    await db.put('queue', { ...sale, state: 'PERSON', problem: refusal(e), tries: sale.tries + 1 });
    announce(slug, 'queue');
    return 'BLOCKED';
  }
  await settle(db, sale, {
    outcome: 'SYNCED',
    order_number: answer.order_number,
    invoice_number: answer.invoice_number,
  });
  announce(slug, 'queue');
  return 'SENT';
}

/** Moves a sale from the queue to the done list, in one transaction. */
async function settle(
  db: CounterDatabase,
  sale: QueuedSale & { id: number },
  how: Pick<SettledSale, 'outcome' | 'order_number' | 'invoice_number'>,
  restock = false,
) {
  const tx = db.transaction(['queue', 'settled', 'items'], 'readwrite');
  const settled = tx.objectStore('settled');
  await settled.put({
    id: sale.id,
    number: sale.number,
    sold_at: sale.sold_at,
    total: sale.receipt.total_bill_amount,
    customer: sale.receipt.customer.name,
    settled_at: new Date().toISOString(),
    ...how,
  });
  await tx.objectStore('queue').delete(sale.id);
  if (restock) await changeStock(tx.objectStore('items'), sale, 1);
  const keys = await settled.getAllKeys();
  for (const k of keys.slice(0, Math.max(0, keys.length - KEEP_SETTLED))) await settled.delete(k);
  await tx.done;
}

export type SyncOutcome = 'DONE' | 'OFFLINE' | 'BLOCKED' | 'BUSY';

/**
 * Sends the queue in order until it is empty (DONE), the network fails (OFFLINE: try again later), a sale is
 * refused (BLOCKED: it and those behind it wait for a person), or another tab is sending it (BUSY).
 */
export async function syncQueue(slug: string): Promise<SyncOutcome> {
  const outcome = await withLock(`haat-counter-sync:${slug}`, async (): Promise<SyncOutcome> => {
    const db = await counterDb(slug);
    for (;;) {
      const next = (await db.transaction('queue').store.openCursor())?.value;
      if (!next || next.id === undefined) return 'DONE';
      if (next.state === 'PERSON') return 'BLOCKED';
      const sent = await sendOne(slug, db, { ...next, id: next.id });
      if (sent !== 'SENT') return sent;
    }
  });
  return outcome ?? 'BUSY';
}

/** A refused sale sent again, with the same key (after the owner fixed what the server said). */
export async function retrySale(slug: string, id: number): Promise<SyncOutcome> {
  const db = await counterDb(slug);
  const sale = await db.get('queue', id);
  if (sale) await db.put('queue', { ...sale, state: 'WAITING', problem: null });
  announce(slug, 'queue');
  return syncQueue(slug);
}

/**
 * A refused sale given up: its number is cancelled on the server (so the series goes on without a gap), it leaves
 * the queue, and its units come back to the stock shown. Returns why not, in the cashier's words, or null.
 */
export async function discardSale(slug: string, id: number, reason: string): Promise<string | null> {
  const db = await counterDb(slug);
  const [sale, counter] = await Promise.all([db.get('queue', id), readMeta(db, 'counter')]);
  if (!sale || !counter) return null;
  try {
    await posApi.voidReceipt(slug, counter.id, { receipt_seq: sale.seq, sold_at: sale.sold_at, reason });
  } catch (e) {
    const err = e instanceof ApiError ? e : null;
    if (!err || err.status === 0) return 'Discarding needs the network: try again when it is back.';
    if (err.status === 403) return 'Only the owner or a manager can discard a sale.';
    return refusal(err);
  }
  await settle(db, { ...sale, id }, { outcome: 'DISCARDED', order_number: null, invoice_number: null }, true);
  soldOnDevice(slug, sale.body.product_id, -1);
  announce(slug, 'queue');
  return null;
}

/** Keeps a khata customer seen online, for a sale on their khata offline. */
export async function rememberCustomer(slug: string, customer: CustomerSummary) {
  await (await counterDb(slug)).put('customers', customer);
}

/** The khata customer of a phone as this device last saw them (with its offline khata sales), or null. */
export async function knownCustomer(slug: string, phone: string): Promise<CustomerSummary | null> {
  return (await (await counterDb(slug)).get('customers', phone)) ?? null;
}

/** The rupees waiting in the queue, for the panel. */
export const queuedTotal = (sales: QueuedSale[]) =>
  paiseToRupees(sales.reduce((n, s) => n + Math.round(s.receipt.total_bill_amount * 100), 0));
