// The wishlist's public face for other features: the heart on product cards and the product page. The wishlist
// page is a lazy route of the storefront face (wishlist-page.tsx).
export { WishlistHeart } from './heart.tsx';
