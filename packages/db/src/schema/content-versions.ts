import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import { stores } from './platform.ts';

/**
 * A shop's content version (migration 0047, decision 0024): raised by triggers in the same transaction as any change
 * a public page of the shop shows. The server keeps rendered pages per version (apps/api/src/plugins/page-cache.ts).
 * Written only by those triggers; the app role may read it. No row: version 0.
 */
export const storeContentVersions = pgTable('store_content_versions', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});
