import {
  closeRegisterBody,
  envelope,
  openRegisterBody,
  registerHistory,
  registerHistoryQuery,
  registerMovement,
  registerMovementBody,
  registerReport,
  registerSession,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import {
  errorReplies,
  fileReplies,
  idParam,
  storeOriginHeaders,
  type ZodApp,
} from '../../lib/route-schemas.ts';
import { requireVendorStore } from '../../plugins/auth.ts';
import { registerReportPdf } from './register-pdf.ts';
import * as registers from './registers.service.ts';

const tags = ['register'];

/** The day at the counter (issue 38), under /api/admin: open, cash in and out, close, the report, the history. */
export const registerRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    counterRoutes(app, deps);
    closeRoutes(app, deps);
    reportRoutes(app, deps);
  };

/** What the counter's bar shows, opening a register and moving cash in or out of it. */
function counterRoutes(app: ZodApp, deps: Deps) {
  app.get('/register/current/', {
    schema: {
      tags,
      summary: 'The register the signed-in person has open (null when none)',
      headers: storeOriginHeaders,
      response: { 200: envelope(z.object({ session: registerSession.nullable() })), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const session = await registers.currentRegister(shopContext(deps, req, actor, store));
      return ok({ session }, session ? 'Register open' : 'No register open');
    },
  });

  app.post('/register/open/', {
    schema: {
      tags,
      summary:
        'Open a register with its float (409 naming who has it open when it, or one of yours, is open)',
      headers: storeOriginHeaders,
      body: openRegisterBody,
      response: { 201: envelope(registerSession), ...errorReplies },
    },
    handler: async (req, reply) => {
      const { store, actor } = await requireVendorStore(deps, req);
      const session = await registers.openRegister(shopContext(deps, req, actor, store), { body: req.body });
      return reply.code(201).send(ok(session, `${session.register_name} opened`));
    },
  });

  app.post('/register/:id/movement/', {
    schema: {
      tags,
      summary: 'Cash put into (IN) or taken out of (OUT) an open register, with its reason',
      headers: storeOriginHeaders,
      params: idParam,
      body: registerMovementBody,
      response: { 201: envelope(registerMovement), ...errorReplies },
    },
    handler: async (req, reply) => {
      const { store, actor, role } = await requireVendorStore(deps, req);
      const m = await registers.addMovement(shopContext(deps, req, actor, store), {
        id: req.params.id,
        role,
        body: req.body,
      });
      return reply.code(201).send(ok(m, m.kind === 'IN' ? 'Cash in recorded' : 'Cash out recorded'));
    },
  });
}

function closeRoutes(app: ZodApp, deps: Deps) {
  app.post('/register/:id/close/', {
    schema: {
      tags,
      summary:
        'Close a register with the cash counted (or its notes and coins): expected, counted and difference recorded; ' +
        'answers the closing report (409 when already closed)',
      headers: storeOriginHeaders,
      params: idParam,
      body: closeRegisterBody,
      response: { 200: envelope(registerReport), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor, role } = await requireVendorStore(deps, req);
      const report = await registers.closeRegister(shopContext(deps, req, actor, store), {
        id: req.params.id,
        role,
        body: req.body,
      });
      return ok(report, `${report.session.register_name} closed`);
    },
  });
}

/** The history of registers and one register's closing report, as JSON and PDF. */
function reportRoutes(app: ZodApp, deps: Deps) {
  app.get('/register/', {
    schema: {
      tags,
      summary:
        "Registers' history, newest first, with each day's totals per cashier (a cashier sees their own)",
      headers: storeOriginHeaders,
      querystring: registerHistoryQuery,
      response: { 200: envelope(registerHistory), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor, role } = await requireVendorStore(deps, req);
      const history = await registers.registerHistory(shopContext(deps, req, actor, store), {
        query: req.query,
        role,
      });
      return ok(history, 'Registers fetched');
    },
  });

  app.get('/register/:id/', {
    schema: {
      tags,
      summary:
        "A register's closing report: float, each figure of the expected cash, movements, the difference",
      headers: storeOriginHeaders,
      params: idParam,
      response: { 200: envelope(registerReport), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor, role } = await requireVendorStore(deps, req);
      const report = await registers.registerReport(shopContext(deps, req, actor, store), {
        id: req.params.id,
        role,
      });
      return ok(report, 'Register fetched');
    },
  });

  app.get('/register/:id/report.pdf', {
    schema: {
      tags,
      summary: "A register's closing report as PDF",
      headers: storeOriginHeaders,
      params: idParam,
      response: fileReplies('application/pdf', 'The closing report'),
    },
    handler: async (req, reply) => {
      const { store, actor, role } = await requireVendorStore(deps, req);
      const report = await registers.registerReport(shopContext(deps, req, actor, store), {
        id: req.params.id,
        role,
      });
      const day = report.session.opened_at.slice(0, 10);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="register-${day}.pdf"`)
        .send(await registerReportPdf(report));
    },
  });
}
