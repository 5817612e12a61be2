/** The shop's customers and their khata (issue 38): the list, a customer, and the counter's look-up of a phone. */
export { CustomerDetailPage } from './customer-detail-page.tsx';
export { CustomerListPage } from './customer-list-page.tsx';
export { useCustomerByPhone, useRefreshCustomers } from './customers-api.ts';
