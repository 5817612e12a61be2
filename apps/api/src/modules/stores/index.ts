/** The stores module's public face: other modules, the app and its plugins import only this (issue 41). */
export { contentVersion, nextDealChange } from './content-version.repository.ts';
export { describeHost } from './describe-host.ts';
export { parseHost } from './host.ts';
export { startMarketplaceRefresher } from './marketplace.service.ts';
export { memberRole, memberStores } from './membership.repository.ts';
export type { StoreRow } from './stores.repository.ts';
/** The shop's row by its slug, whatever its status (the platform console); shoppers' reads use findStoreBySlug. */
export {
  addressBookColumns,
  escapeLike,
  findStoreById,
  findStoreBySlug as findStoreRowBySlug,
  shopAddressLines,
  shopState,
} from './stores.repository.ts';
export { storesRoutes } from './stores.routes.ts';
export {
  describeStore,
  findRequestStore,
  findStoreByDomain,
  findStoreBySlug,
  isOpen,
  originOf,
  requireOpenStore,
  requireStore,
  storeUrl,
  unavailable,
} from './stores.service.ts';
