// The orders feature's public face for other features (checkout): query keys, labels and the totals list.
export { PAYMENT_METHOD_LABELS } from './order-facts.tsx';
export { itemsText } from './order-status.tsx';
export { orderKey, ordersKey } from './orders-api.ts';
export { TotalsList } from './totals-list.tsx';
