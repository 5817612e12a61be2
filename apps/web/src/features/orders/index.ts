// The orders feature's public face for other features (checkout, the profile): query keys, labels, the totals list
// and a guest's "Set a password to keep your account".
export { KeepAccount } from './keep-account.tsx';
export { PAYMENT_METHOD_LABELS } from './order-facts.tsx';
export { itemsText } from './order-status.tsx';
export { orderKey, ordersKey } from './orders-api.ts';
export { TotalsList } from './totals-list.tsx';
