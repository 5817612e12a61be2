/** The cart module's public face: other modules, the app and its plugins import only this (issue 41). */
export { addLine, appliedCoupon, stockAndLine } from './cart.repository.ts';
export { cartRoutes } from './cart.routes.ts';
export { asCustomer, readCart, requireCustomer } from './cart.service.ts';
export { couponDiscount, couponProblem, describeCoupon } from './coupon.ts';
