export { stores } from './platform.ts';
export { products, productVariants } from './tenant.ts';
