/** The GST returns module's public face (issue 39): GSTR-1 and GSTR-3B of a month from the issued documents. */
export { einvoiceRoutes } from './einvoice.routes.ts';
export { gstReturnRoutes } from './gst-returns.routes.ts';
