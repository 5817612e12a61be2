import type { CustomerSummary } from '@haat/contracts';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { loadToasts } from '../../lib/toast.ts';
import { useOnline } from '../../lib/use-online.ts';
import {
  catalogueStatus,
  ensureCounter,
  loadCatalogue,
  refreshCatalogue,
  subscribeCatalogue,
} from './offline-catalogue.ts';
import { onChange } from './offline-db.ts';
import {
  knownCustomer,
  type QueueSnapshot,
  readQueue,
  rememberCustomer,
  syncQueue,
} from './offline-queue.ts';
import { loadQr } from './offline-sale.ts';
import { useStockConflicts } from './stock-conflicts.tsx';

/** How often the catalogue is refreshed (only what changed) while online. */
const REFRESH_MS = 3 * 60_000;
/** How often sales still waiting are tried again while the browser says it is online. */
const RETRY_MS = 20_000;

const EMPTY: QueueSnapshot = { waiting: [], person: [], settled: [] };

/** The queue as stored (null until first read), read again whenever it changes in this tab or another. */
function useQueue(slug: string) {
  const [queue, setQueue] = useState<QueueSnapshot | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      void readQueue(slug)
        .then((q) => live && setQueue(q))
        .catch(() => {});
    read();
    const stop = onChange(slug, (what) => {
      if (what === 'queue') read();
      else void loadCatalogue(slug).catch(() => {});
    });
    return () => {
      live = false;
      stop();
    };
  }, [slug]);
  return queue;
}

/**
 * The counter's offline side (issue 43). Opened online, it sends what is waiting, registers the device as a counter
 * once, downloads the catalogue (then only what changed, every few minutes), and keeps the QR library loaded; it
 * sends the queue again whenever the network comes back. Returns the network, the catalogue's and the queue's state.
 */
export function useOfflineCounter(slug: string) {
  const online = useOnline();
  const catalogue = useSyncExternalStore(
    useCallback((fn: () => void) => subscribeCatalogue(slug, fn), [slug]),
    () => catalogueStatus(slug),
  );
  const read = useQueue(slug);
  const queue = read ?? EMPTY;
  const [sending, setSending] = useState(false);
  const conflicts = useStockConflicts(online);
  const { refetch } = conflicts;
  const lastSettled = queue.settled[0]?.id;
  // A sale that went through may have taken the stock below zero: the owner sees it here.
  useEffect(() => {
    if (online && lastSettled !== undefined) void refetch();
  }, [online, lastSettled, refetch]);

  const send = useCallback(async () => {
    setSending(true);
    try {
      return await syncQueue(slug);
    } catch {
      return 'OFFLINE' as const;
    } finally {
      setSending(false);
    }
  }, [slug]);

  useEffect(() => {
    void loadCatalogue(slug).catch(() => {});
    // What a sale offline needs that loads on first use: the QR library and the toasts (the service worker keeps
    // them too, once installed).
    void loadQr().catch(() => {});
    void loadToasts().catch(() => {});
  }, [slug]);

  useEffect(() => {
    if (!online) return;
    const ctl = new AbortController();
    const run = async () => {
      await send();
      // A cashier's device that is not a counter still keeps the catalogue: it searches offline, and sells once
      // the network is back.
      await ensureCounter(slug);
      await refreshCatalogue(slug, ctl.signal).catch(() => false);
    };
    void run();
    const timer = setInterval(() => void run(), REFRESH_MS);
    return () => {
      ctl.abort();
      clearInterval(timer);
    };
  }, [online, slug, send]);

  const waiting = queue.waiting.length;
  useEffect(() => {
    if (!online || !waiting) return;
    const timer = setInterval(() => void send(), RETRY_MS);
    return () => clearInterval(timer);
  }, [online, waiting, send]);

  // `queueRead`: the counts are known (a screen opened again shows none rather than a false zero).
  return {
    online,
    catalogue,
    queue,
    queueRead: read !== null,
    sending,
    send,
    conflicts: conflicts.data ?? [],
  };
}
export type OfflineCounter = ReturnType<typeof useOfflineCounter>;

/**
 * The khata customer of the bill's phone: the server's answer while online (kept on the device when they have a
 * khata), else the copy on the device with its offline sales; null when this device has never seen them.
 */
export function useKhataCustomer(
  slug: string,
  phone: string,
  online: { data: CustomerSummary | null | undefined; failed: boolean },
) {
  const [kept, setKept] = useState<CustomerSummary | null>(null);
  const { data, failed } = online;
  useEffect(() => {
    if (data && (data.credit_limit || data.balance < 0)) void rememberCustomer(slug, data).catch(() => {});
  }, [slug, data]);
  useEffect(() => {
    let live = true;
    setKept(null);
    if (!/^[6-9]\d{9}$/.test(phone)) return;
    void knownCustomer(slug, phone)
      .then((c) => live && setKept(c))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [slug, phone]);
  return navigator.onLine && !failed && data !== undefined ? data : kept;
}
