import type { ShopCategory, StoreStatus } from '@haat/contracts';

export type ContactType = 'Primary' | 'WhatsApp' | 'Support' | 'Orders';

/**
 * A deal on one product, in rupees. `start` is hours from the seeding moment: negative means the deal is
 * already live (it must end in the future), positive means an upcoming sale.
 */
export interface DemoDeal {
  sku: string;
  title: string;
  price: number;
  start: number;
  hours: number;
}

export interface DemoTheme {
  /** Banner gradient and heading gradient (hex). */
  bg: [string, string];
  text: [string, string];
  /** Buttons and highlights. */
  accent: string;
  banner: { heading: string; highlight: string; description: string; primary: string; secondary: string };
  featured: [heading: string, sub: string];
  deals: [heading: string, sub: string];
  sales: [heading: string, sub: string];
  newsletter: string;
}

export interface DemoShop {
  slug: string;
  name: string;
  category: ShopCategory;
  status: StoreStatus;
  /** For shops that are not open: what shoppers are told, and in how many hours the shop expects to return. */
  note?: string;
  untilHours?: number;
  owner: [firstName: string, lastName: string, phone: string];
  phone: string;
  description: string;
  short: string;
  /** How many days ago the shop opened. */
  ageDays: number;
  location: {
    line1: string;
    line2?: string;
    city: string;
    state: string;
    pin: string;
    lat: number;
    lng: number;
  };
  contacts: [ContactType, string][];
  settings: {
    payments: ('COD' | 'UPI')[];
    upi?: string;
    /** Orders at or above this many rupees ship free. */
    freeAbove?: number;
    returnDays: number;
    warranty: string;
  };
  /** Product category name → sub-category names. */
  categories: Record<string, string[]>;
  /**
   * One product per line, fields separated by `|`:
   * sku | category/sub-category | name | price | sale price or - | cost | quantity | GST % | flags | units sold | description
   * Prices in rupees. Flags: F featured, S free shipping, N new (listed in the last few weeks), - none.
   */
  products: string;
  deals: DemoDeal[];
  theme: DemoTheme;
}

export interface DemoProduct {
  sku: string;
  category: string;
  subCategory: string;
  name: string;
  pricePaise: number;
  salePricePaise: number | null;
  costPaise: number;
  quantity: number;
  taxPercent: number;
  featured: boolean;
  freeShipping: boolean;
  isNew: boolean;
  unitsSold: number;
  description: string;
}

const paise = (rupees: number) => Math.round(rupees * 100);

/** Reads and checks a shop's product table; throws on any malformed or inconsistent row. */
export function parseProducts(shop: DemoShop): DemoProduct[] {
  const seen = new Set<string>();
  const rows = shop.products
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return rows.map((line) => {
    const f = line.split('|').map((x) => x.trim());
    const fail = (why: string) => new Error(`demo shop ${shop.slug}: ${why} in "${line}"`);
    if (f.length !== 11) throw fail(`expected 11 fields, got ${f.length}`);
    const [sku = '', path = '', name = '', price, sale, cost, qty, gst, flags = '', sold, description = ''] =
      f;
    const [category = '', subCategory = ''] = path.split('/');
    if (!shop.categories[category]?.includes(subCategory)) throw fail(`unknown category ${path}`);
    if (seen.has(sku)) throw fail('duplicate sku');
    seen.add(sku);
    const p: DemoProduct = {
      sku,
      category,
      subCategory,
      name,
      pricePaise: paise(Number(price)),
      salePricePaise: sale === '-' ? null : paise(Number(sale)),
      costPaise: paise(Number(cost)),
      quantity: Number(qty),
      taxPercent: Number(gst),
      featured: flags.includes('F'),
      freeShipping: flags.includes('S'),
      isNew: flags.includes('N'),
      unitsSold: Number(sold),
      description,
    };
    const numbers = [p.pricePaise, p.salePricePaise ?? 0, p.costPaise, p.quantity, p.unitsSold];
    if (numbers.some((n) => !Number.isInteger(n) || n < 0)) throw fail('bad number');
    if (p.salePricePaise !== null && p.salePricePaise >= p.pricePaise)
      throw fail('sale price not below price');
    if (p.costPaise >= (p.salePricePaise ?? p.pricePaise)) throw fail('cost not below selling price');
    if (![5, 12, 18].includes(p.taxPercent)) throw fail('GST must be 5, 12 or 18');
    if (!/^[A-Z]{3}-\d{3}$/.test(sku) || !name || !description)
      throw fail('missing sku, name or description');
    return p;
  });
}

/** Checks a shop's deals against its products; throws on any deal that would not show as intended. */
export function checkDeals(shop: DemoShop, products: DemoProduct[]): void {
  for (const d of shop.deals) {
    const p = products.find((x) => x.sku === d.sku);
    if (!p) throw new Error(`demo shop ${shop.slug}: deal ${d.title} names unknown sku ${d.sku}`);
    if (paise(d.price) >= (p.salePricePaise ?? p.pricePaise)) {
      throw new Error(`demo shop ${shop.slug}: deal ${d.title} is not below the selling price`);
    }
    if (d.hours <= 0 || (d.start < 0 && d.start + d.hours <= 0)) {
      throw new Error(`demo shop ${shop.slug}: deal ${d.title} would not be live or upcoming`);
    }
  }
}

export const dealPaise = (d: DemoDeal) => paise(d.price);
