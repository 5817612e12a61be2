import { pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { storeId, ts } from './columns.ts';

/**
 * A COD order's confirmation by its customer (migration 0035, decision 0015): the 6-digit code's hash (single
 * use, 10 minutes, 5 wrong tries) and the one-tap link's hash. Nothing here can be read back into a code.
 */
export const codConfirmations = pgTable(
  'cod_confirmations',
  {
    storeId: storeId(),
    orderId: uuid('order_id').notNull(),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: ts('code_expires_at').notNull(),
    codeSentAt: ts('code_sent_at').notNull().defaultNow(),
    attempts: smallint('attempts').notNull().default(0),
    codeUsedAt: ts('code_used_at'),
    linkHash: text('link_hash').notNull(),
    confirmedVia: text('confirmed_via', { enum: ['CODE', 'LINK'] }),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.orderId] }),
    uniqueIndex('cod_confirmations_link_uq').on(t.storeId, t.linkHash),
  ],
);
