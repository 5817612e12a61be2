import { schema, type Tx } from '@haat/db';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { variantLabelSql, variantPriceNow } from '../catalog/index.ts';

/*
 * The point of sale's reads and writes (issue 14). Every statement runs in the shop's context (withStore), so
 * row-level security keeps it to this shop: another shop's barcode or product id is simply not found.
 */

const { products: p, productVariants: v, posCustomers: pc, users } = schema;

/** What the counter sells: one row per variant (a product without options has one), with its price now. */
const sellable = {
  productId: p.id,
  variantId: v.id,
  name: p.name,
  variantLabel: variantLabelSql,
  sku: sql<string | null>`coalesce(${v.sku}, ${p.sku})`,
  barcode: sql<
    string | null
  >`coalesce(${v.barcode}, case when ${p.options} = '[]'::jsonb then ${p.barcode} end)`,
  pricePaise: variantPriceNow.mapWith(Number),
  taxPercent: p.taxPercent,
  stock: v.quantity,
  unit: p.unit,
  image: sql<string | null>`coalesce(${v.image}, ${p.images}[1])`,
  costPaise: sql<number | null>`coalesce(${v.costPaise}, ${p.costPaise})`,
  hsn: sql<string | null>`coalesce(${v.hsnCode}, ${p.hsnCode})`,
};

function sellables(tx: Tx) {
  return tx
    .select(sellable)
    .from(v)
    .innerJoin(p, and(eq(p.storeId, v.storeId), eq(p.id, v.productId)));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * Products and variants by name (anywhere in it), SKU (from its start) or barcode (exact), active ones only; an
 * exact SKU or barcode first, then by name. Without a search, the best sellers.
 *
 * Under row-level security no index serves LIKE (it is not leakproof), so the page's sellables are first found by
 * `pos_sellable_matches` (migration 0034: one indexed branch per arm, for the transaction's own shop only), and
 * then read here with the search's own conditions and order, which also check what it found.
 */
export function searchSellables(tx: Tx, search: string | undefined, limit: number) {
  const active = eq(p.status, 'ACTIVE');
  if (!search) {
    return sellables(tx).where(active).orderBy(desc(p.unitsSold), asc(p.name), asc(v.position)).limit(limit);
  }
  const term = escapeLike(search.toLowerCase());
  const match = or(
    sql`lower(${p.name}) like ${`%${term}%`}`,
    sql`lower(${v.sku}) like ${`${term}%`}`,
    sql`lower(${p.sku}) like ${`${term}%`}`,
    eq(v.barcode, search),
    eq(p.barcode, search),
  );
  const found = sql`${v.id} in (select pos_sellable_matches(${search}::text, ${limit}::int))`;
  const exact = sql`case when lower(${v.sku}) = ${search.toLowerCase()} or ${v.barcode} = ${search} then 0 else 1 end`;
  return sellables(tx)
    .where(and(found, active, match))
    .orderBy(exact, asc(p.name), asc(v.position))
    .limit(limit);
}

/**
 * The variant a scanned code names: a variant's own barcode, or the barcode of a product without options; an
 * archived product is not sold. The ids come from the two barcode indexes (equality is leakproof, so row-level
 * security lets them serve), instead of joining every sellable of the shop to test an OR across both tables.
 */
export async function findByBarcode(tx: Tx, code: string) {
  const pv = alias(v, 'pv');
  const pp = alias(p, 'pp');
  const ids = tx
    .select({ id: v.id })
    .from(v)
    .where(eq(v.barcode, code))
    .unionAll(
      tx
        .select({ id: pv.id })
        .from(pp)
        .innerJoin(pv, and(eq(pv.storeId, pp.storeId), eq(pv.productId, pp.id)))
        .where(and(eq(pp.barcode, code), sql`${pp.options} = '[]'::jsonb`)),
    );
  const [row] = await sellables(tx)
    .where(
      and(
        inArray(v.id, ids),
        eq(p.status, 'ACTIVE'),
        or(eq(v.barcode, code), and(eq(p.barcode, code), sql`${p.options} = '[]'::jsonb`)),
      ),
    )
    .orderBy(asc(v.position))
    .limit(1);
  return row ?? null;
}
export type SellableRow = NonNullable<Awaited<ReturnType<typeof findByBarcode>>>;

/**
 * The lines of a sale with their current price, stock and details, in product then variant order (the order in
 * which a sale locks variants and their products). A line without a variant names the product's only variant (a
 * product without options). Both kinds of id are looked up on the variants' own indexes (the key, and product with
 * option values), so a bill that mixes them reads its few rows instead of every sellable of the shop.
 */
export function sellablesFor(
  tx: Tx,
  productIds: string[],
  variantIds: string[],
  opts: { anyStatus?: boolean } = {},
) {
  const byVariant = variantIds.length ? inArray(v.id, variantIds) : undefined;
  return sellables(tx)
    .where(
      and(
        opts.anyStatus ? undefined : eq(p.status, 'ACTIVE'),
        or(byVariant, productIds.length ? inArray(v.productId, productIds) : undefined),
        or(byVariant, productIds.length ? sql`${p.options} = '[]'::jsonb` : undefined),
      ),
    )
    .orderBy(asc(p.id), asc(v.id));
}

/**
 * The variants of active products with options, for a sale line that named such a product without its variant:
 * the counter is told which ones there are to choose from.
 */
export function variantChoices(tx: Tx, productIds: string[]) {
  return sellables(tx)
    .where(and(eq(p.status, 'ACTIVE'), inArray(v.productId, productIds), sql`${p.options} <> '[]'::jsonb`))
    .orderBy(asc(p.id), asc(v.id));
}

/** A returning counter customer by phone; else a customer account of this shop with that phone. */
export async function findCustomer(tx: Tx, storeId: string, phone: string) {
  const [known] = await tx.select().from(pc).where(eq(pc.phone, phone)).limit(1);
  if (known) return known;
  const [account] = await tx
    .select({
      name: sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
      email: users.email,
    })
    .from(users)
    .where(and(eq(users.storeId, storeId), or(eq(users.phone, phone), eq(users.phone, `+91${phone}`))))
    .limit(1);
  if (!account) return null;
  return {
    name: account.name,
    phone,
    email: account.email,
    address: null,
    gstNumber: null,
    visits: 0,
    lastVisitAt: null,
  };
}

/** Records a counter customer (or updates what they gave this time) and counts the visit. */
export function saveCustomer(
  tx: Tx,
  storeId: string,
  c: { name: string; phone: string; email?: string; address?: string; gstNumber?: string },
) {
  const now = new Date();
  return tx
    .insert(pc)
    .values({
      storeId,
      name: c.name,
      phone: c.phone,
      email: c.email ?? null,
      address: c.address ?? null,
      gstNumber: c.gstNumber ?? null,
      visits: 1,
      lastVisitAt: now,
    })
    .onConflictDoUpdate({
      target: [pc.storeId, pc.phone],
      set: {
        name: c.name,
        email: sql`coalesce(excluded.email, ${pc.email})`,
        address: sql`coalesce(excluded.address, ${pc.address})`,
        gstNumber: sql`coalesce(excluded.gst_number, ${pc.gstNumber})`,
        visits: sql`${pc.visits} + 1`,
        lastVisitAt: now,
        updatedAt: now,
      },
    });
}

/** The shop's phone and its location, for the counter's orders and receipts. */
export async function shopCounter(tx: Tx) {
  const [loc] = await tx.select().from(schema.storeLocations).limit(1);
  const [contact] = await tx
    .select({ phone: schema.storeContacts.phoneNumber })
    .from(schema.storeContacts)
    .limit(1);
  return { location: loc ?? null, phone: contact?.phone ?? null };
}

/** The shop's status as the sale's transaction reads it (a suspension made on another server process counts). */
export async function shopStatus(tx: Tx, storeId: string) {
  const [row] = await tx
    .select({ status: schema.stores.onlineStatus })
    .from(schema.stores)
    .where(eq(schema.stores.id, storeId));
  return row?.status ?? null;
}

/** The counter payment of an order. */
export async function paymentOf(tx: Tx, orderId: string) {
  const [row] = await tx
    .select()
    .from(schema.paymentTransactions)
    .where(eq(schema.paymentTransactions.orderId, orderId))
    .limit(1);
  return row ?? null;
}

/**
 * Takes a line's stock for a counter sale (`take_sale_stock`, migration 0034): the same checks and answer as
 * orders' `takeStock` (SQLSTATE HS001 with the variant and what is left when there is too little, or the product is
 * no longer sold), but a product sold as one item has its stock and units sold written in one update of its row.
 */
export function takeSaleStock(tx: Tx, storeId: string, variantId: string, quantity: number) {
  return tx.execute(sql`select take_sale_stock(${storeId}, ${variantId}, ${quantity}) as left_after`);
}
