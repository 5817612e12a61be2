// The product page's pieces other features use: "Notify me when it's back" (the wishlist's sold-out items).
export { default as StockAlert } from './stock-alert.tsx';
