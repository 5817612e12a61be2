import { type PosCataloguePage, type PosProduct, posStockBadge } from '@haat/contracts';
import { ApiError } from '../../lib/api.ts';
import {
  announce,
  type CounterDatabase,
  counterDb,
  type DeviceCounter,
  readMeta,
  withLock,
  writeMeta,
} from './offline-db.ts';
import {
  buildIndex,
  type CatalogueItem,
  findBarcode,
  type SearchIndex,
  searchIndex,
} from './offline-search.ts';
import { posApi } from './pos-api.ts';

/**
 * The counter's catalogue on the device (issue 43): registered once as a counter, it downloads the shop's sellable
 * catalogue in pages into IndexedDB, refreshes what changed from `since` while online, and answers search and
 * barcodes from memory (offline-search.ts) when the network is not there.
 */

/** Products per page of the download (the API's most). */
const PAGE = 1000;

export interface CatalogueStatus {
  /** Items (products and variants) on this device. */
  count: number;
  /** The index in memory answers searches. */
  ready: boolean;
  downloading: boolean;
  /** When the catalogue was last read from the server in full or refreshed. */
  refreshedAt: string | null;
  counter: DeviceCounter | null;
  /** Why this device cannot sell offline (not registered), in the cashier's words. */
  problem: string | null;
}

interface Runtime {
  index: SearchIndex | null;
  byVariant: Map<string, CatalogueItem>;
  loading: Promise<SearchIndex> | null;
  /** Asked to load while loading: load again after. */
  again: boolean;
  status: CatalogueStatus;
  subscribers: Set<() => void>;
}

const START: CatalogueStatus = {
  count: 0,
  ready: false,
  downloading: false,
  refreshedAt: null,
  counter: null,
  problem: null,
};
const runtimes = new Map<string, Runtime>();

function runtime(slug: string): Runtime {
  let r = runtimes.get(slug);
  if (!r) {
    r = {
      index: null,
      byVariant: new Map(),
      loading: null,
      again: false,
      status: START,
      subscribers: new Set(),
    };
    runtimes.set(slug, r);
  }
  return r;
}

function setStatus(slug: string, patch: Partial<CatalogueStatus>) {
  const r = runtime(slug);
  r.status = { ...r.status, ...patch };
  for (const fn of r.subscribers) fn();
}

/** For useSyncExternalStore: the shop's catalogue status and its changes. */
export const catalogueStatus = (slug: string) => runtime(slug).status;
export function subscribeCatalogue(slug: string, fn: () => void) {
  const r = runtime(slug);
  r.subscribers.add(fn);
  return () => r.subscribers.delete(fn);
}

/** A short name the owner recognises in the counters list: "Android phone, Chrome". */
export function deviceName(ua = navigator.userAgent) {
  const platform = /Android/.test(ua)
    ? 'Android phone'
    : /iPhone|iPad/.test(ua)
      ? 'iPhone or iPad'
      : /Windows/.test(ua)
        ? 'Windows PC'
        : /Mac OS/.test(ua)
          ? 'Mac'
          : /Linux/.test(ua)
            ? 'Linux PC'
            : 'Browser';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Chrome\//.test(ua)
      ? 'Chrome'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'browser';
  return `${platform}, ${browser}`;
}

/**
 * This device as a counter of the shop: registered once (two tabs opening at once wait for each other and share
 * one registration). A cashier cannot register one; the owner or a manager opens the counter once on the device.
 */
export async function ensureCounter(slug: string): Promise<DeviceCounter | null> {
  const db = await counterDb(slug);
  const got = await withLock(
    `haat-counter-register:${slug}`,
    async () => {
      const known = await readMeta(db, 'counter');
      if (known) return known;
      const { counter } = await posApi.registerCounter(slug, deviceName());
      const mine: DeviceCounter = {
        id: counter.id,
        number: counter.number,
        code: counter.code,
        name: counter.name,
        gst_registered: counter.gst_registered,
        fy: counter.fy,
        next_seq: counter.next_seq,
      };
      await writeMeta(db, 'counter', mine);
      return mine;
    },
    true,
  ).catch((e: unknown) => {
    const status = e instanceof ApiError ? e.status : 0;
    if (status === 403)
      setStatus(slug, {
        problem:
          'This device is not set up to sell offline yet: the owner or a manager opens Checkout on it once while online.',
      });
    return null;
  });
  if (got) setStatus(slug, { counter: got, problem: null });
  return got;
}

/** The variants' quantities sold offline and not yet sent: the stock shown is the server's less these. */
async function pendingQuantities(db: CounterDatabase) {
  const pending = new Map<string, number>();
  for (const sale of await db.getAll('queue'))
    for (const line of sale.body.product_id)
      if (line.variant_id) pending.set(line.variant_id, (pending.get(line.variant_id) ?? 0) + line.quantity);
  return pending;
}

/** Stores one page: changed items put, archived and deleted ones dropped. */
async function storePage(db: CounterDatabase, page: PosCataloguePage, pending: Map<string, number>) {
  const tx = db.transaction('items', 'readwrite');
  for (const r of page.removed) void tx.store.delete(r.variant_id);
  for (const i of page.items) {
    if (!i.active) void tx.store.delete(i.variant_id);
    else
      void tx.store.put({
        variant_id: i.variant_id,
        product_id: i.product_id,
        name: i.name,
        variant_label: i.variant_label,
        sku: i.sku,
        barcode: i.barcode,
        price_paise: i.price_paise,
        tax_percentage: i.tax_percentage,
        stock: i.stock - (pending.get(i.variant_id) ?? 0),
        unit: i.unit,
      });
  }
  await tx.done;
}

/**
 * Reads the catalogue from the server into IndexedDB: the whole of it the first time (resuming an interrupted
 * download where it stopped), afterwards only what changed since the last read. One tab at a time.
 */
export async function refreshCatalogue(slug: string, signal?: AbortSignal): Promise<boolean> {
  const db = await counterDb(slug);
  const changed = await withLock(`haat-counter-catalogue:${slug}`, async () => {
    const state = (await readMeta(db, 'catalogue')) ?? {
      cursor: null,
      refresh_from: null,
      refreshed_at: null,
    };
    const since = state.cursor === null && state.refresh_from ? state.refresh_from : undefined;
    let cursor = state.cursor ?? undefined;
    let changes = 0;
    setStatus(slug, { downloading: true });
    try {
      for (;;) {
        const page = await posApi.catalogue(slug, { cursor, since, limit: PAGE }, signal);
        await storePage(db, page, await pendingQuantities(db));
        changes += page.items.length + page.removed.length;
        await keepGstRegistration(db, page.gst_registered);
        if (page.next_cursor) {
          cursor = page.next_cursor;
          if (!since) await writeMeta(db, 'catalogue', { ...state, cursor });
          continue;
        }
        const done = { cursor: null, refresh_from: page.refresh_from, refreshed_at: page.server_time };
        await writeMeta(db, 'catalogue', done);
        setStatus(slug, { refreshedAt: done.refreshed_at });
        return changes;
      }
    } finally {
      setStatus(slug, { downloading: false });
    }
  });
  if (!changed) return false;
  announce(slug, 'catalogue');
  return true;
}

/** The shop took or gave up its GSTIN: this counter's next offline receipts follow (I01 or B01). */
async function keepGstRegistration(db: CounterDatabase, gstRegistered: boolean) {
  const counter = await readMeta(db, 'counter');
  if (counter && counter.gst_registered !== gstRegistered)
    await writeMeta(db, 'counter', { ...counter, gst_registered: gstRegistered });
}

/**
 * (Re)builds the search index from IndexedDB; the searches meanwhile use the previous one. Asked again while it
 * reads, it reads once more after.
 */
export function loadCatalogue(slug: string): Promise<SearchIndex> {
  const r = runtime(slug);
  if (r.loading) {
    r.again = true;
    return r.loading;
  }
  r.loading = (async () => {
    const db = await counterDb(slug);
    const [items, catalogue, counter] = await Promise.all([
      db.getAll('items'),
      readMeta(db, 'catalogue'),
      readMeta(db, 'counter'),
    ]);
    const index = buildIndex(items);
    r.index = index;
    r.byVariant = new Map(index.items.map((i) => [i.variant_id, i]));
    setStatus(slug, {
      count: items.length,
      ready: true,
      refreshedAt: catalogue?.refreshed_at ?? null,
      counter: counter ?? r.status.counter,
    });
    return index;
  })().finally(() => {
    r.loading = null;
    if (r.again) {
      r.again = false;
      void loadCatalogue(slug).catch(() => {});
    }
  });
  return r.loading;
}

/** A catalogue item as the counter's screens take a product. */
export function toPosProduct(i: CatalogueItem): PosProduct {
  return {
    product_id: i.product_id,
    variant_id: i.variant_id,
    name: i.name,
    variant_label: i.variant_label,
    sku: i.sku,
    barcode: i.barcode,
    price: i.price_paise / 100,
    tax_percentage: i.tax_percentage,
    stock: i.stock,
    stock_status: posStockBadge(i.stock),
    unit: i.unit,
    image: null,
  };
}

/** Search on the device (loading the catalogue from IndexedDB first when needed; none downloaded: nothing found). */
export async function searchOnDevice(slug: string, text: string, limit = 20): Promise<PosProduct[]> {
  const index = runtime(slug).index ?? (await loadCatalogue(slug));
  return searchIndex(index, text, limit).map(toPosProduct);
}

/** The product of a barcode (or a SKU typed whole) on the device, or null. */
export async function barcodeOnDevice(slug: string, code: string): Promise<PosProduct | null> {
  const index = runtime(slug).index ?? (await loadCatalogue(slug));
  const item = findBarcode(index, code);
  return item ? toPosProduct(item) : null;
}

/** This tab's copy after a sale on this device: the stock shown goes down at once (IndexedDB is done by the sale). */
export function soldOnDevice(slug: string, lines: { variant_id?: string; quantity: number }[], sign = 1) {
  const r = runtime(slug);
  for (const l of lines) {
    const item = l.variant_id ? r.byVariant.get(l.variant_id) : undefined;
    if (item) item.stock -= sign * l.quantity;
  }
}
