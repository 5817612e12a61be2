import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../lib/deps.ts';
import { purchaseOrderRoutes } from './purchase-orders.routes.ts';
import { billAndPaymentRoutes, receiptRoutes, supplierAccountRoutes } from './supplier-accounts.routes.ts';

/** Buying stock (issue 38), under /api/admin: purchase orders, goods receipts, supplier bills, payments, statements. */
export const purchaseRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    purchaseOrderRoutes(app, deps);
    receiptRoutes(app, deps);
    billAndPaymentRoutes(app, deps);
    supplierAccountRoutes(app, deps);
  };
