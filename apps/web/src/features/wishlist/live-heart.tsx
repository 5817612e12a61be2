import type { HostInfo, WishlistIds } from '@haat/contracts';
import { useEffect } from 'react';
import { useHost } from '../../app/host.tsx';
import { queryApi } from '../../lib/api.ts';
import { useQuery, useQueryClient } from '../../lib/query.ts';
import { useNavigate } from '../../lib/router.tsx';
import { loginPathFor } from '../../lib/session/session-context.tsx';
import { readSession } from '../../lib/session/session-storage.ts';
import { toast } from '../../lib/toast.ts';
import { HeartButton, type HeartProps } from './heart.tsx';
import { idsKey, SAVE_KEY } from './keys.ts';

/**
 * A signed-in customer's heart: filled when the product is saved at this shop (one query for the saved ids, shared
 * by every heart on the page); a tap saves or removes (heart-actions.ts, loaded on the first tap), and a save kept
 * while the shopper signed in is carried out when they are back.
 */
export default function LiveHeart(p: HeartProps) {
  const host = useHost();
  const slug = host.storeSlug;
  const { data } = useQuery({
    queryKey: idsKey(slug),
    queryFn: ({ signal }) =>
      queryApi<WishlistIds>('/api/store/wishlist/ids/', { storeOrigin: slug, signal, silent: true }),
    staleTime: 60_000,
  });
  const saved = !!data?.product_ids.includes(p.productId);
  const client = useQueryClient();
  const navigate = useNavigate();
  const tap = (resume?: boolean) =>
    import('./heart-actions.ts').then((m) =>
      m.tapHeart({ ...p, host, saved: saved && !resume, resume, client, navigate }),
    );
  // Back from signing in: the save the shopper asked for before (kept in this tab's storage).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the heart appears for a customer
  useEffect(() => {
    let kept: string | null = null;
    try {
      kept = sessionStorage.getItem(SAVE_KEY);
    } catch {
      // Storage blocked: nothing was kept.
    }
    if (kept?.includes(p.productId)) void tap(true);
  }, []);
  return <HeartButton {...p} saved={saved} onTap={() => void tap()} />;
}

/**
 * A heart tapped by a shopper who is not a customer of this shop (signed out, or signed in at another shop): the
 * save is kept in this tab and they are asked to sign in here (where "Continue as" offers their Haat account), then
 * brought back to this page, where their live heart (below) carries it out.
 */
export function signInFirst(host: HostInfo, p: HeartProps) {
  const slug = host.storeSlug;
  // Signed in here already (the tap came while the page was starting): the live heart is on its way.
  if (!slug || customerAt(slug)) return;
  keepSave(slug, p);
  window.location.assign(loginPathFor(host, window.location.pathname + window.location.search, 'customer'));
}

const customerAt = (slug: string) => {
  const s = readSession();
  return s?.role_type === 'CUSTOMER' && s.storeSlug === slug;
};

function keepSave(slug: string, p: HeartProps) {
  try {
    sessionStorage.setItem(
      SAVE_KEY,
      JSON.stringify({ slug, productId: p.productId, variantId: p.variantId, at: Date.now() }),
    );
  } catch {
    // Storage blocked: the shopper taps the heart again after signing in.
  }
}

/**
 * A marketplace result's heart (ShopHeart): saved at once when the shopper is signed in at that shop on this address;
 * otherwise kept, and the shopper signs in at the shop (/store/{slug}, where Continue as offers their Haat account)
 * and is brought to the product's page, whose heart carries it out.
 */
export async function saveAtShop(slug: string, p: HeartProps) {
  const page = `/store/${slug}/product/${p.productId}`;
  if (!customerAt(slug)) {
    keepSave(slug, p);
    window.location.assign(
      `/store/${slug}/login?${new URLSearchParams({ userType: 'customer', redirect: page })}`,
    );
    return;
  }
  try {
    await queryApi('/api/store/wishlist/', {
      method: 'POST',
      storeOrigin: slug,
      body: { product_id: p.productId },
    });
  } catch {
    return; // Announced by the client.
  }
  toast.success('Saved to your wishlist', {
    description: p.name,
    action: { label: 'View wishlist', onClick: () => window.location.assign(`/store/${slug}/wishlist`) },
  });
}
