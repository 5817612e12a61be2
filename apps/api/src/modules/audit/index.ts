/** The audit module's public face: other modules, the app and its plugins import only this (issue 41). */
export { auditRoutes } from './audit.routes.ts';
export { listAudit, recordSignIn } from './audit.service.ts';
