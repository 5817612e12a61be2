import { withStore } from '@haat/db';
import type { Deps } from '../../lib/deps.ts';
import type { Actor } from '../../plugins/auth.ts';
import * as repo from './onboarding.repository.ts';
import { extraContacts, requireOwnedStore } from './onboarding.service.ts';

/**
 * What the registration wizard saved for a shop, step by step (details with contacts, address, plan, domain),
 * so a wizard resumed in another tab or on another device shows the server's values.
 */
export async function getRegistration(deps: Deps, actor: Actor, storeId: string) {
  const store = await requireOwnedStore(deps, actor, storeId);
  const [category, custom, saved] = await Promise.all([
    store.storeCategoryId ? repo.findCategory(deps.db, store.storeCategoryId) : null,
    repo.listCustomDomains(deps.db, store.id),
    withStore(deps.db, store.id, async (tx) => ({
      contacts: await repo.listContacts(tx),
      location: await repo.findLocation(tx),
    })),
  ]);
  const contacts = saved.contacts.map((c) => ({ contact_type: c.contactType, phone_number: c.phoneNumber }));
  const loc = saved.location;
  const domain = custom[0];
  return {
    id: store.id,
    slug: store.slug,
    store_name: store.storeName,
    store_category_id: store.storeCategoryId,
    category_name: category?.name ?? null,
    phone_number: store.phoneNumber,
    description: store.description,
    short_description: store.shortDescription,
    contact_type: store.contactType,
    contacts: extraContacts(contacts, {
      type: store.contactType ?? 'Primary',
      phone: store.phoneNumber ?? '',
    }),
    image: store.image,
    address:
      loc?.addressLine1 && loc.city && loc.state && loc.postalCode
        ? {
            address_line_1: loc.addressLine1,
            address_line_2: loc.addressLine2,
            city: loc.city,
            state: loc.state,
            country: loc.country ?? 'India',
            postal_code: loc.postalCode,
            latitude: loc.latitude,
            longitude: loc.longitude,
          }
        : null,
    plan: store.plan,
    online_status: store.onlineStatus,
    custom_domain: domain
      ? {
          domain_name: domain.domain_name,
          verified: !!domain.verified_at,
          dns_record: {
            type: 'CNAME' as const,
            name: domain.domain_name,
            value: `${store.slug}.${deps.config.PLATFORM_DOMAIN}`,
          },
        }
      : null,
  };
}
