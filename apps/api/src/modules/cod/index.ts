/** The cod module's public face: other modules, the app and its plugins import only this (issue 41). */

export { upsertConfirmation } from './cod.repository.ts';
export { codAdminRoutes, codStoreRoutes } from './cod.routes.ts';
export { confirmLink, newConfirmation } from './cod-confirmation.service.ts';
export { startCodExpiry } from './cod-expiry.ts';
export { codConfirmMail } from './cod-mails.ts';
export type { CodTerms } from './cod-rules.ts';
export { checkoutCod, codTerms } from './cod-rules.ts';
