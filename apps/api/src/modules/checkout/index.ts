/** The checkout module's public face: other modules, the app and its plugins import only this (issue 41). */
export { findAddress } from './checkout.repository.ts';
export { checkoutRoutes } from './checkout.routes.ts';
export { addressesAtEveryShop } from './other-shop-addresses.ts';
export { placeOrderRoutes } from './place-order.routes.ts';
