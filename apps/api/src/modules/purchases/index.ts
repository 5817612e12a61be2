/** The purchases module's public face (issue 38): purchase orders, goods receipts, supplier bills and payments. */
export { purchaseRoutes } from './purchases.routes.ts';
