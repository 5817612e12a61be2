import { auditPage, auditPeople, auditQuery, envelope } from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compiledSerializer } from '../../lib/compiled-serializer.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, fileReplies, storeOriginHeaders } from '../../lib/route-schemas.ts';
import { requireVendorStore } from '../../plugins/auth.ts';
import * as audit from './audit.service.ts';

/** The back office's audit trail (02 §2 Audit), under /api/admin. */
export const auditRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Busy reads of a long trail: replies written by a compiled serializer (as the storefront's; strictly checked
    // against the zod schema outside production).
    const serializerCompiler = compiledSerializer(deps.config.NODE_ENV !== 'production');
    app.get('/audit-trail/', {
      serializerCompiler,
      schema: {
        tags: ['audit'],
        summary:
          'A page of the shop’s audit trail, newest first: filters by person, kind, action, IST date range and a search',
        headers: storeOriginHeaders,
        querystring: auditQuery,
        response: { 200: envelope(auditPage), ...errorReplies },
      },
      handler: async (req) => {
        const { store } = await requireVendorStore(deps, req);
        return ok(await audit.listAudit(deps, store, req.query), 'Audit trail fetched');
      },
    });

    app.get('/audit-trail/people/', {
      serializerCompiler,
      schema: {
        tags: ['audit'],
        summary: 'The people who appear in the shop’s audit trail',
        headers: storeOriginHeaders,
        response: { 200: envelope(auditPeople), ...errorReplies },
      },
      handler: async (req) => {
        const { store } = await requireVendorStore(deps, req);
        return ok(await audit.auditPeople(deps, store), 'People fetched');
      },
    });

    app.get('/audit-trail/export.csv', {
      schema: {
        tags: ['audit'],
        summary: `The filtered audit trail as CSV (every match, up to ${audit.AUDIT_EXPORT_CAP.toLocaleString('en-IN')})`,
        headers: storeOriginHeaders,
        querystring: auditQuery,
        response: fileReplies('text/csv', 'The audit trail as CSV'),
      },
      handler: async (req, reply) => {
        const { store } = await requireVendorStore(deps, req);
        const csv = await audit.auditCsv(deps, store, req.query);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${store.slug}-audit-trail-${day}.csv"`)
          .send(csv);
      },
    });
  };
