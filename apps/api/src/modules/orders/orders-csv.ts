import type { AdminOrderRow } from '@haat/contracts';
import { stringify } from 'csv-stringify/sync';

const COLUMNS = [
  'order_number',
  'created_at',
  'status',
  'payment_status',
  'payment_method',
  'total_amount',
  'total_items',
  'customer_name',
  'customer_email',
  'customer_phone',
  'carrier',
  'tracking_number',
  'ship_name',
  'ship_address',
  'ship_city',
  'ship_state',
  'ship_postal_code',
  'return_requested',
];

/**
 * A text cell a spreadsheet would run as a formula (=, @, a leading tab or return, or + and - not starting a
 * number such as a +91 phone) gets a leading apostrophe.
 */
const safe = (v: string) => (/^[=@\t\r]|^[+-](?![\d\s])/.test(v) ? `'${v}` : v);

/**
 * Order Management's filtered list as CSV: plain numbers (rupees with a dot, no Indian grouping) so a
 * spreadsheet reads them as numbers; times in UTC ISO form.
 */
export function ordersCsv(rows: AdminOrderRow[]) {
  return stringify(
    rows.map((r) => [
      r.order_number,
      r.created_at,
      r.status,
      r.payment_status,
      r.payment_method,
      r.total_amount.toFixed(2),
      r.total_items,
      safe(`${r.user.first_name} ${r.user.last_name}`.trim()),
      safe(r.user.email ?? ''),
      safe(r.user.phone ?? ''),
      safe(r.carrier ?? ''),
      safe(r.trackingNumber ?? ''),
      safe(r.shipping_address.full_name),
      safe([r.shipping_address.address_line1, r.shipping_address.address_line2].filter(Boolean).join(', ')),
      safe(r.shipping_address.city),
      r.shipping_address.state,
      r.shipping_address.postal_code,
      r.return_requested ? 'yes' : 'no',
    ]),
    { header: true, columns: COLUMNS, bom: true },
  );
}
