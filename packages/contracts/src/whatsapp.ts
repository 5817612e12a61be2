import { z } from 'zod';

/**
 * WhatsApp messages about orders (issue 19): each shop has one template per kind, editable in Settings, filled
 * from the order when the back office opens WhatsApp (a wa.me link) or, with a provider configured, sends it.
 * The same filling runs on the server and in the Settings preview.
 */
export const WHATSAPP_KINDS = ['ORDER_CONFIRMATION', 'DISPATCH', 'DELIVERY', 'PAYMENT_REMINDER'] as const;
export type WhatsAppKind = (typeof WHATSAPP_KINDS)[number];

export const WHATSAPP_LABELS: Record<WhatsAppKind, string> = {
  ORDER_CONFIRMATION: 'Order confirmation',
  DISPATCH: 'Dispatch',
  DELIVERY: 'Delivery',
  PAYMENT_REMINDER: 'Payment reminder',
};

/** How the timeline and the audit trail name a kind ("WhatsApp message opened: dispatch"). */
export const WHATSAPP_WORDS: Record<WhatsAppKind, string> = {
  ORDER_CONFIRMATION: 'order confirmation',
  DISPATCH: 'dispatch',
  DELIVERY: 'delivery',
  PAYMENT_REMINDER: 'payment reminder',
};

const COMMON = ['customer_name', 'shop_name', 'order_number', 'total', 'items', 'order_link'] as const;
const SHIPMENT = ['carrier', 'tracking_number', 'tracking_link'] as const;
export type WhatsAppPlaceholder = (typeof COMMON)[number] | (typeof SHIPMENT)[number];

/** The placeholders each kind may use: the shipment's only in the dispatch message, which is sent once shipped. */
export const WHATSAPP_PLACEHOLDERS: Record<WhatsAppKind, readonly WhatsAppPlaceholder[]> = {
  ORDER_CONFIRMATION: COMMON,
  DISPATCH: [...COMMON, ...SHIPMENT],
  DELIVERY: COMMON,
  PAYMENT_REMINDER: COMMON,
};
const ALL_PLACEHOLDERS: readonly string[] = [...COMMON, ...SHIPMENT];

/** What each placeholder stands for, as Settings explains it. */
export const WHATSAPP_PLACEHOLDER_HINTS: Record<WhatsAppPlaceholder, string> = {
  customer_name: 'the customer’s first name',
  shop_name: 'your shop’s name',
  order_number: 'the order number (ORD-1001)',
  total: 'the order total (₹1,249)',
  items: 'one line per item (2 x Cotton Kurta)',
  order_link: 'the customer’s order page on your shop',
  carrier: 'the courier',
  tracking_number: 'the tracking number',
  tracking_link: 'the courier’s tracking page',
};

/** The texts a shop starts with (and returns to when a template is emptied), as Indian merchants write them. */
export const WHATSAPP_DEFAULTS: Record<WhatsAppKind, string> = {
  ORDER_CONFIRMATION: [
    'Hi {customer_name}, thank you for shopping with {shop_name}! 🙏',
    '',
    'Your order {order_number} is received:',
    '{items}',
    '',
    'Total: {total}',
    '',
    'You can see your order here: {order_link}',
    'Please reply to this message if anything needs to be changed.',
  ].join('\n'),
  DISPATCH: [
    'Hi {customer_name}, good news! Your order {order_number} from {shop_name} has been dispatched. 🚚',
    '',
    'Courier: {carrier}',
    'Tracking number: {tracking_number}',
    'Track your parcel: {tracking_link}',
    '',
    'Thank you for shopping with us!',
  ].join('\n'),
  DELIVERY: [
    'Hi {customer_name}, your order {order_number} from {shop_name} has been delivered. 🎉',
    '',
    'We hope you love it! If anything is not right, just reply here or visit {order_link}.',
    '',
    'Thank you for shopping with us.',
  ].join('\n'),
  PAYMENT_REMINDER: [
    'Hi {customer_name}, a gentle reminder from {shop_name}.',
    '',
    'The payment of {total} for your order {order_number} is still pending.',
    'You can see the order and pay here: {order_link}',
    '',
    'Please ignore this message if you have already paid. Thank you!',
  ].join('\n'),
};

/** The longest template a shop may save; a filled message (with its items) stays well under WhatsApp's 4,096. */
export const WHATSAPP_TEMPLATE_MAX = 1000;
/** Items listed by {items}; more are summed up as "and 3 more items". */
export const WHATSAPP_ITEMS_MAX = 10;

/** Every `{name}` in a text, in order of appearance (repeats kept once). */
export function templatePlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{([^{}\n]*)\}/g)].map((m) => m[1] ?? ''))];
}

/** Why a template may not be saved, naming the first wrong placeholder; null when it is fine. */
export function templateProblem(kind: WhatsAppKind, text: string): string | null {
  const allowed: readonly string[] = WHATSAPP_PLACEHOLDERS[kind];
  for (const name of templatePlaceholders(text)) {
    if (allowed.includes(name)) continue;
    if (ALL_PLACEHOLDERS.includes(name))
      return `{${name}} can only be used in the Dispatch message (the order has no shipment yet)`;
    return `{${name}} is not a placeholder; use ${allowed.map((p) => `{${p}}`).join(', ')}`;
  }
  return null;
}

export const whatsAppKind = z.enum(WHATSAPP_KINDS, {
  error: `kind must be one of ${WHATSAPP_KINDS.join(', ')}`,
});
export const whatsAppKindBody = z.strictObject({ kind: whatsAppKind });

/** Saving one template; an empty text goes back to the default. */
export const whatsAppTemplateBody = z
  .strictObject({
    kind: whatsAppKind,
    text: z
      .string({ error: 'text must be the message text' })
      .trim()
      .max(
        WHATSAPP_TEMPLATE_MAX,
        `text must be at most ${WHATSAPP_TEMPLATE_MAX.toLocaleString('en-IN')} characters`,
      ),
  })
  .superRefine((v, ctx) => {
    const problem = templateProblem(v.kind, v.text);
    if (problem) ctx.addIssue({ code: 'custom', path: ['text'], message: problem });
  });
export type WhatsAppTemplateBody = z.input<typeof whatsAppTemplateBody>;

export const whatsAppTemplate = z.object({
  kind: whatsAppKind,
  label: z.string(),
  text: z.string(),
  default_text: z.string(),
  /** True while the shop uses the default text. */
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
  placeholders: z.array(z.string()),
});
export type WhatsAppTemplate = z.infer<typeof whatsAppTemplate>;

export const whatsAppTemplates = z.object({
  shop_name: z.string(),
  /** The shop's own address, for the preview's {order_link}. */
  shop_url: z.string(),
  /** LINK: buttons open WhatsApp with the message; API: a WhatsApp Business API provider sends it. */
  sender: z.enum(['LINK', 'API']),
  templates: z.array(whatsAppTemplate),
});
export type WhatsAppTemplates = z.infer<typeof whatsAppTemplates>;

/** One message about an order, filled and ready: available or why not. */
export const whatsAppMessage = z.object({
  kind: whatsAppKind,
  label: z.string(),
  available: z.boolean(),
  /** Why the button is disabled (no phone, not shipped yet, already paid). */
  reason: z.string().nullable(),
  text: z.string(),
  /** The wa.me link to the customer's number with the text; null without a phone. */
  link: z.string().nullable(),
});
export type WhatsAppMessage = z.infer<typeof whatsAppMessage>;

export const orderWhatsApp = z.object({
  /** The customer's number as WhatsApp takes it (91 and 10 digits); null when the order has none. */
  phone: z.string().nullable(),
  sender: z.enum(['LINK', 'API']),
  messages: z.array(whatsAppMessage),
});
export type OrderWhatsApp = z.infer<typeof orderWhatsApp>;

/** What sending (or opening) one message did. */
export const whatsAppSent = z.object({
  kind: whatsAppKind,
  via: z.enum(['LINK', 'API']),
  /** LINK: the wa.me link the back office opens. */
  link: z.string().nullable(),
  /** API: the provider's id of the message, when it gave one. */
  provider_id: z.string().nullable(),
});
export type WhatsAppSent = z.infer<typeof whatsAppSent>;

/** Fills `{name}` placeholders with their values; a name without a value is left as it is written. */
export function fillTemplate(text: string, values: Partial<Record<WhatsAppPlaceholder, string>>): string {
  return text.replace(/\{([^{}\n]*)\}/g, (whole, name: string) => {
    const value = (values as Record<string, string | undefined>)[name];
    return value ?? whole;
  });
}

/** The order's lines as {items} prints them: "2 x Cotton Kurta (M / Blue)", at most WHATSAPP_ITEMS_MAX. */
export function itemLines(items: { name: string; variant?: string | null; quantity: number }[]): string {
  const shown = items
    .slice(0, WHATSAPP_ITEMS_MAX)
    .map((i) => `${i.quantity} x ${i.name}${i.variant ? ` (${i.variant})` : ''}`);
  const more = items.length - shown.length;
  return [...shown, ...(more > 0 ? [`and ${more} more item${more === 1 ? '' : 's'}`] : [])].join('\n');
}

/** A phone as WhatsApp takes it: 91 and the 10-digit Indian mobile number, or null when it is not one. */
export function whatsAppPhone(raw: string | null | undefined): string | null {
  const digits = (raw ?? '').replace(/\D/g, '').replace(/^0+/, '');
  const local = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
  return /^[6-9]\d{9}$/.test(local) ? `91${local}` : null;
}

/** A link that opens a chat with `phone` (91XXXXXXXXXX) with the text typed in. */
export const whatsAppChatLink = (phone: string, text: string) =>
  `https://wa.me/${phone}?text=${encodeURIComponent(text)}`;

// Share on WhatsApp's link and text live in share.ts (no zod: a shopper's product page imports them).
export { productShareText, whatsAppShareLink } from './share.ts';
