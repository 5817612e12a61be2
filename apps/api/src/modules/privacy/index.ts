/** The privacy module's public face (decision 0032): "Your Haat account" and deleting it. */
export { marketplaceAccountRoutes, privacyRoutes } from './privacy.routes.ts';
