import { createContext, type ReactNode, use, useCallback, useMemo, useState } from 'react';
import { type CallOptions, queryApi } from './api.ts';
import { type OwnedShop, useOwnedShops } from './owned-shops.ts';
import { useQueryClient } from './query.ts';
import { useSession } from './session/session-context.tsx';
import { readStored, writeStored } from './stored-value.ts';

export type { OwnedShop };

export interface SelectedShopApi {
  /** The shop every back-office call is about (sent as the store-origin header); null when the vendor has none. */
  shop: OwnedShop | null;
  /** All of the vendor's shops (the switcher shows when there are several). */
  shops: OwnedShop[];
  /** True until the vendor's shops are known (the sign-in snapshot is used meanwhile). */
  loading: boolean;
  selectShop: (slug: string) => void;
}

const SelectedShopContext = createContext<SelectedShopApi | null>(null);

const storageKey = (userId: string) => `haat.admin.shop.${userId}`;

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

  const shops = useMemo<OwnedShop[]>(
    () =>
      owned.data ??
      (session?.stores ?? []).map((s) => ({ ...s, plan: 'basic', has_address: true }) satisfies OwnedShop),
    [owned.data, session?.stores],
  );
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

  const api = useMemo<SelectedShopApi>(
    () => ({ shop, shops, loading: owned.isPending, selectShop }),
    [shop, shops, owned.isPending, selectShop],
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
