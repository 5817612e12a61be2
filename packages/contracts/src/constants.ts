/** Business constants from the specification (01 §9, 02 §9). */
export const SHOP_CATEGORIES = ['Fashion', 'Electronic', 'Food', 'Beauty', 'Home'] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];

export const STORE_STATUSES = [
  'PUBLISHED',
  'ONLINE',
  'UNPUBLISHED',
  'DRAFT',
  'OFFLINE',
  'SUSPENDED',
  'MAINTENANCE',
  'TEMPORARILY_UNAVAILABLE',
] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];
/** Statuses in which a storefront is open to shoppers. */
export const OPEN_STORE_STATUSES: readonly StoreStatus[] = ['PUBLISHED', 'ONLINE'];

export const PLANS = ['basic', 'professional', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export const SECTION_NAMES = ['banner', 'featured', 'deals', 'sales', 'filter', 'footer'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];
/** Storefront section order: banner 1, featured 2, deals 3, others 999. */
export const SECTION_ORDER: Record<string, number> = { banner: 1, featured: 2, deals: 3 };
export const sectionRank = (name: string) => SECTION_ORDER[name] ?? 999;

export const SHIPPING_CHARGE_RUPEES = 40;
export const DEFAULT_GST_PERCENT = 18;
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** A product listed within this many days carries the NEW tag. */
export const NEW_PRODUCT_DAYS = 30;
export const RESERVED_SLUGS = [
  'admin',
  'www',
  'api',
  'app',
  'mail',
  'static',
  'assets',
  'media',
  'store',
  'shop',
];

export const STOCK_STATUSES = ['IN_STOCK', 'LOW_STOCK', 'OUT_OF_STOCK'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const stockStatus = (quantity: number, lowStockThreshold: number): StockStatus =>
  quantity <= 0 ? 'OUT_OF_STOCK' : quantity <= lowStockThreshold ? 'LOW_STOCK' : 'IN_STOCK';

/** Products per page a shopper can choose on a shop's listing and on the marketplace's search. */
export const PRODUCT_PAGE_SIZES = [12, 24, 48] as const;

/** An order to be paid online that is not paid within these minutes is cancelled and its stock freed (issue 44). */
export const ONLINE_PAYMENT_MINUTES = 30;
