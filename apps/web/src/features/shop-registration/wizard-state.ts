import { CONTACT_TYPES, COUNTRIES, PLANS, type Plan } from '@haat/contracts';
import type { DnsRecord, DomainType, Registration } from './wizard-api.ts';

/** What the wizard holds while a vendor registers a shop; kept per shop in sessionStorage so a reload resumes. */
export type ContactType = (typeof CONTACT_TYPES)[number];
export type Country = (typeof COUNTRIES)[number];

export interface Details {
  store_name: string;
  store_category_id: string;
  description: string;
  short_description: string;
  phone_number: string;
  /** `key` only tells the rows apart on screen; it is not sent. */
  contacts: { key: string; contact_type: ContactType; phone_number: string }[];
  image: string | null;
}
export interface Address {
  address_line_1: string;
  address_line_2: string;
  city: string;
  state: string;
  country: Country;
  postal_code: string;
  latitude: string;
  longitude: string;
}
export type DomainStatus = 'none' | 'checking' | 'available' | 'unavailable' | 'error';
export interface Domain {
  name: string;
  status: DomainStatus;
  /** What the server recorded (create-store-domain), if anything. */
  saved: { name: string; type: DomainType; dns: DnsRecord | null; verified: boolean } | null;
}
export interface WizardData {
  slug: string;
  details: Details;
  address: Address;
  plan: Plan;
  domain: Domain;
}

export const STEPS = ['Shop Details', 'Address', 'Choose Plan', 'Domain Setup', 'Review'] as const;
export const TOTAL_STEPS = STEPS.length;
export const CONTACT_CHOICES = CONTACT_TYPES;
export const MAX_EXTRA_CONTACTS = 4;

export const emptyData = (): WizardData => ({
  slug: '',
  details: {
    store_name: '',
    store_category_id: '',
    description: '',
    short_description: '',
    phone_number: '',
    contacts: [],
    image: null,
  },
  address: {
    address_line_1: '',
    address_line_2: '',
    city: '',
    state: '',
    country: 'India',
    postal_code: '',
    latitude: '',
    longitude: '',
  },
  plan: 'basic',
  domain: { name: '', status: 'none', saved: null },
});

const oneOf = <T extends string>(list: readonly T[], v: string | null | undefined, fallback: T): T =>
  list.includes(v as T) ? (v as T) : fallback;
const coordinate = (n: number | null) => (n === null ? '' : n.toFixed(6));

/** The wizard's values from what the server saved: every saved step shows what the server has. */
export function fromRegistration(r: Registration, local: WizardData): WizardData {
  const empty = emptyData();
  const plan = oneOf(PLANS, r.plan, 'basic');
  const custom = r.custom_domain;
  const domain: Domain =
    plan === 'enterprise' && custom
      ? {
          name: custom.domain_name,
          status: 'available',
          saved: {
            name: custom.domain_name,
            type: 'custom',
            dns: custom.dns_record,
            verified: custom.verified,
          },
        }
      : plan === 'professional'
        ? {
            name: r.slug,
            status: 'available',
            saved: { name: r.slug, type: 'subdomain', dns: null, verified: true },
          }
        : local.domain;
  return {
    slug: r.slug,
    plan,
    domain,
    details: {
      store_name: r.store_name,
      store_category_id: r.store_category_id ?? '',
      description: r.description ?? '',
      short_description: r.short_description ?? '',
      phone_number: r.phone_number ?? '',
      contacts: r.contacts.map((c, i) => ({
        key: `saved-${i}`,
        contact_type: oneOf(CONTACT_TYPES, c.contact_type, 'WhatsApp'),
        phone_number: c.phone_number,
      })),
      image: r.image,
    },
    address: r.address
      ? {
          address_line_1: r.address.address_line_1,
          address_line_2: r.address.address_line_2 ?? '',
          city: r.address.city,
          state: r.address.state,
          country: oneOf(COUNTRIES, r.address.country, 'India'),
          postal_code: r.address.postal_code,
          latitude: coordinate(r.address.latitude),
          longitude: coordinate(r.address.longitude),
        }
      : local.address.address_line_1
        ? local.address
        : empty.address,
  };
}

const key = (storeId: string) => `haat.shopregistration.${storeId}`;

export function loadData(storeId: string): WizardData | null {
  try {
    const raw = sessionStorage.getItem(key(storeId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<WizardData>;
    const empty = emptyData();
    return {
      ...empty,
      ...parsed,
      details: { ...empty.details, ...parsed.details },
      address: { ...empty.address, ...parsed.address },
      domain: { ...empty.domain, ...parsed.domain },
    };
  } catch {
    return null;
  }
}

export function storeData(storeId: string, data: WizardData) {
  try {
    sessionStorage.setItem(key(storeId), JSON.stringify(data));
  } catch {
    // Storage full or blocked: the wizard still works, only a reload loses the unsaved values.
  }
}

/** The body of step 1 (storeDetailsBody): empty optional texts are left out. */
export function detailsBody(d: Details) {
  return {
    store_name: d.store_name,
    store_category_id: d.store_category_id,
    phone_number: d.phone_number,
    contact_type: 'Primary' as const,
    description: d.description.trim() || null,
    short_description: d.short_description.trim() || null,
    contacts: d.contacts.map(({ contact_type, phone_number }) => ({ contact_type, phone_number })),
    image: d.image,
  };
}

const num = (s: string) => (s.trim() === '' ? null : Number(s));

/** The body of step 2 (storeAddressBody). */
export function addressBody(storeId: string, a: Address) {
  return {
    store_id: storeId,
    address_line_1: a.address_line_1,
    address_line_2: a.address_line_2.trim() || null,
    city: a.city,
    state: a.state,
    country: a.country,
    postal_code: a.postal_code,
    latitude: num(a.latitude),
    longitude: num(a.longitude),
  };
}

/** The shop's address for its plan, e.g. http://asha.haat.in:8080 or http://haat.in/store/asha. */
export function shopAddress(plan: Plan, platformDomain: string, slug: string, domain: Domain) {
  const port = window.location.port ? `:${window.location.port}` : '';
  if (plan === 'professional' && domain.name) return `http://${domain.name}.${platformDomain}${port}`;
  if (plan === 'enterprise' && domain.saved?.type === 'custom') return `http://${domain.saved.name}`;
  return `http://${platformDomain}${port}/store/${slug || 'your-shop'}`;
}
