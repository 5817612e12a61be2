/** Transaction Management, the transaction page and refunds (issue 13). */
export { TransactionDetailPage } from './transaction-detail-page.tsx';
export { TransactionManagementPage } from './transaction-management-page.tsx';
