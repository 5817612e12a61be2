// The product listing's public face for other features: the page fetcher the product page reuses.
export { fetchPage } from './fetch-page.ts';
