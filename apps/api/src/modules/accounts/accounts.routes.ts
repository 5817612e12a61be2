import {
  changePasswordBody,
  envelope,
  loginBody,
  otpSent,
  profileUpdateBody,
  type Role,
  refreshBody,
  resetPasswordBody,
  sendOtpBody,
  session,
  signupBody,
  signupResult,
  switchShopBody,
  userProfile,
  verifyOtpBody,
} from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import type { ZodApp } from '../../lib/route-schemas.ts';
import { clientIp, requireOwnAccount } from '../../plugins/auth.ts';

import { recordSignIn } from '../audit/index.ts';

import { errors, marketplaceRealm, realmOf, storeHeader } from './account-route-parts.ts';
import type { Realm } from './accounts.service.ts';
import * as accounts from './accounts.service.ts';
import { guestRoutes } from './guest.routes.ts';
import * as profile from './profile.service.ts';
import { logout, refreshSession } from './session.service.ts';
import { switchShop } from './switch-shop.service.ts';

/** Sign-up, sign-in (password or code), codes, password reset, sessions and profile: the user service. */
export const accountsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const everywhere: Place = { path: '/auth', note: '', realm: (req, role) => realmOf(deps, req, role) };
    signUpAndInRoutes(app, deps, everywhere);
    codeRoutes(app, deps, everywhere);
    sessionRoutes(app, deps);
    profileRoutes(app, deps);
    guestRoutes(app, deps);
    marketplaceRoutes(app, deps);
  };

/** Where the sign-up and sign-in calls are: vendors' and shops' customers' (/auth), or the marketplace's (0036). */
interface Place {
  path: string;
  /** Said after each call's summary. */
  note: string;
  realm: (req: FastifyRequest, role: Role) => Promise<Realm> | Realm;
}

const MARKETPLACE: Place = {
  path: '/marketplace/auth',
  note: " (on the marketplace: the shopper's Haat account at no shop; its session acts at no shop)",
  realm: (_req, role) => marketplaceRealm(role),
};

/** Sign-up and sign-in with a password. */
function signUpAndInRoutes(app: ZodApp, deps: Deps, at: Place) {
  app.post(`${at.path}/signup/`, {
    schema: {
      tags: ['accounts'],
      summary: `Sign up (vendors on the platform; customers of the shop in store-origin) and mail a 6-digit code${at.note}`,
      headers: storeHeader,
      body: signupBody,
      response: { 201: envelope(signupResult), ...errors },
    },
    handler: async (req, reply) => {
      const realm = await at.realm(req, req.body.role_name);
      const data = await accounts.signup(deps, realm, req.body, clientIp(req));
      return reply.code(201).send(ok(data, `We sent a 6-digit code to ${req.body.email}.`));
    },
  });

  app.post(`${at.path}/login/`, {
    schema: {
      tags: ['accounts'],
      summary: `Sign in with email and password${at.note}`,
      headers: storeHeader,
      body: loginBody,
      response: { 200: envelope(session), ...errors },
    },
    handler: async (req) => {
      const b = req.body;
      const data = await accounts.login(deps, {
        realm: await at.realm(req, b.role_name),
        email: b.email,
        password: b.password,
        remember: b.remember,
        ip: clientIp(req),
      });
      return ok(data, 'Signed in');
    },
  });
}

/** One-time codes: sending, verifying, resetting a password with one. */
function codeRoutes(app: ZodApp, deps: Deps, at: Place) {
  app.post(`${at.path}/send-otp/`, {
    schema: {
      tags: ['accounts'],
      summary: `Mail a code: email verification (resend), OTP sign-in, or password reset${at.note}`,
      headers: storeHeader,
      body: sendOtpBody,
      response: { 202: envelope(otpSent), ...errors },
    },
    handler: async (req, reply) => {
      const b = req.body;
      const data = await accounts.requestCode(deps, {
        realm: await at.realm(req, b.role_name),
        email: b.email,
        purpose: b.purpose,
        ip: clientIp(req),
      });
      return reply.code(202).send(ok(data, `If an account exists for ${b.email}, a code is on its way.`));
    },
  });

  app.post(`${at.path}/verify-otp/`, {
    schema: {
      tags: ['accounts'],
      summary: `Verify the email or sign in with a code; answers with a session${at.note}`,
      headers: storeHeader,
      body: verifyOtpBody,
      response: { 200: envelope(session), ...errors },
    },
    handler: async (req) => {
      const b = req.body;
      const realm = await at.realm(req, b.role_name);
      const data = await accounts.verifyCode(deps, {
        realm,
        email: b.verification_field,
        code: b.otp,
        purpose: b.purpose,
        remember: b.remember,
        ip: clientIp(req),
      });
      return ok(data, b.purpose === 'LOGIN' ? 'Signed in' : 'Email verified');
    },
  });

  app.post(`${at.path}/reset-password/`, {
    schema: {
      tags: ['accounts'],
      summary: `Set a new password with a reset code; other sessions end${at.note}`,
      headers: storeHeader,
      body: resetPasswordBody,
      response: { 200: envelope(session), ...errors },
    },
    handler: async (req) => {
      const b = req.body;
      const data = await accounts.resetPassword(deps, {
        realm: await at.realm(req, b.role_name),
        email: b.email,
        code: b.otp,
        password: b.password,
        ip: clientIp(req),
      });
      return ok(data, 'Your password has been changed');
    },
  });
}

/** The session: refresh, sign-out. */
function sessionRoutes(app: ZodApp, deps: Deps) {
  app.post('/auth/refresh/', {
    schema: {
      tags: ['accounts'],
      summary: 'Rotate a refresh token; a reused one signs its whole session out',
      body: refreshBody,
      response: { 200: envelope(session), ...errors },
    },
    handler: async (req) => ok(await refreshSession(deps, req.body.refresh_token), 'Session refreshed'),
  });

  app.post('/auth/switch-shop/', {
    schema: {
      tags: ['accounts'],
      summary:
        'Continue as: exchange a session at another shop for one at the shop in store-origin (one Haat shopper account)',
      headers: storeHeader,
      body: switchShopBody,
      response: { 200: envelope(session), ...errors },
    },
    handler: async (req) => {
      const data = await switchShop(deps, {
        realm: await realmOf(deps, req, 'CUSTOMER'),
        refreshToken: req.body.refresh_token,
        ip: clientIp(req),
      });
      return ok(data, 'Signed in');
    },
  });

  app.post('/auth/logout/', {
    schema: {
      tags: ['accounts'],
      summary: 'End the session of a refresh token',
      body: refreshBody.partial(),
      response: { 200: envelope(z.object({ signed_out: z.literal(true) })), ...errors },
    },
    handler: async (req) => {
      await logout(deps, req.body.refresh_token);
      return ok({ signed_out: true as const }, 'Signed out');
    },
  });
}

/**
 * The marketplace's own shopper sign-in (decision 0036): the sign-up, sign-in and code calls for the shopper's Haat
 * account at no shop, and Continue as from a session at a shop.
 */
function marketplaceRoutes(app: ZodApp, deps: Deps) {
  signUpAndInRoutes(app, deps, MARKETPLACE);
  codeRoutes(app, deps, MARKETPLACE);
  app.post('/marketplace/auth/continue/', {
    schema: {
      tags: ['accounts'],
      summary:
        "Continue as: exchange a session at a shop for one on the marketplace (the shopper's Haat account at no shop)",
      body: switchShopBody,
      response: { 200: envelope(session), ...errors },
    },
    handler: async (req) => {
      const data = await switchShop(deps, {
        realm: marketplaceRealm('CUSTOMER'),
        refreshToken: req.body.refresh_token,
        ip: clientIp(req),
      });
      return ok(data, 'Signed in');
    },
  });
}

/** The signed-in user's profile and password (the marketplace's shopper's too, decision 0036). */
function profileRoutes(app: ZodApp, deps: Deps) {
  app.get('/auth/me/', {
    schema: {
      tags: ['accounts'],
      summary: 'The signed-in user',
      headers: storeHeader,
      response: { 200: envelope(userProfile), ...errors },
    },
    handler: async (req) =>
      ok(await profile.getProfile(deps, (await requireOwnAccount(deps, req)).userId), 'Profile fetched'),
  });

  app.put('/auth/me/', {
    schema: {
      tags: ['accounts'],
      summary: 'Edit name and phone',
      headers: storeHeader,
      body: profileUpdateBody,
      response: { 200: envelope(userProfile), ...errors },
    },
    handler: async (req) => {
      const actor = await requireOwnAccount(deps, req);
      return ok(await profile.updateProfile(deps, actor.userId, req.body), 'Profile updated');
    },
  });

  app.post('/auth/change-password/', {
    schema: {
      tags: ['accounts'],
      summary: 'Change the password (the current one is required); other sessions end',
      headers: storeHeader,
      body: changePasswordBody,
      response: { 200: envelope(z.object({ changed: z.literal(true) })), ...errors },
    },
    handler: async (req) => {
      const actor = await requireOwnAccount(deps, req);
      await profile.changePassword(deps, actor, {
        current: req.body.current_password,
        next: req.body.password,
      });
      return ok({ changed: true as const }, 'Your password has been changed');
    },
  });
}

/** The store service's customer sign-up (01 §7: POST store-user/user/ with the store-origin header). */
export const customerSignupRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/store-user/user/', {
      schema: {
        tags: ['accounts'],
        summary: 'Customer sign-up at the shop in store-origin',
        headers: storeHeader,
        body: signupBody,
        response: { 201: envelope(signupResult), ...errors },
      },
      handler: async (req, reply) => {
        const realm = await realmOf(deps, req, 'CUSTOMER');
        const data = await accounts.signup(deps, realm, req.body, clientIp(req));
        return reply.code(201).send(ok(data, `We sent a 6-digit code to ${req.body.email}.`));
      },
    });
  };

/** The admin service's sign-in (02: POST /admin-login/; the response names the vendor's shop slug and id). */
export const adminLoginRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/admin-login/', {
      schema: {
        tags: ['accounts'],
        summary: 'Back-office sign-in for vendors and operators',
        body: loginBody.extend({ role_name: z.enum(['VENDOR', 'ADMIN']).default('VENDOR') }),
        response: { 200: envelope(session), ...errors },
      },
      handler: async (req) => {
        const b = req.body;
        const data = await accounts.login(deps, {
          realm: { role: b.role_name, storeId: null },
          email: b.email,
          password: b.password,
          remember: b.remember,
          ip: clientIp(req),
        });
        if (data.role_type === 'VENDOR') await recordSignIn(deps, data, data.stores, clientIp(req));
        return ok(data, 'Signed in');
      },
    });
  };
