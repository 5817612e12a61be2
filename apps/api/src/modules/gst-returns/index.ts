/**
 * The GST returns module's public face (issue 39): GSTR-1 and GSTR-3B of a month (3B with the input tax of the
 * month's supplier bills and expenses, and the cash to pay), and the e-invoice.
 */
export { einvoiceRoutes } from './einvoice.routes.ts';
export { gstReturnRoutes } from './gst-returns.routes.ts';
