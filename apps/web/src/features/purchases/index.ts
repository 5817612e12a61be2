/** Buying stock (issue 38): purchase orders, receiving goods, supplier bills, payments and statements. */
export { PurchaseDetailPage } from './purchase-detail-page.tsx';
export { PurchaseFormPage } from './purchase-form-page.tsx';
export { PurchaseListPage } from './purchase-list-page.tsx';
export { SupplierAccountsPage } from './supplier-accounts-page.tsx';
