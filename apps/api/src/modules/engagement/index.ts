/** The engagement module's public face: other modules, the app and its plugins import only this (issue 41). */
export { confirmPlatformNewsletter, subscribeToPlatformNewsletter } from './confirmation.service.ts';
export { findStoreForMail } from './engagement.repository.ts';
export { CHECK_MAIL, engagementRoutes } from './engagement.routes.ts';
export { limitSubscriptions, normalise } from './engagement.service.ts';
export { startSaleNotifier } from './sale-notifier.ts';
