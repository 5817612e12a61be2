import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import swagger from '@fastify/swagger';
import { envelope } from '@haat/contracts';
import type { Db } from '@haat/db';
import { sql } from 'drizzle-orm';
import Fastify, {
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { applyAnnouncement, type CacheBus } from './lib/cache-bus.ts';
import type { Deps } from './lib/deps.ts';
import { ok } from './lib/envelope.ts';
import { registerRequestContext } from './lib/request-context.ts';
import { TtlCache } from './lib/ttl-cache.ts';

import {
  accountsRoutes,
  adminLoginRoutes,
  customerSignupRoutes,
  SESSION_CHECK_MS,
} from './modules/accounts/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { booksRoutes } from './modules/books/index.ts';
import { cartRoutes } from './modules/cart/index.ts';
import { catalogRoutes, productRoutes } from './modules/catalog/index.ts';
import { checkoutRoutes, placeOrderRoutes } from './modules/checkout/index.ts';
import { codAdminRoutes, codStoreRoutes } from './modules/cod/index.ts';
import { customerRoutes } from './modules/customers/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { engagementRoutes } from './modules/engagement/index.ts';
import { adminGatewayRoutes, storeGatewayRoutes, testGatewayRoutes } from './modules/gateway/index.ts';
import { einvoiceRoutes, gstReturnRoutes } from './modules/gst-returns/index.ts';
import { inventoryRoutes } from './modules/inventory/index.ts';
import { mailRoutes } from './modules/mail/index.ts';
import { mediaRoutes, uploadRoutes } from './modules/media/index.ts';
import { newsletterRoutes } from './modules/newsletter/index.ts';
import { geocodeRoutes, onboardingRoutes } from './modules/onboarding/index.ts';
import { adminOrderRoutes, orderRoutes } from './modules/orders/index.ts';
import { adminPaymentRoutes, customerInvoiceRoutes, issueInvoice } from './modules/payments/index.ts';
import { pincodeRoutes } from './modules/pincode/index.ts';
import { platformRoutes } from './modules/platform/index.ts';
import { adminPolicyRoutes, storePolicyRoutes } from './modules/policies/index.ts';
import { posRoutes } from './modules/pos/index.ts';
import { marketplaceAccountRoutes, privacyRoutes } from './modules/privacy/index.ts';
import { purchaseRoutes } from './modules/purchases/index.ts';
import { registerRoutes } from './modules/registers/index.ts';
import { shopSettingsRoutes } from './modules/shop-settings/index.ts';
import { staffRoutes } from './modules/staff/index.ts';
import { storesRoutes } from './modules/stores/index.ts';
import { visitRoutes } from './modules/visits/index.ts';
import { whatsAppRoutes } from './modules/whatsapp/index.ts';
import { wishlistRoutes } from './modules/wishlist/index.ts';

import { registerApiDocs } from './plugins/api-docs.ts';
import { registerShopPermissions } from './plugins/auth.ts';
import { registerCompression } from './plugins/compress.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { recordRoutes } from './plugins/route-table.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { DEFERRED_BOOT_CSP, registerWeb } from './plugins/web.ts';

export interface BuildOptions {
  db: Db;
  config: Config;
  /** Token and code secret; defaults to AUTH_SECRET, else a random one for this process. */
  authSecret?: Uint8Array;
  /** Other processes share the database: what they forget, this one forgets too (`lib/cache-bus.ts`). */
  cacheBus?: CacheBus | null;
  logger?: FastifyServerOptions['logger'];
}

/** How long /api/health waits for the database before it answers 503. */
const HEALTH_DB_WAIT_MS = 2000;

export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the Fastify app (tests call this and use app.inject); server.ts listens. */
export async function buildApp({ db, config, logger, authSecret, cacheBus }: BuildOptions) {
  const app = createFastify(config, logger);
  registerBasics(app);
  const deps = createDeps({ db, config, authSecret, cacheBus });
  cacheBus?.subscribe((payload) => applyAnnouncement(deps, payload));
  registerShopPermissions(app, deps);
  registerSecurityHeaders(app);
  await registerOpenApi(app);
  registerHealth(app, db);
  await registerModules(app, deps);
  await registerWeb(app, deps, config.WEB_DIST ?? defaultWebDist);
  return app;
}

type App = ReturnType<typeof createFastify>;

/** The Fastify instance: request ids, trusted proxies, router and body limits, and a bad address's envelope. */
function createFastify(config: Config, logger: BuildOptions['logger']) {
  return Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Only named proxies may report the client's address: rate limits key on req.ip. A hop count trusts that many
    // addresses nearest the server (what proxy-addr does for a number, which Fastify's types do not name).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_addr: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1_048_576,
    // A path that is not valid percent-encoding never reaches a route or the error handler: it still leaves as
    // the failure envelope, naming what is wrong (found by the fuzzer once it checked every answer's shape).
    frameworkErrors: (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
      const bad = err.code === 'FST_ERR_BAD_URL';
      const message = bad ? 'The address is not valid (malformed percent-encoding)' : 'Invalid request';
      void reply.code(400).send({
        success: false,
        message,
        error: { code: 'VALIDATION_FAILED', issues: [{ path: 'url', message }] },
        requestId: req.id,
      });
    },
  }).withTypeProvider<ZodTypeProvider>();
}

/** Zod validation and serialisation, the request id header, then the plugins every request passes through. */
function registerBasics(app: App) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  recordRoutes(app);
  registerRequestContext(app);
  registerErrorHandling(app);
  registerInputGuard(app);
  registerCompression(app);
}

/** What every module is handed: the database, config, the auth secret and this process's caches. */
function createDeps({ db, config, authSecret, cacheBus }: Omit<BuildOptions, 'logger'>): Deps {
  return {
    db,
    config,
    authSecret:
      authSecret ?? (config.AUTH_SECRET ? new TextEncoder().encode(config.AUTH_SECRET) : randomBytes(32)),
    storeCache: new TtlCache(10_000),
    storefrontCache: new TtlCache(2_000, 5_000),
    sessionCache: new TtlCache(SESSION_CHECK_MS, 50_000),
    crossProcess: !!cacheBus,
  };
}

/** Security headers with the content security policy. */
function registerSecurityHeaders(app: App) {
  securityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // 'wasm-unsafe-eval' lets WebAssembly compile (no JS eval): the point of sale's camera scan reads barcodes with
        // ZXing in WebAssembly where the browser has no BarcodeDetector; the .wasm comes from our own assets.
        // The hash is the loader of a server-rendered shop page's code (plugins/web.ts).
        // Razorpay's Checkout (issue 44): its script, loaded only when a shopper pays online, opens its frames.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", DEFERRED_BOOT_CSP, 'https://checkout.razorpay.com'],
        frameSrc: ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
        // The order-success confetti (canvas-confetti) draws in a worker it starts from a blob: URL.
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

/** The OpenAPI document built from the route schemas, and its pages at /api/docs. */
async function registerOpenApi(app: App) {
  await app.register(swagger, {
    openapi: {
      // 3.1: schemas are JSON Schema 2020-12 (`type: ['string', 'null']`), so any JSON Schema validator reads them.
      openapi: '3.1.0',
      info: {
        title: 'Haat API',
        version: '1.0.0',
        description:
          'User, store and admin services. Every response uses the { success, data, message } envelope.',
      },
      tags: [
        { name: 'stores', description: 'Shop directory (store service)' },
        { name: 'storefront', description: 'Public shop catalogue (store service)' },
        { name: 'accounts', description: 'Sign-up, sign-in, codes, sessions, profile (user service)' },
        {
          name: 'onboarding',
          description: 'Shop registration wizard, domains, theme, launch (store service)',
        },
        { name: 'cart', description: 'Customer cart and coupons (store service)' },
        { name: 'newsletter', description: 'User service' },
        { name: 'system' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  registerApiDocs(app, '/api/docs');
}

/** GET /api/health: liveness and a database check. */
function registerHealth(app: App, db: Db) {
  app.get('/api/health', {
    schema: {
      tags: ['system'],
      summary: 'Liveness and database check',
      response: {
        200: envelope(z.object({ status: z.literal('ok') })),
        503: envelope(z.object({ status: z.literal('degraded') })).extend({ success: z.literal(true) }),
      },
    },
    // A load balancer's check (docs/deploy.md): 503 while the database does not answer within 2 s, or while the
    // server drains (Fastify answers 503 to requests that arrive once closing has begun).
    handler: async (_req, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer')), HEALTH_DB_WAIT_MS);
      });
      try {
        await Promise.race([db.execute(sql`select 1`), late]);
        return ok({ status: 'ok' as const }, 'Healthy');
      } catch {
        return reply.code(503).send(ok({ status: 'degraded' as const }, 'Database unreachable'));
      } finally {
        clearTimeout(timer);
      }
    },
  });
}

/** Every module's routes under its prefix, in this order (the web app's catch-all comes after, in buildApp). */
async function registerModules(app: App, deps: Deps) {
  const config = deps.config;
  await app.register(newsletterRoutes(deps), { prefix: '/api/user' });
  await app.register(accountsRoutes(deps), { prefix: '/api/user' });
  await app.register(marketplaceAccountRoutes(deps), { prefix: '/api/user' });
  await app.register(customerSignupRoutes(deps), { prefix: '/api/store' });
  await app.register(onboardingRoutes(deps), { prefix: '/api/store' });
  await app.register(geocodeRoutes(deps), { prefix: '/api/store' });
  await app.register(uploadRoutes(deps));
  await app.register(adminLoginRoutes(deps), { prefix: '/api/admin' });
  await app.register(storesRoutes(deps), { prefix: '/api/store' });
  await app.register(catalogRoutes(deps), { prefix: '/api/store' });
  await app.register(productRoutes(deps), { prefix: '/api/store' });
  await app.register(cartRoutes(deps), { prefix: '/api/store' });
  await app.register(checkoutRoutes(deps), { prefix: '/api/store' });
  await app.register(customerInvoiceRoutes(deps), { prefix: '/api/store' });
  await app.register(placeOrderRoutes(deps), { prefix: '/api/store' });
  await app.register(orderRoutes(deps), { prefix: '/api/store' });
  await app.register(codStoreRoutes(deps), { prefix: '/api/store' });
  await app.register(pincodeRoutes(deps), { prefix: '/api/store' });
  await app.register(privacyRoutes(deps), { prefix: '/api/store' });
  await app.register(wishlistRoutes(deps), { prefix: '/api/store' });
  await app.register(storeGatewayRoutes(deps), { prefix: '/api/store' });
  await app.register(codAdminRoutes(deps), { prefix: '/api/admin' });
  await app.register(adminGatewayRoutes(deps), { prefix: '/api/admin' });
  // Transactions, invoices and refunds (payments), then Order Management, which issues an invoice on shipping.
  await app.register(adminPaymentRoutes(deps), { prefix: '/api/admin' });
  await app.register(gstReturnRoutes(deps), { prefix: '/api/admin' });
  await app.register(einvoiceRoutes(deps), { prefix: '/api/admin' });
  await app.register(adminOrderRoutes(deps, { issueInvoice }), { prefix: '/api/admin' });
  await app.register(posRoutes(deps), { prefix: '/api/admin' });
  await app.register(purchaseRoutes(deps), { prefix: '/api/admin' });
  await app.register(customerRoutes(deps), { prefix: '/api/admin' });
  await app.register(registerRoutes(deps), { prefix: '/api/admin' });
  await app.register(platformRoutes(deps), { prefix: '/api/platform' });
  await app.register(dashboardRoutes(deps), { prefix: '/api/admin' });
  await app.register(booksRoutes(deps), { prefix: '/api/admin' });
  await app.register(shopSettingsRoutes(deps), { prefix: '/api/admin' });
  await app.register(inventoryRoutes(deps), { prefix: '/api/admin' });
  await app.register(auditRoutes(deps), { prefix: '/api/admin' });
  await app.register(staffRoutes(deps), { prefix: '/api/admin' });
  await app.register(engagementRoutes(deps), { prefix: '/api/store' });
  await app.register(visitRoutes(deps), { prefix: '/api/store' });
  await app.register(storePolicyRoutes(deps), { prefix: '/api/store' });
  await app.register(adminPolicyRoutes(deps), { prefix: '/api/admin' });
  await app.register(whatsAppRoutes(deps), { prefix: '/api/admin' });
  await app.register(mediaRoutes(), { prefix: '/media' });
  if (config.NODE_ENV !== 'production') await app.register(mailRoutes(deps));
  if (config.NODE_ENV !== 'production') await app.register(testGatewayRoutes(deps));
}
