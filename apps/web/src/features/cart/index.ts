// The cart feature's public face for other features: its query key and the add-to-cart mutation.
export { cartKey, useAddToCart } from './use-cart.ts';
