import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { withStore } from '../context.ts';
import {
  coupons,
  deals,
  deliveryOptions,
  productCategories,
  productSubCategories,
  products,
  reviews,
  storeCategories,
  storeContacts,
  storeLocations,
  storeSections,
  storeSettings,
  stores,
  users,
} from '../schema/index.ts';
import { seedDemoConsent } from './demo-consent.ts';
import {
  buildDemoShop,
  checkedDemoShops,
  DEMO_SHOPS,
  DEMO_STORE_CATEGORIES,
  type DemoProduct,
  type DemoShop,
  demoDealWindow,
  demoOwnerEmail,
} from './demo-data.ts';
import { seedDemoExchanges } from './demo-exchanges.ts';
import { seedDemoExpenses } from './demo-expenses.ts';
import { seedDemoKhata } from './demo-khata.ts';
import { seedDemoOffline } from './demo-offline.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoPurchases } from './demo-purchases.ts';
import { seedDemoRegisters } from './demo-registers.ts';
import { seedDemoReturns } from './demo-returns.ts';
import { seedDemoShopper } from './demo-shopper.ts';
import { seedDemoStaff } from './demo-staff.ts';
import { ledgerDemoStock } from './demo-stock.ts';
import { seedDemoStockAlerts } from './demo-stock-alerts.ts';
import { seedDemoVariants } from './demo-variants.ts';
import { seedDemoVisits } from './demo-visits.ts';

export interface SeedDemoResult {
  /** Demo shops created by this run. */
  createdStores: number;
  /** Demo shops that already existed and were left as they are (apart from deal windows). */
  existingStores: number;
  /** Deals whose window was moved so the demo keeps showing live deals and upcoming sales. */
  refreshedDeals: number;
  /** Orders written as the order history of published demo shops that had none. */
  seededOrders: number;
  /** Stock ledger rows written for demo stock its history did not account for (demo-stock.ts). */
  ledgeredStock: number;
}

const HOUR = 3_600_000;

/**
 * Whether every demo shop exists already (one query). Then seeding again creates nothing, and only keeps the demo
 * current (deal windows, the days' visits), which a server can do after it starts serving.
 */
export async function demoShopsExist(db: Db): Promise<boolean> {
  const slugs = DEMO_SHOPS.map((s) => s.slug);
  const rows = await db.select({ slug: stores.slug }).from(stores).where(inArray(stores.slug, slugs));
  return rows.length === slugs.length;
}

/**
 * Seeds the demo marketplace through the owner connection. Shops are identified by slug, so running it
 * again creates nothing twice; it only moves expired demo deal windows forward relative to `now`.
 */
export async function seedDemo(
  db: Db,
  opts: {
    now?: Date;
    /**
     * Awaited between one shop's steps and the next. A server keeping its demo current while it serves passes a
     * turn of the event loop: embedded PGlite runs each statement on the main thread and chains its answers as
     * promises, so without a pause no request would be read until the whole seed had run.
     */
    pause?: () => Promise<void>;
  } = {},
): Promise<SeedDemoResult> {
  const now = opts.now ?? new Date();
  const pause = opts.pause ?? (async () => {});
  const catalogue = checkedDemoShops();

  await db
    .insert(storeCategories)
    .values(DEMO_STORE_CATEGORIES.map((name) => ({ name })))
    .onConflictDoNothing();
  const categoryRows = await db
    .select({ id: storeCategories.id, name: storeCategories.name })
    .from(storeCategories)
    .where(inArray(storeCategories.name, [...DEMO_STORE_CATEGORIES]));
  const categoryIds = new Map(categoryRows.map((c) => [c.name, c.id]));

  const existing = await db
    .select({ id: stores.id, slug: stores.slug })
    .from(stores)
    .where(
      inArray(
        stores.slug,
        catalogue.map((c) => c.shop.slug),
      ),
    );
  const existingIds = new Map(existing.map((s) => [s.slug, s.id]));

  const result: SeedDemoResult = {
    createdStores: 0,
    existingStores: 0,
    refreshedDeals: 0,
    seededOrders: 0,
    ledgeredStock: 0,
  };
  for (const { shop, products: items } of catalogue) {
    await pause();
    const storeId = existingIds.get(shop.slug);
    if (storeId) {
      result.existingStores++;
      result.refreshedDeals += await refreshDemoShop(db, shop, storeId, now);
    } else if (await createDemoShop(db, shop, items, categoryIds.get(shop.category) ?? null, now)) {
      result.createdStores++;
    } else {
      result.existingStores++;
    }
  }
  await pause();
  await seedDemoCoupons(
    db,
    catalogue.map((c) => c.shop.slug),
    now,
  );
  // Four months of orders for each published demo shop (once; see demo-orders.ts).
  const published = catalogue.filter((c) => c.shop.status === 'PUBLISHED').map((c) => c.shop);
  const ids = await db
    .select({ id: stores.id, slug: stores.slug })
    .from(stores)
    .where(
      inArray(
        stores.slug,
        published.map((s) => s.slug),
      ),
    );
  for (const shop of published) {
    await pause();
    const id = ids.find((r) => r.slug === shop.slug)?.id;
    if (id) result.seededOrders += await seedDemoOrders(db, shop, id, now);
    // Sizes and pack weights on a few products, after the orders, which are then of one size (demo-variants.ts).
    if (id) await seedDemoVariants(db, shop.slug, id);
    // Storefront visits over the same days, for the dashboard's Conversion Rate (after the orders it follows).
    if (id) await seedDemoVisits(db, shop.slug, id, now);
  }
  // A Manager, a Cashier and a Packer in the first shops, and one person in two shops (demo-staff.ts).
  await pause();
  await seedDemoStaff(
    db,
    published.flatMap((s) => ids.filter((r) => r.slug === s.slug)),
  );
  // One demo shopper with orders at several shops through one Haat account (demo-shopper.ts).
  await seedDemoShopper(
    db,
    published.flatMap((s) => ids.filter((r) => r.slug === s.slug).map((r) => r.id)),
  );
  // Each demo customer shared their details with a shop at their first order there (demo-consent.ts, 0032).
  await seedDemoConsent(
    db,
    published.flatMap((s) => ids.filter((r) => r.slug === s.slug).map((r) => r.id)),
  );
  // Every demo shop's stock as its ledger says (after the orders and sizes above, which write their own rows).
  const every = await db
    .select({ id: stores.id })
    .from(stores)
    .where(
      inArray(
        stores.slug,
        catalogue.map((c) => c.shop.slug),
      ),
    );
  for (const { id } of every) {
    await pause();
    result.ledgeredStock += await ledgerDemoStock(db, id);
  }
  // The customer book linked to every past sale, and a few customers on khata (demo-khata.ts).
  for (const { id } of every) {
    await pause();
    await seedDemoKhata(db, id, now);
  }
  // A few returns at the counter: a unit of recent counter sales back, refunded, with credit notes (demo-returns.ts).
  for (const { id } of every) {
    await pause();
    await seedDemoReturns(db, id, now);
  }
  // And an exchange: a unit of a recent counter sale back, and another item sold instead (demo-exchanges.ts).
  for (const { id } of every) {
    await pause();
    await seedDemoExchanges(db, id, now);
  }
  // Suppliers, purchase orders in every state, goods receipts, bills and payments (demo-purchases.ts), after the
  // ledger above agrees with the stock: each receipt adds stock with its own PURCHASE row.
  for (const { id } of every) {
    await pause();
    await seedDemoPurchases(db, id, now);
  }
  // A year of monthly expenses (rent, salaries, electricity, courier…) for every demo shop (demo-expenses.ts).
  for (const { id } of every) {
    await pause();
    await seedDemoExpenses(db, id, now);
  }
  // Shoppers waiting for sold-out products to be back (demo-stock-alerts.ts): mailed when stock arrives.
  for (const { id } of every) {
    await pause();
    await seedDemoStockAlerts(db, id, now);
  }
  // Three closed days at the counter: float, the day's cash sales in the drawer, cash in and out, a count that is
  // right, short and over (demo-registers.ts), after the sales, returns and khata payments it puts in the drawer.
  for (const { id } of every) {
    await pause();
    await seedDemoRegisters(db, id, now);
  }
  // A counter registered for offline sales, with two sales synced since and a stock conflict resolved
  // (demo-offline.ts): last, after every stock row and order the other seeds date.
  for (const { id } of every) {
    await pause();
    await seedDemoOffline(db, id, now);
  }
  return result;
}

/**
 * Two coupons per demo shop: WELCOME10 (10 % up to ₹200 on orders of ₹499 or more, valid for a year from the
 * seeding) and MONSOON20, which has expired, so the cart's "expired" message can be seen. Idempotent.
 */
async function seedDemoCoupons(db: Db, slugs: string[], now: Date) {
  const day = 86_400_000;
  const rows = await db.select({ id: stores.id }).from(stores).where(inArray(stores.slug, slugs));
  for (const { id } of rows) {
    await withStore(db, id, (tx) =>
      tx
        .insert(coupons)
        .values([
          {
            storeId: id,
            code: 'WELCOME10',
            kind: 'PERCENT',
            value: 10,
            maxDiscountPaise: 20_000,
            minOrderPaise: 49_900,
            startsAt: new Date(now.getTime() - day),
            expiresAt: new Date(now.getTime() + 365 * day),
          },
          {
            storeId: id,
            code: 'MONSOON20',
            kind: 'PERCENT',
            value: 20,
            minOrderPaise: 0,
            startsAt: new Date(now.getTime() - 60 * day),
            expiresAt: new Date(now.getTime() - 30 * day),
          },
        ])
        .onConflictDoNothing(),
    );
  }
}

/** Thrown inside the shop's transaction to undo it when the slug was taken meanwhile. */
class SlugTaken extends Error {}

/** Creates one shop in one transaction; false if another process created the slug first. */
async function createDemoShop(
  db: Db,
  shop: DemoShop,
  items: DemoProduct[],
  storeCategoryId: string | null,
  now: Date,
): Promise<boolean> {
  const storeId = randomUUID();
  try {
    await withStore(db, storeId, async (tx) => {
      const ownerId = await ensureOwner(tx, shop, now);
      const rows = buildDemoShop(shop, items, { storeId, ownerId, storeCategoryId }, now);
      const created = await tx
        .insert(stores)
        .values(rows.store)
        .onConflictDoNothing({ target: stores.slug })
        .returning({ id: stores.id });
      if (created.length === 0) throw new SlugTaken();
      await tx.insert(storeLocations).values(rows.location);
      await tx.insert(storeSettings).values(rows.settings);
      // Standard delivery (created with the shop) turns free at the shop's own threshold.
      await tx
        .update(deliveryOptions)
        .set({ freeAbovePaise: shop.settings.freeAbove ? shop.settings.freeAbove * 100 : null })
        .where(and(eq(deliveryOptions.storeId, storeId), eq(deliveryOptions.name, 'Standard Delivery')));
      if (rows.contacts.length) await tx.insert(storeContacts).values(rows.contacts);
      await tx.insert(storeSections).values(rows.sections);
      await tx.insert(productCategories).values(rows.categories);
      if (rows.subCategories.length) await tx.insert(productSubCategories).values(rows.subCategories);
      await tx.insert(products).values(rows.products);
      if (rows.deals.length) await tx.insert(deals).values(rows.deals);
      // The reviews trigger keeps products.rating_sum/review_count and the shop's star counts.
      if (rows.reviews.length) await tx.insert(reviews).values(rows.reviews);
    });
    return true;
  } catch (err) {
    if (err instanceof SlugTaken) return false;
    throw err;
  }
}

/** The shop owner's vendor account: created if missing, reused if an earlier run left it. */
async function ensureOwner(tx: Tx, shop: DemoShop, now: Date): Promise<string> {
  const email = demoOwnerEmail(shop);
  const [firstName, lastName, phone] = shop.owner;
  const openedAt = new Date(now.getTime() - shop.ageDays * 24 * HOUR);
  const inserted = await tx
    .insert(users)
    .values({
      role: 'VENDOR',
      email,
      firstName,
      lastName,
      phone,
      passwordHash: null,
      emailVerifiedAt: openedAt,
      createdAt: openedAt,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const id =
    inserted[0]?.id ??
    (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'VENDOR'), isNull(users.storeId), eq(users.email, email)))
    )[0]?.id;
  if (!id) throw new Error(`could not create or find the demo owner ${email}`);
  return id;
}

/**
 * Keeps an existing demo shop looking alive: deals that have ended are moved forward (same duration) so
 * they are live again, upcoming sales that have started are pushed back into the future, and a lapsed
 * "back at" time of an offline or maintenance shop is moved ahead. Returns how many deals moved.
 */
async function refreshDemoShop(db: Db, shop: DemoShop, storeId: string, now: Date): Promise<number> {
  if (shop.untilHours) {
    await db
      .update(stores)
      .set({ statusUntil: new Date(now.getTime() + shop.untilHours * HOUR) })
      .where(
        and(
          eq(stores.id, storeId),
          eq(stores.onlineStatus, shop.status),
          or(isNull(stores.statusUntil), lte(stores.statusUntil, now)),
        ),
      );
  }
  return withStore(db, storeId, async (tx) => {
    const rows = await tx
      .select({ id: deals.id, title: deals.title, startsAt: deals.startsAt, endsAt: deals.endsAt })
      .from(deals)
      .where(eq(deals.storeId, storeId));
    let moved = 0;
    for (const row of rows) {
      const next = nextWindow(shop, row, now);
      if (!next) continue;
      await tx
        .update(deals)
        .set(next)
        .where(and(eq(deals.storeId, storeId), eq(deals.id, row.id)));
      moved++;
    }
    return moved;
  });
}

/** The window a stale deal should move to, or null if it is fine as it is. */
function nextWindow(
  shop: DemoShop,
  row: { title: string; startsAt: Date; endsAt: Date },
  now: Date,
): { startsAt: Date; endsAt: Date } | null {
  const duration = row.endsAt.getTime() - row.startsAt.getTime();
  const spec = shop.deals.find((d) => d.title === row.title);
  if (spec && spec.start > 0) {
    // An upcoming sale: once it has started, put it back ahead of us.
    if (row.startsAt > now) return null;
    const startsAt = demoDealWindow(spec, now).startsAt;
    return { startsAt, endsAt: new Date(startsAt.getTime() + duration) };
  }
  if (row.endsAt > now) return null;
  if (spec) {
    // A live demo deal that ran out: live again, ending when the catalogue says it ends.
    const endsAt = demoDealWindow(spec, now).endsAt;
    return { startsAt: new Date(endsAt.getTime() - duration), endsAt };
  }
  // Any other deal in a demo shop: repeat it back to back until its window covers now.
  const periods = Math.floor((now.getTime() - row.endsAt.getTime()) / duration) + 1;
  return {
    startsAt: new Date(row.startsAt.getTime() + periods * duration),
    endsAt: new Date(row.endsAt.getTime() + periods * duration),
  };
}
