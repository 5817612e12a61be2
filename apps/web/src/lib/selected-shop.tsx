import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from 'react';
import { type CallOptions, queryApi } from './api.ts';
import { type OwnedShop, rememberedOwnedShops, rememberOwnedShops, useOwnedShops } from './owned-shops.ts';
import { useQueryClient } from './query.ts';
import { useSession } from './session/session-context.tsx';
import { readStored, writeStored } from './stored-value.ts';
import { useOnline } from './use-online.ts';

export type { OwnedShop };

export interface SelectedShopApi {
  /** The shop every back-office call is about (sent as the store-origin header); null when the vendor has none. */
  shop: OwnedShop | null;
  /** All of the vendor's shops (the switcher shows when there are several). */
  shops: OwnedShop[];
  /** True until the vendor's shops are known (the sign-in snapshot is used meanwhile). */
  loading: boolean;
  selectShop: (slug: string) => void;
  /**
   * The platform operator opens a shop's back office from its console: the shop is added with role OPERATOR
   * (reads only, decision 0021) and selected. Kept across visits like a vendor's choice.
   */
  visitShop: (shop: Omit<OwnedShop, 'role'>) => void;
}

const SelectedShopContext = createContext<SelectedShopApi | null>(null);

const storageKey = (userId: string) => `haat.admin.shop.${userId}`;
const visitKey = (userId: string) => `haat.admin.visit.${userId}`;

/** The shop the operator last opened from its console, if any. */
function storedVisit(userId: string): OwnedShop | null {
  try {
    const shop = JSON.parse(readStored(visitKey(userId)) ?? 'null') as OwnedShop | null;
    return shop?.id && shop.slug ? { ...shop, role: 'OPERATOR' } : null;
  } catch {
    return null;
  }
}

/** Makes `slug` the person's selected shop for their next back-office visit (e.g. a shop they just joined). */
export const rememberShop = (userId: string, slug: string) => writeStored(storageKey(userId), slug);

/**
 * The shop the back office works on. The choice is kept per vendor in localStorage; switching invalidates every
 * query so each screen refetches for the new shop (back-office query keys also carry the slug: `adminKey`).
 */
export function SelectedShopProvider({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const owned = useOwnedShops();
  const queryClient = useQueryClient();
  const userId = session?.userId ?? '';
  // Without a stored choice, the first shop of the sign-in snapshot, pinned: the live list (newest first) may
  // order the shops differently, and the screen must not switch shops under the vendor when it arrives.
  const [chosen, setChosen] = useState<string | null>(
    () => (userId ? readStored(storageKey(userId)) : null) ?? session?.stores[0]?.slug ?? null,
  );

  const operator = session?.role_type === 'ADMIN';
  const [visited, setVisited] = useState<OwnedShop | null>(() =>
    operator && userId ? storedVisit(userId) : null,
  );

  // Offline the live list cannot load: the shops (and roles) as they last loaded stand in (decision 0035).
  const online = useOnline();
  const remembered = useMemo(() => (userId ? rememberedOwnedShops(userId) : null), [userId]);
  useEffect(() => {
    if (userId && owned.data) rememberOwnedShops(userId, owned.data);
  }, [userId, owned.data]);
  const offlineShops = !online && !owned.data ? remembered : null;

  const shops = useMemo<OwnedShop[]>(() => {
    const own =
      owned.data ??
      offlineShops ??
      (session?.stores ?? []).map((s) => ({ ...s, plan: 'basic', has_address: true }) satisfies OwnedShop);
    return visited && !own.some((s) => s.id === visited.id) ? [...own, visited] : own;
  }, [owned.data, offlineShops, session?.stores, visited]);
  const shop = shops.find((s) => s.slug === chosen) ?? shops[0] ?? null;

  const selectShop = useCallback(
    (slug: string) => {
      if (slug === shop?.slug) return;
      setChosen(slug);
      if (userId) writeStored(storageKey(userId), slug);
      // Everything on screen belongs to the previous shop: refetch it all.
      void queryClient.invalidateQueries();
    },
    [queryClient, shop?.slug, userId],
  );

  const visitShop = useCallback(
    (next: Omit<OwnedShop, 'role'>) => {
      const seen: OwnedShop = { ...next, role: 'OPERATOR' };
      setVisited(seen);
      setChosen(next.slug);
      if (userId) {
        writeStored(visitKey(userId), JSON.stringify(seen));
        writeStored(storageKey(userId), next.slug);
      }
      void queryClient.invalidateQueries();
    },
    [queryClient, userId],
  );

  const api = useMemo<SelectedShopApi>(
    () => ({ shop, shops, loading: owned.isPending && !offlineShops, selectShop, visitShop }),
    [shop, shops, owned.isPending, offlineShops, selectShop, visitShop],
  );
  return <SelectedShopContext value={api}>{children}</SelectedShopContext>;
}

export function useSelectedShop(): SelectedShopApi {
  const api = use(SelectedShopContext);
  if (!api) throw new Error('useSelectedShop outside SelectedShopProvider');
  return api;
}

/** A query key of a back-office screen: scoped to the selected shop so switching shops never mixes data. */
export const adminKey = (slug: string | null | undefined, ...parts: unknown[]) =>
  ['admin', slug ?? '', ...parts] as const;

/** A call to the admin service (`/api/admin/...`) for the given shop: bearer token and store-origin header. */
export const adminCall = <T,>(slug: string, path: string, opts: Omit<CallOptions, 'storeOrigin'> = {}) =>
  queryApi<T>(`/api/admin${path}`, { ...opts, storeOrigin: slug });
