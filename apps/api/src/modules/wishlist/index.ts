/** The wishlist module's public face: other modules, the app and its plugins import only this (issue 40). */
export { wishlistRoutes } from './wishlist.routes.ts';
export { wishlistAtEveryShop } from './wishlist.service.ts';
