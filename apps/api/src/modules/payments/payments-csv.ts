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
  // What the payment gateway reported of an online payment (issue 44); empty for any other payment.
  'gateway_payment_id',
  'gateway_method',
  'card',
  'bank',
  'vpa',
  'wallet',
  'auth_code',
  'rrn',
  'gateway_fee',
  'gateway_fee_tax',
  'settlement_id',
];

type CsvRow = Transaction & { gatewayCells: string[] };

const money = (paise: number | null) => (paise === null ? '' : (paise / 100).toFixed(2));
/** The gateway's columns of a payment. */
const gatewayCells = (p: repo.PaymentRow) => [
  p.gatewayPaymentId ?? '',
  p.gateway ? (p.gatewayMethod ?? '') : '',
  p.gateway && p.cardLast4 ? `${p.cardNetwork ?? ''} ${p.cardLast4}`.trim() : '',
  p.bank ?? '',
  p.vpa ?? '',
  p.wallet ?? '',
  p.authCode ?? '',
  p.rrn ?? '',
  money(p.gatewayFeePaise),
  money(p.gatewayTaxPaise),
  p.settlementId ?? '',
];

const cells = (r: CsvRow) => [
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
  ...r.gatewayCells,
];

/**
 * Transaction Management's filtered list as CSV rows, for lib/csv's stream, as the batches arrive: plain numbers
 * (no Indian grouping), times in UTC ISO form.
 */
export async function* transactionRows(batches: AsyncIterable<CsvRow[]>) {
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
    yield rows.map((r): CsvRow => ({ ...rowView(r), gatewayCells: gatewayCells(r.payment) }));
    if (rows.length < batch) return;
  }
}
