import { randomUUID } from 'node:crypto';
import type { ShopCategory } from '@haat/contracts';
import type {
  deals,
  productCategories,
  productSubCategories,
  products,
  reviews,
  storeContacts,
  storeLocations,
  storeSections,
  storeSettings,
  stores,
  users,
} from '../schema/index.ts';
import { kesarGlowNaturals, kutchKalaHome } from './demo-beauty-home.ts';
import {
  banarasSilkWeaves,
  chandniChowkMobiles,
  goaCashewCompany,
  kovaiCottonLinen,
  mysuruSandalHouse,
} from './demo-closed.ts';
import { demoCodRules } from './demo-cod.ts';
import { deccanDigital, nammaGadgets } from './demo-electronic.ts';
import { jaipurBlockPrints, lucknowiChikanHouse } from './demo-fashion.ts';
import { chaiSutra, malabarSpiceRoute } from './demo-food.ts';
import { demoHsn } from './demo-hsn.ts';
import { demoReviews } from './demo-reviews.ts';
import { demoSections } from './demo-sections.ts';
import {
  checkDeals,
  type DemoDeal,
  type DemoProduct,
  type DemoShop,
  dealPaise,
  parseProducts,
} from './demo-types.ts';
import { demoImageUrl } from './images.ts';
import { between, random } from './random.ts';

export type { DemoDeal, DemoProduct, DemoShop } from './demo-types.ts';

export const DEMO_STORE_CATEGORIES: readonly ShopCategory[] = [
  'Fashion',
  'Electronic',
  'Food',
  'Beauty',
  'Home',
];

/** The demo catalogue: eight open shops across the five categories, then one shop in each closed status. */
export const DEMO_SHOPS: readonly DemoShop[] = [
  jaipurBlockPrints,
  lucknowiChikanHouse,
  nammaGadgets,
  deccanDigital,
  chaiSutra,
  malabarSpiceRoute,
  kesarGlowNaturals,
  kutchKalaHome,
  banarasSilkWeaves,
  mysuruSandalHouse,
  chandniChowkMobiles,
  goaCashewCompany,
  kovaiCottonLinen,
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const demoOwnerEmail = (shop: DemoShop) => `owner@${shop.slug}.demo.haat.in`.toLowerCase();

/** When a demo deal runs if the catalogue were seeded at `now`. */
export function demoDealWindow(deal: DemoDeal, now: Date): { startsAt: Date; endsAt: Date } {
  const startsAt = new Date(now.getTime() + deal.start * HOUR);
  return { startsAt, endsAt: new Date(startsAt.getTime() + deal.hours * HOUR) };
}

/** Parses and checks every demo shop; throws before anything is written if the data is inconsistent. */
export function checkedDemoShops(): { shop: DemoShop; products: DemoProduct[] }[] {
  const slugs = new Set<string>();
  return DEMO_SHOPS.map((shop) => {
    if (!/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(shop.slug) || slugs.has(shop.slug)) {
      throw new Error(`demo shop slug ${shop.slug} is malformed or repeated`);
    }
    slugs.add(shop.slug);
    const phones = [shop.phone, shop.owner[2], ...shop.contacts.map((c) => c[1])];
    if (phones.some((p) => !/^[6-9]\d{9}$/.test(p)))
      throw new Error(`demo shop ${shop.slug}: bad phone number`);
    const products = parseProducts(shop);
    checkDeals(shop, products);
    return { shop, products };
  });
}

export interface DemoShopRows {
  owner: typeof users.$inferInsert;
  store: typeof stores.$inferInsert;
  location: typeof storeLocations.$inferInsert;
  contacts: (typeof storeContacts.$inferInsert)[];
  settings: typeof storeSettings.$inferInsert;
  sections: (typeof storeSections.$inferInsert)[];
  categories: (typeof productCategories.$inferInsert)[];
  subCategories: (typeof productSubCategories.$inferInsert)[];
  products: (typeof products.$inferInsert)[];
  deals: (typeof deals.$inferInsert)[];
  reviews: (typeof reviews.$inferInsert)[];
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Every row of one demo shop, with times relative to `now`. */
export function buildDemoShop(
  shop: DemoShop,
  items: DemoProduct[],
  ids: { storeId: string; ownerId: string; storeCategoryId: string | null },
  now: Date,
): DemoShopRows {
  const { storeId, ownerId } = ids;
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  const openedAt = at(shop.ageDays * DAY);
  const [firstName, lastName, ownerPhone] = shop.owner;

  const categoryIds = new Map<string, string>();
  const subCategoryIds = new Map<string, string>();
  const categories: DemoShopRows['categories'] = [];
  const subCategories: DemoShopRows['subCategories'] = [];
  for (const [name, subs] of Object.entries(shop.categories)) {
    const id = randomUUID();
    categoryIds.set(name, id);
    categories.push({ storeId, id, name, createdAt: openedAt });
    for (const sub of subs) {
      const subId = randomUUID();
      subCategoryIds.set(`${name}/${sub}`, subId);
      subCategories.push({ storeId, id: subId, categoryId: id, name: sub });
    }
  }

  const productIds = new Map<string, string>();
  const productRows: DemoShopRows['products'] = [];
  const reviewRows: DemoShopRows['reviews'] = [];
  const slugs = new Set<string>();
  for (const p of items) {
    const id = randomUUID();
    productIds.set(p.sku, id);
    const rnd = random(`${shop.slug}:${p.sku}`);
    const maxAge = Math.max(40, Math.min(shop.ageDays - 2, 330));
    const listedAt = p.isNew ? at(between(rnd, 3, 25) * DAY) : at(between(rnd, 35, maxAge) * DAY);
    let slug = slugify(p.name);
    if (slugs.has(slug)) slug = `${slug}-${p.sku.toLowerCase()}`;
    slugs.add(slug);
    const imageCount = between(rnd, 1, 3);
    const images = Array.from({ length: imageCount }, (_, i) =>
      demoImageUrl('product', `${shop.slug}-${p.sku.toLowerCase()}-${i + 1}`, p.name),
    );
    productRows.push({
      storeId,
      id,
      slug,
      name: p.name,
      description: p.description,
      sku: p.sku,
      pricePaise: p.pricePaise,
      salePricePaise: p.salePricePaise,
      costPaise: p.costPaise,
      quantity: p.quantity,
      lowStockThreshold: 5,
      freeShipping: p.freeShipping,
      taxPercent: p.taxPercent,
      hsnCode: demoHsn(p.category, p.subCategory),
      images,
      categoryId: categoryIds.get(p.category) ?? null,
      subCategoryId: subCategoryIds.get(`${p.category}/${p.subCategory}`) ?? null,
      isFeatured: p.featured,
      status: 'ACTIVE',
      unitsSold: p.unitsSold,
      createdAt: listedAt,
      updatedAt: listedAt,
    });
    for (const r of demoReviews(shop, p, listedAt, now)) {
      reviewRows.push({ storeId, productId: id, ...r });
    }
  }

  const dealRows: DemoShopRows['deals'] = shop.deals.map((d) => {
    const { startsAt, endsAt } = demoDealWindow(d, now);
    const productId = productIds.get(d.sku);
    if (!productId) throw new Error(`demo shop ${shop.slug}: deal for unknown sku ${d.sku}`);
    return {
      storeId,
      productId,
      title: d.title,
      dealPricePaise: dealPaise(d),
      startsAt,
      endsAt,
      createdAt: at(DAY),
    };
  });

  const primary = shop.contacts[0]?.[0] ?? 'Primary';
  return {
    owner: {
      id: ownerId,
      role: 'VENDOR',
      email: demoOwnerEmail(shop),
      firstName,
      lastName,
      phone: ownerPhone,
      passwordHash: null,
      emailVerifiedAt: openedAt,
      createdAt: openedAt,
    },
    store: {
      id: storeId,
      slug: shop.slug,
      storeName: shop.name,
      storeCategoryId: ids.storeCategoryId,
      ownerId,
      phoneNumber: shop.phone,
      description: shop.description,
      shortDescription: shop.short,
      city: shop.location.city,
      state: shop.location.state,
      contactType: primary,
      image: demoImageUrl('store', shop.slug, shop.name),
      plan: 'professional',
      onlineStatus: shop.status,
      statusNote: shop.note ?? null,
      statusUntil: shop.untilHours ? new Date(now.getTime() + shop.untilHours * HOUR) : null,
      createdAt: openedAt,
    },
    location: {
      storeId,
      addressLine1: shop.location.line1,
      addressLine2: shop.location.line2 ?? null,
      city: shop.location.city,
      state: shop.location.state,
      country: 'India',
      postalCode: shop.location.pin,
      latitude: shop.location.lat,
      longitude: shop.location.lng,
    },
    contacts: shop.contacts.map(([contactType, phoneNumber], position) => ({
      storeId,
      contactType,
      phoneNumber,
      position,
    })),
    settings: {
      storeId,
      currency: 'INR',
      paymentMethods: shop.settings.payments,
      upiId: shop.settings.upi ?? null,
      returnDays: shop.settings.returnDays,
      warrantyText: shop.settings.warranty,
      secureCheckoutNote: true,
      freeReturnsNote: shop.settings.returnDays >= 7,
      ...demoCodRules(shop.slug),
    },
    sections: demoSections(shop, items, now).map((s) => ({ storeId, ...s })),
    categories,
    subCategories,
    products: productRows,
    deals: dealRows,
    reviews: reviewRows,
  };
}
