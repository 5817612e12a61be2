import { z } from 'zod';

/** An editable text element of a storefront section (01 §3 Theme config). */
export const textElement = z.object({
  text: z.string().max(500),
  color: z.string().max(40).optional(),
  fontSize: z
    .number({ error: 'Font size must be a number' })
    .int('Font size must be a whole number')
    .min(8, 'Font size must be between 8 and 72')
    .max(72, 'Font size must be between 8 and 72')
    .optional(),
  tag: z.string().max(10).optional(),
});
export type TextElement = z.infer<typeof textElement>;

const link = z.object({ text: z.string().max(80), href: z.string().max(300) });

export const bannerConfig = z.object({
  mainHeading: textElement,
  highlightedText: textElement,
  description: textElement,
  primaryButtonText: textElement,
  secondaryButtonText: textElement,
  bannerImage: z.string().nullable(),
  bgColorFrom: z.string(),
  bgColorTo: z.string(),
  textColorFrom: z.string(),
  textColorTo: z.string(),
});

export const productCardStyle = z.object({
  button: textElement,
  backgroundColor: z.string().optional(),
  onhoverBackgroundColor: z.string().optional(),
  product_tag: textElement.optional(),
});

export const featuredConfig = z.object({
  mainHeading: textElement,
  subHeading: textElement,
  button: textElement,
  product_cart: productCardStyle.optional(),
});

export const dealsConfig = z.object({
  parentStyleColor: z.string().optional(),
  mainHeading: textElement,
  subHeading: textElement,
  timerHeading: textElement,
  button: textElement,
  product_cart: productCardStyle.optional(),
});

export const salesConfig = dealsConfig;

const filterGroup = z.object({
  filter: textElement,
  filter_type: z.enum(['list', 'range']),
  filter_list: z.array(z.union([z.string(), z.number()])),
});
export const filterConfig = z.object({
  mainHeading: textElement,
  buttonText: textElement,
  primary_filter: filterGroup,
  secondatry_filter: filterGroup,
});

export const footerConfig = z.object({
  newsletter: z.object({ heading: z.string(), description: z.string() }),
  quickLinks: z.object({ title: z.string(), links: z.array(link) }),
  customerService: z.object({ title: z.string(), links: z.array(link) }),
  contact: z.object({
    title: z.string(),
    email: z.string(),
    phone: z.string().optional(),
    address: z.string().optional(),
  }),
  copyright: z.string(),
  legal: z.array(link),
});

export const sectionConfigs = {
  banner: bannerConfig,
  featured: featuredConfig,
  deals: dealsConfig,
  sales: salesConfig,
  filter: filterConfig,
  footer: footerConfig,
} as const;

export type BannerConfig = z.infer<typeof bannerConfig>;
export type FeaturedConfig = z.infer<typeof featuredConfig>;
export type DealsConfig = z.infer<typeof dealsConfig>;
export type SalesConfig = z.infer<typeof salesConfig>;
export type FilterConfig = z.infer<typeof filterConfig>;
export type FooterConfig = z.infer<typeof footerConfig>;

/** A stored section as the storefront reads it: `config` holds `{ [name]: sectionConfig }` as the spec sends it. */
export const storeSection = z.discriminatedUnion('name', [
  z.object({ name: z.literal('banner'), position: z.number(), config: z.object({ banner: bannerConfig }) }),
  z.object({
    name: z.literal('featured'),
    position: z.number(),
    config: z.object({ featured: featuredConfig }),
  }),
  z.object({ name: z.literal('deals'), position: z.number(), config: z.object({ deals: dealsConfig }) }),
  z.object({ name: z.literal('sales'), position: z.number(), config: z.object({ sales: salesConfig }) }),
  z.object({ name: z.literal('filter'), position: z.number(), config: z.object({ filter: filterConfig }) }),
  z.object({ name: z.literal('footer'), position: z.number(), config: z.object({ footer: footerConfig }) }),
]);
export type StoreSection = z.infer<typeof storeSection>;
