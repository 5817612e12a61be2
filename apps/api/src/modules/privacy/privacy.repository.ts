import { ERASED_NAME, INVOICE_NAME_REQUIRED_PAISE } from '@haat/contracts';
import { type Executor, rowsOf, type Tx } from '@haat/db';
import { sql } from 'drizzle-orm';

/*
 * What the shops hold of one shopper and its erasure (decision 0032). The customer rows (users) and the account are
 * platform tables; everything else is a shop's, read and written under that shop's row-level security.
 */

export interface ShopperRow {
  userId: string;
  storeId: string;
  storeName: string;
  slug: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  sharedAt: Date | null;
  createdAt: Date;
}

/** The shopper's customer rows at every shop: those linked to their Haat account, or the one row when unlinked. */
export async function rowsOfShopper(db: Executor, user: { id: string; shopperAccountId: string | null }) {
  const which = user.shopperAccountId
    ? sql`u.shopper_account_id = ${user.shopperAccountId}`
    : sql`u.id = ${user.id}`;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select u.id, u.store_id, s.store_name, s.slug, u.email, u.first_name, u.last_name,
        u.phone, u.shared_at, u.created_at
      from users u join stores s on s.id = u.store_id
      where ${which} and u.role = 'CUSTOMER' and u.erased_at is null
      order by u.created_at, u.id`),
  );
  return rows.map(
    (r): ShopperRow => ({
      userId: String(r.id),
      storeId: String(r.store_id),
      storeName: String(r.store_name),
      slug: String(r.slug),
      email: String(r.email),
      firstName: String(r.first_name),
      lastName: String(r.last_name),
      phone: (r.phone as string | null) ?? null,
      sharedAt: r.shared_at == null ? null : new Date(r.shared_at as string),
      createdAt: new Date(r.created_at as string),
    }),
  );
}

/** The account's customer rows of no shop: the marketplace's (decision 0036). */
export async function rowsOfNoShop(db: Executor, user: { shopperAccountId: string | null }) {
  if (!user.shopperAccountId) return [];
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users
      where shopper_account_id = ${user.shopperAccountId} and store_id is null and erased_at is null`),
  );
  return rows.map((r) => String(r.id));
}

/** How many addresses and orders a shop holds of its customer row (in that shop's context). */
export async function heldCounts(tx: Tx, storeId: string, userId: string) {
  const [row] = rowsOf<{ addresses: number; orders: number }>(
    await tx.execute(sql`select
        (select count(*)::int from customer_addresses where store_id = ${storeId} and customer_id = ${userId})
          as addresses,
        (select count(*)::int from orders where store_id = ${storeId} and customer_id = ${userId}) as orders`),
  );
  return { addresses: Number(row?.addresses ?? 0), orders: Number(row?.orders ?? 0) };
}

/** Switches the transaction to a shop's row-level security context (local to the transaction). */
export async function enterShop(tx: Tx, storeId: string | null) {
  await tx.execute(sql`select set_config('app.store_id', ${storeId ?? ''}, true)`);
}

/** Whether a table exists (a table another change adds, e.g. wishlist_items, only once it is in). */
async function hasTable(tx: Tx, name: string) {
  const [row] = rowsOf<{ t: string | null }>(await tx.execute(sql`select to_regclass(${name})::text as t`));
  return !!row?.t;
}

/**
 * The invoices and credit notes of the shopper's orders keep what GST law requires the shop to keep (rule 46 of the
 * CGST Rules, kept 72 months by section 36): a buyer with a GSTIN, or an invoice of ₹50,000 or more, keeps the name
 * and addresses; every other one keeps only the state (the place of supply). No phone is kept on any.
 */
const eraseDocuments = (storeId: string, userId: string) => sql`update tax_documents d set snapshot =
    case when d.snapshot->'buyer'->>'gstin' is not null or d.total_paise >= ${INVOICE_NAME_REQUIRED_PAISE}
      then jsonb_set(d.snapshot, '{buyer,phone}', 'null'::jsonb)
           || case when jsonb_typeof(d.snapshot->'billTo') = 'object'
                then jsonb_build_object('billTo', jsonb_set(d.snapshot->'billTo', '{phone}', 'null'::jsonb))
                else '{}'::jsonb end
      else d.snapshot || jsonb_build_object(
        'buyer', jsonb_build_object('name', ${ERASED_NAME}::text, 'address', '[]'::jsonb,
                   'state', d.snapshot->'buyer'->'state', 'phone', null, 'gstin', null),
        'billTo', null)
    end
  where d.store_id = ${storeId}
    and d.order_id in (select o.id from orders o where o.store_id = ${storeId} and o.customer_id = ${userId})`;

/**
 * The orders stay with the shop (its books, GST returns, stock ledger): the name, phone, email, street address and
 * billing address go; the city, state and PIN code stay (place of supply, the shop's delivery and COD figures).
 */
const eraseOrders = (storeId: string, userId: string) => sql`update orders set
    ship_name = ${ERASED_NAME}, ship_phone = null, ship_line1 = '', ship_line2 = '',
    bill_name = null, bill_phone = null, bill_line1 = null, bill_line2 = null, bill_city = null,
    bill_state = null, bill_postal_code = null, contact_email = null, contact_phone = null
  where store_id = ${storeId} and customer_id = ${userId}`;

/**
 * The shop's customer book entry made from the shopper's online orders: deleted (its orders let go of it) unless the
 * shop also deals with that phone at its counter or on khata, which is the shop's own record: then only unlinked.
 */
const eraseBook = (storeId: string, userId: string) => [
  sql`update orders o set shop_customer_id = null
      from pos_customers c
     where c.store_id = ${storeId} and c.user_id = ${userId} and o.store_id = ${storeId}
       and o.shop_customer_id = c.id and o.channel = 'ONLINE'
       and not exists (select 1 from orders p where p.store_id = ${storeId} and p.shop_customer_id = c.id
                        and p.channel = 'POS')
       and not exists (select 1 from khata_entries k where k.store_id = ${storeId} and k.customer_id = c.id)`,
  sql`delete from pos_customers c
     where c.store_id = ${storeId} and c.user_id = ${userId}
       and not exists (select 1 from orders o where o.store_id = ${storeId} and o.shop_customer_id = c.id)
       and not exists (select 1 from khata_entries k where k.store_id = ${storeId} and k.customer_id = c.id)`,
  sql`update pos_customers set user_id = null, email = null, updated_at = now()
     where store_id = ${storeId} and user_id = ${userId}`,
];

/**
 * Erases the shopper's data at one shop (the transaction in that shop's context): saved addresses, cart, wishlist,
 * alerts and list sign-ups go; reviews lose the name; orders and invoices are anonymised. Answers the orders kept.
 */
export async function eraseAtShop(tx: Tx, row: ShopperRow, emails: string[]) {
  const s = row.storeId;
  const u = row.userId;
  const mail = sql`email = any(${sql.param(emails)}::text[])`;
  const statements = [
    eraseDocuments(s, u),
    eraseOrders(s, u),
    ...eraseBook(s, u),
    sql`delete from customer_addresses where store_id = ${s} and customer_id = ${u}`,
    sql`delete from cart_items where store_id = ${s} and customer_id = ${u}`,
    sql`delete from cart_coupons where store_id = ${s} and customer_id = ${u}`,
    sql`delete from shop_customer_flags where store_id = ${s} and customer_id = ${u}`,
    sql`delete from sale_subscriptions where store_id = ${s} and (customer_id = ${u} or ${mail})`,
    sql`delete from stock_alerts where store_id = ${s} and (customer_id = ${u} or ${mail})`,
    sql`delete from shop_newsletter_subscriptions where store_id = ${s} and ${mail}`,
    sql`update reviews set name = 'A Haat shopper' where store_id = ${s} and customer_id = ${u}`,
  ];
  if (await hasTable(tx, 'wishlist_items'))
    statements.push(sql`delete from wishlist_items where store_id = ${s} and customer_id = ${u}`);
  for (const statement of statements) await tx.execute(statement);
  return (await heldCounts(tx, s, u)).orders;
}

/**
 * The customer rows anonymised (kept: orders point at them), their sessions and codes ended, the Haat account, the
 * platform newsletter sign-up and the mails to them deleted. Outside any shop's context: platform tables.
 */
export async function erasePlatform(tx: Tx, userIds: string[], accountId: string | null, emails: string[]) {
  const ids = sql`any(${sql.param(userIds)}::uuid[])`;
  await tx.execute(sql`update users set email = 'erased-' || id::text || '@erased.haat.invalid',
      first_name = 'Erased', last_name = 'customer', phone = null, password_hash = null,
      email_verified_at = null, shopper_account_id = null, erased_at = now(), updated_at = now()
    where id = ${ids}`);
  await tx.execute(
    sql`update refresh_tokens set revoked_at = now() where user_id = ${ids} and revoked_at is null`,
  );
  await tx.execute(sql`delete from otp_codes where user_id = ${ids}`);
  if (accountId) await tx.execute(sql`delete from shopper_accounts where id = ${accountId}`);
  await tx.execute(sql`delete from newsletter_subscriptions where email = any(${sql.param(emails)}::text[])`);
  // The mails to them (order mails carry the name and address), sent or not: a scan of the outbox, once.
  await tx.execute(sql`delete from outbox where lower(payload->>'to') = any(${sql.param(emails)}::text[])`);
}
