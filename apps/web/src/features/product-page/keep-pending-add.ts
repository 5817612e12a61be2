/**
 * An Add to Cart that had to wait for the shopper to sign in: kept in this tab's storage while they sign up or
 * in, and carried out when they are back on the same product (01 §4: "back to this product with the item
 * added"; pending-add.ts reads it, loaded only when something is kept, issue 37).
 */
export const PENDING_KEY = 'haat:pending-add';

export type PendingAdd = {
  slug: string;
  productId: string;
  variantId?: string;
  quantity: number;
  at: number;
};

export function keepPendingAdd(p: Omit<PendingAdd, 'at'>) {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ ...p, at: Date.now() }));
  } catch {
    // Storage blocked: the shopper adds it again after signing in.
  }
}

/** Whether an add waits in this tab (storage blocked: none). */
export function hasPendingAdd() {
  try {
    return sessionStorage.getItem(PENDING_KEY) !== null;
  } catch {
    return false;
  }
}
