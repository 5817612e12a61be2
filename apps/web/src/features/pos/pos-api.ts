import type {
  PosCataloguePage,
  PosCheckoutBody,
  PosConflictResolveBody,
  PosCounter,
  PosCustomer,
  PosProduct,
  PosReceiptVoidBody,
  PosSale,
  PosStockConflict,
} from '@haat/contracts';
import { ApiError } from '../../lib/api.ts';
import { useQuery, useQueryClient } from '../../lib/query.ts';
import { adminCall, adminKey, useSelectedShop } from '../../lib/selected-shop.tsx';
import { counterDb, readMeta, writeMeta } from './offline-db.ts';

export type { PosCustomer, PosProduct, PosSale };

export interface CounterInfo {
  shop_name: string;
  upi_id: string | null;
  gst_registered: boolean;
  gstin: string | null;
  legal_name: string | null;
  address: string[];
  phone: string | null;
}

/** The point of sale's calls (02 §7 `order/pos-checkout/` and the counter's look-ups under /api/admin/pos/). */
export const posApi = {
  /** Silent offline: the counter then opens with what the device kept (useCounter). */
  counter: (slug: string, signal?: AbortSignal) =>
    adminCall<CounterInfo>(slug, '/pos/counter/', { signal, silent: !navigator.onLine }),
  search: (slug: string, search: string, signal?: AbortSignal) =>
    adminCall<{ products: PosProduct[] }>(slug, '/pos/products/', {
      query: { search, limit: 20 },
      signal,
      // Silent: with no answer the device's catalogue answers instead (counter-lookups.ts).
      silent: true,
    }),
  /** Silent: the screen shows 'Product not found with this barcode' itself. */
  barcode: (slug: string, code: string) =>
    adminCall<{ product: PosProduct }>(slug, `/pos/barcode/${encodeURIComponent(code)}/`, { silent: true }),
  customer: (slug: string, phone: string, signal?: AbortSignal) =>
    adminCall<{ customer: PosCustomer | null }>(slug, '/pos/customer/', {
      query: { phone },
      signal,
      silent: true,
    }),
  /** Silent: the payment dialog shows what went wrong, and keeps the bill for a retry with the same key. */
  checkout: (slug: string, body: PosCheckoutBody, key: string) =>
    adminCall<PosSale>(slug, '/order/pos-checkout/', {
      method: 'POST',
      body,
      headers: { 'idempotency-key': key },
      silent: true,
    }),
  /** Registers this device as a counter with its own receipt series (owner or manager; 403 for a cashier). */
  registerCounter: (slug: string, name: string) =>
    adminCall<{ counter: PosCounter }>(slug, '/pos/counters/', {
      method: 'POST',
      body: { name },
      silent: true,
    }),
  /** A page of the sellable catalogue for the device: a full read by `cursor`, a refresh from `since`. */
  catalogue: (
    slug: string,
    query: { cursor?: string; since?: string; limit?: number },
    signal?: AbortSignal,
  ) => adminCall<PosCataloguePage>(slug, '/pos/catalogue/', { query, signal, silent: true }),
  /** Cancels the next number of the counter's series (a queued sale discarded); owner or manager. */
  voidReceipt: (slug: string, counterId: string, body: PosReceiptVoidBody) =>
    adminCall<{ counter: PosCounter }>(slug, `/pos/counters/${encodeURIComponent(counterId)}/void/`, {
      method: 'POST',
      body,
      silent: true,
    }),
  /** Offline sales that took stock below zero, still to be looked at (newest first). */
  conflicts: (slug: string, signal?: AbortSignal) =>
    adminCall<{ conflicts: PosStockConflict[] }>(slug, '/pos/conflicts/', {
      query: { status: 'OPEN' },
      signal,
      silent: true,
    }),
  /** The owner's answer to one: the stock counted (set), or accepted as it is. */
  resolveConflict: (slug: string, id: string, body: PosConflictResolveBody) =>
    adminCall<{ conflict: PosStockConflict }>(slug, `/pos/conflicts/${encodeURIComponent(id)}/resolve/`, {
      method: 'POST',
      body,
      silent: true,
    }),
  mailReceipt: (slug: string, orderId: string, email: string) =>
    adminCall<{ email: string }>(slug, `/order/pos-checkout/${encodeURIComponent(orderId)}/receipt-mail/`, {
      method: 'POST',
      body: { email },
      successToast: true,
    }),
};

export const posKeys = {
  all: (slug: string) => adminKey(slug, 'pos'),
  counter: (slug: string) => adminKey(slug, 'pos', 'counter'),
  search: (slug: string, q: string) => adminKey(slug, 'pos', 'search', q),
  conflicts: (slug: string) => adminKey(slug, 'pos', 'conflicts'),
};

/** The shop as the counter shows it, kept on the device: with no network the counter opens with the copy kept. */
async function counterInfo(slug: string, signal?: AbortSignal): Promise<CounterInfo> {
  const db = await counterDb(slug).catch(() => null);
  try {
    const info = await posApi.counter(slug, signal);
    if (db) void writeMeta(db, 'info', info).catch(() => {});
    return info;
  } catch (e) {
    const kept = db && e instanceof ApiError && e.status === 0 ? await readMeta(db, 'info') : undefined;
    if (kept) return kept;
    throw e;
  }
}

export function useCounter() {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: posKeys.counter(slug),
    queryFn: ({ signal }) => counterInfo(slug, signal),
    enabled: !!shop,
    // Offline too: the copy kept on the device answers (a paused query would leave the counter loading).
    networkMode: 'always',
    staleTime: 60_000,
  });
}

/** After a sale: the product list shows the new stock. */
export function useReloadProducts() {
  const qc = useQueryClient();
  const { shop } = useSelectedShop();
  return () => qc.invalidateQueries({ queryKey: posKeys.all(shop?.slug ?? '') });
}
