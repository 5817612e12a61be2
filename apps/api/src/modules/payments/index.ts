/** The payments module's public face: other modules, the app and its plugins import only this (issue 41). */

export { taxDocumentPdf } from './document-pdf.ts';
export type { ShopTaxProfile } from './documents.service.ts';
export { documentRow, issueInvoice } from './documents.service.ts';
export { nextDocumentSeq, shopTaxProfile } from './payments.repository.ts';
export { adminPaymentRoutes, customerInvoiceRoutes } from './payments.routes.ts';
export { documentSummary, orderInvoicePdf } from './payments.service.ts';
