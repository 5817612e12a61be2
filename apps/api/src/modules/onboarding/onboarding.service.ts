import {
  customDomainName,
  DOMAIN_MIN,
  isReservedSlug,
  type Plan,
  type SectionName,
  sectionConfigs,
  sectionRank,
  subdomainName,
} from '@haat/contracts';
import { enterStore, withStore } from '@haat/db';
import type { Deps, Origin } from '../../lib/deps.ts';
import { forgetDirectoryKey, forgetStorefront } from '../../lib/deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';

import { memberStores, storeUrl } from '../stores/index.ts';
import { defaultSections } from './defaults.ts';
import * as repo from './onboarding.repository.ts';

type StoreRow = NonNullable<Awaited<ReturnType<typeof repo.findStoreById>>>;

/**
 * The vendor's own shop, or 404: another vendor's shop id answers exactly like an unknown one, and so does the
 * platform operator's (it edits no shop; its statuses go through modules/platform, decision 0021).
 */
export async function requireOwnedStore(deps: Deps, actor: Actor, storeId: string): Promise<StoreRow> {
  const store = await repo.findStoreById(deps.db, storeId);
  if (!store || store.ownerId !== actor.userId) throw notFound('Store not found');
  return store;
}

/** A slug from the shop name: lowercase, hyphens, unique (a number is added when taken). */
export async function uniqueSlug(deps: Deps, name: string) {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'shop';
  const root = base.length < DOMAIN_MIN || isReservedSlug(base) ? `${base}-shop` : base;
  for (let i = 0; i < 50; i++) {
    const candidate = i === 0 ? root : `${root}-${i + 1}`;
    if (!(await repo.slugTaken(deps.db, candidate))) return candidate;
  }
  return `${root}-${Date.now().toString(36)}`;
}

export interface DetailsInput {
  store_name: string;
  store_category_id: string;
  phone_number: string;
  description?: string | null;
  short_description?: string | null;
  contact_type: string;
  contacts?: { contact_type: string; phone_number: string }[];
  image?: string | null;
}

/** Wizard step 1: creates a draft shop on the basic plan with default sections and settings. */
export async function createStore(deps: Deps, actor: Actor, input: DetailsInput) {
  const category = await repo.findCategory(deps.db, input.store_category_id);
  if (!category)
    throw badRequest('Please choose a business category', [
      { path: 'store_category_id', message: 'Unknown category' },
    ]);
  const slug = await uniqueSlug(deps, input.store_name);
  // One transaction: the directory row, then (in the new shop's context) its contacts, settings and sections.
  return deps.db.transaction(async (tx) => {
    const store = await repo.insertStore(tx, {
      slug,
      storeName: input.store_name,
      storeCategoryId: category.id,
      ownerId: actor.userId,
      phoneNumber: input.phone_number,
      description: input.description ?? null,
      shortDescription: input.short_description ?? null,
      contactType: input.contact_type,
      image: input.image ?? null,
      plan: 'basic',
      onlineStatus: 'DRAFT',
    });
    await enterStore(tx, store.id);
    await repo.replaceContacts(tx, store.id, contactsOf(input));
    await repo.upsertSettings(tx, {
      storeId: store.id,
      paymentMethods: ['COD'],
      returnDays: 7,
    });
    const basics = {
      storeName: store.storeName,
      category: category.name,
      description: store.description,
      shortDescription: store.shortDescription,
      phone: store.phoneNumber,
    };
    await repo.insertSections(
      tx,
      defaultSections(basics).map((s) => ({
        storeId: store.id,
        name: s.name,
        position: s.position,
        config: s.config,
      })),
    );
    return store;
  });
}

type Contact = { contact_type: string; phone_number: string };

/** The primary phone is kept on the shop; a contacts list that only repeats it holds no extra contacts. */
export const extraContacts = (contacts: Contact[], primary: { type: string; phone: string }) =>
  contacts.filter((c) => !(c.contact_type === primary.type && c.phone_number === primary.phone));

const contactsOf = (input: DetailsInput) => {
  const list = input.contacts?.length
    ? input.contacts
    : [{ contact_type: input.contact_type, phone_number: input.phone_number }];
  return list.slice(0, 4);
};

/**
 * Wizard step 1 again: edits the details of the vendor's shop. A field left out keeps what was saved (null or
 * an empty text clears it), so a client that sends only some fields never blanks the others.
 */
export async function updateStoreDetails(deps: Deps, actor: Actor, storeId: string, input: DetailsInput) {
  const store = await requireOwnedStore(deps, actor, storeId);
  const category = await repo.findCategory(deps.db, input.store_category_id);
  if (!category)
    throw badRequest('Please choose a business category', [
      { path: 'store_category_id', message: 'Unknown category' },
    ]);
  const updated = await repo.updateStore(deps.db, store.id, {
    storeName: input.store_name,
    storeCategoryId: category.id,
    phoneNumber: input.phone_number,
    ...keptUnlessSent('description', input.description),
    ...keptUnlessSent('shortDescription', input.short_description),
    contactType: input.contact_type,
    ...keptUnlessSent('image', input.image),
  });
  await withStore(deps.db, store.id, async (tx) => {
    const contacts =
      input.contacts ??
      extraContacts(
        (await repo.listContacts(tx)).map((c) => ({
          contact_type: c.contactType,
          phone_number: c.phoneNumber,
        })),
        { type: store.contactType ?? 'Primary', phone: store.phoneNumber ?? '' },
      );
    await repo.replaceContacts(tx, store.id, contactsOf({ ...input, contacts }));
  });
  forgetStorefront(deps, store);
  return updated ?? store;
}

/** `{ [key]: value }` when the client sent the field (an empty text or null clears it), `{}` when left out. */
const keptUnlessSent = <K extends string>(key: K, value: string | null | undefined) =>
  (value === undefined ? {} : { [key]: value || null }) as Partial<Record<K, string | null>>;

/** Wizard step 2: the shop's address; its city and state are copied to the directory row for the marketplace. */
export async function saveAddress(
  deps: Deps,
  actor: Actor,
  a: {
    store_id: string;
    address_line_1: string;
    address_line_2?: string | null;
    city: string;
    state: string;
    country: string;
    postal_code: string;
    latitude?: number | null;
    longitude?: number | null;
  },
) {
  const store = await requireOwnedStore(deps, actor, a.store_id);
  // Fields left out (line 2, coordinates) keep what was saved; null clears them.
  const saved = await withStore(deps.db, store.id, async (tx) => {
    const before = await repo.findLocation(tx);
    const row = {
      storeId: store.id,
      addressLine1: a.address_line_1,
      addressLine2:
        a.address_line_2 === undefined ? (before?.addressLine2 ?? null) : a.address_line_2 || null,
      city: a.city,
      state: a.state,
      country: a.country,
      postalCode: a.postal_code,
      latitude: a.latitude === undefined ? (before?.latitude ?? null) : a.latitude,
      longitude: a.longitude === undefined ? (before?.longitude ?? null) : a.longitude,
    };
    await repo.upsertLocation(tx, row);
    return row;
  });
  await repo.updateStore(deps.db, store.id, { city: a.city, state: a.state });
  forgetStorefront(deps, store);
  return {
    ...a,
    address_line_2: saved.addressLine2,
    latitude: saved.latitude,
    longitude: saved.longitude,
  };
}

/** Wizard step 3: the plan decides the addresses the shop answers on. */
export async function savePlan(deps: Deps, actor: Actor, storeId: string, plan: Plan) {
  const store = await requireOwnedStore(deps, actor, storeId);
  const updated = await repo.updateStore(deps.db, store.id, { plan });
  forgetStorefront(deps, store);
  return { store_id: store.id, plan: updated?.plan ?? plan };
}

export type Availability = {
  domain: string;
  status: boolean;
  reason: 'AVAILABLE' | 'TOO_SHORT' | 'INVALID' | 'RESERVED' | 'TAKEN';
};

/** Is a subdomain (a shop slug) or a custom domain free? The vendor's own shop does not count against it. */
export async function checkDomain(
  deps: Deps,
  domain: string,
  type: 'subdomain' | 'custom',
  ownStoreId?: string,
): Promise<Availability> {
  if (type === 'subdomain') {
    if (domain.length < DOMAIN_MIN) return { domain, status: false, reason: 'TOO_SHORT' };
    if (!subdomainName.safeParse(domain).success) return { domain, status: false, reason: 'INVALID' };
    if (isReservedSlug(domain)) return { domain, status: false, reason: 'RESERVED' };
    const taken =
      (await repo.slugTaken(deps.db, domain, ownStoreId)) ||
      (await repo.domainTaken(deps.db, domain, ownStoreId));
    return { domain, status: !taken, reason: taken ? 'TAKEN' : 'AVAILABLE' };
  }
  if (!customDomainName.safeParse(domain).success) return { domain, status: false, reason: 'INVALID' };
  const platform = deps.config.PLATFORM_DOMAIN.toLowerCase();
  if (domain === platform || domain.endsWith(`.${platform}`))
    return { domain, status: false, reason: 'RESERVED' };
  const taken = await repo.domainTaken(deps.db, domain, ownStoreId);
  return { domain, status: !taken, reason: taken ? 'TAKEN' : 'AVAILABLE' };
}

/** Wizard step 4: a subdomain becomes the shop's slug; a custom domain is recorded, unverified until DNS says so. */
export async function saveDomain(
  deps: Deps,
  actor: Actor,
  { storeId, domain, type }: { storeId: string; domain: string; type: 'subdomain' | 'custom' },
) {
  const store = await requireOwnedStore(deps, actor, storeId);
  const check = await checkDomain(deps, domain, type, store.id);
  if (!check.status) {
    const message =
      check.reason === 'TOO_SHORT'
        ? 'Please enter at least 3 characters'
        : check.reason === 'TAKEN'
          ? 'Not available'
          : 'This domain cannot be used';
    throw new AppError(
      check.reason === 'TAKEN' ? 409 : 400,
      check.reason === 'TAKEN' ? 'CONFLICT' : 'VALIDATION_FAILED',
      message,
      {
        reason: `DOMAIN_${check.reason}`,
        issues: [{ path: 'domain_name', message }],
      },
    );
  }
  if (type === 'subdomain') {
    try {
      await repo.updateStore(deps.db, store.id, { slug: domain });
    } catch {
      throw conflict('Not available', 'DOMAIN_TAKEN');
    }
  } else {
    await withStore(deps.db, store.id, (tx) => repo.replaceCustomDomain(tx, store.id, domain));
  }
  forgetStorefront(deps, store);
  forgetDirectoryKey(deps, `slug:${domain}`);
  const slug = type === 'subdomain' ? domain : store.slug;
  return {
    store_id: store.id,
    domain_name: domain,
    domain_type: type,
    verified: type === 'subdomain',
    dns_record:
      type === 'custom'
        ? { type: 'CNAME' as const, name: domain, value: `${slug}.${deps.config.PLATFORM_DOMAIN}` }
        : null,
  };
}

/** Loads a section's config, or the shop's defaults when it has none saved. */
export async function getTheme(deps: Deps, actor: Actor, storeId: string, name: SectionName) {
  const store = await requireOwnedStore(deps, actor, storeId);
  const saved = await withStore(deps.db, store.id, (tx) => repo.findSection(tx, name));
  if (saved)
    return {
      store_id: store.id,
      name,
      position: saved.position,
      config: saved.config as Record<string, unknown>,
      is_default: false,
    };
  const fallback = defaultSections({
    storeName: store.storeName,
    category: null,
    description: store.description,
    shortDescription: store.shortDescription,
  }).find((s) => s.name === name);
  return {
    store_id: store.id,
    name,
    position: sectionRank(name),
    config: (fallback?.config ?? {}) as Record<string, unknown>,
    is_default: true,
  };
}

/** Saves a whole section after checking it against the theme schema; answers with what was stored. */
export async function saveTheme(
  deps: Deps,
  actor: Actor,
  { storeId, name, config }: { storeId: string; name: SectionName; config: Record<string, unknown> },
) {
  const store = await requireOwnedStore(deps, actor, storeId);
  const parsed = sectionConfigs[name].safeParse(config[name]);
  if (!parsed.success) {
    throw badRequest(
      `Invalid ${name} section`,
      parsed.error.issues.map((i) => ({ path: ['config', name, ...i.path].join('.'), message: i.message })),
    );
  }
  // A section's heading is what shoppers read first: it may not be blank (stored sections are not re-judged).
  const heading = (parsed.data as { mainHeading?: { text: string } }).mainHeading;
  if (heading && !heading.text.trim()) {
    throw badRequest('Heading cannot be empty', [
      { path: `config.${name}.mainHeading.text`, message: 'Heading cannot be empty' },
    ]);
  }
  const row = await withStore(deps.db, store.id, (tx) =>
    repo.upsertSection(tx, {
      storeId: store.id,
      name,
      position: sectionRank(name) === 999 ? 900 : sectionRank(name),
      config: { [name]: parsed.data },
    }),
  );
  forgetStorefront(deps, store);
  return {
    store_id: store.id,
    name,
    position: row?.position ?? 0,
    config: (row?.config ?? {}) as Record<string, unknown>,
    is_default: false,
  };
}

/** The vendor's shops with how far each got through the wizard, so a reload resumes where they left off. */
export async function listMyStores(deps: Deps, actor: Actor, origin: Origin) {
  // Where shoppers reach each shop: its custom domain, subdomain or /store/{slug}, as its plan gives it.
  const url = (s: { slug: string; plan: string; custom_domain: string | null }) =>
    storeUrl(deps, { slug: s.slug, plan: s.plan as StoreRow['plan'], customDomain: s.custom_domain }, origin);
  const rows = await repo.listOwnerStores(deps.db, actor.userId);
  const owned = rows.map(({ custom_domain, ...r }) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    role: 'OWNER' as const,
    store_url: url({ ...r, custom_domain }),
  }));
  // Shops they work in as staff (issue 15), with their role there; the wizard is the owner's.
  const staffed = (await memberStores(deps.db, actor.userId)).map(({ custom_domain, ...s }) => ({
    ...s,
    has_address: true,
    created_at: new Date(s.created_at).toISOString(),
    store_url: url({ ...s, custom_domain }),
  }));
  return [...owned, ...staffed];
}
