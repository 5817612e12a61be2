// Imported by a shopper's first pages through `@haat/contracts/share`: keep this file free of zod (scripts/js-budget.ts).

/** A link that lets the person pick whom to send the text to (Share on WhatsApp). */
export const whatsAppShareLink = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/** What Share on WhatsApp says about a product: its name, price and address. */
export const productShareText = (p: { name: string; price: string; url: string; shop?: string | null }) =>
  `${p.name}: ${p.price}${p.shop ? ` at ${p.shop}` : ''}\n${p.url}`;
