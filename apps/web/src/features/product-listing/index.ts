// The product listing's public face for other features: the page fetcher and the storefront's numbered pagination.
export { fetchPage } from './fetch-page.ts';
export { Pagination } from './pagination.tsx';
