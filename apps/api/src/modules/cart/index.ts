/** The cart module's public face: other modules, the app and its plugins import only this (issue 41). */
export type { DeliveryOptionRow } from './cart.repository.ts';
export { addLine, appliedCoupon, listDeliveryOptions, stockAndLine } from './cart.repository.ts';
export { cartRoutes } from './cart.routes.ts';
export { asCustomer, readCart, requireCustomer } from './cart.service.ts';
export { couponDiscount, couponProblem, describeCoupon } from './coupon.ts';
export { deliveryChargePaise, expectedDelivery, toDeliveryOption } from './delivery.ts';
export {
  HELD_BY_OTHERS,
  holdExpiry,
  holdUnits,
  type LineToHold,
  linesToHold,
  releaseHolds,
  releaseOtherHolds,
} from './holds.repository.ts';
