import type { PosProduct } from '@haat/contracts';
import { ApiError } from '../../lib/api.ts';
import { keepPreviousData, useQuery } from '../../lib/query.ts';
import { useSelectedShop } from '../../lib/selected-shop.tsx';
import { barcodeOnDevice, searchOnDevice } from './offline-catalogue.ts';
import { posApi, posKeys } from './pos-api.ts';

/**
 * The counter's look-ups, online or not (issue 43): the server answers while there is a network; with none (the
 * browser offline, or a call with no answer, or the server down) the catalogue on the device does.
 */

const online = () => typeof navigator === 'undefined' || navigator.onLine;

/** No answer from the server (or one saying it is down): the device answers instead. */
const noAnswer = (e: unknown) => !(e instanceof ApiError) || e.status === 0 || e.status >= 500;

/** Products to sell for what was typed: the server's search (best sellers when empty), else the device's. */
export async function searchProducts(
  slug: string,
  text: string,
  signal?: AbortSignal,
): Promise<{ products: PosProduct[] }> {
  if (online()) {
    try {
      return await posApi.search(slug, text, signal);
    } catch (e) {
      if (signal?.aborted || !noAnswer(e)) throw e;
    }
  }
  return { products: await searchOnDevice(slug, text) };
}

/** The product of a scanned or typed barcode, or null when it is not one of the shop's. */
export async function productByBarcode(slug: string, code: string): Promise<PosProduct | null> {
  if (online()) {
    try {
      return (await posApi.barcode(slug, code)).product;
    } catch (e) {
      if (!noAnswer(e)) return null;
    }
  }
  return barcodeOnDevice(slug, code);
}

/** Products to sell as the cashier types: the server's search, or the device's when there is no network. */
export function useProductSearch(search: string) {
  const { shop } = useSelectedShop();
  const slug = shop?.slug ?? '';
  return useQuery({
    queryKey: posKeys.search(slug, search),
    queryFn: ({ signal }) => searchProducts(slug, search, signal),
    enabled: !!shop,
    // Offline too: the device answers then (TanStack Query would pause the query until the network is back).
    networkMode: 'always',
    placeholderData: keepPreviousData,
  });
}
