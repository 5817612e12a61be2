/** The orders module's public face: other modules, the app and its plugins import only this (issue 41). */
export { receivePayment } from './admin-orders.repository.ts';
export { confirmationOf, isAwaitingConfirmation } from './cod-view.ts';
export { requiresPrepayment } from './customer-record.repository.ts';
export { newOrderVendorMail, orderPlacedMail, orderUpdateMail } from './order-mails.ts';
export { findSettings, findUser } from './order-parties.repository.ts';
export { orderNumber, orderView, viewOrder } from './order-view.ts';
export type { OrderItemRow, OrderRow } from './orders.repository.ts';
export {
  byStockLock,
  claimRequest,
  currentOrderNumber,
  findOrder,
  findPosRequest,
  insertEvent,
  insertItems,
  insertLedger,
  insertOrder,
  insertPayment,
  itemsOf,
  lockOrder,
  nextOrderNumber,
  restockable,
  returnStock,
  STOCK_SHORT,
  settleRequest,
  stockNow,
  takeStock,
  updateOrder,
} from './orders.repository.ts';
export { adminOrderRoutes, orderRoutes } from './orders.routes.ts';
export { cancelInTx } from './orders.service.ts';
