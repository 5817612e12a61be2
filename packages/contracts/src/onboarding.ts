import { z } from 'zod';
import { phoneField } from './accounts.ts';
import { PLANS, RESERVED_SLUGS } from './constants.ts';
import { storeStatus } from './store.ts';

/** Vendor onboarding payloads (01 §3, §5, §7): the wizard, domains, theme and launch. */
export const CONTACT_TYPES = ['Primary', 'WhatsApp', 'Support', 'Orders'] as const;
export const COUNTRIES = [
  'India',
  'United States',
  'United Kingdom',
  'Canada',
  'Australia',
  'Germany',
  'France',
  'Japan',
  'Singapore',
  'UAE',
  'Netherlands',
  'Switzerland',
  'Sweden',
  'Norway',
  'Brazil',
] as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();

export const storeContactInput = z.strictObject({
  contact_type: z.enum(CONTACT_TYPES),
  phone_number: phoneField,
});

/** Wizard step 1: create (POST create-store) or edit (PUT) the shop's details. */
export const storeDetailsBody = z.strictObject({
  store_name: text('Shop name', 80),
  store_category_id: z.uuid('Please choose a business category'),
  phone_number: phoneField,
  description: optionalText(2000),
  short_description: optionalText(160),
  contact_type: z.enum(CONTACT_TYPES).default('Primary'),
  /** Extra contacts; left out on an edit, the saved ones stay. */
  contacts: z.array(storeContactInput).max(4).optional(),
  image: z.string().max(300).optional().nullable(),
  /** Accepted for compatibility with the spec's payload; the owner is always the signed-in vendor. */
  store_owner_id: z.string().optional(),
  slug: z.string().optional(),
});

export const storeAddressBody = z
  .strictObject({
    store_id: z.uuid(),
    address_line_1: text('Address line 1', 200),
    address_line_2: optionalText(200),
    city: text('City', 80),
    state: text('State', 80),
    country: z.enum(COUNTRIES).default('India'),
    postal_code: text('Postal code', 12),
    latitude: z.number().min(-90).max(90).nullable().optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
  })
  .refine((b) => b.country !== 'India' || /^[1-9]\d{5}$/.test(b.postal_code), {
    path: ['postal_code'],
    message: 'Enter a valid 6-digit PIN code',
  });

export const DOMAIN_MIN = 3;
/** Lowercase letters, digits and hyphens, as typed into the domain box (others are stripped). */
export const cleanDomainName = (s: string) => s.toLowerCase().replace(/[^a-z0-9-]/g, '');
export const subdomainName = z
  .string()
  .min(DOMAIN_MIN, 'Please enter at least 3 characters')
  .max(63)
  .regex(
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
    'Use lowercase letters, digits and hyphens, not at the start or end',
  );
export const customDomainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Enter a domain like shop.example.in',
  );

export const checkDomainBody = z.strictObject({
  domain: z.string().trim().toLowerCase().max(253),
  domain_type: z.enum(['subdomain', 'custom']).default('subdomain'),
  store_id: z.uuid().optional(),
});
export const domainAvailability = z.object({
  domain: z.string(),
  status: z.boolean(),
  reason: z.enum(['AVAILABLE', 'TOO_SHORT', 'INVALID', 'RESERVED', 'TAKEN']),
});

export const storeDomainBody = z.strictObject({
  store_id: z.uuid(),
  domain_name: z.string().trim().toLowerCase().max(253),
  domain_type: z.enum(['subdomain', 'custom']),
  isDomainValid: z.boolean().optional(),
});

export const storePlanBody = z.strictObject({ store_id: z.uuid(), plan: z.enum(PLANS) });

export const LAUNCH_STATUSES = ['PUBLISHED', 'DRAFT'] as const;
/** What a vendor may switch their shop to; SUSPENDED is the platform operator's alone. */
export const VENDOR_STATUSES = ['PUBLISHED', 'DRAFT', 'OFFLINE', 'MAINTENANCE'] as const;
export const PAYMENT_METHODS = ['COD', 'UPI'] as const;
export const storeSettingBody = z.strictObject({
  store_id: z.uuid(),
  /** The spec sends an empty object here; the address is derived from the plan. */
  store_access_url: z.unknown().optional(),
  online_status: z.enum([...VENDOR_STATUSES, 'SUSPENDED']).default('DRAFT'),
  /** What shoppers are told while the shop is offline or under maintenance. */
  status_note: z.string().trim().max(200).optional().nullable(),
  /** When the shop expects to be back (ISO time), for offline and maintenance. */
  status_until: z.iso.datetime({ offset: true }).optional().nullable(),
  /** Omitted: the shop keeps the payment methods it has (e.g. publishing from the owner bar). */
  payment_methods: z.array(z.enum(PAYMENT_METHODS)).min(1, 'Choose at least one payment method').optional(),
  upi_id: z
    .string()
    .trim()
    .regex(/^[\w.-]{2,256}@[a-z]{2,64}$/i, 'Enter a UPI id like shopname@okaxis')
    .optional()
    .nullable(),
  currency: z.literal('INR').default('INR'),
});

export const themeSectionBody = z.strictObject({
  store_id: z.uuid(),
  name: z.enum(['banner', 'featured', 'deals', 'sales', 'filter', 'footer']),
  config: z.record(z.string(), z.unknown()),
});

export const isReservedSlug = (s: string) => RESERVED_SLUGS.includes(s);
export { storeStatus as launchedStatus };

export const launchSettings = z.object({
  store_id: z.string(),
  slug: z.string(),
  online_status: z.string(),
  payment_methods: z.array(z.enum(PAYMENT_METHODS)),
  upi_id: z.string().nullable(),
  currency: z.literal('INR'),
});
