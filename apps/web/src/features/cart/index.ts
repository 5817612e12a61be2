// The cart feature's public face for other features: its query key, who owns the cart here and the add-to-cart
// mutation.
export { cartKey, useCartOwner } from './cart-query.ts';
export { useAddToCart } from './use-add-to-cart.ts';
