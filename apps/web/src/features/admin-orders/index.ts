/** Order Management and the order page of the back office (issue 12). */
export { OrderDetailPage } from './order-detail-page.tsx';
export { OrderManagementPage } from './order-management-page.tsx';
