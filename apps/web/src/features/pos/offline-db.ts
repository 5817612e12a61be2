import type { CustomerSummary, PosCheckoutBody, PosCounter, PosSale } from '@haat/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { CatalogueItem } from './offline-search.ts';
import type { CounterInfo } from './pos-api.ts';

/**
 * What the counter keeps on the device, per shop, in IndexedDB (issue 43): the sellable catalogue, this device's
 * registration as a counter with the next number of its receipt series, the sales made offline waiting to be sent,
 * those that went through, and the khata customers seen here.
 */

/** A sale made offline, in the queue until the server's answer to it is stored. */
export interface QueuedSale {
  /** The queue's order (IndexedDB's own increasing key). */
  id?: number;
  /** The Idempotency-Key: the same on every send. */
  key: string;
  seq: number;
  /** The receipt (and invoice) number printed: I01/26-27/00001. */
  number: string;
  sold_at: string;
  /** As it goes to POST /order/pos-checkout/, with `offline` and each line's price shown. */
  body: PosCheckoutBody;
  /** The receipt as printed, to print again. */
  receipt: PosSale;
  /** WAITING: to be sent; PERSON: the server refused it, a person retries or discards it. */
  state: 'WAITING' | 'PERSON';
  problem: string | null;
  tries: number;
}

/** A queued sale that is done: the server's invoice for it, or the number cancelled when it was discarded. */
export interface SettledSale {
  id: number;
  number: string;
  sold_at: string;
  total: number;
  customer: string;
  outcome: 'SYNCED' | 'DISCARDED';
  order_number: string | null;
  invoice_number: string | null;
  settled_at: string;
}

/** This device's registration: the counter and the next number it gives in the financial year `fy`. */
export type DeviceCounter = Pick<PosCounter, 'id' | 'number' | 'code' | 'name' | 'gst_registered'> & {
  fy: string;
  next_seq: number;
};

export interface CatalogueState {
  /** A full download under way: the page to read next. */
  cursor: string | null;
  /** A full download is done: the `since` of the next refresh. */
  refresh_from: string | null;
  refreshed_at: string | null;
}

interface Meta {
  counter: DeviceCounter;
  catalogue: CatalogueState;
  info: CounterInfo;
}

export interface CounterDb extends DBSchema {
  items: { key: string; value: CatalogueItem };
  meta: { key: keyof Meta; value: Meta[keyof Meta] };
  queue: { key: number; value: QueuedSale };
  settled: { key: number; value: SettledSale };
  customers: { key: string; value: CustomerSummary };
}

export type CounterDatabase = IDBPDatabase<CounterDb>;

const open = new Map<string, Promise<CounterDatabase>>();

/** The shop's database on this device (one per shop the person sells for). */
export function counterDb(slug: string): Promise<CounterDatabase> {
  let db = open.get(slug);
  if (!db) {
    if (typeof indexedDB === 'undefined') return Promise.reject(new Error('This browser keeps no IndexedDB'));
    db = openDB<CounterDb>(`haat-counter-${slug}`, 1, {
      upgrade(d) {
        d.createObjectStore('items', { keyPath: 'variant_id' });
        d.createObjectStore('meta');
        d.createObjectStore('queue', { keyPath: 'id', autoIncrement: true });
        d.createObjectStore('settled', { keyPath: 'id' });
        d.createObjectStore('customers', { keyPath: 'phone' });
      },
      // Another tab opening a newer version: let it, this tab's next call opens again.
      blocking() {
        void db?.then((d) => d.close());
        open.delete(slug);
      },
    });
    open.set(slug, db);
    db.catch(() => open.delete(slug));
  }
  return db;
}

export async function readMeta<K extends keyof Meta>(
  db: CounterDatabase,
  key: K,
): Promise<Meta[K] | undefined> {
  return (await db.get('meta', key)) as Meta[K] | undefined;
}

export const writeMeta = <K extends keyof Meta>(db: CounterDatabase, key: K, value: Meta[K]) =>
  db.put('meta', value, key);

type Change = 'queue' | 'catalogue';
/** Without BroadcastChannel: this tab's listeners. */
const listeners = new Map<string, Set<(what: Change) => void>>();
const hasChannel = () => typeof BroadcastChannel !== 'undefined';

/** Tells every tab of this shop, this one too, that the queue or the catalogue changed. */
export function announce(slug: string, what: Change) {
  if (!hasChannel()) {
    for (const fn of listeners.get(slug) ?? []) fn(what);
    return;
  }
  // A channel's message reaches every other channel of the name, those of this tab included.
  const ch = new BroadcastChannel(`haat-counter-${slug}`);
  ch.postMessage(what);
  ch.close();
}

/** Calls `fn` when this shop's queue or catalogue changes in this tab or another; returns the unsubscribe. */
export function onChange(slug: string, fn: (what: Change) => void) {
  if (!hasChannel()) {
    const set = listeners.get(slug) ?? new Set();
    set.add(fn);
    listeners.set(slug, set);
    return () => set.delete(fn);
  }
  const ch = new BroadcastChannel(`haat-counter-${slug}`);
  ch.onmessage = (e: MessageEvent<Change>) => fn(e.data);
  return () => ch.close();
}

/**
 * Runs `fn` holding the named Web Lock across this device's tabs. `wait: false`: when another tab holds it, null
 * at once and nothing run. Without Web Locks (an old browser), a lock of this tab alone.
 */
export async function withLock<T>(name: string, fn: () => Promise<T>, wait = false): Promise<T | null> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(name, { ifAvailable: !wait }, (lock) => (lock ? fn() : null));
  }
  const before = held.get(name);
  if (before && !wait) return null;
  const run = (before ?? Promise.resolve()).catch(() => {}).then(fn);
  held.set(name, run);
  try {
    return await run;
  } finally {
    if (held.get(name) === run) held.delete(name);
  }
}
const held = new Map<string, Promise<unknown>>();
