/** The back office's audit trail (issue 15). */
export { AuditTrailPage } from './audit-trail-page.tsx';
export { ChangeLog } from './change-log.tsx';
