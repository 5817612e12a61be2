export { stores } from './platform.ts';
export { products } from './tenant.ts';
