/** The catalog module's public face: other modules, the app and its plugins import only this (issue 41). */
export { cardsFrom } from './catalog.repository.ts';
export { catalogRoutes } from './catalog.routes.ts';
export {
  listProductCategories,
  listProducts,
  listShopOptions,
  loadListingPage,
  loadStoreHome,
  toProductCard,
} from './catalog.service.ts';
export { productExists } from './product.repository.ts';
export { productRoutes } from './product.routes.ts';
export { getProduct } from './product.service.ts';
export { findVariantToSell, variantLabelSql, variantPriceNow } from './variants.repository.ts';
