import { z } from 'zod';
import { phoneField } from './accounts.ts';
import { INDIAN_STATES } from './indian-states.ts';
import { CONTACT_TYPES, PAYMENT_METHODS } from './onboarding.ts';

/**
 * The back office's shop settings (issue 7, /settings/): delivery options, coupons, payments and policies,
 * contacts and address. Money is rupees with paise on the wire; the server keeps paise.
 */

const rupees = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} is too large`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
      message: `${label} can have at most 2 decimals`,
    });
const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
/** Optional text: blank becomes null. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((s) => (s ? s : null));
const days = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(60, `${label} can be at most 60`);

// ---------------------------------------------------------------------------------------------------------
// Delivery options

export const deliveryOptionBody = z
  .strictObject({
    name: required('Name', 60),
    estimated_time: required('Estimated time', 60),
    description: z.string().trim().max(200, 'Description must be at most 200 characters').default(''),
    /** Rupees; 0 makes the option always free. */
    charge: rupees('Charge'),
    /** Free for orders at or above this many rupees; null: never by amount. */
    free_above: rupees('Free above').nullable().default(null),
    /** Free when every item in the order is a free-shipping product. */
    honours_free_shipping: z.boolean().default(true),
    /** Only one option is recommended: choosing this one clears the others. */
    is_recommended: z.boolean().default(false),
    min_days: days('Min days'),
    max_days: days('Max days'),
    /** Display order at checkout (lowest first; the first is preselected). Omitted: last on create, kept on edit. */
    position: z
      .number()
      .int('Order must be a whole number')
      .min(0, 'Order cannot be negative')
      .max(999, 'Order can be at most 999')
      .optional(),
    active: z.boolean().default(true),
  })
  .refine((b) => b.max_days >= b.min_days, {
    path: ['max_days'],
    message: 'Max days must be at least the min days',
  });
export type DeliveryOptionBody = z.input<typeof deliveryOptionBody>;

export const adminDeliveryOption = z.object({
  id: z.string(),
  name: z.string(),
  estimated_time: z.string(),
  description: z.string(),
  charge: z.number(),
  free_above: z.number().nullable(),
  honours_free_shipping: z.boolean(),
  is_recommended: z.boolean(),
  min_days: z.number().int(),
  max_days: z.number().int(),
  position: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
});
export type AdminDeliveryOption = z.infer<typeof adminDeliveryOption>;

// ---------------------------------------------------------------------------------------------------------
// Coupons

export const COUPON_KINDS = ['PERCENT', 'FIXED'] as const;
export const COUPON_STATES = ['ACTIVE', 'SCHEDULED', 'EXPIRED', 'USED_UP', 'PAUSED'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
export const COUPON_STATE_LABELS: Record<CouponState, string> = {
  ACTIVE: 'Active',
  SCHEDULED: 'Scheduled',
  EXPIRED: 'Expired',
  USED_UP: 'Used up',
  PAUSED: 'Paused',
};
export const COUPON_CODE_PATTERN = /^[A-Z0-9]{3,20}$/;
export const COUPON_MAX_PERCENT = 90;

export const couponFormBody = z
  .strictObject({
    code: z
      .string({ error: 'Code is required' })
      .trim()
      .min(1, 'Code is required')
      .transform((c) => c.toUpperCase())
      .pipe(z.string().regex(COUPON_CODE_PATTERN, 'Use 3 to 20 letters and digits, like DIWALI10')),
    kind: z.enum(COUPON_KINDS, 'Choose percentage or fixed amount'),
    /** Percent (1-90, whole) for PERCENT; rupees for FIXED. */
    // At least one paisa: a positive value below it (5e-324) rounded to 0 paise and broke the row's check (500).
    value: z.number({ error: 'Discount is required' }).min(0.01, 'Discount must be more than 0'),
    /** Cap on a percentage discount, in rupees; percentage coupons only. */
    max_discount: rupees('Max discount')
      .min(0.01, 'Max discount must be more than 0')
      .nullable()
      .default(null),
    min_order: rupees('Minimum order').default(0),
    /** ISO time; omitted: now. */
    starts_at: z.iso.datetime({ offset: true, error: 'Enter a valid start date' }).optional(),
    expires_at: z.iso.datetime({ offset: true, error: 'Enter a valid end date' }).nullable().default(null),
    /** How many orders may use it in all; null: no limit. */
    usage_limit: z
      .number()
      .int('Usage limit must be a whole number')
      .min(1, 'Usage limit must be at least 1')
      .max(1_000_000, 'Usage limit is too large')
      .nullable()
      .default(null),
    active: z.boolean().default(true),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'PERCENT' && (!Number.isInteger(b.value) || b.value < 1 || b.value > COUPON_MAX_PERCENT))
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `A percentage is a whole number from 1 to ${COUPON_MAX_PERCENT}`,
      });
    if (b.kind === 'FIXED') {
      if (b.value > 10_000_000)
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'Discount is too large' });
      if (Math.abs(Math.round(b.value * 100) - b.value * 100) > 1e-6)
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'Discount can have at most 2 decimals' });
      if (b.max_discount != null)
        ctx.addIssue({
          code: 'custom',
          path: ['max_discount'],
          message: 'Max discount applies to percentage coupons only',
        });
    }
    if (b.expires_at && Date.parse(b.expires_at) <= (b.starts_at ? Date.parse(b.starts_at) : Date.now()))
      ctx.addIssue({
        code: 'custom',
        path: ['expires_at'],
        message: b.starts_at ? 'End must be after the start' : 'End must be in the future',
      });
  });
export type CouponFormBody = z.input<typeof couponFormBody>;

export const adminCoupon = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** Percent for PERCENT, rupees for FIXED. */
  value: z.number(),
  max_discount: z.number().nullable(),
  min_order: z.number(),
  starts_at: z.string(),
  expires_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  active: z.boolean(),
  state: z.enum(COUPON_STATES),
  /** What a shopper reads, e.g. "10% off up to ₹200 on orders of ₹999 or more". */
  description: z.string(),
  created_at: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCoupon>;

// ---------------------------------------------------------------------------------------------------------
// Payments and policies

/** A UPI virtual payment address: name@bank. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,64}$/;
export const RETURN_DAYS_MAX = 90;

/** Payments and policies; any field omitted keeps its stored value (the server checks the result as a whole). */
/** How a shop shows the price of a product with variants of different prices. */
export const PRICE_DISPLAYS = ['RANGE', 'FROM'] as const;

export const shopSettingsBody = z.strictObject({
  payment_methods: z
    .array(z.enum(PAYMENT_METHODS))
    .min(1, 'Choose at least one payment method')
    .transform((m) => PAYMENT_METHODS.filter((p) => m.includes(p)))
    .optional(),
  upi_id: z
    .string()
    .trim()
    .transform((s) => s || null)
    .pipe(z.string().regex(UPI_ID_PATTERN, 'Enter a UPI id like shopname@okaxis').nullable())
    .nullable()
    .optional(),
  /** 0-90; null: no returns. */
  return_days: z
    .number()
    .int('Return days must be a whole number')
    .min(0, 'Return days cannot be negative')
    .max(RETURN_DAYS_MAX, `Return days can be at most ${RETURN_DAYS_MAX}`)
    .nullable()
    .optional(),
  warranty_text: optionalText('Warranty', 300),
  /** Show the Secure Checkout note at checkout. */
  secure_checkout_note: z.boolean().optional(),
  /** Show the Free Returns note at checkout (needs return days). */
  free_returns_note: z.boolean().optional(),
  /** Products with variants of different prices: the range ("₹499 – ₹649") or the lowest ("From ₹499"). */
  price_display: z.enum(PRICE_DISPLAYS, { error: 'Choose RANGE or FROM' }).optional(),
});
export type ShopSettingsBody = z.input<typeof shopSettingsBody>;

export interface ShopSettingsValues {
  payment_methods: readonly string[];
  upi_id: string | null;
  return_days: number | null;
  free_returns_note: boolean;
}

/** The rules across fields, checked on the whole result (also by the form before it sends). */
export function shopSettingsIssues(s: ShopSettingsValues) {
  const issues: { path: string; message: string }[] = [];
  if (s.payment_methods.includes('UPI') && !s.upi_id)
    issues.push({ path: 'upi_id', message: 'Enter your UPI id to accept UPI payments' });
  if (s.free_returns_note && !s.return_days)
    issues.push({ path: 'free_returns_note', message: 'Set return days to show the Free Returns note' });
  return issues;
}

export const shopSettings = z.object({
  payment_methods: z.array(z.enum(PAYMENT_METHODS)),
  price_display: z.enum(PRICE_DISPLAYS),
  upi_id: z.string().nullable(),
  return_days: z.number().int().nullable(),
  warranty_text: z.string().nullable(),
  secure_checkout_note: z.boolean(),
  free_returns_note: z.boolean(),
  /**
   * Read only: the lowest order value at which one of the active delivery options is free (null: none is).
   * Delivery options carry the thresholds; product pages show this one.
   */
  free_shipping_above: z.number().nullable(),
  updated_at: z.string().nullable(),
});
export type ShopSettings = z.infer<typeof shopSettings>;

// ---------------------------------------------------------------------------------------------------------
// Contacts and address

export const shopContactsBody = z
  .strictObject({
    contacts: z
      .array(z.strictObject({ contact_type: z.enum(CONTACT_TYPES), phone_number: phoneField }))
      .min(1, 'Add at least one phone number')
      .max(CONTACT_TYPES.length, `At most ${CONTACT_TYPES.length} phone numbers`),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.contacts.forEach((c, i) => {
      if (seen.has(c.contact_type))
        ctx.addIssue({
          code: 'custom',
          path: ['contacts', i, 'contact_type'],
          message: `${c.contact_type} is already listed`,
        });
      seen.add(c.contact_type);
    });
    if (!seen.has('Primary'))
      ctx.addIssue({ code: 'custom', path: ['contacts'], message: 'Add a Primary phone number' });
  });
export type ShopContactsBody = z.input<typeof shopContactsBody>;

export const shopContacts = z.object({
  contacts: z.array(z.object({ contact_type: z.enum(CONTACT_TYPES), phone_number: z.string() })),
});

export const shopAddressBody = z.strictObject({
  address_line_1: required('Address line 1', 200),
  address_line_2: optionalText('Address line 2', 200),
  city: required('City', 80),
  state: z.enum(INDIAN_STATES, 'Choose a state'),
  postal_code: z
    .string({ error: 'PIN code is required' })
    .trim()
    .regex(/^[1-9]\d{5}$/, 'Enter a valid 6-digit PIN code'),
  country: z.literal('India', 'Shops are in India').default('India'),
});
export type ShopAddressBody = z.input<typeof shopAddressBody>;

export const shopAddress = z.object({
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string(),
});
export type ShopAddress = z.infer<typeof shopAddress>;
