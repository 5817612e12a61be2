import type { Transaction } from '@haat/contracts';
import { stringify } from 'csv-stringify/sync';

const safe = (v: string) => (/^[=@\t\r]|^[+-](?![\d\s])/.test(v) ? `'${v}` : v);

/** Transaction Management's filtered list as CSV: plain numbers (no Indian grouping), times in UTC ISO form. */
export function transactionsCsv(rows: Transaction[]) {
  return stringify(
    rows.map((r) => [
      r.transaction_id,
      r.created_at,
      r.order_number,
      r.payment_mode,
      r.payment_status,
      r.amount.toFixed(2),
      r.refunded_amount.toFixed(2),
      (r.amount - r.refunded_amount).toFixed(2),
      safe(r.customer_name),
      safe(r.customer_email ?? ''),
      safe(r.customer_phone ?? ''),
      r.customer_invoice?.invoice_number ?? '',
    ]),
    {
      header: true,
      bom: true,
      columns: [
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
      ],
    },
  );
}
