import type { HostInfo, WishlistIds } from '@haat/contracts';
import { shopBase } from '../../app/paths.ts';
import { queryApi } from '../../lib/api.ts';
import type { QueryClientApi } from '../../lib/query.ts';
import { toast } from '../../lib/toast.ts';
import { idsKey, listKey, SAVE_KEY } from './keys.ts';

/** A save kept while the shopper signs in is carried out only for a short while. */
const PENDING_MS = 30 * 60_000;

type Pending = { slug: string; productId: string; variantId?: string; at: number };

export interface Tap {
  host: HostInfo;
  productId: string;
  variantId?: string;
  name: string;
  saved: boolean;
  /** Back from signing in: carry out the kept save. */
  resume?: boolean;
  client: QueryClientApi;
  navigate: (to: string) => void;
}

function takePending(slug: string, productId: string): Pending | null {
  try {
    const p = JSON.parse(sessionStorage.getItem(SAVE_KEY) ?? 'null') as Pending | null;
    if (p?.slug !== slug || p.productId !== productId) return null;
    sessionStorage.removeItem(SAVE_KEY);
    return Date.now() - p.at < PENDING_MS ? p : null;
  } catch {
    return null;
  }
}

const WISHLIST = '/api/store/wishlist/';

/**
 * Keeps the hearts' list in step with a save or a removal, and has the wishlist page read again. A read of the list
 * still on its way (begun before the change) is cancelled first, so its older answer does not undo the heart.
 */
async function mark(t: Tap, slug: string, saved: boolean) {
  await t.client.cancelQueries({ queryKey: idsKey(slug) });
  t.client.setQueryData<WishlistIds>(idsKey(slug), (old) => {
    const ids = (old?.product_ids ?? []).filter((id) => id !== t.productId);
    return { product_ids: saved ? [t.productId, ...ids] : ids };
  });
  void t.client.invalidateQueries({ queryKey: listKey(slug) });
}

/**
 * A tap on a signed-in customer's heart: saves the product (and the option chosen) or removes it. Back from signing
 * in (`resume`), it carries out the save kept before, if it is this product's and recent.
 */
export async function tapHeart(t: Tap) {
  const slug = t.host.storeSlug;
  if (!slug) return;
  let variantId = t.variantId;
  if (t.resume) {
    const pending = takePending(slug, t.productId);
    if (!pending) return;
    variantId = pending.variantId ?? variantId;
  }
  try {
    await (t.saved ? remove(t, slug) : save(t, slug, variantId));
  } catch {
    // The client announced the failure; the heart stays as it was.
  }
}

async function remove(t: Tap, slug: string) {
  await queryApi(`${WISHLIST}${t.productId}/`, { method: 'DELETE', storeOrigin: slug });
  await mark(t, slug, false);
  toast.success('Removed from your wishlist', { description: t.name });
}

async function save(t: Tap, slug: string, variantId: string | undefined) {
  await queryApi(WISHLIST, {
    method: 'POST',
    storeOrigin: slug,
    body: { product_id: t.productId, ...(variantId ? { variant_id: variantId } : {}) },
  });
  await mark(t, slug, true);
  toast.success('Saved to your wishlist', {
    description: t.name,
    action: {
      label: 'View wishlist',
      onClick: () => t.navigate(`${shopBase(t.host.via, slug)}/wishlist`),
    },
  });
}
