import {
  checkDomainBody,
  domainAvailability,
  envelope,
  launchSettings,
  SECTION_NAMES,
  storeAddressBody,
  storeDetailsBody,
  storeDomainBody,
  storePlanBody,
  storeSettingBody,
  themeSectionBody,
} from '@haat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, type ZodApp } from '../../lib/route-schemas.ts';
import { requireActor } from '../../plugins/auth.ts';
import { originOf } from '../stores/index.ts';
import { verifyCustomDomain } from './domain-verification.ts';
import * as launch from './launch.service.ts';
import * as onboarding from './onboarding.service.ts';
import { getRegistration } from './registration-draft.service.ts';

const OWNERS = ['VENDOR', 'ADMIN'] as const;
const dnsRecord = z.object({ type: z.literal('CNAME'), name: z.string(), value: z.string() });
/** One of the signed-in person's shops (GET shop/shop/mine/). */
const myShop = z.object({
  id: z.string(),
  slug: z.string(),
  store_name: z.string(),
  plan: z.string(),
  online_status: z.string(),
  /** Why the shop is away (offline, maintenance) or suspended by the platform. */
  status_note: z.string().nullable().optional(),
  has_address: z.boolean(),
  created_at: z.string(),
  /** OWNER, or the person's staff role in the shop. */
  role: z.enum(['OWNER', 'MANAGER', 'CASHIER', 'PACKER']),
  /** Where shoppers reach the shop: its custom domain, subdomain or /store/{slug}, by its plan. */
  store_url: z.string(),
});

const createdStore = z.object({
  id: z.string(),
  slug: z.string(),
  store_name: z.string(),
  plan: z.string(),
  online_status: z.string(),
});
const themeData = z.object({
  store_id: z.string(),
  name: z.enum(SECTION_NAMES),
  position: z.number(),
  config: z.record(z.string(), z.unknown()),
  is_default: z.boolean(),
});
const registrationDraft = z.object({
  id: z.string(),
  slug: z.string(),
  store_name: z.string(),
  store_category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  phone_number: z.string().nullable(),
  description: z.string().nullable(),
  short_description: z.string().nullable(),
  contact_type: z.string().nullable(),
  contacts: z.array(z.object({ contact_type: z.string(), phone_number: z.string() })),
  image: z.string().nullable(),
  address: z
    .object({
      address_line_1: z.string(),
      address_line_2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      postal_code: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    })
    .nullable(),
  plan: z.string(),
  online_status: z.string(),
  custom_domain: z
    .object({ domain_name: z.string(), verified: z.boolean(), dns_record: dnsRecord })
    .nullable(),
});
const shown = (s: { id: string; slug: string; storeName: string; plan: string; onlineStatus: string }) => ({
  id: s.id,
  slug: s.slug,
  store_name: s.storeName,
  plan: s.plan,
  online_status: s.onlineStatus,
});

/** Vendor onboarding calls of the store service (01 §7): the wizard, domains, theme sections and launch. */
export const onboardingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    shopRoutes(app, deps);
    addressAndPlanRoutes(app, deps);
    domainRoutes(app, deps);
    themeAndSettingRoutes(app, deps);
  };

/** The vendor's shops and the registration's first step: read, create, rename. */
function shopRoutes(app: ZodApp, deps: Deps) {
  app.get('/shop/shop/mine/', {
    schema: {
      tags: ['onboarding'],
      summary: "The signed-in vendor's shops with their wizard progress",
      response: { 200: envelope(z.array(myShop)), ...errorReplies },
    },
    handler: async (req) =>
      ok(
        await onboarding.listMyStores(deps, await requireActor(deps, req, OWNERS), originOf(req)),
        'Shops fetched',
      ),
  });

  app.get('/get-store-registration/', {
    schema: {
      tags: ['onboarding'],
      summary:
        "What the registration wizard saved for the vendor's shop: details, contacts, address, plan, domain",
      querystring: z.object({ store_id: z.uuid() }),
      response: { 200: envelope(registrationDraft), ...errorReplies },
    },
    handler: async (req) =>
      ok(
        await getRegistration(deps, await requireActor(deps, req, OWNERS), req.query.store_id),
        'Registration fetched',
      ),
  });

  app.post('/shop/shop/create-store/', {
    schema: {
      tags: ['onboarding'],
      summary: 'Wizard step 1: create a draft shop',
      body: storeDetailsBody,
      response: { 201: envelope(createdStore), ...errorReplies },
    },
    handler: async (req, reply) => {
      const actor = await requireActor(deps, req, OWNERS);
      const store = await onboarding.createStore(deps, actor, req.body);
      return reply.code(201).send(ok(shown(store), 'Shop created'));
    },
  });

  app.put('/shop/shop/:id/', {
    schema: {
      tags: ['onboarding'],
      summary: "Edit a shop's details (wizard step 1 again)",
      params: z.object({ id: z.uuid() }),
      body: storeDetailsBody,
      response: { 200: envelope(createdStore), ...errorReplies },
    },
    handler: async (req) => {
      const actor = await requireActor(deps, req, OWNERS);
      return ok(
        shown(await onboarding.updateStoreDetails(deps, actor, req.params.id, req.body)),
        'Shop updated',
      );
    },
  });
}

/** The registration's address and plan steps. */
function addressAndPlanRoutes(app: ZodApp, deps: Deps) {
  app.post('/create-store-address/', {
    schema: {
      tags: ['onboarding'],
      summary: "Wizard step 2: the shop's address",
      body: storeAddressBody,
      response: {
        200: envelope(
          z
            .object({ store_id: z.string(), city: z.string(), state: z.string(), postal_code: z.string() })
            .loose(),
        ),
        ...errorReplies,
      },
    },
    handler: async (req) =>
      ok(
        await onboarding.saveAddress(deps, await requireActor(deps, req, OWNERS), req.body),
        'Address saved',
      ),
  });

  app.post('/create-store-plan/', {
    schema: {
      tags: ['onboarding'],
      summary: 'Wizard step 3: choose the plan',
      body: storePlanBody,
      response: { 200: envelope(z.object({ store_id: z.string(), plan: z.string() })), ...errorReplies },
    },
    handler: async (req) =>
      ok(
        await onboarding.savePlan(
          deps,
          await requireActor(deps, req, OWNERS),
          req.body.store_id,
          req.body.plan,
        ),
        'Plan saved',
      ),
  });
}

/** The registration's domain step: availability, the domain, its verification. */
function domainRoutes(app: ZodApp, deps: Deps) {
  app.post('/check-domain-available/', {
    schema: {
      tags: ['onboarding'],
      summary: 'Is a subdomain or custom domain free? data.status true means available',
      body: checkDomainBody,
      response: { 200: envelope(domainAvailability), ...errorReplies },
    },
    handler: async (req) => {
      const actor = await requireActor(deps, req, OWNERS);
      const own = req.body.store_id
        ? (await onboarding.requireOwnedStore(deps, actor, req.body.store_id)).id
        : undefined;
      const result = await onboarding.checkDomain(deps, req.body.domain, req.body.domain_type, own);
      return ok(result, result.status ? 'Available!' : 'Not available');
    },
  });

  app.post('/create-store-domain/', {
    schema: {
      tags: ['onboarding'],
      summary: 'Wizard step 4: claim the subdomain (it becomes the shop slug) or record a custom domain',
      body: storeDomainBody,
      response: {
        200: envelope(
          z.object({
            store_id: z.string(),
            domain_name: z.string(),
            domain_type: z.string(),
            verified: z.boolean(),
            dns_record: dnsRecord.nullable(),
          }),
        ),
        ...errorReplies,
      },
    },
    handler: async (req) => {
      const actor = await requireActor(deps, req, OWNERS);
      return ok(
        await onboarding.saveDomain(deps, actor, {
          storeId: req.body.store_id,
          domain: req.body.domain_name,
          type: req.body.domain_type,
        }),
        'Domain saved',
      );
    },
  });

  app.post('/verify-store-domain/', {
    schema: {
      tags: ['onboarding'],
      summary:
        "Check the shop's custom domain in DNS (a CNAME to the shop's platform address); only verified domains route",
      body: z.strictObject({ store_id: z.uuid() }),
      response: {
        200: envelope(
          z.object({
            store_id: z.string(),
            domain_name: z.string(),
            verified: z.boolean(),
            dns_record: dnsRecord,
          }),
        ),
        ...errorReplies,
      },
    },
    handler: async (req) =>
      ok(
        await verifyCustomDomain(deps, await requireActor(deps, req, OWNERS), req.body.store_id),
        'Domain verified',
      ),
  });
}

/** The registration's theme and settings steps. */
function themeAndSettingRoutes(app: ZodApp, deps: Deps) {
  app.post('/create-store-theme/', {
    schema: {
      tags: ['onboarding'],
      summary: 'Save one whole theme section; answers with the stored config',
      body: themeSectionBody,
      response: { 200: envelope(themeData), ...errorReplies },
    },
    handler: async (req) => {
      const actor = await requireActor(deps, req, OWNERS);
      return ok(
        await onboarding.saveTheme(deps, actor, {
          storeId: req.body.store_id,
          name: req.body.name,
          config: req.body.config,
        }),
        'Section saved',
      );
    },
  });

  app.get('/get-store-theme/', {
    schema: {
      tags: ['onboarding'],
      summary: 'Load one theme section (defaults when none is saved)',
      querystring: z.object({ store_id: z.uuid(), name: z.enum(SECTION_NAMES) }),
      response: { 200: envelope(themeData), ...errorReplies },
    },
    handler: async (req) => {
      const actor = await requireActor(deps, req, OWNERS);
      return ok(
        await onboarding.getTheme(deps, actor, req.query.store_id, req.query.name),
        'Section fetched',
      );
    },
  });

  app.post('/create-store-setting/', {
    schema: {
      tags: ['onboarding'],
      summary: 'Launch settings: published or draft, payment methods (omitted: kept), currency',
      body: storeSettingBody,
      response: { 200: envelope(launchSettings), ...errorReplies },
    },
    handler: async (req) =>
      ok(await launch.saveSettings(deps, await requireActor(deps, req, OWNERS), req.body), 'Settings saved'),
  });

  app.get('/get-store-setting/', {
    schema: {
      tags: ['onboarding'],
      summary: "The shop's launch settings",
      querystring: z.object({ store_id: z.uuid() }),
      response: { 200: envelope(launchSettings), ...errorReplies },
    },
    handler: async (req) =>
      ok(
        await launch.getSettings(deps, await requireActor(deps, req, OWNERS), req.query.store_id),
        'Settings fetched',
      ),
  });
}
