/** The mail module's public face: other modules, the app and its plugins import only this (issue 41). */
export { devPage, escapeHtml } from './html.ts';
export { mailRoutes } from './mail.routes.ts';
export type { MailMessage } from './mail.service.ts';
export {
  accountExistsMail,
  backInStockMail,
  brandOf,
  button,
  enqueueMail,
  greeting,
  layout,
  otpMail,
  para,
  saleLiveMail,
  subscriptionConfirmMail,
  welcomeMail,
} from './mail.service.ts';
export type { MailLog } from './mail.worker.ts';
export { startMailWorker } from './mail.worker.ts';
