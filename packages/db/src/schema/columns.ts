import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './platform.ts';

/** Columns every tenant table shares: the shop it belongs to (leading its keys), its id and timestamps. */
export const storeId = () =>
  uuid('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' });
export const id = () => uuid('id').notNull().defaultRandom();
export const ts = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();
