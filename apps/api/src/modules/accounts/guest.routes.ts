import {
  envelope,
  errorEnvelope,
  guestPasswordBody,
  guestStartBody,
  guestVerifyBody,
  otpSent,
  session,
} from '@haat/contracts';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import type { ZodApp } from '../../lib/route-schemas.ts';
import { clientIp, requireShopCustomer } from '../../plugins/auth.ts';

import { errors, realmOf, storeHeader } from './account-route-parts.ts';
import { keepGuestAccount, startGuest, verifyGuest } from './guest.service.ts';

const guestErrors = { ...errors, 409: errorEnvelope };

/** Guest checkout at the shop in store-origin (decision 0031): a code, a session, and later a password. */
export function guestRoutes(app: ZodApp, deps: Deps) {
  app.post('/auth/guest/', {
    schema: {
      tags: ['accounts'],
      summary: 'Check out as a guest: mail a 6-digit code to the email (the same answer for every email)',
      headers: storeHeader,
      body: guestStartBody,
      response: { 202: envelope(otpSent), ...guestErrors },
    },
    handler: async (req, reply) => {
      const b = req.body;
      const realm = await realmOf(deps, req, 'CUSTOMER');
      const data = await startGuest(deps, { realm, email: b.email, name: b.name, ip: clientIp(req) });
      return reply.code(202).send(ok(data, `We sent a 6-digit code to ${b.email}.`));
    },
  });

  app.post('/auth/guest/verify/', {
    schema: {
      tags: ['accounts'],
      summary: "A guest's code: a session at the shop (an email with a Haat account signs that account in)",
      headers: storeHeader,
      body: guestVerifyBody,
      response: { 200: envelope(session), ...guestErrors },
    },
    handler: async (req) => {
      const b = req.body;
      const realm = await realmOf(deps, req, 'CUSTOMER');
      return ok(
        await verifyGuest(deps, { realm, email: b.email, code: b.otp, ip: clientIp(req) }),
        'Email verified',
      );
    },
  });

  app.post('/auth/guest/password/', {
    schema: {
      tags: ['accounts'],
      summary: 'A guest sets a password: their one Haat account, for every shop; answers with a new session',
      headers: storeHeader,
      body: guestPasswordBody,
      response: { 200: envelope(session), ...guestErrors },
    },
    handler: async (req) => {
      const { actor } = await requireShopCustomer(deps, req);
      const data = await keepGuestAccount(deps, actor, req.body.password);
      return ok(data, 'Your password is set: sign in with it at every Haat shop');
    },
  });
}
