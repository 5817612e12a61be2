import type { Transaction, TransactionQuery } from '@haat/contracts';
import { withStore } from '@haat/db';
import type { Deps } from '../../lib/deps.ts';

import type { StoreRow } from '../stores/index.ts';
import * as repo from './payments.repository.ts';
import { rowView } from './payments.service.ts';

export const COLUMNS = [
  'transaction_id',
  'created_at',
  'order_number',
  'payment_mode',
  'payment_status',
  'amount',
  'refunded',
  'net',
  'customer_name',
  'customer_email',
  'customer_phone',
  'invoice_number',
];

const cells = (r: Transaction) => [
  r.transaction_id,
  r.created_at,
  r.order_number,
  r.payment_mode,
  r.payment_status,
  r.amount.toFixed(2),
  r.refunded_amount.toFixed(2),
  (r.amount - r.refunded_amount).toFixed(2),
  r.customer_name,
  r.customer_email ?? '',
  r.customer_phone ?? '',
  r.customer_invoice?.invoice_number ?? '',
];

/**
 * Transaction Management's filtered list as CSV rows, for lib/csv's stream, as the batches arrive: plain numbers
 * (no Indian grouping), times in UTC ISO form.
 */
export async function* transactionRows(batches: AsyncIterable<Transaction[]>) {
  for await (const batch of batches) for (const r of batch) yield cells(r);
}

/** Rows an export reads at a time, each batch in its own short transaction. */
const EXPORT_BATCH = 2_000;

/**
 * Every payment the filters match, for the CSV export, in batches as the response is written: no cap, no long
 * transaction, and memory for one batch. Payments made after the export started are left out, so the pages do
 * not shift under it.
 */
export async function* transactionsFor(
  deps: Deps,
  store: StoreRow,
  q: TransactionQuery,
  batch = EXPORT_BATCH,
) {
  const until = new Date();
  const matches = await withStore(deps.db, store.id, (tx) => repo.searchMatches(tx, { ...q, until }));
  for (let offset = 0; ; offset += batch) {
    const rows = await withStore(deps.db, store.id, (tx) =>
      repo.listPayments(tx, { ...q, until, limit: batch, offset }, matches),
    );
    yield rows.map(rowView);
    if (rows.length < batch) return;
  }
}
