// The wishlist's public face for other features: the heart on product cards and the product page. The wishlist
// page is a lazy route of the storefront face (wishlist-page.tsx); the marketing face hands the marketplace's
// results their heart (shop-heart.tsx), which stays out of the shops' first pages.
export { WishlistHeart } from './heart.tsx';
