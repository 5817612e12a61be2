// Product display pieces shared by the listing, the product page, the home sections, checkout and orders.
export { LazyWishlistHeart, ProductCard } from './product-card.tsx';
export { ProductPrice } from './product-price.tsx';
export { ProductThumb } from './product-thumb.tsx';
