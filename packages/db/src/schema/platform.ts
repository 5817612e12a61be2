import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Platform tables: the directory of users and shops. They are read before a store context exists
 * (host resolution, marketplace), so they carry no row-level security; every tenant table does.
 */
/**
 * One shopper's account across every shop (issue 40, decision 0029): the email, the password and whether the email
 * is verified, once. Each shop keeps its own customer row in `users`, linked by `users.shopper_account_id`.
 */
export const shopperAccounts = pgTable(
  'shopper_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shopper_accounts_email_uq').on(t.email),
    check('shopper_accounts_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Customers belong to one shop; vendors and operators have none. */
    storeId: uuid('store_id'),
    role: text('role', { enum: ['VENDOR', 'CUSTOMER', 'ADMIN'] }).notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A customer row's platform shopper account (decision 0029); null for vendors, operators, unlinked rows. */
    shopperAccountId: uuid('shopper_account_id').references(() => shopperAccounts.id, {
      onDelete: 'set null',
    }),
    /**
     * A customer row: when the shopper shared their name, phone and address with this shop (their first order
     * there, migration 0062, decision 0032); null: the shop holds only the email of a sign-in.
     */
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    /** When the shopper deleted their Haat account: this row was anonymised and can no longer sign in. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_shopper_account_store_uq')
      .on(t.shopperAccountId, t.storeId)
      .where(sql`${t.shopperAccountId} is not null`),
    check('users_shopper_account_customer', sql`${t.shopperAccountId} is null or ${t.role} = 'CUSTOMER'`),
    uniqueIndex('users_role_store_email_uq').on(
      t.role,
      sql`coalesce(${t.storeId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.email,
    ),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export const storeCategories = pgTable('store_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    storeName: text('store_name').notNull(),
    storeCategoryId: uuid('store_category_id').references(() => storeCategories.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    phoneNumber: text('phone_number'),
    description: text('description'),
    shortDescription: text('short_description'),
    contactType: text('contact_type'),
    image: text('image'),
    /** Copied from the shop's address so the marketplace can list shops by city without entering each tenant. */
    city: text('city'),
    state: text('state'),
    plan: text('plan', { enum: ['basic', 'professional', 'enterprise'] })
      .notNull()
      .default('basic'),
    onlineStatus: text('online_status', {
      enum: [
        'PUBLISHED',
        'ONLINE',
        'UNPUBLISHED',
        'DRAFT',
        'OFFLINE',
        'SUSPENDED',
        'MAINTENANCE',
        'TEMPORARILY_UNAVAILABLE',
      ],
    })
      .notNull()
      .default('DRAFT'),
    /** What shoppers are told while the shop is not open (offline, maintenance …). */
    statusNote: text('status_note'),
    /** Products with variants of different prices: the range ("₹499 – ₹649") or the lowest ("From ₹499"). */
    priceDisplay: text('price_display', { enum: ['RANGE', 'FROM'] })
      .notNull()
      .default('RANGE'),
    /** When the shop expects to be back, if it said so. */
    statusUntil: timestamp('status_until', { withTimezone: true }),
    fiveStarCount: integer('five_star_count').notNull().default(0),
    fourStarCount: integer('four_star_count').notNull().default(0),
    threeStarCount: integer('three_star_count').notNull().default(0),
    twoStarCount: integer('two_star_count').notNull().default(0),
    oneStarCount: integer('one_star_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stores_owner_idx').on(t.ownerId),
    index('stores_category_idx').on(t.storeCategoryId, t.onlineStatus),
    index('stores_city_idx').on(sql`lower(${t.city})`),
    check('stores_slug_format', sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$'`),
  ],
);

/** Custom domains and claimed subdomains; looked up by host before any store context exists. */
export const storeDomains = pgTable(
  'store_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    domainName: text('domain_name').notNull().unique(),
    domainType: text('domain_type', { enum: ['subdomain', 'custom'] }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_domains_store_idx').on(t.storeId),
    check('store_domains_lower', sql`${t.domainName} = lower(${t.domainName})`),
  ],
);

/**
 * Double opt-in columns of every sign-up list (newsletters, Notify Me): `confirmedAt` null while the address has
 * not opened its link; the link's one-time token kept as its SHA-256 hex until used; when the last link was sent.
 */
export const confirmation = () => ({
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  confirmTokenHash: text('confirm_token_hash'),
  confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
});

/** Platform newsletter (landing page footer). */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  ...confirmation(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
