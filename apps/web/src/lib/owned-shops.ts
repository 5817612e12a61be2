import type { ShopRole } from '@haat/contracts';
import { queryApi } from './api.ts';
import { useQuery } from './query.ts';
import { readStored, writeStored } from './stored-value.ts';

/** The signed-in vendor's shops (back office): the shop switcher, the selected shop and the status control. */
export interface OwnedShop {
  id: string;
  slug: string;
  store_name: string;
  plan: string;
  online_status: string;
  /** Why the shop is away, or suspended by the platform. */
  status_note?: string | null;
  has_address: boolean;
  /** OWNER, or the person's staff role in this shop (issue 15). */
  role?: ShopRole;
  /** Where shoppers reach the shop: its custom domain, subdomain or /store/{slug}, as its plan gives it. */
  store_url?: string;
}

export const ownedShopsKey = ['owned-shops'] as const;

/** The signed-in vendor's shops, live from the server (the sign-in snapshot goes stale). */
export const useOwnedShops = () =>
  useQuery({ queryKey: ownedShopsKey, queryFn: () => queryApi<OwnedShop[]>('/api/store/shop/shop/mine/') });

const rememberedKey = (userId: string) => `haat.admin.shops.${userId}`;

/**
 * The vendor's shops as they last loaded, with the person's role in each: the installed back office opens offline
 * with them (decision 0035), where the live list cannot load. Null when none were kept.
 */
export function rememberedOwnedShops(userId: string): OwnedShop[] | null {
  try {
    const shops = JSON.parse(readStored(rememberedKey(userId)) ?? 'null') as unknown;
    return Array.isArray(shops) ? (shops as OwnedShop[]) : null;
  } catch {
    return null;
  }
}

export const rememberOwnedShops = (userId: string, shops: OwnedShop[]) =>
  writeStored(rememberedKey(userId), JSON.stringify(shops));
