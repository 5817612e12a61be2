import { AUDIT_ENTITIES } from '@haat/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { storeId } from './columns.ts';
import { users } from './platform.ts';

/*
 * Back-office tables: a shop's suppliers and its audit trail. Tenant tables like the rest, with row-level
 * security forced (migrations/0009_backoffice_tenancy.sql).
 */

export const suppliers = pgTable(
  'suppliers',
  {
    storeId: storeId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('supplier_name').notNull(),
    companyName: text('company_name').notNull(),
    phone: text('supplier_contact').notNull(),
    email: text('supplier_email'),
    address: text('supplier_address'),
    gstNumber: text('supplier_gst_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex('suppliers_name_uq').on(t.storeId, sql`lower(${t.name})`, sql`lower(${t.companyName})`),
  ],
);

/**
 * Who changed what in a shop, with the values before and after: product edits, stock changes, settings,
 * orders. The dashboard's Recent Activity and the audit trail screen read it.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    storeId: storeId(),
    id: uuid('id').notNull().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    entity: text('entity', { enum: AUDIT_ENTITIES }).notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    index('audit_events_recent_idx').on(t.storeId, t.createdAt),
    index('audit_events_entity_idx').on(t.storeId, t.entity, t.entityId),
    index('audit_events_actor_idx').on(t.storeId, t.actorId, t.createdAt),
    index('audit_events_kind_idx').on(t.storeId, t.entity, t.createdAt),
  ],
);
