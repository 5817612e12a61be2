import { schema } from '@haat/db';
import { type SQL, sql } from 'drizzle-orm';

const { products: p } = schema;

/**
 * A product without an HSN code GST invoices and GSTR-1 can carry: none, or one of a length other than 4, 6 or 8
 * digits (migrations/0048_gst_filing.sql added that check NOT VALID, so rows written before may have another).
 */
export const missingHsn: SQL = sql`(${p.hsnCode} is null or ${p.hsnCode} !~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$')`;

/** How many of the shop's active products miss a valid HSN code (the inventory's warning). */
export const missingHsnCount = sql<number>`(select count(*) from ${p} where ${p.status} = 'ACTIVE' and ${missingHsn})`;
