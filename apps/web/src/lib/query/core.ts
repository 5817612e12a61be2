import { startTransition, useEffect, useState } from 'react';
import { announceFailure } from '../api.ts';
import type * as Engine from './engine.ts';

/**
 * TanStack Query's engine (query-core, about 10 kB gzip), loaded when a page first needs it instead of with every
 * shop's first page (issue 18, decision 0016). A shop page the server rendered paints and hydrates from the data
 * sent with it (app/initial-data.ts) without the engine; the engine loads when a query has something to fetch, a
 * mutation runs, or the shopper first touches, types or focuses anything (`loadOnFirstInput`). The server, the
 * back office and the marketing site import it statically and install it at once (`installQueryCore`).
 */
export type QueryCore = typeof Engine;

let core: QueryCore | null = null;
let loading: Promise<QueryCore> | null = null;
const listeners = new Set<() => void>();

/** Makes `c` the engine every client and hook uses from now on (once; later calls change nothing). */
export function installQueryCore(c: QueryCore) {
  if (core) return;
  core = c;
  for (const listener of listeners) listener();
}

/**
 * The engine, loading it on the first call. A failed load (offline) is announced once, as any call that cannot
 * reach the server is (lib/api.ts), and tried again on the next call.
 */
export function loadQueryCore(): Promise<QueryCore> {
  if (core) return Promise.resolve(core);
  loading ??= import('./engine.ts').then(
    (c) => {
      installQueryCore(c);
      return c;
    },
    (error: unknown) => {
      loading = null;
      announceFailure(0, undefined);
      throw error;
    },
  );
  return loading;
}

/** The engine if it is here (null before it has loaded). */
export const queryCore = () => core;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * The engine, re-rendering the caller when it arrives. That re-render gives every query and mutation of the page its
 * TanStack observer at once (on a product page: the shop's home data, the cart, the buy box, the reviews), tens of
 * milliseconds on a phone: as a transition, React does it in slices and keeps the page responsive meanwhile (issue
 * 37), where an external store's update would be one synchronous task. Each hook answers correctly with or without
 * the engine, so a component that renders in between with the engine already (a new one) or still without it is
 * right either way.
 */
export function useQueryCore() {
  const [c, setCore] = useState(queryCore);
  useEffect(() => {
    if (c) return;
    const arrived = () => startTransition(() => setCore(queryCore()));
    if (core) arrived(); // it came between this render and now
    return subscribe(arrived);
  }, [c]);
  return c;
}

/** Loads the engine on the page's first touch, key or focus: what a shopper does next probably needs it. */
export function loadOnFirstInput(target: Pick<Document, 'addEventListener' | 'removeEventListener'>) {
  const events = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
  const load = () => {
    for (const e of events) target.removeEventListener(e, load, true);
    loadQueryCore().catch(() => {
      // Announced; the next query or mutation tries again.
    });
  };
  for (const e of events) target.addEventListener(e, load, { capture: true, passive: true });
}
