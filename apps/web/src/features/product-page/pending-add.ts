import { PENDING_KEY, type PendingAdd } from './keep-pending-add.ts';

/** Only for a short while, so an abandoned sign-in does not add it on some later visit. */
const PENDING_MS = 30 * 60_000;

/** The pending add for this product of this shop, removed from storage as it is read. */
export function takePendingAdd(
  slug: string,
  productId: string,
): { quantity: number; variantId?: string } | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    if (!raw) return null;
    const p = JSON.parse(raw) as Partial<PendingAdd>;
    if (p.slug !== slug || p.productId !== productId) return null;
    sessionStorage.removeItem(PENDING_KEY);
    const fresh = typeof p.at === 'number' && Date.now() - p.at < PENDING_MS;
    return fresh && typeof p.quantity === 'number' && p.quantity >= 1
      ? {
          quantity: Math.floor(p.quantity),
          variantId: typeof p.variantId === 'string' ? p.variantId : undefined,
        }
      : null;
  } catch {
    return null;
  }
}
