import { z } from 'zod';

/*
 * Online payments through a payment gateway (issue 44): the shop's gateway settings (the key secret and webhook
 * secret go in, never out), the gateway order a shopper pays, and the gateway's answer on the shopper's return.
 * Razorpay first; the provider is named so a second one can follow.
 */

export const GATEWAY_PROVIDERS = ['RAZORPAY'] as const;
export type GatewayProvider = (typeof GATEWAY_PROVIDERS)[number];
/** LIVE: the provider's API with the shop's keys; TEST: the built-in test gateway (development only). */
export const GATEWAY_MODES = ['LIVE', 'TEST'] as const;

const secret = (field: string) =>
  z
    .string({ error: `Enter the ${field}` })
    .trim()
    .min(8, `The ${field} is at least 8 characters`)
    .max(200, `The ${field} is at most 200 characters`)
    .regex(/^[\x21-\x7e]+$/, `The ${field} has no spaces or symbols outside ASCII`);

/** Connect Razorpay: the keys from the Razorpay Dashboard and the webhook secret the merchant chose there. */
export const gatewaySettingsBody = z.strictObject({
  provider: z.enum(GATEWAY_PROVIDERS).default('RAZORPAY'),
  key_id: z
    .string({ error: 'Enter the key id' })
    .trim()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/, 'A Razorpay key id looks like rzp_live_… or rzp_test_…'),
  key_secret: secret('key secret'),
  webhook_secret: secret('webhook secret'),
});
export type GatewaySettingsBody = z.input<typeof gatewaySettingsBody>;

/** What the back office sees of the shop's gateway: never a secret. */
export const gatewaySettings = z.object({
  connected: z.boolean(),
  provider: z.enum(GATEWAY_PROVIDERS).nullable(),
  mode: z.enum(GATEWAY_MODES).nullable(),
  key_id: z.string().nullable(),
  verified_at: z.string().nullable(),
  /** The URL to paste in the Razorpay Dashboard's webhook set-up. */
  webhook_url: z.string(),
  /** The events to tick there. */
  webhook_events: z.array(z.string()),
  /** Outside production a shop without keys can use the built-in test gateway. */
  test_gateway_available: z.boolean(),
});
export type GatewaySettings = z.infer<typeof gatewaySettings>;

/** A gateway order for a placed order: what the gateway's checkout is opened with. */
export const onlinePayment = z.object({
  provider: z.enum(GATEWAY_PROVIDERS),
  key_id: z.string(),
  gateway_order_id: z.string(),
  /** Rupees, as computed by the server when the order was placed. */
  amount: z.number(),
  /** The same in paise, the gateway's unit. */
  amount_paise: z.number().int(),
  currency: z.literal('INR'),
  shop_name: z.string(),
  order_id: z.string(),
  order_number: z.string(),
  /** The built-in test gateway's page to pay on (TEST mode); null: open the provider's checkout. */
  test_checkout_url: z.string().nullable(),
  /** Already paid: nothing to open. */
  paid: z.boolean(),
});
export type OnlinePayment = z.infer<typeof onlinePayment>;

/** What the gateway's checkout hands back to the shop's page after a payment (Razorpay's handler fields). */
export const paymentReturnBody = z.strictObject({
  razorpay_order_id: z.string().trim().min(1).max(100),
  razorpay_payment_id: z.string().trim().min(1).max(100),
  razorpay_signature: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/, 'razorpay_signature is 64 hexadecimal characters'),
});

export const PAYMENT_RESULTS = ['PAID', 'PENDING', 'FAILED'] as const;
export const paymentResult = z.object({
  order_id: z.string(),
  status: z.enum(PAYMENT_RESULTS),
  message: z.string(),
});
export type PaymentResult = z.infer<typeof paymentResult>;

/** The test gateway's decision for a payment (development only). */
export const testGatewayBody = z.strictObject({
  outcome: z.enum(['approve', 'fail']),
  method: z.enum(['upi', 'card', 'netbanking', 'wallet']).default('upi'),
  /** Send the webhook before the shopper returns (the default), after, three times before (a repeated delivery), or not at all. */
  webhook: z.enum(['before', 'after', 'thrice', 'none']).default('before'),
});

/**
 * What the daily reconciliation with the gateway's settlements found wrong (issue 44): a payment captured there but
 * the order not paid, one marked paid that it did not capture, a settled amount differing from ours, a refund it
 * settled that is not completed here, one completed here that it has not processed.
 */
export const GATEWAY_MISMATCH_KINDS = [
  'CAPTURED_NOT_PAID',
  'PAID_NOT_CAPTURED',
  'AMOUNT_DIFFERS',
  'REFUND_NOT_RECORDED',
  'REFUND_NOT_PROCESSED',
] as const;
export const gatewayMismatch = z.object({
  id: z.string(),
  kind: z.enum(GATEWAY_MISMATCH_KINDS),
  gateway_payment_id: z.string(),
  /** A refund's mismatch: the gateway's refund id. */
  gateway_refund_id: z.string().nullable(),
  order_id: z.string().nullable(),
  order_number: z.string().nullable(),
  /** Rupees, as the gateway reported and as we recorded. */
  gateway_amount: z.number().nullable(),
  our_amount: z.number().nullable(),
  settlement_id: z.string().nullable(),
  found_at: z.string(),
  /** Marked resolved by the merchant: when, by whom and their note; null while open. */
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  resolved_note: z.string().nullable(),
});
export type GatewayMismatch = z.infer<typeof gatewayMismatch>;
export const gatewayMismatches = z.object({
  mismatches: z.array(gatewayMismatch),
  /** The last day whose settlements were read (YYYY-MM-DD), null before the first. */
  reconciled_through: z.string().nullable(),
  /** How many are open (the list shows one status at a time). */
  open_count: z.number().int(),
});
export type GatewayMismatches = z.infer<typeof gatewayMismatches>;

/** The list's filter: open mismatches (the default) or those resolved. */
export const gatewayMismatchQuery = z.strictObject({
  status: z.enum(['open', 'resolved']).default('open'),
});

/** Marking a mismatch resolved: what the merchant did about it (kept with the mismatch and in the audit log). */
export const resolveMismatchBody = z.strictObject({
  note: z
    .string({ error: 'Say what was done about it' })
    .trim()
    .min(3, 'Say what was done about it (at least 3 characters)')
    .max(500, 'Keep the note under 500 characters'),
});
export type ResolveMismatchBody = z.input<typeof resolveMismatchBody>;
