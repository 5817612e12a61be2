import { can, type ShopOperation, type ShopRole } from '@haat/contracts';
import { useSelectedShop } from './selected-shop.tsx';

/**
 * The person's role in the selected shop: OWNER, or their staff role (issue 15). Null while it is not known yet
 * (the sign-in snapshot has no roles), so nothing a role may not do flashes on screen.
 */
export function useShopRole(): ShopRole | null {
  const { shop, loading } = useSelectedShop();
  if (!shop) return null;
  return shop.role ?? (loading ? null : 'OWNER');
}

/** Whether the person may do `op` in the selected shop (the same table the server checks). */
export const useCan = (op: ShopOperation) => can(useShopRole(), op);
