/** The gateway module's public face (issue 44): online payments through a payment gateway (Razorpay first). */

export { findGateway } from './gateway.repository.ts';
export { adminGatewayRoutes, storeGatewayRoutes } from './gateway.routes.ts';
export { refundThroughGateway } from './gateway-refunds.ts';
export { runOnlinePaymentExpiry, startOnlinePaymentExpiry } from './online-expiry.ts';
export type { PaymentProvider } from './provider.ts';
export { runGatewayRecon, startGatewayRecon } from './recon.ts';
export { sealer } from './registry.ts';
export { testGatewayRoutes } from './test-gateway.routes.ts';
