import { useCallback } from 'react';
import { useHost } from '../../app/host.tsx';
import { paths, shopBase } from '../../app/paths.ts';
import { useMutation } from '../../lib/query.ts';
import { useLocation, useNavigate } from '../../lib/router.tsx';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { useCartOwner } from './cart-query.ts';
import { addLine, useCartSend } from './cart-send.ts';

/**
 * Add-to-cart for product cards and the product page: a signed-out visitor is sent to the shop's customer
 * sign-in (and back here afterwards); a customer gets the item added and a toast with a way to the cart.
 */
export function useAddToCart(): (
  productId: string,
  quantity?: number,
  variantId?: string,
) => Promise<boolean> {
  const host = useHost();
  const { customerNow } = useCartOwner();
  const { loginPath } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { mutateAsync } = useMutation(addLine(useCartSend()));
  const base = shopBase(host.via, host.storeSlug);
  return useCallback(
    async (productId: string, quantity = 1, variantId?: string) => {
      if (!customerNow) {
        toast.info('Please login to add items to cart');
        navigate(loginPath(`${location.pathname}${location.search}`, 'customer'));
        return false;
      }
      try {
        await mutateAsync({ productId, variantId, quantity });
      } catch {
        return false;
      }
      toast.success('Added to cart', {
        action: { label: 'View cart', onClick: () => navigate(paths.shop.cart(base)) },
      });
      return true;
    },
    [customerNow, loginPath, navigate, location.pathname, location.search, mutateAsync, base],
  );
}
