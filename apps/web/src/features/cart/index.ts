// The cart feature's public face for other features: its query key, who owns the cart here and the add-to-cart
// mutation.
export { cartKey, useAddToCart, useCartOwner } from './use-cart.ts';
