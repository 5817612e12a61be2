import { dashboardQuery, dashboardStats, envelope } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, storeOriginHeaders } from '../../lib/route-schemas.ts';
import { requireVendorStore } from '../../plugins/auth.ts';
import { getDashboard } from './dashboard.service.ts';

/** The back office's dashboard (admin service, 02 §7 "GET dashboard stats": both paths seen, admin/dashboard/ and dashboard/dashboard-analytics/). */
export const dashboardRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const url of ['/dashboard/', '/dashboard/dashboard-analytics/']) {
      app.get(url, {
        schema: {
          tags: ['dashboard'],
          summary:
            "The selected shop's figures for a period (monthly, quarterly, yearly): revenue, orders, inventory, profit, customers, low stock, average order value, return rate, a revenue series and recent activity",
          headers: storeOriginHeaders,
          querystring: dashboardQuery,
          response: { 200: envelope(dashboardStats), ...errorReplies },
        },
        handler: async (req) => {
          const { store } = await requireVendorStore(deps, req);
          return ok(await getDashboard(deps, store, req.query.period), 'Dashboard fetched');
        },
      });
    }
  };
