import type { SectionName, StoreHome } from '@haat/contracts';
import { SECTION_NAMES } from '@haat/contracts/constants';
import { ApiError, queryApi } from '../../lib/api.ts';
import { useQueries, useQuery } from '../../lib/query.ts';
import { uploadImage } from '../../lib/upload.ts';

/** A vendor's shop as GET /api/store/shop/shop/mine/ lists it. */
export interface MyShop {
  id: string;
  slug: string;
  store_name: string;
  plan: string;
  online_status: string;
  has_address: boolean;
}

/** One stored theme section (GET get-store-theme / POST create-store-theme). */
export interface ThemeSection {
  store_id: string;
  name: SectionName;
  position: number;
  config: Record<string, unknown>;
  is_default: boolean;
}

export const myShopsKey = ['my-shops'] as const;
export const themeKey = (storeId: string, name: SectionName) => ['store-theme', storeId, name] as const;
export const ownerHomeKey = (slug: string) => ['store-home', slug] as const;

/** The signed-in vendor's shop with this id (null when it is not theirs). */
export function useMyShop(storeId: string) {
  return useQuery({
    queryKey: myShopsKey,
    queryFn: ({ signal }) => queryApi<MyShop[]>('/api/store/shop/shop/mine/', { signal }),
    select: (shops) => shops.find((s) => s.id === storeId) ?? null,
  });
}

/** All six theme sections of the shop (the server answers defaults for sections never saved). */
export function useThemeSections(storeId: string) {
  return useQueries({
    queries: SECTION_NAMES.map((name) => ({
      queryKey: themeKey(storeId, name),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        queryApi<ThemeSection>('/api/store/get-store-theme/', { query: { store_id: storeId, name }, signal }),
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
}

/** The shop's home as its owner sees it (works while it is still a draft): products, deals, details. */
export function useOwnerHome(slug: string | undefined) {
  return useQuery({
    queryKey: ownerHomeKey(slug ?? ''),
    enabled: !!slug,
    queryFn: ({ signal }) =>
      queryApi<StoreHome>('/api/store/stores/home/', { storeOrigin: slug, signal, silent: true }),
  });
}

/** Saves one whole section; answers with the section as stored. */
export const saveSection = (storeId: string, name: SectionName, config: unknown) =>
  queryApi<ThemeSection>('/api/store/create-store-theme/', {
    method: 'POST',
    body: { store_id: storeId, name, config: { [name]: config } },
    silent: true,
  });

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Uploads a banner image as a file (the server re-encodes it); answers with its address. */
export const uploadBannerImage = (storeId: string, file: File, token: string) =>
  uploadImage(file, {
    storeId,
    kind: 'banner',
    token,
    errorMessage: 'The image could not be uploaded',
    silent: true,
  });

/** The message of a failed call, for inline errors. */
export const errorText = (err: unknown) =>
  err instanceof ApiError || err instanceof Error ? err.message : 'Something went wrong';
